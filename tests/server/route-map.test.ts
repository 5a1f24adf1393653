import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { averageSpeedKmh, stopEtas } from '../../domain/rules/eta';
import { mapConfigSchema, mapRouteAnswerSchema, mapRoutesSchema, TRAIL_POINTS, type MapRoute } from '../../domain/schemas/tracking';
import { monterreyDate, monterreyMinute } from '../../domain/time';
import { rows } from '../../server/db/sql-rows';
import { mapConfig } from '../../server/routes/route-map';
import { deleteExpiredPositions } from '../../server/tracking/retention';
import { anotherMachine, bearer, createTestApp, loginAs, type TestApp } from './test-app';

const MINUTE = 60_000;
const LEG_SECONDS = 300;
const ago = (minutes: number) => new Date(Date.now() - minutes * MINUTE);

let t: TestApp;
let withEngine: Awaited<ReturnType<typeof anotherMachine>>;
let osrm: Server;
const osrmAsked: string[] = [];
let office: string;
let driverId: number;
let shippingId: number;
/** The route's deliveries by their part in the story: s1…s6 (see beforeAll). */
const detail: Record<string, number> = {};
const place = {
  s1: { latitude: 25.7, longitude: -100.3 },
  s2: { latitude: 25.65, longitude: -100.35 },
  s4: { latitude: 25.75, longitude: -100.25 },
  s5: { latitude: 25.6, longitude: -100.4 },
  s6: { latitude: 25.62, longitude: -100.2 },
};

/** A routing engine that answers OSRM's /route with LEG_SECONDS for every leg. */
function fakeOsrm(): Promise<Server> {
  const server = createServer((request, response) => {
    osrmAsked.push(request.url ?? '');
    const coordinates = /^\/route\/v1\/driving\/([^?]+)/.exec(request.url ?? '')?.[1];
    if (!coordinates) {
      response.writeHead(400, { 'content-type': 'application/json' }).end(JSON.stringify({ code: 'InvalidUrl' }));
      return;
    }
    const legs = coordinates.split(';').slice(1).map(() => ({ duration: LEG_SECONDS }));
    response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ code: 'Ok', routes: [{ legs }] }));
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

beforeAll(async () => {
  t = await createTestApp();
  osrm = await fakeOsrm();
  withEngine = await anotherMachine(t, {
    ROUTING_URL: `http://127.0.0.1:${(osrm.address() as AddressInfo).port}`,
    MAP_TILES_URL: 'https://mapas.example.mx/monterrey.pmtiles',
    MAP_TILES_ATTRIBUTION: '© OpenStreetMap',
  });
  office = await loginAs(t.app, 'oficina@demo.mx');
  const db = t.database.db;
  const [driver] = await rows<{ id: number }>(db, sql`SELECT id FROM users WHERE email = 'chofer@demo.mx'`);
  driverId = driver!.id;
  const [route] = await rows<{ id: number }>(
    db,
    sql`INSERT INTO shippings (date, driver_id, initial_km, km_capture_time_start)
      VALUES (${monterreyDate(new Date())}, ${driverId}, 1000, ${monterreyMinute(ago(60))}) RETURNING id`,
  );
  shippingId = route!.id;
  // Six standing sales, each given a branch of its own (s3's without a place).
  const sales = await rows<{ id: number; company_id: number }>(db, sql`SELECT id, company_id FROM sales WHERE canceled_at IS NULL ORDER BY id LIMIT 6`);
  expect(sales).toHaveLength(6);
  const stories = [
    // name, stop_order, completed, is_delivered, partial
    ['s1', 2, false, false, false],
    ['s2', 1, true, true, false],
    ['s3', null, false, false, false],
    ['s4', null, false, false, false],
    ['s5', null, true, false, false],
    ['s6', null, true, true, true],
  ] as const;
  for (const [index, [name, stopOrder, completed, delivered, partial]] of stories.entries()) {
    const sale = sales[index]!;
    const spot = place[name as keyof typeof place] ?? null;
    const [branch] = await rows<{ id: number }>(
      db,
      sql`INSERT INTO company_branches (company_id, name, address, latitude, longitude)
        VALUES (${sale.company_id}, ${`Sucursal ${name}`}, ${`Calle ${name} 100`}, ${spot?.latitude ?? null}, ${spot?.longitude ?? null}) RETURNING id`,
    );
    await db.execute(sql`UPDATE sales SET company_branch_id = ${branch!.id} WHERE id = ${sale.id}`);
    const [row] = await rows<{ id: number }>(
      db,
      sql`INSERT INTO shipping_details (shipping_id, sale_id, company_id, stop_order, completed, is_delivered, partial, delivered_at)
        VALUES (${shippingId}, ${sale.id}, ${sale.company_id}, ${stopOrder}, ${completed}, ${delivered}, ${partial},
          ${completed ? monterreyMinute(ago(30)) : null}) RETURNING id`,
    );
    detail[name] = row!.id;
  }
  // 1,200 positions, one every 2 seconds from 50 minutes ago: more than the map is sent.
  await db.execute(
    sql`INSERT INTO route_positions (shipping_id, user_id, recorded_at, latitude, longitude)
      SELECT ${shippingId}, ${driverId}, ${ago(50).toISOString()}::timestamptz + make_interval(secs => i * 2), 25.6 + i * 0.00005, -100.3
      FROM generate_series(0, 1199) AS i`,
  );
});
afterAll(async () => {
  await withEngine.close();
  await t.close();
  await new Promise((resolve) => osrm.close(resolve));
});

