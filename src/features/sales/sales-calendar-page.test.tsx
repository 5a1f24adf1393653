import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { visibleDays } from '../../ui/calendar/calendar-days';
import { CalendarGrid } from './sales-calendar-page';
import type { CalendarSale } from '../../ui/calendar/calendar-sales';

const sale = (id: number, date: string, company: string, total: number, order_status: CalendarSale['order_status']): CalendarSale => ({
  id,
  date,
  company_name: company,
  total,
  order_status,
});

const sales = [
  sale(101, '2026-11-24', 'Hotel Ancira', 1160, 'surtido'),
  sale(102, '2026-11-24', 'Fonda Doña Mary', 500.5, 'nuevo'),
  sale(103, '2026-11-24', 'Restaurante El Rey', 800, 'en_produccion'),
  sale(104, '2026-11-24', 'Súper del Valle', 2000, 'nuevo'),
  sale(105, '2026-11-27', 'Hotel Ancira', 300, 'nuevo'),
];

const visibleText = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

const render = (view: 'month' | 'week', selected: string, linkSales = true) =>
  renderToStaticMarkup(
    <CalendarGrid
      view={view}
      days={visibleDays(view, '2026-11-24')}
      month="2026-11"
      today="2026-11-24"
      selected={selected}
      sales={sales}
      busy={false}
      linkSales={linkSales}
      onSelect={() => {}}
    />,
  );

describe('the scheduled sales calendar', () => {
  it('makes every day a button named with its date and number of sales, today marked', () => {
    const html = render('month', '2026-11-24');
    // The name a screen reader gives each day's button: its text without what is aria-hidden.
    const days = [
      ...html.matchAll(
        /<button type="button" class="calendar-day__number" aria-pressed="(true|false)"( aria-current="date")?>(.*?)<\/button>/g,
      ),
    ].map(([, pressed, current, content]) => [
      content!.replace(/<span[^>]*aria-hidden="true"[^>]*>.*?<\/span>/g, '').replace(/<[^>]+>/g, ''),
      pressed,
      current,
    ]);
    expect(days).toHaveLength(42);
    expect(days.find((d) => d[0]!.startsWith('martes, 24 de noviembre'))).toEqual([
      'martes, 24 de noviembre de 2026: 4 ventas',
      'true',
      ' aria-current="date"',
    ]);
    expect(days.find((d) => d[0]!.startsWith('viernes, 27'))?.[0]).toBe('viernes, 27 de noviembre de 2026: 1 venta');
    expect(days.find((d) => d[0]!.startsWith('lunes, 26 de octubre'))?.[0]).toBe('lunes, 26 de octubre de 2026: 0 ventas');
  });

  it('lists three sales in a month cell and offers the rest of the day', () => {
    const html = render('month', '2026-11-27');
    const cell = /<div class="calendar-day">(?:(?!<div class="calendar-day).)*?martes, 24 de noviembre.*?<\/ul><\/div>/s.exec(html)![0];
    expect([...cell.matchAll(/href="\/sales\/(\d+)"/g)].map((m) => m[1])).toEqual(['101', '102', '103']);
    expect(visibleText(cell)).toContain('y 1 más');
  });

  it("lists the chosen day's sales with folio, company, total and order status, and the day's total", () => {
    const text = visibleText(render('week', '2026-11-24'));
    expect(text).toContain('martes, 24 de noviembre de 2026 · 4 ventas');
    expect(text).toContain('V-101 Hotel Ancira $1,160.00 Surtido');
    expect(text).toContain('V-102 Fonda Doña Mary $500.50 Nuevo');
    expect(text).toContain('V-103 Restaurante El Rey $800.00 En Producción');
    expect(text).toContain('Total del día: $4,460.50');
  });

  it('lists every sale of a day in the week view, each linking to its page', () => {
    const html = render('week', '2026-11-27');
    expect([...html.matchAll(/href="\/sales\/(\d+)"/g)].map((m) => m[1])).toEqual(['101', '102', '103', '104', '105', '105']);
  });

  it('says when the chosen day has no sales', () => {
    expect(visibleText(render('month', '2026-11-25'))).toContain('miércoles, 25 de noviembre de 2026 · 0 ventas Sin ventas');
  });

  it('shows sales without links to whoever cannot open a sale', () => {
    expect(render('week', '2026-11-24', false)).not.toContain('href=');
  });
});
