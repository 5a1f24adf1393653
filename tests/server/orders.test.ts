import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companySearchSchema, dispatchedOrdersSchema, ordersToDispatchSchema, vehicleListSchema } from '../../domain/schemas/orders';
import { monterreyDateOffset } from '../../domain/time';
import { inventoryMovements, productions, sales } from '../../server/db/schema';
import { bearer, createTestApp, loginAs, type TestApp } from './test-app';

let t: TestApp;
let warehouse: string;
let office: string;
beforeAll(async () => {
  t = await createTestApp();
  [warehouse, office] = await Promise.all([loginAs(t.app, 'almacen@demo.mx'), loginAs(t.app, 'oficina@demo.mx')]);
});
afterAll(() => t.close());

const get = (token: string, url: string) => t.app.inject({ method: 'GET', url, headers: bearer(token) });
const post = (token: string, url: string, payload: object, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, headers: { ...bearer(token), ...headers }, payload });
const week = () => `${monterreyDateOffset(new Date(), 0)},${monterreyDateOffset(new Date(), 7)}`;

describe('orders to fill', () => {
  it('lists the undispatched sales of a date range with items, units, company and seller', async () => {
    const response = await get(warehouse, `/api/v2/orders/orders_to_dispatch?itemsPerPage=999&filter[date_between]=${week()}`);
    expect(response.statusCode).toBe(200);
    const { data, meta } = ordersToDispatchSchema.parse(response.json());
    const [expected] = await t.database.db.execute<{ n: number }>(sql`
      SELECT count(*)::int AS n FROM sales WHERE kind = 'sale' AND canceled_at IS NULL AND deleted_at IS NULL AND dispatched_at IS NULL
        AND date BETWEEN ${monterreyDateOffset(new Date(), 0)} AND ${monterreyDateOffset(new Date(), 7)}`).then((r) => (r as unknown as { rows: { n: number }[] }).rows);
    expect(meta.total).toBe(expected!.n);
    expect(data.length).toBe(expected!.n);
    expect(data.some((o) => o.is_in_production && o.production_id !== null)).toBe(true);
    expect(data.some((o) => o.bar)).toBe(true);
    expect(data[0]!.items[0]!.item.unit.name).toMatch(/^(kg|caja|pieza|manojo)$/);
  });

  it('starts production once, then dispatches, taking the goods out of stock', async () => {
    const { data } = ordersToDispatchSchema.parse((await get(warehouse, `/api/v2/orders/orders_to_dispatch?itemsPerPage=999&filter[date_between]=${week()}`)).json());
    const order = data.find((o) => !o.is_in_production)!;
    const items = order.items.map((line) => ({ item_id: line.item.id, quantity: line.quantity }));
    const start = await post(warehouse, '/api/v2/orders/start_order_production', { id: order.id, quotation_items: items });
    expect(start.statusCode).toBe(200);
    const [started] = await t.database.db.select().from(sales).where(eq(sales.id, order.id));
    expect(started!.is_in_production).toBe(true);
    expect((await t.database.db.select().from(productions).where(eq(productions.sale_id, order.id))).length).toBe(1);
    const twice = await post(warehouse, '/api/v2/orders/start_order_production', { id: order.id, quotation_items: items });
    expect(twice.json()).toEqual({ message: 'El pedido ya está en producción.' });

    const movementsBefore = (await t.database.db.select().from(inventoryMovements)).length;
    const dispatch = await post(warehouse, '/api/v2/orders/dispatch_sale_order', { id: order.id, quotation_items: items }, { 'idempotency-key': 'surtido-prueba-0001' });
    const replay = await post(warehouse, '/api/v2/orders/dispatch_sale_order', { id: order.id, quotation_items: items }, { 'idempotency-key': 'surtido-prueba-0001' });
    expect(dispatch.statusCode).toBe(200);
    expect(replay.json()).toEqual(dispatch.json());
    const movements = await t.database.db.select().from(inventoryMovements);
    expect(movements.length - movementsBefore).toBe(items.filter((i) => i.quantity > 0).length);
    const after = ordersToDispatchSchema.parse((await get(warehouse, `/api/v2/orders/orders_to_dispatch?itemsPerPage=999&filter[date_between]=${week()}`)).json());
    expect(after.data.map((o) => o.id)).not.toContain(order.id);
    const again = await post(warehouse, '/api/v2/orders/dispatch_sale_order', { id: order.id, quotation_items: items });
    expect(again.json()).toEqual({ message: 'El pedido ya fue surtido.' });
  });

  it('refuses items that are not in the order', async () => {
    const { data } = ordersToDispatchSchema.parse((await get(warehouse, `/api/v2/orders/orders_to_dispatch?itemsPerPage=999&filter[date_between]=${week()}`)).json());
    const order = data.find((o) => !o.is_in_production)!;
    const response = await post(warehouse, '/api/v2/orders/start_order_production', { id: order.id, quotation_items: [{ item_id: 2147483647, quantity: 1 }] });
    expect(response.json()).toEqual({ message: 'Un producto no pertenece al pedido.' });
  });
});

describe('searches of the office', () => {
  it('finds dispatched orders by customer name or folio', async () => {
    const response = await get(office, '/api/v2/orders/dispatched_orders?filter[search]=Restaurante&itemsPerPage=10');
    const { data, meta } = dispatchedOrdersSchema.parse(response.json());
    expect(meta.total).toBeGreaterThan(0);
    expect(data.length).toBeLessThanOrEqual(10);
    const byFolio = dispatchedOrdersSchema.parse((await get(office, `/api/v2/orders/dispatched_orders?filter[search]=${data[0]!.id}`)).json());
    expect(byFolio.data.map((o) => o.id)).toContain(data[0]!.id);
  });

  it('finds companies by name and lists vehicles', async () => {
    const companies = companySearchSchema.parse((await get(office, '/api/v2/company_p?filter[name]=hotel')).json());
    expect(companies.data.length).toBeGreaterThan(0);
    expect(companies.data.every((c) => /hotel/i.test(c.name) || /hotel/i.test(c.razon_social))).toBe(true);
    // Each with its own branches, where a new sale can go.
    for (const company of companies.data) {
      const [expected] = await t.database.db.execute<{ ids: number[] }>(sql`SELECT coalesce(array_agg(id ORDER BY id), '{}') AS ids FROM company_branches WHERE company_id = ${company.id}`).then((r) => (r as unknown as { rows: { ids: number[] }[] }).rows);
      expect(company.branches!.map((b) => b.id).sort((a, b) => a - b)).toEqual(expected!.ids);
    }
    const vehicles = vehicleListSchema.parse((await get(office, '/api/v2/vehicles')).json());
    expect(vehicles.data.length).toBe(5);
  });
});
