import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { CustomerCard, CUSTOMER_COLUMNS } from './customer-rows';
import { customerRow } from './test-fixtures';

const visibleText = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

describe('a customer in /clients', () => {
  it('on a phone is one link to its page with its balances', () => {
    const html = renderToStaticMarkup(<CustomerCard row={customerRow(12)} />);
    expect(html).toContain('href="/clients/client/12"');
    expect(visibleText(html)).toBe(
      'Hotel Ancira Centro Ancira Centro S.A. de C.V. · HOT070101A01 30 días de crédito · Saldo $1,500.50 · vencido $300.00',
    );
  });

  it('says "Sin verificar" of a counter customer, in its card and beside its name', () => {
    const row = customerRow(4, { verified_at: null, credit_days: 0 });
    expect(visibleText(renderToStaticMarkup(<CustomerCard row={row} />))).toContain('Contado');
    expect(visibleText(renderToStaticMarkup(<CustomerCard row={row} />))).toContain('Sin verificar');
    const name = CUSTOMER_COLUMNS.find((column) => column.key === 'name')!;
    expect(visibleText(renderToStaticMarkup(<>{name.cell(row)}</>))).toBe('Hotel Ancira Centro Sin verificar');
    expect(visibleText(renderToStaticMarkup(<>{name.cell(customerRow(5))}</>))).toBe('Hotel Ancira Centro');
  });
});
