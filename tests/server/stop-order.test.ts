import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stopOrderMessages } from '../../domain/messages/stop-order';
import type { GeoPoint } from '../../domain/rules/eta';
import { shippingDetailSchema, shippingSchema, shippingSummarySchema } from '../../domain/schemas/shipping';
import { mapRouteAnswerSchema, optimizedRouteSchema } from '../../domain/schemas/tracking';
import { monterreyDate } from '../../domain/time';
import { users } from '../../server/db/schema';
import { ENGINE_MAX_POINTS } from '../../server/routing/engine';
import { nearestNeighbourOrder, startFakeRouting, type FakeRouting } from './fake-routing';
import { syncPulls } from './sync-pulls';
import { bearer, createTestApp, loginAs, type TestApp } from './test-app';

let t: TestApp;
let routing: FakeRouting;
let office: string;
let driver: string;
let consulta: string;
let driverId: number;
const { pullAll } = syncPulls(() => t.app);

beforeAll(async () => {
  routing = await startFakeRouting();
  t = await createTestApp({ ROUTING_URL: routing.url });
  [office, driver, consulta] = await Promise.all([
    loginAs(t.app, 'oficina@demo.mx'),
    loginAs(t.app, 'chofer@demo.mx'),
    loginAs(t.app, 'consulta@demo.mx'),
  ]);
  const [row] = await t.database.db.select().from(users).where(eq(users.email, 'chofer@demo.mx'));
  driverId = row!.id;
});
afterAll(async () => {
  await t.close();
  await routing.close();
});

const send = (token: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, headers: Record<string, string> = {}) =>
  t.app.inject({ method, url, headers: { ...bearer(token), ...headers }, ...(payload && { payload }) });

const reorder = (token: string, shippingId: number, detailIds: number[], key = randomUUID()) =>
  send(token, 'PUT', `/api/v2/shippings/${shippingId}/stop_order`, { detail_ids: detailIds }, { 'idempotency-key': key });

const optimize = (token: string, shippingId: number, key = randomUUID()) =>
  send(token, 'POST', `/api/v2/shippings/${shippingId}/optimize`, undefined, { 'idempotency-key': key });

async function query<T>(text: ReturnType<typeof sql>): Promise<T[]> {
  return ((await t.database.db.execute(text)) as unknown as { rows: T[] }).rows;
}

const placedBranches = new Set<number>();

/** A few hundred metres to a few km around Monterrey's centre, each stop its own place. */
const around = (north: number, east: number): GeoPoint => ({ latitude: 25.67 + north / 111, longitude: -100.31 + east / 100 });

/**
 * A new route of the first driver with one delivery per place (a sale of its own branch, the
 * branch put at that place; null: a branch without a place), created as the office does.
 */
async function routeAt(places: (GeoPoint | null)[], date = '2026-12-10'): Promise<{ shippingId: number; detailIds: number[] }> {
  const created = await send(office, 'POST', '/api/v1/shipping/create', { date, driver_id: driverId });
  expect(created.statusCode, created.body).toBe(201);
  const shippingId = shippingSchema.parse(created.json()).id;
  // Each stop of this file's routes at a branch of its own, so placing one moves no other.
  const taken = `{${[0, ...placedBranches].join(',')}}`;
  const sales = await query<{ id: number; branch: number }>(sql`
    SELECT id, branch FROM (
      SELECT DISTINCT ON (s.company_branch_id) s.id, s.company_branch_id AS branch FROM sales s
      WHERE s.kind = 'sale' AND s.canceled_at IS NULL AND s.company_branch_id IS NOT NULL
        AND s.company_branch_id <> ALL(${taken}::int[])
        AND NOT EXISTS (SELECT 1 FROM shipping_details d WHERE d.sale_id = s.id AND d.deleted_at IS NULL)
      ORDER BY s.company_branch_id, s.id) free
    ORDER BY id LIMIT ${places.length}`);
  expect(sales).toHaveLength(places.length);
  for (const sale of sales) placedBranches.add(sale.branch);
  const detailIds: number[] = [];
  for (const [index, sale] of sales.entries()) {
    const place = places[index]!;
    await t.database.db.execute(
      sql`UPDATE company_branches SET latitude = ${place?.latitude ?? null}, longitude = ${place?.longitude ?? null} WHERE id = ${sale.branch}`,
    );
    const detail = await send(office, 'POST', '/api/v1/shipping_detail/create', {
      sale_id: sale.id,
      shipping_id: shippingId,
      completed: false,
    });
    expect(detail.statusCode, detail.body).toBe(201);
    detailIds.push(shippingDetailSchema.parse(detail.json()).id);
  }
  return { shippingId, detailIds };
}

