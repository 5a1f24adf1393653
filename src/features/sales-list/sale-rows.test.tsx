import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { salePageRowSchema, type SalePageRow } from '../../../domain/schemas/reads';
import { OfflineWarned, SALE_COLUMNS } from './sale-rows';

const row = (changes: Partial<SalePageRow>): SalePageRow =>
  salePageRowSchema.parse({
    id: 41,
    kind: 'sale',
    company_id: 3,
    company_name: 'Hotel Ancira',
    company_branch_id: null,
    user_id: 2,
    date: '2026-11-24',
    due_date: '2026-12-24',
    type: 'Serie A',
    subtotal: 1000,
    iva: 160,
    total: 1160,
    due_balance: 1160,
    payment_status: 'Pendiente',
    sale_weight: 10,
    note: null,
    purchase_order: null,
    bar: true,
    returned: 0,
    razon_social: 'Hotelera Ancira, S.A. de C.V.',
    branch_name: null,
    user_name: 'Luis',
    user_last: 'Garza',
    user_email: 'ventas@demo.mx',
    internal_note: null,
    created_at: '2026-11-24T16:05:00.000Z',
    canceled_at: null,
    cancel_reason: null,
    sale_id: null,
    quotation_id: 30,
    order_status: 'nuevo',
    canceled_by_name: null,
    delivery: null,
    ...changes,
  });

describe('the sales list', () => {
  const folioCell = (sale: SalePageRow) => renderToStaticMarkup(<>{SALE_COLUMNS[0]!.cell(sale)}</>);

  it('marks beside its folio a sale made offline whose arrival left warnings', () => {
    const html = folioCell(row({ offline_warned: true }));
    expect(html).toContain('V-41');
    expect(html).toContain('status-chip--warning');
    expect(html).toContain('>Sin conexión: avisos</span>');
    expect(html).toContain(
      'title="Venta hecha sin conexión que llegó con avisos (total, existencia o saldo vencido): ábrela para verlos."',
    );
  });

  it('marks nothing on a sale without warnings, or from a server that does not say', () => {
    for (const sale of [row({ offline_warned: false }), row({})]) {
      expect(folioCell(sale)).not.toContain('Sin conexión');
      expect(renderToStaticMarkup(<OfflineWarned row={sale} />)).toBe('');
    }
  });
});
