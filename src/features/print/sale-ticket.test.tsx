import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { SaleTicket as Ticket } from '../../../domain/schemas/ticket';
import SaleTicket from './sale-ticket';

const visibleText = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

const ticket: Ticket = {
  id: null,
  provisional: 'V-7F3A-0001',
  date: '2026-11-24',
  printedAt: '2026-11-24 10:05',
  company: 'Hotel Ancira',
  branch: 'Centro',
  seller: 'Luis Garza',
  type: 'Serie A',
  bar: true,
  items: [{ name: 'Aguacate Hass', unit: 'kg', quantity: 2.5, price: 60, amount: 150 }],
  subtotal: 150,
  iva: 24,
  total: 174,
  note: null,
};

const render = (data: unknown) =>
  renderToStaticMarkup(<SaleTicket data={data} onDone={() => undefined} onUnreadable={() => <p>ilegible</p>} />);

describe('the sale ticket', () => {
  it('prints a sale made without a connection under its provisional folio, marked as provisional', () => {
    const text = visibleText(render(ticket));
    expect(text).toContain(
      'Ticket de venta Folio provisional V-7F3A-0001 Venta sin conexión: el folio definitivo se asigna al llegar al servidor.',
    );
    expect(text).toContain('Total $174.00');
    expect(text).not.toContain('Venta null');
  });

  it('prints the real folio once the sale arrived, and the provisional one it was sold under', () => {
    const text = visibleText(render({ ...ticket, id: 4512 }));
    expect(text).toContain('Ticket de venta Venta 4512 Hecha sin conexión como V-7F3A-0001');
    expect(text).not.toContain('Folio provisional');
  });

  it('prints an online sale as before, and refuses a ticket that names no sale', () => {
    const { provisional: _provisional, ...online } = ticket;
    const text = visibleText(render({ ...online, id: 120 }));
    expect(text).toContain('Ticket de venta Venta 120 Cliente Hotel Ancira');
    expect(text).not.toContain('sin conexión');
    expect(render({ ...online, id: null })).toBe('<p>ilegible</p>');
  });
});
