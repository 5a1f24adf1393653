import { describe, expect, it } from 'vitest';
import type { SalePageRow } from '../../../domain/schemas/reads';
import { saleExportRows } from './export-sales';

const sale = (changes: Partial<SalePageRow>): SalePageRow => ({
  id: 31,
  kind: 'sale',
  company_id: 4,
  company_name: 'Cocina Doña Mary',
  razon_social: 'Cocina Doña Mary',
  company_branch_id: null,
  branch_name: null,
  user_id: 2,
  user_name: 'Ana',
  user_last: 'Cantú',
  user_email: 'ventas2@demo.mx',
  date: '2027-01-15',
  due_date: '2027-02-14',
  type: 'Serie B',
  subtotal: 2500.5,
  iva: 400.08,
  total: 2900.58,
  returned: 0,
  due_balance: 900.58,
  payment_status: 'Parcial',
  sale_weight: 40,
  note: null,
  internal_note: null,
  purchase_order: null,
  bar: false,
  created_at: '2027-01-10T15:30:00.000Z',
  canceled_at: null,
  cancel_reason: null,
  sale_id: null,
  quotation_id: 12,
  order_status: 'en_produccion',
  canceled_by_name: null,
  delivery: null,
  ...changes,
});

describe('the Excel rows of the sales page', () => {
  it('carry the visible columns: amounts as numbers, the scheduled date as a date, the order in words', () => {
    const [row] = saleExportRows([sale({})]);
    expect(Object.keys(row!)).toEqual([
      'Folio',
      'Empresa',
      'Sucursal',
      'Vendedor',
      'Fecha programada',
      'Serie',
      'Total',
      'Estado de pago',
      'Saldo',
      'Pedido',
      'Creación',
    ]);
    expect(row).toMatchObject({
      Folio: 31,
      Sucursal: '',
      Vendedor: 'Ana Cantú',
      Total: 2900.58,
      Saldo: 900.58,
      'Estado de pago': 'Parcial',
      Pedido: 'En Producción',
    });
    const date = row!['Fecha programada'] as Date;
    expect([date.getFullYear(), date.getMonth() + 1, date.getDate()]).toEqual([2027, 1, 15]);
  });
});