async function mapRoute(app = t.app, token = office): Promise<MapRoute> {
  const response = await app.inject({ method: 'GET', url: `/api/v2/map/routes/${shippingId}`, headers: bearer(token) });
  expect(response.statusCode).toBe(200);
  return mapRouteAnswerSchema.parse(response.json()).data;
}

describe('the map of a route', () => {
  it('lists the stops in the route’s order (ordered ones, then by id) with their branch’s place and state', async () => {
    const route = await mapRoute();
    expect(route.stops.map((s) => [s.detail_id, s.stop_order, s.state, s.branch, s.latitude])).toEqual([
      [detail.s2, 1, 'entregado', 'Sucursal s2', place.s2.latitude],
      [detail.s1, 2, 'pendiente', 'Sucursal s1', place.s1.latitude],
      [detail.s3, 3, 'pendiente', 'Sucursal s3', null],
      [detail.s4, 4, 'pendiente', 'Sucursal s4', place.s4.latitude],
      [detail.s5, 5, 'rechazado', 'Sucursal s5', place.s5.latitude],
      [detail.s6, 6, 'parcial', 'Sucursal s6', place.s6.latitude],
    ]);
    expect(route.stops[0]!.address).toBe('Calle s2 100');
    // Stored as Monterrey's wall clock, sent as the instant it names (an ISO with its zone), so a
    // device in another zone or a strict parser reads the same moment.
    const delivered = route.stops[0]!.delivered_at!;
    expect(delivered).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);
    const [stored] = await rows<{ wall: string }>(
      t.database.db,
      sql`SELECT to_char(delivered_at, 'YYYY-MM-DD HH24:MI') AS wall FROM shipping_details WHERE id = ${detail.s2}`,
    );
    expect(monterreyMinute(new Date(delivered))).toBe(stored!.wall);
    expect(route.driver).toMatchObject({ id: driverId, name: 'Miguel' });
    expect([route.started, route.finished]).toEqual([true, false]);
  });

  it('sends the trail thinned to TRAIL_POINTS, oldest first, keeping the first and the last position', async () => {
    const route = await mapRoute();
    const [bounds] = await rows<{ first: number; last: number }>(
      t.database.db,
      sql`SELECT (extract(epoch FROM min(recorded_at)) * 1000)::float8 AS first, (extract(epoch FROM max(recorded_at)) * 1000)::float8 AS last
        FROM route_positions WHERE shipping_id = ${shippingId}`,
    );
    expect(route.trail.length).toBeLessThanOrEqual(TRAIL_POINTS);
    expect(route.trail.length).toBeGreaterThan(TRAIL_POINTS * 0.8);
    const times = route.trail.map((p) => Date.parse(p.recorded_at));
    expect(times).toEqual([...times].sort((a, b) => a - b));
    expect([times[0], times[times.length - 1]]).toEqual([bounds!.first, bounds!.last]);
    expect(route.last_position).toEqual(route.trail[route.trail.length - 1]);
  });

  it('gives pending stops straight-line ETAs at the route’s speed, marked approximate, without a routing engine', async () => {
    const before = Date.now();
    const route = await mapRoute();
    const after = Date.now();
    const byId = new Map(route.stops.map((s) => [s.detail_id, s]));
    for (const done of [detail.s2, detail.s5, detail.s6]) expect(byId.get(done!)).toMatchObject({ eta: null, eta_approximate: false });
    expect(byId.get(detail.s3!)).toMatchObject({ eta: null, eta_approximate: true });
    const trail = route.trail.map((p) => ({ ...p, at: Date.parse(p.recorded_at) }));
    const expected = (now: number) =>
      stopEtas({ from: { ...route.last_position!, at: now }, stops: [place.s1, null, place.s4], speedKmh: averageSpeedKmh(trail) });
    const [s1, , s4] = [byId.get(detail.s1!)!, null, byId.get(detail.s4!)!];
    expect([s1.eta_approximate, s4.eta_approximate]).toEqual([true, true]);
    expect(Date.parse(s1.eta!)).toBeGreaterThanOrEqual(expected(before)[0]!.at! - 1);
    expect(Date.parse(s1.eta!)).toBeLessThanOrEqual(expected(after)[0]!.at! + 1);
    expect(Date.parse(s4.eta!) - Date.parse(s1.eta!)).toBeCloseTo(expected(before)[2]!.at! - expected(before)[0]!.at!, -1);
  });

  it('times the legs with the routing engine when one is configured: not approximate', async () => {
    osrmAsked.length = 0;
    const token = await loginAs(withEngine.app, 'oficina@demo.mx');
    const before = Date.now();
    const route = await mapRoute(withEngine.app, token);
    const after = Date.now();
    expect(osrmAsked).toHaveLength(1);
    // From the truck to s1, then s4 (s3 has no place).
    expect(osrmAsked[0]).toContain(`${place.s1.longitude.toFixed(6)},${place.s1.latitude.toFixed(6)};${place.s4.longitude.toFixed(6)},${place.s4.latitude.toFixed(6)}`);
    const byId = new Map(route.stops.map((s) => [s.detail_id, s]));
    const [s1, s3, s4] = [byId.get(detail.s1!)!, byId.get(detail.s3!)!, byId.get(detail.s4!)!];
    expect([s1.eta_approximate, s3.eta_approximate, s4.eta_approximate, s3.eta]).toEqual([false, false, false, null]);
    expect(Date.parse(s1.eta!)).toBeGreaterThanOrEqual(before + LEG_SECONDS * 1000 - 1);
    expect(Date.parse(s1.eta!)).toBeLessThanOrEqual(after + LEG_SECONDS * 1000 + 1);
    // The second leg after ten minutes at the first stop.
    expect(Date.parse(s4.eta!) - Date.parse(s1.eta!)).toBe((10 * 60 + LEG_SECONDS) * 1000);

    // Read again with nothing changed: the engine's legs are reused, not asked for again.
    const again = await mapRoute(withEngine.app, token);
    expect(osrmAsked).toHaveLength(1);
    expect(again.stops.find((s) => s.detail_id === detail.s1)!.eta_approximate).toBe(false);
    // The truck reports a new place: the legs are asked for again, from there.
    await t.database.db.execute(
      sql`INSERT INTO route_positions (shipping_id, user_id, recorded_at, latitude, longitude) VALUES (${shippingId}, ${driverId}, ${new Date().toISOString()}, 25.66, -100.31)`,
    );
    await mapRoute(withEngine.app, token);
    expect(osrmAsked).toHaveLength(2);
    expect(osrmAsked[1]).toContain(`-100.310000,25.660000;${place.s1.longitude.toFixed(6)}`);
  });

  it('gives no ETA once the route is finished', async () => {
    const [finished] = await rows<{ id: number }>(
      t.database.db,
      sql`INSERT INTO shippings (date, driver_id, initial_km, final_km, km_capture_time_start, km_capture_time)
        VALUES (${monterreyDate(new Date())}, ${driverId}, 1, 2, ${monterreyMinute(ago(90))}, ${monterreyMinute(ago(5))}) RETURNING id`,
    );
    await t.database.db.execute(
      sql`INSERT INTO shipping_details (shipping_id, sale_id, company_id) SELECT ${finished!.id}, sale_id, company_id FROM shipping_details WHERE id = ${detail.s1!}`,
    );
    await t.database.db.execute(
      sql`INSERT INTO route_positions (shipping_id, user_id, recorded_at, latitude, longitude) VALUES (${finished!.id}, ${driverId}, ${ago(10).toISOString()}, 25.7, -100.3)`,
    );
    const response = await t.app.inject({ method: 'GET', url: `/api/v2/map/routes/${finished!.id}`, headers: bearer(office) });
    const route = mapRouteAnswerSchema.parse(response.json()).data;
    expect([route.finished, route.stops.map((s) => s.eta), route.trail]).toEqual([true, [null], [route.last_position]]);
  });
});

