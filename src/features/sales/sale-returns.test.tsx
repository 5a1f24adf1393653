import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { SaleReturn } from '../../../domain/schemas/sale-returns';
import { SaleReturnsList } from './sale-returns';

/** The visible text of the markup: tags removed, spaces collapsed. */
const visibleText = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

/** A partial delivery's return (issue 47): each line with its own reason. */
const saleReturn: SaleReturn = {
  id: 9,
  sale_id: 700,
  created_at: '2026-11-24T17:05:00.000Z',
  reason: 'Entrega parcial',
  subtotal: 100,
  total: 116,
  credit: 0,
  created_by: { name: 'Miguel', last: 'Hernández' },
  company: { name: 'Abarrotes Garza', razon_social: 'Abarrotes Garza SA', rfc: null },
  lines: [
    { item_id: 3, name: 'Manzana roja', unit: 'Caja', quantity: 1.5, price: 40, amount: 60, reason: 'Dañado' },
    { item_id: 4, name: 'Plátano', unit: 'Kg', quantity: 2, price: 20, amount: 40, reason: 'No lo pidió' },
  ],
};

describe("the sale page's returns", () => {
  it('shows a line’s own reason beside it when it has one', () => {
    const older: SaleReturn = {
      ...saleReturn,
      id: 4,
      reason: 'Golpeado',
      lines: [{ item_id: 3, name: 'Manzana roja', unit: 'Caja', quantity: 1, price: 40, amount: 40 }],
    };
    const text = visibleText(renderToStaticMarkup(<SaleReturnsList returns={[older, saleReturn]} />));
    expect(text).toContain('Manzana roja 1 Caja Imprimir NC-4');
    expect(text).toContain('Manzana roja 1.5 Caja (Dañado), Plátano 2 Kg (No lo pidió) Imprimir NC-9');
  });
});
