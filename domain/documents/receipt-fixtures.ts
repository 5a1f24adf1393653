import type { Collection } from '../schemas/collections';

/** A payment of 2,000.00 by transfer: one sale paid off, one partly, the rest left as credit. */
export function receiptFixture(changes: Partial<Collection> = {}): Collection {
  return {
    id: 87,
    date: '2026-11-20',
    amount: 2000,
    applied: 1850.5,
    unapplied: 149.5,
    reference: 'SPEI 004512',
    note: 'Pago de facturas de octubre',
    created_at: '2026-11-20T17:05:00.000Z',
    company: { id: 4, name: 'Restaurante La Nogalera', razon_social: 'La Nogalera Alimentos, S.A. de C.V.', rfc: 'NOG150101AB1' },
    payment_method: { id: 2, name: 'Transferencia' },
    user: { id: 3, name: 'Jorge', last: 'Treviño Leal' },
    details: [
      {
        id: 1,
        sale_id: 310,
        sale_date: '2026-09-02',
        sale_due_date: '2026-09-17',
        sale_total: 1250.5,
        amount: 1250.5,
        balance_after: 0,
        due_balance: 0,
        payment_status: 'Pagada',
      },
      {
        id: 2,
        sale_id: 356,
        sale_date: '2026-10-01',
        sale_due_date: '2026-10-16',
        sale_total: 900,
        amount: 600,
        balance_after: 300,
        due_balance: 300,
        payment_status: 'Parcial',
      },
    ],
    canceled_at: null,
    cancel_reason: null,
    canceled_by: null,
    ...changes,
  };
}