async function officeRoute(shippingId: number) {
  const response = await send(office, 'GET', `/api/v2/shippings?filter[id]=${shippingId}`);
  expect(response.statusCode).toBe(200);
  return shippingSchema.parse((response.json() as { data: unknown[] }).data[0]);
}

async function storedOrder(shippingId: number): Promise<number[]> {
  const rows = await query<{ id: number }>(
    sql`SELECT id FROM shipping_details WHERE shipping_id = ${shippingId} AND deleted_at IS NULL ORDER BY stop_order NULLS LAST, id`,
  );
  return rows.map((r) => r.id);
}

describe('PUT /api/v2/shippings/:id/stop_order', () => {
  it('stores the office’s order, answers the route in it, and every read of the route follows it', async () => {
    const { shippingId, detailIds } = await routeAt([around(1, 0), around(2, 0), around(3, 0)]);
    const wanted = [detailIds[2]!, detailIds[0]!, detailIds[1]!];
    const response = await reorder(office, shippingId, wanted);
    expect(response.statusCode, response.body).toBe(200);
    const route = mapRouteAnswerSchema.parse(response.json()).data;
    expect(route.stops.map((s) => [s.detail_id, s.stop_order])).toEqual([
      [wanted[0], 1],
      [wanted[1], 2],
      [wanted[2], 3],
    ]);

    const full = await officeRoute(shippingId);
    expect(full.shipping_details.map((d) => [d.id, d.stop_order])).toEqual([
      [wanted[0], 1],
      [wanted[1], 2],
      [wanted[2], 3],
    ]);
    const list = await send(office, 'GET', `/api/v2/shippings?filter[id]=${shippingId}&include=shipping_details.summary`);
    const summary = shippingSummarySchema.parse((list.json() as { data: unknown[] }).data[0]);
    expect(summary.shipping_details.map((d) => [d.id, d.stop_order])).toEqual(full.shipping_details.map((d) => [d.id, d.stop_order]));

    // A delivery added afterwards has no place yet: it comes after the ordered ones.
    const [late] = (await routeAt([around(4, 0)])).detailIds;
    await t.database.db.execute(sql`UPDATE shipping_details SET shipping_id = ${shippingId} WHERE id = ${late!}`);
    expect((await officeRoute(shippingId)).shipping_details.map((d) => d.id)).toEqual([...wanted, late]);
  });

  it('refuses, in Spanish and changing nothing, an order that is not exactly the route’s stops', async () => {
    const { shippingId, detailIds } = await routeAt([around(1, 1), around(2, 1), around(3, 1)]);
    const other = await routeAt([around(1, 2)]);
    const before = await storedOrder(shippingId);
    for (const ids of [
      detailIds.slice(0, 2),
      [...detailIds, detailIds[0]!],
      [detailIds[0]!, detailIds[1]!, detailIds[1]!],
      [detailIds[0]!, detailIds[1]!, other.detailIds[0]!],
    ]) {
      const response = await reorder(office, shippingId, ids);
      expect(response.statusCode, JSON.stringify(ids)).toBe(422);
      expect(response.json()).toMatchObject({ message: stopOrderMessages.notTheRouteStops });
    }
    expect(await storedOrder(shippingId)).toEqual(before);
    expect((await reorder(office, shippingId, [])).statusCode).toBe(422);
    const missing = await reorder(office, 999_999, detailIds);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ message: stopOrderMessages.shippingNotFound });
  });

  it('is the office’s: the route’s driver (and whoever only reads routes) is refused', async () => {
    const { shippingId, detailIds } = await routeAt([around(1, 3), around(2, 3)]);
    const before = await storedOrder(shippingId);
    expect((await reorder(driver, shippingId, [...detailIds].reverse())).statusCode).toBe(403);
    expect((await reorder(consulta, shippingId, [...detailIds].reverse())).statusCode).toBe(403);
    expect((await optimize(driver, shippingId)).statusCode).toBe(403);
    expect(await storedOrder(shippingId)).toEqual(before);
  });

  it('answers a retry with the same key as the first time, once', async () => {
    const { shippingId, detailIds } = await routeAt([around(1, 4), around(2, 4)]);
    const key = randomUUID();
    const first = await reorder(office, shippingId, [detailIds[1]!, detailIds[0]!], key);
    const again = await reorder(office, shippingId, [detailIds[1]!, detailIds[0]!], key);
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
  });

  it('reaches the driver’s phone with its next pull, in the new order', async () => {
    const { shippingId, detailIds } = await routeAt([around(1, 5), around(2, 5), around(3, 5)], monterreyDate(new Date()));
    const start = await pullAll(driver);
    const pulled = start.pages.flatMap((p) => p.shippings).find((s) => s.id === shippingId);
    expect(pulled?.shipping_details.map((d) => d.id)).toEqual(detailIds);

    const wanted = [detailIds[1]!, detailIds[2]!, detailIds[0]!];
    expect((await reorder(office, shippingId, wanted)).statusCode).toBe(200);
    const next = await pullAll(driver, start.cursor);
    const route = next.pages.flatMap((p) => p.shippings).find((s) => s.id === shippingId);
    expect(route?.shipping_details.map((d) => [d.id, d.stop_order])).toEqual([
      [wanted[0], 1],
      [wanted[1], 2],
      [wanted[2], 3],
    ]);
  });
});

