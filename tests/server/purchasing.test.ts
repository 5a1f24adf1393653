import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { monterreyDateOffset } from '../../domain/time';
import { providerPayments, purchaseOrders } from '../../server/db/schema';
import { bearer, createTestApp, loginAs, type TestApp } from './test-app';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await loginAs(t.app, 'admin@demo.mx');
});
afterAll(() => t.close());

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, headers: Record<string, string> = {}) =>
  t.app.inject({ method, url, headers: { ...bearer(admin), ...headers }, ...(payload && { payload }) });

describe('purchase orders (shoppings)', () => {
  it('creates, lists, edits and deletes a purchase order with its total computed', async () => {
    const created = await call('POST', '/api/v2/shoppings', {
      provider_id: 1,
      due_date: '2026-12-15',
      items: [
        { item_id: 1, quantity: 10, unit_cost: 41.5 },
        { item_id: 2, quantity: 3, unit_cost: 20 },
      ],
    });
    expect(created.statusCode).toBe(201);
    const order = created.json<{ id: number; total: number; items: unknown[] }>();
    expect(order.total).toBe(475);
    expect(order.items).toHaveLength(2);
    const listed = (await call('GET', '/api/v2/shoppings?filter[provider_id]=1&itemsPerPage=100')).json<{
      data: { id: number; provider_id: number }[];
      meta: { total: number };
    }>();
    expect(listed.data.map((o) => o.id)).toContain(order.id);
    expect(listed.data.every((o) => o.provider_id === 1)).toBe(true);
    const edited = await call('PUT', `/api/v2/shoppings/${order.id}`, {
      provider_id: 2,
      due_date: '2026-12-20',
      items: [{ item_id: 3, quantity: 4, unit_cost: 12.25 }],
    });
    expect(edited.json()).toMatchObject({ provider_id: 2, total: 49, due_date: '2026-12-20' });
    expect((await call('DELETE', `/api/v2/shoppings/${order.id}`)).statusCode).toBe(200);
    const [row] = await t.database.db.select().from(purchaseOrders).where(eq(purchaseOrders.id, order.id));
    expect(row!.deleted_at).not.toBeNull();
    expect(
      (
        await call('PUT', `/api/v2/shoppings/${order.id}`, {
          provider_id: 2,
          due_date: '2026-12-20',
          items: [{ item_id: 3, quantity: 1, unit_cost: 1 }],
        })
      ).statusCode,
    ).toBe(404);
  });

  it('refuses an order without items or with an unknown provider', async () => {
    expect((await call('POST', '/api/v2/shoppings', { provider_id: 1, due_date: '2026-12-15', items: [] })).json()).toEqual({
      message: 'Agrega al menos un producto.',
    });
    expect(
      (
        await call('POST', '/api/v2/shoppings', {
          provider_id: 999999,
          due_date: '2026-12-15',
          items: [{ item_id: 1, quantity: 1, unit_cost: 1 }],
        })
      ).json(),
    ).toEqual({ message: 'El proveedor no existe.' });
  });

  it('refuses a period with a day the calendar does not have, instead of failing', async () => {
    const response = await call('GET', '/api/v2/shoppings?filter[date_between]=2025-02-30,2025-03-01');
    expect([response.statusCode, response.json()]).toEqual([400, { message: 'La fecha no existe en el calendario.' }]);
  });

  it('refuses an order whose total would not fit, instead of failing', async () => {
    const response = await call('POST', '/api/v2/shoppings', {
      provider_id: 1,
      due_date: '2026-12-15',
      items: [{ item_id: 1, quantity: 1_000_000, unit_cost: 10_000_000 }],
    });
    expect([response.statusCode, response.json()]).toEqual([
      422,
      { message: 'El total de la orden es demasiado grande: revisa las cantidades y los costos.' },
    ]);
  });
});

describe('provider payments', () => {
  it('records a payment once under a repeated key, edits and deletes it', async () => {
    const headers = { 'idempotency-key': 'pago-proveedor-0001' };
    // Paid against the order's own provider, and less than the order's total (never more than is owed).
    const orders = (await call('GET', '/api/v2/shoppings?itemsPerPage=100')).json<{
      data: { id: number; provider_id: number; total: number; paid: number }[];
    }>();
    const order = orders.data.find((o) => o.total - o.paid > 1600)!;
    const body = { provider_id: order.provider_id, purchase_order_id: order.id, date: '2026-11-20', amount: 1500.5, reference: 'TRF-999' };
    const first = await call('POST', '/api/v2/provider_payments', body, headers);
    const again = await call('POST', '/api/v2/provider_payments', body, headers);
    expect(first.statusCode, first.body).toBe(201);
    expect(again.json()).toEqual(first.json());
    const payment = first.json<{ id: number; amount: number }>();
    expect(payment.amount).toBe(1500.5);
    expect(await t.database.db.select().from(providerPayments).where(eq(providerPayments.reference, 'TRF-999'))).toHaveLength(1);
    const edited = await call('PUT', `/api/v2/provider_payments/${payment.id}`, { ...body, amount: 1600 });
    expect(edited.json()).toMatchObject({ amount: 1600 });
    const listed = (await call('GET', '/api/v2/provider_payments?filter[date_between]=2026-11-20,2026-11-20')).json<{
      data: { id: number }[];
    }>();
    expect(listed.data.map((p) => p.id)).toContain(payment.id);
    expect((await call('DELETE', `/api/v2/provider_payments/${payment.id}`)).statusCode).toBe(200);
    expect((await call('DELETE', `/api/v2/provider_payments/${payment.id}`)).statusCode).toBe(404);
  });

  it('refuses a payment of zero', async () => {
    expect((await call('POST', '/api/v2/provider_payments', { provider_id: 1, date: '2026-11-20', amount: 0 })).json()).toEqual({
      message: 'El monto debe ser mayor que cero.',
    });
  });
});

describe('POST /api/v2/saleman_report', () => {
  it('totals each seller’s sales, collected and owed amounts in the period', async () => {
    const from = monterreyDateOffset(new Date(), -60);
    const to = monterreyDateOffset(new Date(), 7);
    const report = (await call('POST', '/api/v2/saleman_report', { date_from: from, date_to: to })).json<{
      data: { name: string; sales_total: number; collected: number; due_balance: number }[];
    }>();
    expect(report.data.map((r) => r.name).sort()).toEqual(['Ana', 'Laura']);
    for (const row of report.data) expect(row.collected + row.due_balance).toBeCloseTo(row.sales_total, 2);
  });
});
