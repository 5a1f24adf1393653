import type { SalePageRow } from '../../../domain/schemas/reads';

/** A row of GET /api/v2/q: quotation {id} of Abarrotes Lupita, valid until 10 December 2026. */
export function quotationRow(id: number, changes: Partial<SalePageRow> = {}): SalePageRow {
  return {
    id,
    kind: 'quotation',
    company_id: 4,
    company_name: 'Abarrotes Lupita',
    razon_social: 'Abarrotes Lupita, S.A. de C.V.',
    company_branch_id: 9,
    branch_name: 'Sucursal Centro',
    user_id: 2,
    user_name: 'Laura',
    user_last: 'Villarreal',
    user_email: 'ventas@demo.mx',
    date: '2026-11-25',
    due_date: '2026-12-10',
    type: 'Serie A',
    subtotal: 1000,
    iva: 160,
    total: 1160,
    due_balance: 0,
    payment_status: 'Cotización',
    sale_weight: 12.5,
    note: null,
    internal_note: null,
    purchase_order: null,
    bar: false,
    created_at: '2026-11-21T16:05:00.000Z',
    canceled_at: null,
    cancel_reason: null,
    sale_id: null,
    quotation_id: null,
    order_status: null,
    ...changes,
  };
}
