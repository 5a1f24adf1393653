import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { QuotationCard, QuotationState } from './quotation-rows';
import { quotationRow } from './test-fixtures';

// 30 November in Monterrey.
const now = new Date('2026-12-01T03:00:00Z');
const visibleText = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

describe('the state of a quotation in the list', () => {
  it('reads Vigente through its validity date and Vencida after it', () => {
    expect(
      visibleText(renderToStaticMarkup(<QuotationState row={quotationRow(1, { due_date: '2026-11-30' })} now={now} saleLinks />)),
    ).toBe('Vigente');
    expect(
      visibleText(renderToStaticMarkup(<QuotationState row={quotationRow(1, { due_date: '2026-11-29' })} now={now} saleLinks />)),
    ).toBe('Vencida');
  });

  it('links a sold quotation to its sale for those who may open sales, and only names it for others', () => {
    const sold = quotationRow(1, { sale_id: 40 });
    expect(renderToStaticMarkup(<QuotationState row={sold} now={now} saleLinks />)).toBe('<a href="/sales/40">Vendida · venta 40</a>');
    const plain = renderToStaticMarkup(<QuotationState row={sold} now={now} saleLinks={false} />);
    expect(plain).not.toContain('<a');
    expect(visibleText(plain)).toBe('Vendida · venta 40');
  });
});

describe('a quotation card', () => {
  it('shows folio, company, dates, seller, series, total and validity, and opens the menu from the whole card', () => {
    const html = renderToStaticMarkup(<QuotationCard row={quotationRow(12)} now={now} onMenu={() => undefined} />);
    expect(visibleText(html)).toBe(
      'C-12 · Abarrotes Lupita 25/11/2026 · Laura Villarreal Serie A · $1,160.00 · Vigencia: 10/12/2026 Vigente ⋮',
    );
    expect(html).toContain('aria-label="Acciones de la cotización C-12"');
    expect(html.match(/<button/g)).toHaveLength(2);
  });

  it('has no menu where the person can do nothing with it', () => {
    const html = renderToStaticMarkup(<QuotationCard row={quotationRow(12)} now={now} />);
    expect(html).not.toContain('<button');
  });
});
