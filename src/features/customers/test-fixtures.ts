import type { CompanyRow } from '../../../domain/schemas/customers';

/** A row of GET /api/v2/companies: Hotel Ancira Centro, verified, owing $1,500.50 of which $300 overdue. */
export function customerRow(id: number, changes: Partial<CompanyRow> = {}): CompanyRow {
  return {
    id,
    name: 'Hotel Ancira Centro',
    macro: 'Hotel',
    razon_social: 'Ancira Centro S.A. de C.V.',
    rfc: 'HOT070101A01',
    regimen_fiscal: '601',
    cp_fiscal: '64000',
    credit_days: 30,
    delivery_address: 'Escobedo 555, Centro, Monterrey',
    delivery_time: '07:00 a 09:00',
    verified_at: '2026-01-10T15:30:00.000Z',
    created_at: '2026-01-10T15:00:00.000Z',
    created_by: 'Jorge Treviño Leal',
    due_balance: 1500.5,
    overdue_balance: 300,
    ...changes,
  };
}
