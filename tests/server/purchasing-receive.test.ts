import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { monterreyDate } from '../../domain/time';
import type { ShoppingDetail } from '../../domain/schemas/purchasing';
import { bearer, createTestApp, loginAs, type TestApp } from './test-app';

let t: TestApp;
let admin: string;
let seller: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await loginAs(t.app, 'admin@demo.mx');
  // Ventas: sales and quotations, nothing of purchasing.
  seller = await loginAs(t.app, 'ventas@demo.mx');
});
afterAll(() => t.close());

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (method: Method, url: string, payload?: object, headers: Record<string, string> = {}, token = admin) =>
  t.app.inject({ method, url, headers: { ...bearer(token), ...headers }, ...(payload && { payload }) });
let keys = 0;
const key = () => `recepcion-prueba-${++keys}-${Date.now()}`;

async function stockOf(itemId: number): Promise<number> {
  const stock = (await call('GET', '/api/v2/inventory/stock')).json<{ data: { item_id: number; stock: number }[] }>();
  return stock.data.find((row) => row.item_id === itemId)!.stock;
}

async function costOf(itemId: number): Promise<number> {
  const items = (await call('GET', '/api/v2/shopping_items')).json<{ data: { id: number; cost: number }[] }>();
  return items.data.find((row) => row.id === itemId)!.cost;
}

async function newOrder(lines: { item_id: number; quantity: number; unit_cost: number }[], providerId = 2): Promise<ShoppingDetail> {
  const created = await call('POST', '/api/v2/shoppings', {
    provider_id: providerId,
    due_date: monterreyDate(new Date()),
    note: 'Entrega en andén 2',
    items: lines,
  });
  expect(created.statusCode, created.body).toBe(201);
  return created.json<ShoppingDetail>();
}

const receive = (orderId: number, items: { id: number; quantity: number }[], idempotencyKey: string | null = key()) =>
  call('POST', `/api/v2/shoppings/${orderId}/receive`, { items }, idempotencyKey ? { 'idempotency-key': idempotencyKey } : {});

