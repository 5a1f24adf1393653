import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { quotationFixture } from '../../../domain/documents/test-fixtures';
import { ApiError } from '../../lib/api';
import { SaleFacts } from './invoice-sale-dialog';
import { lookUpSale, saleIdOfFolio } from './invoice-sale';

const visibleText = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

/** Sale 41 to La Nogalera, as GET /api/v2/sales/41 answers it. */
const sale41 = quotationFixture({ id: 41, kind: 'sale', date: '2026-11-24', total: 1_160, quotation_id: 40 });

describe("'Facturar una venta' from /invoices", () => {
  it('reads a sale folio as the product writes it, or its bare number', () => {
    for (const typed of ['V-41', 'v-41', ' V41 ', 'V - 41', '41']) expect(saleIdOfFolio(typed)).toBe(41);
    for (const typed of ['', 'C-41', 'V-', '41a', 'A-7', '0', '-41']) expect(saleIdOfFolio(typed)).toBeNull();
  });

  it('finds the sale the folio names', async () => {
    const asked: number[] = [];
    const found = await lookUpSale('V-41', async (id) => {
      asked.push(id);
      return sale41;
    });
    expect(asked).toEqual([41]);
    expect(found).toEqual({ ok: true, sale: sale41 });
  });

  it('says when the folio is malformed, names no sale, or names a quotation', async () => {
    const never = () => Promise.reject(new Error('not asked'));
    expect(await lookUpSale('factura 41', never)).toEqual({
      ok: false,
      error: 'Escriba el folio de la venta: V seguido del número, o solo el número.',
    });
    const missing = () => Promise.reject(new ApiError(404, 'Recurso no encontrado.'));
    expect(await lookUpSale('V-9999', missing)).toEqual({ ok: false, error: 'No hay una venta con el folio V-9999.' });
    const quotation = async () => quotationFixture({ id: 40, sale_id: 41 });
    expect(await lookUpSale('40', quotation)).toEqual({ ok: false, error: 'C-40 es una cotización: facture su venta, V-41.' });
    expect(await lookUpSale('412', async () => quotationFixture())).toEqual({ ok: false, error: 'C-412 es una cotización, no una venta.' });
  });

  it("says any other refusal in the server's words", async () => {
    const forbidden = () => Promise.reject(new ApiError(403, 'No tienes permiso para realizar esta acción.'));
    expect(await lookUpSale('V-41', forbidden)).toEqual({ ok: false, error: 'No tienes permiso para realizar esta acción.' });
  });

  it('shows the sale found with its customer, RFC, date and total, so the person sees it is the right one', () => {
    const text = visibleText(renderToStaticMarkup(<SaleFacts sale={sale41} />));
    expect(text).toBe(
      'Venta V-41 Cliente Restaurante La Nogalera Razón social La Nogalera Alimentos, S.A. de C.V. RFC NAL150101AB1 Fecha 24/11/2026 Total $1,160.00',
    );
    const noRfc = quotationFixture({ id: 41, kind: 'sale', company: { ...sale41.company, rfc: null } });
    expect(visibleText(renderToStaticMarkup(<SaleFacts sale={noRfc} />))).toContain('RFC Sin RFC');
  });
});
