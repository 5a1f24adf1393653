import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shippingDetailSchema, shippingSchema } from '../../domain/schemas/shipping';
import { monterreyDate, monterreyDateOffset } from '../../domain/time';
import { syncDevices, users } from '../../server/db/schema';
import { syncPulls } from './sync-pulls';
import { bearer, createTestApp, loginAs, type TestApp } from './test-app';

let t: TestApp;
let office: string;
let driver: string;
let otherDriver: string;
let warehouse: string;
let driverId: number;
let otherDriverId: number;
const today = monterreyDate(new Date());

beforeAll(async () => {
  t = await createTestApp();
  [office, driver, otherDriver, warehouse] = await Promise.all([
    loginAs(t.app, 'oficina@demo.mx'),
    loginAs(t.app, 'chofer@demo.mx'),
    loginAs(t.app, 'chofer2@demo.mx'),
    loginAs(t.app, 'almacen@demo.mx'),
  ]);
  const people = await t.database.db.select({ id: users.id, email: users.email }).from(users);
  driverId = people.find((p) => p.email === 'chofer@demo.mx')!.id;
  otherDriverId = people.find((p) => p.email === 'chofer2@demo.mx')!.id;
});
afterAll(() => t.close());

const { pull, pullAll } = syncPulls(() => t.app);

const send = (
  token: string,
  method: 'POST' | 'PUT' | 'DELETE' | 'PATCH',
  url: string,
  payload?: object,
  headers: Record<string, string> = {},
) => t.app.inject({ method, url, headers: { ...bearer(token), ...headers }, ...(payload && { payload }) });

async function freeSale(offset = 0): Promise<number> {
  const result = await t.database.db.execute(sql`
    SELECT s.id FROM sales s WHERE s.kind = 'sale' AND s.canceled_at IS NULL AND s.deleted_at IS NULL
      AND NOT EXISTS (SELECT 1 FROM shipping_details d WHERE d.sale_id = s.id AND d.deleted_at IS NULL)
    ORDER BY s.id LIMIT 1 OFFSET ${offset}`);
  return (result as unknown as { rows: { id: number }[] }).rows[0]!.id;
}