describe('the map of a day', () => {
  it('lists the day’s routes (today by default) and refuses a date that does not exist, in Spanish', async () => {
    for (const url of ['/api/v2/map/routes', `/api/v2/map/routes?date=${monterreyDate(new Date())}`]) {
      const response = await t.app.inject({ method: 'GET', url, headers: bearer(office) });
      expect(response.statusCode).toBe(200);
      const routes = mapRoutesSchema.parse(response.json()).data;
      expect(routes.map((r) => r.id)).toContain(shippingId);
      expect(routes.every((r) => r.date === monterreyDate(new Date()))).toBe(true);
    }
    const elsewhere = await t.app.inject({ method: 'GET', url: '/api/v2/map/routes?date=2001-01-01', headers: bearer(office) });
    expect(mapRoutesSchema.parse(elsewhere.json()).data).toEqual([]);
    const wrong = await t.app.inject({ method: 'GET', url: '/api/v2/map/routes?date=2026-02-30', headers: bearer(office) });
    expect([wrong.statusCode, wrong.json()]).toEqual([400, { message: 'La fecha no existe o no tiene el formato AAAA-MM-DD.' }]);
    expect((await t.app.inject({ method: 'GET', url: '/api/v2/map/routes?dia=hoy', headers: bearer(office) })).statusCode).toBe(400);
  });

  it('shows a driver only their own routes, and nobody without routes', async () => {
    const own = await loginAs(t.app, 'chofer@demo.mx');
    const other = await loginAs(t.app, 'chofer2@demo.mx');
    const warehouse = await loginAs(t.app, 'almacen@demo.mx');
    expect((await mapRoute(t.app, own)).id).toBe(shippingId);
    const refused = await t.app.inject({ method: 'GET', url: `/api/v2/map/routes/${shippingId}`, headers: bearer(other) });
    expect(refused.statusCode).toBe(404);
    const list = await t.app.inject({ method: 'GET', url: '/api/v2/map/routes', headers: bearer(other) });
    expect(mapRoutesSchema.parse(list.json()).data.map((r) => r.id)).not.toContain(shippingId);
    for (const url of ['/api/v2/map/routes', `/api/v2/map/routes/${shippingId}`, '/api/v2/map/config'])
      expect((await t.app.inject({ method: 'GET', url, headers: bearer(warehouse) })).statusCode).toBe(403);
  });
});

