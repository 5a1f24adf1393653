import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProviderDetail, ProviderRow, ShoppingDetail, ShoppingReport } from '../../domain/schemas/purchasing';
import { monterreyDate } from '../../domain/time';
import { bearer, createTestApp, loginAs, type TestApp } from './test-app';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await loginAs(t.app, 'admin@demo.mx');
});
afterAll(() => t.close());

type Method = 'GET' | 'POST' | 'PUT';
const call = (method: Method, url: string, payload?: object, headers: Record<string, string> = {}) =>
  t.app.inject({ method, url, headers: { ...bearer(admin), ...headers }, ...(payload && { payload }) });
let keys = 0;
const key = () => ({ 'idempotency-key': `pago-prueba-${++keys}-${Date.now()}` });
const today = monterreyDate(new Date());

async function newProvider(name: string): Promise<ProviderRow> {
  const created = await call('POST', '/api/v2/providers', {
    name,
    rfc: 'fru010203ab1',
    phone: '81 8000 1111',
    email: 'ventas@huerta.mx',
    credit_days: 15,
  });
  expect(created.statusCode, created.body).toBe(201);
  return created.json<ProviderRow>();
}

async function newOrder(providerId: number, lines: { item_id: number; quantity: number; unit_cost: number }[]): Promise<ShoppingDetail> {
  const created = await call('POST', '/api/v2/shoppings', { provider_id: providerId, due_date: today, items: lines });
  expect(created.statusCode, created.body).toBe(201);
  return created.json<ShoppingDetail>();
}

const pay = (body: object) => call('POST', '/api/v2/provider_payments', { date: today, ...body }, key());

describe('providers', () => {
  it('creates and edits a provider, checking its data in Spanish', async () => {
    const provider = await newProvider('Huerta Los Nogales');
    expect(provider).toMatchObject({ name: 'Huerta Los Nogales', rfc: 'FRU010203AB1', credit_days: 15, balance: 0, orders_total: 0 });
    const refused = await call('POST', '/api/v2/providers', { name: ' ', rfc: 'XYZ', email: 'no-es-correo', credit_days: 400 });
    expect(refused.statusCode).toBe(422);
    expect(refused.json<{ message: string }>().message).toBe('Escribe el nombre del proveedor.');
    expect((await call('POST', '/api/v2/providers', { name: 'A', rfc: 'XYZ', credit_days: 0 })).json()).toEqual({
      message: 'El RFC debe tener 12 o 13 letras y números, por ejemplo ABC010203XY4.',
    });
    const edited = await call('PUT', `/api/v2/providers/${provider.id}`, {
      name: 'Huerta Los Nogales SA',
      credit_days: 30,
      contact_name: 'Rosa Elizondo',
    });
    expect(edited.json()).toMatchObject({ name: 'Huerta Los Nogales SA', credit_days: 30, contact_name: 'Rosa Elizondo', rfc: null });
    const listed = (await call('GET', '/api/v2/providers?filter[name]=nogales')).json<{ data: ProviderRow[] }>();
    expect(listed.data.map((row) => row.id)).toEqual([provider.id]);
    expect((await call('PUT', '/api/v2/providers/999999', { name: 'Nadie', credit_days: 0 })).statusCode).toBe(404);
  });

  it('owes its purchase orders less its payments, and refuses paying more than that', async () => {
    const provider = await newProvider('Empaques del Norte');
    const first = await newOrder(provider.id, [{ item_id: 1, quantity: 10, unit_cost: 41.5 }]);
    const second = await newOrder(provider.id, [{ item_id: 2, quantity: 3, unit_cost: 20 }]);
    expect([first.total, second.total]).toEqual([415, 60]);

    expect((await pay({ provider_id: provider.id, amount: 100.25, reference: 'TRF-1' })).statusCode).toBe(201);
    expect((await pay({ provider_id: provider.id, purchase_order_id: second.id, amount: 60 })).statusCode).toBe(201);
    const detail = (await call('GET', `/api/v2/providers/${provider.id}`)).json<ProviderDetail>();
    expect(detail).toMatchObject({ orders_total: 475, payments_total: 160.25, balance: 314.75 });
    expect(detail.orders.map((order) => [order.id, order.paid])).toEqual([
      [second.id, 60],
      [first.id, 0],
    ]);
    expect(detail.payments.map((payment) => payment.amount).sort()).toEqual([100.25, 60].sort());

    const over = await pay({ provider_id: provider.id, amount: 314.76 });
    expect(over.statusCode).toBe(422);
    expect(over.json()).toEqual({ message: 'El pago excede lo que se debe al proveedor: el saldo es $314.75.' });
    expect((await pay({ provider_id: provider.id, purchase_order_id: second.id, amount: 0.01 })).json()).toEqual({
      message: 'El pago excede lo que se debe de esta orden de compra: quedan $0.00.',
    });
    const otherProvider = await newProvider('Cajas Monterrey');
    const otherOrder = await newOrder(otherProvider.id, [{ item_id: 3, quantity: 1, unit_cost: 5 }]);
    expect((await pay({ provider_id: provider.id, purchase_order_id: otherOrder.id, amount: 1 })).json()).toEqual({
      message: 'La orden de compra es de otro proveedor.',
    });
    expect((await call('POST', '/api/v2/provider_payments', { provider_id: provider.id, date: today, amount: 1 })).statusCode).toBe(400);

    const exact = await pay({ provider_id: provider.id, purchase_order_id: first.id, amount: 314.75 });
    expect(exact.statusCode).toBe(201);
    // Editing a payment checks the balance without its own old amount.
    const edited = await call('PUT', `/api/v2/provider_payments/${exact.json<{ id: number }>().id}`, {
      provider_id: provider.id,
      purchase_order_id: first.id,
      date: today,
      amount: 314.75,
    });
    expect(edited.statusCode).toBe(200);
    expect((await call('GET', `/api/v2/providers/${provider.id}`)).json()).toMatchObject({ balance: 0 });
    const listed = (await call('GET', `/api/v2/providers?filter[id]=${provider.id}`)).json<{ data: ProviderRow[] }>();
    expect(listed.data[0]).toMatchObject({ orders_total: 475, payments_total: 475, balance: 0 });
  });
});