describe('GET /api/v2/sync/pull', () => {
  it('starts a device with a reset: the driver’s own routes of the 15-day window, catalogues and the business identity', async () => {
    const { pages } = await pullAll(driver);
    expect(pages[0]!.reset).toBe(true);
    expect(pages[0]!.deployment?.id).toBe('frutas');
    const routes = pages.flatMap((p) => p.shippings);
    expect(routes.length).toBeGreaterThan(0);
    const from = monterreyDateOffset(new Date(), -7);
    const to = monterreyDateOffset(new Date(), 7);
    expect(routes.every((r) => r.driver_id === driverId && r.date >= from && r.date <= to)).toBe(true);
    expect(routes.some((r) => r.shipping_details.length > 0)).toBe(true);
    const detail = routes.flatMap((r) => r.shipping_details)[0]!;
    expect(detail.sale.company_name).toEqual(expect.any(String));
    expect(pages.flatMap((p) => p.orders)).toEqual([]);
    expect(pages.flatMap((p) => p.vehicles).length).toBeGreaterThan(0);
    expect(pages.flatMap((p) => p.drivers).map((d) => d.id)).toEqual(expect.arrayContaining([driverId, otherDriverId]));
    expect(pages.flatMap((p) => p.items).some((i) => i.ean13 !== null && i.unit !== '')).toBe(true);
    // What the database holds for the same scope: the same routes, none missing.
    const expected = await t.database.db.execute(
      sql`SELECT id FROM shippings WHERE driver_id = ${driverId} AND deleted_at IS NULL AND date BETWEEN ${from} AND ${to}`,
    );
    const ids = (expected as unknown as { rows: { id: number }[] }).rows.map((r) => r.id).sort((a, b) => a - b);
    expect(routes.map((r) => r.id).sort((a, b) => a - b)).toEqual(ids);
  });

  it('answers nothing new when nothing changed, and the next change once it happens', async () => {
    const first = await pullAll(driver);
    const quiet = await pull(driver, first.cursor);
    expect(quiet).toMatchObject({ reset: false, has_more: false, shippings: [], orders: [] });
    const created = shippingSchema.parse(
      (await send(office, 'POST', '/api/v1/shipping/create', { date: today, driver_id: driverId })).json(),
    );
    const next = await pull(driver, quiet.cursor);
    expect(next.reset).toBe(false);
    expect(next.shippings.map((s) => s.id)).toEqual([created.id]);
  });

  it('sends a route whole again when one of its deliveries changes, is removed, or the route is reassigned', async () => {
    const start = await pullAll(driver);
    const route = shippingSchema.parse(
      (await send(office, 'POST', '/api/v1/shipping/create', { date: today, driver_id: driverId })).json(),
    );
    const saleId = await freeSale();
    const detail = shippingDetailSchema.parse(
      (await send(office, 'POST', '/api/v1/shipping_detail/create', { sale_id: saleId, shipping_id: route.id })).json(),
    );
    const afterAdd = await pull(driver, start.cursor);
    expect(afterAdd.shippings.find((s) => s.id === route.id)?.shipping_details.map((d) => d.id)).toEqual([detail.id]);

    expect((await send(office, 'DELETE', `/api/v2/shipping_details/${detail.id}`)).statusCode).toBe(200);
    const afterDelete = await pull(driver, afterAdd.cursor);
    expect(afterDelete.shippings.find((s) => s.id === route.id)?.shipping_details).toEqual([]);

    const otherStart = await pullAll(otherDriver);
    expect(otherStart.pages.flatMap((p) => p.shippings).some((s) => s.id === route.id)).toBe(false);
    expect((await send(office, 'PUT', '/api/v1/shipping/update', { id: route.id, driver_id: otherDriverId })).statusCode).toBe(200);
    const mine = await pull(driver, afterDelete.cursor);
    expect(mine.removed.shippings).toContain(route.id);
    expect(mine.shippings.some((s) => s.id === route.id)).toBe(false);
    const theirs = await pull(otherDriver, otherStart.cursor);
    expect(theirs.shippings.map((s) => s.id)).toContain(route.id);

    expect((await send(office, 'DELETE', `/api/v2/shippings/${route.id}`)).statusCode).toBe(200);
    expect((await pull(otherDriver, theirs.cursor)).removed.shippings).toContain(route.id);
  });

  it('sends both routes again when a delivery moves from one to the other, and one whose delivery changed', async () => {
    const create = async () =>
      shippingSchema.parse((await send(office, 'POST', '/api/v1/shipping/create', { date: today, driver_id: driverId })).json());
    const [from, to] = [await create(), await create()];
    const detail = shippingDetailSchema.parse(
      (await send(office, 'POST', '/api/v1/shipping_detail/create', { sale_id: await freeSale(), shipping_id: from.id })).json(),
    );
    const { cursor } = await pullAll(driver);

    await t.database.db.execute(sql`UPDATE shipping_details SET shipping_id = ${to.id} WHERE id = ${detail.id}`);
    const moved = await pull(driver, cursor);
    expect(moved.shippings.find((s) => s.id === from.id)?.shipping_details).toEqual([]);
    expect(moved.shippings.find((s) => s.id === to.id)?.shipping_details.map((d) => d.id)).toEqual([detail.id]);

    const rejected = await send(driver, 'PATCH', `/api/v2/shipping_details/${detail.id}`, {
      completed: true,
      is_delivered: false,
      delivery_rejection_comment: 'Cerrado',
    });
    expect(rejected.statusCode, rejected.body).toBe(200);
    const changed = await pull(driver, moved.cursor);
    expect(changed.shippings.map((s) => s.id)).toEqual([to.id]);
    expect(changed.shippings[0]!.shipping_details[0]).toMatchObject({
      id: detail.id,
      completed: true,
      delivery_rejection_comment: 'Cerrado',
    });
  });

  it('gives the warehouse its orders to fill and takes away a dispatched one', async () => {
    const { pages, cursor } = await pullAll(warehouse);
    const orders = pages.flatMap((p) => p.orders);
    expect(orders.length).toBeGreaterThan(0);
    expect(pages.flatMap((p) => p.shippings)).toEqual([]);
    const order = orders.find((o) => o.items.length > 0)!;
    const dispatched = await send(warehouse, 'POST', '/api/v2/orders/dispatch_sale_order', {
      id: order.id,
      quotation_items: order.items.map((line) => ({ item_id: line.item.id, quantity: line.quantity })),
    });
    expect(dispatched.statusCode, dispatched.body).toBe(200);
    const next = await pull(warehouse, cursor);
    expect(next.removed.orders).toEqual([order.id]);
  });

  it('pages a large change set with has_more, each page continuing where the last ended', async () => {
    const start = await pullAll(driver);
    const created: number[] = [];
    for (let i = 0; i < 45; i += 1) {
      created.push(
        shippingSchema.parse((await send(office, 'POST', '/api/v1/shipping/create', { date: today, driver_id: driverId })).json()).id,
      );
    }
    const { pages } = await pullAll(driver, start.cursor);
    expect(pages.length).toBeGreaterThan(1);
    expect(pages[0]!.has_more).toBe(true);
    const received = pages.flatMap((p) => p.shippings.map((s) => s.id));
    expect(received.sort((a, b) => a - b)).toEqual(created);
  });

  it('starts over with a reset for a cursor that is not its own, malformed, or of another user', async () => {
    expect((await pull(driver, 'no-es-un-cursor')).reset).toBe(true);
    const theirs = await pullAll(otherDriver);
    const mine = await pull(driver, theirs.cursor);
    expect(mine.reset).toBe(true);
    expect(mine.shippings.every((s) => s.driver_id === driverId)).toBe(true);
  });

  it('refuses other query parameters and callers without a token', async () => {
    const unknown = await t.app.inject({ method: 'GET', url: '/api/v2/sync/pull?desde=1', headers: bearer(driver) });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toEqual(expect.any(String));
    expect((await t.app.inject({ method: 'GET', url: '/api/v2/sync/pull' })).statusCode).toBe(401);
  });

  it('keeps each device’s highest applied outbox number with the idempotency record', async () => {
    const device = '0f8fad5b-d9cb-469f-a165-70867728950e';
    const route = shippingSchema.parse(
      (await send(office, 'POST', '/api/v1/shipping/create', { date: today, driver_id: driverId })).json(),
    );
    for (const [seq, km] of [
      [7, 100],
      [5, 100],
    ] as const) {
      const response = await send(
        driver,
        'PUT',
        '/api/v1/shipping/update',
        { id: route.id, initial_km: km, km_capture_time_start: `${today} 08:15` },
        { 'idempotency-key': `inicio-${route.id}-${seq}`, 'x-device-id': device, 'x-device-seq': String(seq) },
      );
      expect(response.statusCode, response.body).toBe(200);
    }
    const [row] = await t.database.db.select().from(syncDevices).where(eq(syncDevices.device_id, device));
    expect(row).toMatchObject({ user_id: driverId, last_seq: 7 });
  });
});
