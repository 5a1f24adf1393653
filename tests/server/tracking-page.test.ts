import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { etaWindow } from '../../domain/rules/eta-window';
import { publicTrackingSchema } from '../../domain/schemas/tracking';
import { createTestApp, type TestApp } from './test-app';
import { rejectStop, routeWithStops, rowsOf, startRoute, tokenOf, type TrackedStop } from './tracking-route';

/**
 * The customer's public tracking page (issue 47): GET /api/v2/tracking/:token and the HTML page
 * /seguimiento/:token, no sign-in. What it shows — business, state, ETA, near — and what it
 * must never show: the customer, the driver, other stops' customers, positions.
 */
let t: TestApp;
let route: { shippingId: number; stops: TrackedStop[] };
let tokens: string[];
let driverName: string;

beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: 'https://ventas.ejemplo.mx' });
  route = await routeWithStops(t, ['nobody', 'nobody', 'nobody']);
  expect((await startRoute(t, route.shippingId)).statusCode).toBe(200);
  tokens = await Promise.all(route.stops.map(async (stop) => (await tokenOf(t, stop.detailId))!));
  const [driver] = await rowsOf<{ id: number; name: string; last: string }>(t, sql`SELECT id, name, last FROM users WHERE email = 'chofer@demo.mx'`);
  driverName = driver!.name;
  // The truck, some 550 m from the first stop, a minute ago.
  const first = route.stops[0]!;
  await t.database.db.execute(
    sql`INSERT INTO route_positions (shipping_id, user_id, recorded_at, latitude, longitude)
      VALUES (${route.shippingId}, ${driver!.id}, now() - interval '1 minute', ${first.latitude + 0.005}, ${first.longitude})`,
  );
});
afterAll(async () => {
  await t.close();
});

const api = (token: string) => t.app.inject({ method: 'GET', url: `/api/v2/tracking/${token}` });
const page = (token: string) => t.app.inject({ method: 'GET', url: `/seguimiento/${token}`, headers: { accept: 'text/html' } });

/** Nothing private: no driver, no customer (its own or another stop's), no coordinates. */
function expectNothingPrivate(text: string) {
  expect(text).not.toContain(driverName);
  for (const stop of route.stops) expect(text).not.toContain(stop.company);
  for (const stop of route.stops) {
    expect(text).not.toContain(String(stop.latitude).slice(0, 6));
    expect(text).not.toContain(String(stop.longitude).slice(0, 7));
  }
  expect(text).not.toContain('latitude');
}

describe('GET /api/v2/tracking/:token', () => {
  it('answers the next stop with its state, its ETA and that the truck is near, and nothing private', async () => {
    const response = await api(tokens[0]!);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers['x-robots-tag']).toContain('noindex');
    const tracking = publicTrackingSchema.parse(response.json());
    expect(tracking).toMatchObject({ state: 'siguiente', near: true, delivered_at: null });
    // No routing engine here: the straight line at the route's speed, said to be approximate.
    expect(tracking.eta).not.toBeNull();
    expect(tracking.eta_approximate).toBe(true);
    expect(Date.parse(tracking.eta!)).toBeGreaterThan(Date.now() - 5 * 60_000);
    expect(Object.keys(response.json() as object).sort()).toEqual(
      ['business', 'delivered_at', 'eta', 'eta_approximate', 'near', 'state'].sort(),
    );
    expectNothingPrivate(response.body);
  });

  it('answers a later stop as on its way, not near', async () => {
    const tracking = publicTrackingSchema.parse((await api(tokens[2]!)).json());
    expect(tracking).toMatchObject({ state: 'en_camino', near: false });
    expect(tracking.eta).not.toBeNull();
  });

  it('answers 404 in Spanish to an unknown token and to one of another shape', async () => {
    const unknown = await api('A'.repeat(43));
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: 'Este enlace ya no está disponible.' });
    expect((await api('corto')).statusCode).toBe(404);
    expect((await api(`${tokens[0]!}x`)).statusCode).toBe(404);
  });
});