describe('the purchases report', () => {
  it('sums the period’s purchases by provider and by item', async () => {
    const provider = await newProvider('Agrícola San Pedro');
    await newOrder(provider.id, [
      { item_id: 10, quantity: 5, unit_cost: 10 },
      { item_id: 11, quantity: 2.5, unit_cost: 4 },
    ]);
    const later = await newOrder(provider.id, [{ item_id: 10, quantity: 1.5, unit_cost: 12 }]);
    await call('POST', `/api/v2/shoppings/${later.id}/receive`, { items: [{ id: later.items[0]!.id, quantity: 1 }] }, key());

    const report = (await call('GET', `/api/v2/shopping_report?filter[date_between]=${today},${today}`)).json<{ data: ShoppingReport }>()
      .data;
    expect(report.providers.find((row) => row.provider_id === provider.id)).toMatchObject({
      name: 'Agrícola San Pedro',
      orders: 2,
      total: 78,
    });
    const item10 = report.items.find((row) => row.item_id === 10)!;
    // The demo's purchase orders are all from before today: today's are this file's, and only this test buys item 10.
    expect(item10).toMatchObject({ quantity: 6.5, received_quantity: 1, total: 68 });
    expect(report.items.find((row) => row.item_id === 11)).toMatchObject({ quantity: 2.5, total: 10 });
    const providersSum = report.providers.reduce((sum, row) => sum + Math.round(row.total * 100), 0) / 100;
    const itemsSum = report.items.reduce((sum, row) => sum + Math.round(row.total * 100), 0) / 100;
    expect(report.total).toBe(providersSum);
    expect(itemsSum).toBe(providersSum);

    expect((await call('GET', '/api/v2/shopping_report')).statusCode).toBe(400);
    expect((await call('GET', '/api/v2/shopping_report?filter[date_between]=2031-02-10,2031-02-01')).statusCode).toBe(422);
  });
});
