import { driverMessages } from '../../../domain/messages/driver';
import { invoicingScreenMessages } from '../../../domain/messages/invoicing-screens';
import { quotationFolio } from '../../../domain/sales';
import { saleDetailAnswerSchema, type SaleDetail } from '../../../domain/schemas/quotations';
import { apiRequest, ApiError, getErrorMessage } from '../../lib/api';

const text = invoicingScreenMessages.invoiceSale;

/**
 * The sale a folio names, as the product writes it ('V-41', driverMessages.saleFolio) or as its
 * bare number; null when it is neither.
 */
export function saleIdOfFolio(typed: string): number | null {
  const match = /^\s*(?:v\s*-?\s*)?(\d{1,9})\s*$/i.exec(typed);
  const id = match ? Number(match[1]) : 0;
  return id > 0 ? id : null;
}

export type SaleLookup = { ok: true; sale: SaleDetail } | { ok: false; error: string };

/** GET /api/v2/sales/{id}: one sale with its customer and total. */
export const fetchSale = async (id: number, signal?: AbortSignal) =>
  (await apiRequest(`/api/v2/sales/${id}`, { schema: saleDetailAnswerSchema, signal })).data;

/**
 * The sale to invoice from what was typed in 'Folio de la venta': refused here when the folio
 * is malformed, names no sale or names a quotation (sales and quotations share their numbers'
 * table); any other refusal in the server's words.
 */
export async function lookUpSale(typed: string, fetch: (id: number) => Promise<SaleDetail> = fetchSale): Promise<SaleLookup> {
  const id = saleIdOfFolio(typed);
  if (id === null) return { ok: false, error: text.folioInvalid };
  const folio = driverMessages.saleFolio(id);
  try {
    const sale = await fetch(id);
    if (sale.kind !== 'sale') {
      const made = sale.sale_id === null ? null : driverMessages.saleFolio(sale.sale_id);
      return { ok: false, error: text.quotation(quotationFolio(id), made) };
    }
    return { ok: true, sale };
  } catch (failure) {
    if (failure instanceof ApiError && failure.status === 404) return { ok: false, error: text.notFound(folio) };
    return { ok: false, error: getErrorMessage(failure) };
  }
}
