import type { SaleDetail } from '../schemas/quotations';

/**
 * A quotation as GET /api/v2/sales/{id} answers it, for the document tests: two lines,
 * a customer with 15 days of credit, valid until 30 November 2026.
 */
export function quotationFixture(changes: Partial<SaleDetail> = {}): SaleDetail {
  return {
    id: 412,
    kind: 'quotation',
    type: 'Serie A',
    date: '2026-12-19',
    due_date: '2026-11-30',
    // 03:30 UTC on the 23rd is still the 22nd in Monterrey.
    created_at: '2026-11-23T03:30:00.000Z',
    updated_at: '2026-11-23T03:30:00.000Z',
    subtotal: 1_862.5,
    iva: 298,
    total: 2_160.5,
    returned: 0,
    due_balance: 0,
    payment_status: 'Cotización',
    sale_weight: 40,
    note: 'Entregar antes de las 9:00 por la rampa norte.',
    internal_note: 'No mostrar',
    purchase_order: null,
    bar: false,
    canceled_at: null,
    cancel_reason: null,
    quotation_id: null,
    sale_id: null,
    company: {
      id: 7,
      name: 'Restaurante La Nogalera',
      razon_social: 'La Nogalera Alimentos, S.A. de C.V.',
      rfc: 'NAL150101AB1',
      credit_days: 15,
      delivery_address: 'Calzada del Valle 400, San Pedro Garza García',
    },
    company_branch: { id: 9, name: 'Sucursal Valle', address: 'Calzada del Valle 400, San Pedro Garza García' },
    contact: { id: 3, name: 'Lucía', last: 'Garza', email: 'compras@nogalera.mx', phone: '81 1111 2222' },
    user: { id: 2, name: 'Mariana', last: 'Treviño', email: 'ventas@demo.mx' },
    items: [
      { id: 1, item_id: 11, name: 'Aguacate Hass', macro: null, unit: 'kg', quantity: 12.5, price: 65, amount: 812.5 },
      { id: 2, item_id: 12, name: 'Jitomate saladette', macro: null, unit: 'caja', quantity: 3, price: 350, amount: 1_050 },
    ],
    order: null,
    shipping_details: [],
    collections: [],
    ...changes,
  };
}