describe('the map’s configuration', () => {
  it('says where the tiles come from and whether routing is on', async () => {
    const none = await t.app.inject({ method: 'GET', url: '/api/v2/map/config', headers: bearer(office) });
    expect(mapConfigSchema.parse(none.json())).toEqual({ tiles: null, routing: false });
    const token = await loginAs(withEngine.app, 'oficina@demo.mx');
    const configured = await withEngine.app.inject({ method: 'GET', url: '/api/v2/map/config', headers: bearer(token) });
    expect(mapConfigSchema.parse(configured.json())).toEqual({
      tiles: { kind: 'pmtiles', url: 'https://mapas.example.mx/monterrey.pmtiles', attribution: '© OpenStreetMap' },
      routing: true,
    });
    expect(mapConfig({ MAP_TILES_URL: 'https://tiles.example.mx/{z}/{x}/{y}.png' }).tiles).toEqual({
      kind: 'xyz',
      url: 'https://tiles.example.mx/{z}/{x}/{y}.png',
      attribution: null,
    });
    expect(mapConfig({ MAP_TILES_URL: '/mapas/mty.pmtiles?v=2' }).tiles?.kind).toBe('pmtiles');
  });
});

describe('keeping positions 90 days', () => {
  it('deletes only positions older than 90 days, a bounded batch at a time', async () => {
    const db = t.database.db;
    const [route] = await rows<{ id: number }>(db, sql`INSERT INTO shippings (date, driver_id) VALUES ('2026-01-01', ${driverId}) RETURNING id`);
    const daysAgo = (days: number) => new Date(Date.now() - days * 24 * 60 * MINUTE).toISOString();
    for (const [i, days] of [91, 95, 120, 89, 1].entries()) {
      await db.execute(
        sql`INSERT INTO route_positions (shipping_id, user_id, recorded_at, latitude, longitude, received_at)
          VALUES (${route!.id}, ${driverId}, ${daysAgo(days)}, 25.6, ${-100.3 - i / 100}, ${daysAgo(days)})`,
      );
    }
    const left = async () =>
      (await rows<{ days: number }>(db, sql`SELECT round(extract(epoch FROM now() - received_at) / 86400)::int AS days FROM route_positions WHERE shipping_id = ${route!.id} ORDER BY 1`)).map(
        (r) => r.days,
      );
    expect(await deleteExpiredPositions(db, new Date(), 2)).toBe(2);
    expect(await left()).toEqual([1, 89, 91]);
    expect(await deleteExpiredPositions(db, new Date(), 2)).toBe(1);
    expect(await deleteExpiredPositions(db, new Date(), 2)).toBe(0);
    expect(await left()).toEqual([1, 89]);
    // The map's route keeps its trail (its positions are minutes old).
    expect((await mapRoute()).trail.length).toBeGreaterThan(0);
  });
});