describe('GET /seguimiento/:token', () => {
  it('is a page without scripts that refreshes itself and shows the business, the state, the ETA window and the truck near', async () => {
    const response = await page(tokens[0]!);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers['x-robots-tag']).toContain('noindex');
    expect(response.headers['content-security-policy']).toContain("script-src 'self'");
    const html = response.body;
    expect(html).not.toMatch(/<script/i);
    expect(html).toContain('<meta http-equiv="refresh" content="60">');
    const tracking = publicTrackingSchema.parse((await api(tokens[0]!)).json());
    expect(html).toContain(tracking.business);
    expect(html).toContain('Su pedido es el siguiente');
    const window = etaWindow(Date.parse(tracking.eta!), tracking.eta_approximate);
    expect(html).toContain(`Llegada aproximada: ${window.from}–${window.to}`);
    expect(html).toContain('El repartidor está a menos de 1 km');
    expectNothingPrivate(html);
  });

  it('shows a completed stop as such until 12 hours after, then that the link is no longer there', async () => {
    const stop = route.stops[1]!;
    expect((await rejectStop(t, stop.detailId)).statusCode).toBe(200);
    const done = await page(tokens[1]!);
    expect(done.statusCode).toBe(200);
    expect(done.body).toContain('No entregado');
    expect(done.body).not.toContain('Llegada aproximada');
    expect(done.body).not.toContain('menos de 1 km');
    // Eleven hours ago (Monterrey's wall clock, as delivered_at is kept): still answers.
    const hoursAgo = (hours: number) =>
      sql`UPDATE shipping_details SET delivered_at = (now() - ${hours} * interval '1 hour') AT TIME ZONE 'America/Monterrey' WHERE id = ${stop.detailId}`;
    await t.database.db.execute(hoursAgo(11));
    expect((await api(tokens[1]!)).statusCode).toBe(200);
    await t.database.db.execute(hoursAgo(13));
    const gone = await page(tokens[1]!);
    expect(gone.statusCode).toBe(404);
    expect(gone.headers['content-type']).toContain('text/html');
    expect(gone.body).toContain('Este enlace ya no está disponible.');
    expect(gone.body).not.toContain(stop.company);
    expect((await api(tokens[1]!)).statusCode).toBe(404);
  });

  it('shows a stop left pending by a finished route as not delivered until 12 hours after the route finished', async () => {
    const left = await routeWithStops(t, ['nobody', 'nobody']);
    expect((await startRoute(t, left.shippingId)).statusCode).toBe(200);
    const token = (await tokenOf(t, left.stops[1]!.detailId))!;
    expect((await rejectStop(t, left.stops[0]!.detailId)).statusCode).toBe(200);
    // The route finished (its final reading) an hour ago, Monterrey's wall clock as it is kept, the second stop still pending.
    const finishedHoursAgo = (hours: number) =>
      sql`UPDATE shippings SET final_km = 10050, km_capture_time = (now() - ${hours} * interval '1 hour') AT TIME ZONE 'America/Monterrey'
        WHERE id = ${left.shippingId}`;
    await t.database.db.execute(finishedHoursAgo(1));
    const shown = await page(token);
    expect(shown.statusCode).toBe(200);
    expect(shown.body).toContain('No entregado');
    expect(shown.body).not.toContain('Llegada aproximada');
    expect(publicTrackingSchema.parse((await api(token)).json())).toMatchObject({ state: 'no_entregado', eta: null, delivered_at: null });
    await t.database.db.execute(finishedHoursAgo(13));
    expect((await api(token)).statusCode).toBe(404);
    expect((await page(token)).body).toContain('Este enlace ya no está disponible.');
  });

  it('no longer answers a link of a route two days past, whatever its stop', async () => {
    const old = await routeWithStops(t, ['nobody']);
    expect((await startRoute(t, old.shippingId)).statusCode).toBe(200);
    const token = (await tokenOf(t, old.stops[0]!.detailId))!;
    const dated = (days: number) =>
      sql`UPDATE shippings SET date = to_char((now() AT TIME ZONE 'America/Monterrey') - ${days} * interval '1 day', 'YYYY-MM-DD') WHERE id = ${old.shippingId}`;
    await t.database.db.execute(dated(1));
    expect((await api(token)).statusCode).toBe(200);
    await t.database.db.execute(dated(2));
    expect((await api(token)).statusCode).toBe(404);
  });

  it('answers an unknown link with the Spanish page, not the app', async () => {
    const response = await page('B'.repeat(43));
    expect(response.statusCode).toBe(404);
    expect(response.body).toContain('Este enlace ya no está disponible.');
    expect(response.body).not.toMatch(/<script/i);
  });
});