describe('POST /api/v2/shippings/:id/optimize', () => {
  it('orders the pending stops by the engine from the truck, leaves completed ones first and unplaced ones last', async () => {
    const places = [around(0.5, 0.5), around(6, 0), around(1, 0), null, around(3, 0), around(2, 0)];
    const { shippingId, detailIds } = await routeAt(places);
    const [done, far, near, unplaced, middle, second] = detailIds as [number, number, number, number, number, number];
    // The office's order puts the far stop first; the first one is already delivered.
    await reorder(office, shippingId, [unplaced, done, far, middle, second, near]);
    await t.database.db.execute(sql`UPDATE shipping_details SET completed = true, is_delivered = true WHERE id = ${done}`);
    const truck = around(0, 0);
    await t.database.db.execute(sql`INSERT INTO route_positions (shipping_id, user_id, recorded_at, latitude, longitude)
      VALUES (${shippingId}, ${driverId}, now() - interval '5 minutes', ${around(9, 9).latitude}, ${around(9, 9).longitude}),
             (${shippingId}, ${driverId}, now() - interval '1 minute', ${truck.latitude}, ${truck.longitude})`);
    const asked = routing.requests.length;

    const response = await optimize(office, shippingId);
    expect(response.statusCode, response.body).toBe(200);
    const answer = optimizedRouteSchema.parse(response.json());

    const pending = [far, middle, second, near];
    const expected = nearestNeighbourOrder(
      truck,
      pending.map((id) => places[detailIds.indexOf(id)]!),
    ).map((i) => pending[i]!);
    expect(expected).toEqual([near, second, middle, far]);
    expect(answer.data.stops.map((s) => s.detail_id)).toEqual([done, ...expected, unplaced]);
    expect(answer.data.stops.map((s) => s.stop_order)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(answer.data.stops[0]).toMatchObject({ detail_id: done, state: 'entregado' });
    expect(answer.unplaced).toEqual([unplaced]);
    expect(await storedOrder(shippingId)).toEqual([done, ...expected, unplaced]);

    // One trip asked, from the truck's last position, with the pending placed stops only.
    expect(routing.requests.slice(asked).map((r) => r.service)).toEqual(['trip']);
    const trip = routing.requests.at(-1)!;
    expect(trip.points).toHaveLength(1 + pending.length);
    expect(trip.points[0]!.latitude).toBeCloseTo(truck.latitude, 5);
    expect(trip.points[0]!.longitude).toBeCloseTo(truck.longitude, 5);
  });

  it('starts from the first pending placed stop when the truck has not reported a position', async () => {
    const places = [around(5, 0), around(1, 0), around(4, 0), around(2, 0)];
    const { shippingId, detailIds } = await routeAt(places);
    const response = await optimize(office, shippingId);
    expect(response.statusCode, response.body).toBe(200);
    const rest = detailIds.slice(1);
    const expected = nearestNeighbourOrder(places[0]!, places.slice(1) as GeoPoint[]).map((i) => rest[i]!);
    expect(optimizedRouteSchema.parse(response.json()).data.stops.map((s) => s.detail_id)).toEqual([detailIds[0], ...expected]);
    expect(expected).toEqual([detailIds[2], detailIds[3], detailIds[1]]);
  });

  it('answers 502 in Spanish and changes nothing when the engine fails; a retry of a done optimization is answered without it', async () => {
    const { shippingId, detailIds } = await routeAt([around(1, 7), around(4, 7), around(2, 7), around(3, 7)]);
    const before = await storedOrder(shippingId);
    for (const failure of [true, 'reset', 'garbage'] as const) {
      routing.setDown(failure);
      const response = await optimize(office, shippingId);
      expect(response.statusCode, String(failure)).toBe(502);
      expect(response.json()).toMatchObject({ message: stopOrderMessages.engineFailed });
      expect(response.body).not.toContain('at ');
    }
    routing.setDown(false);
    expect(await storedOrder(shippingId)).toEqual(before);
    expect(before).toEqual(detailIds);

    const key = randomUUID();
    const first = await optimize(office, shippingId, key);
    expect(first.statusCode).toBe(200);
    routing.setDown(true);
    const retry = await optimize(office, shippingId, key);
    routing.setDown(false);
    expect(retry.statusCode).toBe(200);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.json()).toEqual(first.json());
  });

  it(`refuses in Spanish a route with more stops than the engine takes at once (${ENGINE_MAX_POINTS})`, async () => {
    const { shippingId } = await routeAt([around(1, 8)]);
    // The rest of the stops are written directly: a hundred deliveries through the API add nothing to the test.
    await t.database.db.execute(sql`
      INSERT INTO shipping_details (sale_id, shipping_id, company_id, completed)
      SELECT s.id, ${shippingId}, s.company_id, false FROM sales s
      WHERE s.kind = 'sale' AND s.canceled_at IS NULL AND s.company_branch_id IS NOT NULL
        AND NOT EXISTS (SELECT 1 FROM shipping_details d WHERE d.sale_id = s.id AND d.deleted_at IS NULL)
      ORDER BY s.id LIMIT ${ENGINE_MAX_POINTS}`);
    await t.database.db.execute(sql`UPDATE company_branches b SET latitude = 25.7, longitude = -100.3
      FROM sales s JOIN shipping_details d ON d.sale_id = s.id WHERE d.shipping_id = ${shippingId} AND b.id = s.company_branch_id AND b.latitude IS NULL`);
    const asked = routing.requests.length;
    const response = await optimize(office, shippingId);
    expect(response.statusCode, response.body).toBe(422);
    expect(response.json()).toMatchObject({ message: stopOrderMessages.tooManyStops(ENGINE_MAX_POINTS - 1) });
    expect(routing.requests.length).toBe(asked);
  });
});

describe('without a routing engine', () => {
  let bare: TestApp;
  beforeAll(async () => {
    bare = await createTestApp();
  });
  afterAll(() => bare.close());

  it('answers 409 saying no engine is configured, and the map’s configuration says routing is off', async () => {
    const token = await loginAs(bare.app, 'oficina@demo.mx');
    const { rows } = (await bare.database.db.execute(
      sql`SELECT id FROM shippings WHERE deleted_at IS NULL ORDER BY id LIMIT 1`,
    )) as unknown as {
      rows: { id: number }[];
    };
    const route = rows[0];
    const response = await bare.app.inject({
      method: 'POST',
      url: `/api/v2/shippings/${route!.id}/optimize`,
      headers: { ...bearer(token), 'idempotency-key': randomUUID() },
    });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ message: stopOrderMessages.noRoutingEngine });
    const config = await bare.app.inject({ method: 'GET', url: '/api/v2/map/config', headers: bearer(token) });
    expect(config.statusCode).toBe(200);
    expect(config.json()).toMatchObject({ routing: false });
  });
});