describe('receiving a purchase order', () => {
  it('moves stock by exactly what arrived, partly then fully, Pendiente → Parcial → Recibida', async () => {
    const order = await newOrder([
      { item_id: 3, quantity: 40, unit_cost: 18.5 },
      { item_id: 4, quantity: 12.5, unit_cost: 30 },
    ]);
    expect(order).toMatchObject({ status: 'Pendiente', total: 1115, note: 'Entrega en andén 2', paid: 0 });
    const [first, second] = order.items;
    const before = { three: await stockOf(3), four: await stockOf(4) };

    const partly = await receive(order.id, [{ id: first!.id, quantity: 15.25 }]);
    expect(partly.statusCode, partly.body).toBe(200);
    expect(partly.json<ShoppingDetail>()).toMatchObject({ status: 'Parcial' });
    expect(partly.json<ShoppingDetail>().items.map((line) => line.received_quantity)).toEqual([15.25, 0]);
    expect(await stockOf(3)).toBeCloseTo(before.three + 15.25, 2);
    expect(await stockOf(4)).toBeCloseTo(before.four, 2);

    const rest = await receive(order.id, [
      { id: first!.id, quantity: 24.75 },
      { id: second!.id, quantity: 12.5 },
    ]);
    expect(rest.json<ShoppingDetail>()).toMatchObject({ status: 'Recibida' });
    expect(await stockOf(3)).toBeCloseTo(before.three + 40, 2);
    expect(await stockOf(4)).toBeCloseTo(before.four + 12.5, 2);

    // Each arrival is an 'Entrada Compra' of the order at the line's cost.
    const movements = (await call('GET', '/api/v2/inventories?itemsPerPage=5')).json<{
      data: { item_id: number; type: string; quantity: number }[];
    }>();
    expect(
      movements.data
        .slice(0, 3)
        .map((m) => [m.item_id, m.type, m.quantity])
        .sort(),
    ).toEqual([
      [3, 'Entrada Compra', 15.25],
      [3, 'Entrada Compra', 24.75],
      [4, 'Entrada Compra', 12.5],
    ]);

    expect((await receive(order.id, [{ id: first!.id, quantity: 1 }])).json()).toEqual({
      message: 'La orden de compra ya fue recibida completa.',
    });
  });

  it('refuses to receive more than is pending, and moves nothing then', async () => {
    const order = await newOrder([{ item_id: 5, quantity: 10, unit_cost: 12 }]);
    const line = order.items[0]!;
    const before = await stockOf(5);
    expect((await receive(order.id, [{ id: line.id, quantity: 6 }])).statusCode).toBe(200);
    const beyond = await receive(order.id, [{ id: line.id, quantity: 4.01 }]);
    expect(beyond.statusCode).toBe(422);
    expect(beyond.json<{ message: string }>().message).toMatch(/^No puedes recibir más de lo pendiente de .+: quedan 4 \S+\.$/);
    // Named twice, the line counts both quantities: 2 + 3 is more than the 4 pending.
    expect(
      (
        await receive(order.id, [
          { id: line.id, quantity: 2 },
          { id: line.id, quantity: 3 },
        ])
      ).statusCode,
    ).toBe(422);
    const other = await newOrder([{ item_id: 6, quantity: 1, unit_cost: 1 }]);
    expect((await receive(order.id, [{ id: other.items[0]!.id, quantity: 1 }])).json()).toEqual({
      message: 'Un renglón no pertenece a esta orden de compra.',
    });
    expect((await receive(order.id, [{ id: line.id, quantity: 0 }])).json()).toEqual({ message: 'La cantidad debe ser mayor que cero.' });
    expect(await stockOf(5)).toBeCloseTo(before + 6, 2);
    const detail = (await call('GET', `/api/v2/shoppings/${order.id}`)).json<ShoppingDetail>();
    expect(detail).toMatchObject({ status: 'Parcial', items: [{ received_quantity: 6 }] });
  });

  it('moves stock once when the same Idempotency-Key is sent twice, and asks for the key', async () => {
    const order = await newOrder([{ item_id: 7, quantity: 20, unit_cost: 9 }]);
    const line = order.items[0]!;
    const before = await stockOf(7);
    const sameKey = key();
    const first = await receive(order.id, [{ id: line.id, quantity: 8 }], sameKey);
    const again = await receive(order.id, [{ id: line.id, quantity: 8 }], sameKey);
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    expect(await stockOf(7)).toBeCloseTo(before + 8, 2);
    expect((await receive(order.id, [{ id: line.id, quantity: 1 }], null)).statusCode).toBe(400);
    expect(await stockOf(7)).toBeCloseTo(before + 8, 2);
  });

  it('makes the line’s unit cost the item’s cost', async () => {
    const costBefore = await costOf(8);
    const newCost = costBefore + 3.75;
    const order = await newOrder([{ item_id: 8, quantity: 5, unit_cost: newCost }]);
    expect(await costOf(8)).toBe(costBefore);
    await receive(order.id, [{ id: order.items[0]!.id, quantity: 2 }]);
    expect(await costOf(8)).toBeCloseTo(newCost, 2);
  });

  it('forbids editing or deleting an order once something was received', async () => {
    const order = await newOrder([{ item_id: 9, quantity: 3, unit_cost: 10 }]);
    const body = { provider_id: 2, due_date: '2031-01-10', items: [{ item_id: 9, quantity: 4, unit_cost: 10 }] };
    expect((await call('PUT', `/api/v2/shoppings/${order.id}`, body)).json()).toMatchObject({ total: 40, status: 'Pendiente' });
    await receive(order.id, [
      { id: (await call('GET', `/api/v2/shoppings/${order.id}`)).json<ShoppingDetail>().items[0]!.id, quantity: 1 },
    ]);
    expect((await call('PUT', `/api/v2/shoppings/${order.id}`, body)).json()).toEqual({
      message: 'La orden de compra ya tiene mercancía recibida; ya no se puede modificar.',
    });
    expect((await call('DELETE', `/api/v2/shoppings/${order.id}`)).json()).toEqual({
      message: 'La orden de compra ya tiene mercancía recibida; ya no se puede eliminar.',
    });
  });
});

describe('who may buy', () => {
  it('refuses purchasing to a person without its permissions', async () => {
    const order = await newOrder([{ item_id: 3, quantity: 1, unit_cost: 1 }]);
    expect((await call('GET', '/api/v2/shoppings', undefined, {}, seller)).statusCode).toBe(403);
    expect((await call('GET', `/api/v2/shoppings/${order.id}`, undefined, {}, seller)).statusCode).toBe(403);
    expect(
      (
        await call(
          'POST',
          '/api/v2/shoppings',
          { provider_id: 1, due_date: '2031-01-10', items: [{ item_id: 1, quantity: 1, unit_cost: 1 }] },
          {},
          seller,
        )
      ).statusCode,
    ).toBe(403);
    const refused = await call(
      'POST',
      `/api/v2/shoppings/${order.id}/receive`,
      { items: [{ id: order.items[0]!.id, quantity: 1 }] },
      { 'idempotency-key': key() },
      seller,
    );
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ message: 'No tienes permiso para realizar esta acción.' });
    expect((await call('GET', '/api/v2/providers', undefined, {}, seller)).statusCode).toBe(403);
    expect((await call('GET', '/api/v2/provider_payments', undefined, {}, seller)).statusCode).toBe(403);
    expect(
      (await call('GET', '/api/v2/shopping_report?filter[date_between]=2031-01-01,2031-01-31', undefined, {}, seller)).statusCode,
    ).toBe(403);
    expect((await call('GET', `/api/v2/shoppings/${order.id}`)).json()).toMatchObject({ status: 'Pendiente' });
  });
});
