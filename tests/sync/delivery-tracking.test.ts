import { sql, type SQL } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { shippingDetailSchema, shippingSchema } from '../../domain/schemas/shipping';
import { monterreyDate, monterreyMinute } from '../../domain/time';
import { evidenceFromBytes } from '../../sync/evidence';
import { recordPosition } from '../../sync/positions';
import type { TestApp } from '../server/test-app';
import { bearer, loginAs } from '../server/test-app';
import { Clock, FaultyNetwork, openDevice, startServer, syncUntilQuiet, type Device } from './harness';

/**
 * Delivery tracking on a phone with poor coverage (issue 47), device and real server with
 * faults between them: positions taken offline survive a kill and are recorded once even when
 * an answer is lost; positions of a route not started are answered, not retried forever; a
 * partial delivery with its signature, made offline and killed mid-send, returns its goods once.
 */

let server: TestApp & { baseUrl: string };
const tokens: Record<string, string> = {};
let driverId: number;
const open: Device[] = [];

beforeAll(async () => {
  server = await startServer();
  for (const email of ['oficina@demo.mx', 'almacen@demo.mx', 'admin@demo.mx']) tokens[email] = await loginAs(server.app, email);
  driverId = (await rowsOf<{ id: number }>(sql`SELECT id FROM users WHERE email = 'chofer@demo.mx'`))[0]!.id;
});
afterEach(async () => {
  await Promise.all(open.splice(0).map((d) => d.engine.stop()));
});
afterAll(() => server.close());

const rowsOf = async <T>(query: SQL) => ((await server.database.db.execute(query)) as unknown as { rows: T[] }).rows;
let keys = 0;
const call = (method: 'POST' | 'PUT', url: string, email: string, payload: object) =>
  server.app.inject({ method, url, headers: { ...bearer(tokens[email]!), 'idempotency-key': `rastreo-${(keys += 1)}-${Date.now()}` }, payload });

async function device(network: FaultyNetwork, clock: Clock, tabOf?: Device) {
  const d = await openDevice(server, 'chofer@demo.mx', { network, clock, tabOf });
  open.push(d);
  await d.engine.start();
  await d.engine.senderReady;
  return d;
}

/** The app killed: its engine stops mid-whatever and its connection to the store closes. */
async function kill(d: Device) {
  await d.engine.stop();
  open.splice(open.indexOf(d), 1);
  d.db.close();
}

/** A route of today for the driver; with `filledSale`, one stop whose sale the warehouse filled (2 lines). */
async function routeOfToday(filledSale = false) {
  const route = shippingSchema.parse((await call('POST', '/api/v1/shipping/create', 'oficina@demo.mx', { date: monterreyDate(new Date()), driver_id: driverId })).json());
  if (!filledSale) return { shippingId: route.id, detailId: null, saleId: null };
  const [customer] = await rowsOf<{ id: number }>(sql`SELECT id FROM companies WHERE deleted_at IS NULL ORDER BY id LIMIT 1`);
  const products = await rowsOf<{ id: number }>(sql`SELECT id FROM items WHERE deleted_at IS NULL AND is_published ORDER BY id LIMIT 2`);
  const lines = [
    { item_id: products[0]!.id, quantity: 4 },
    { item_id: products[1]!.id, quantity: 3 },
  ];
  const sale = await call('POST', '/api/v2/sales', 'admin@demo.mx', {
    company_id: customer!.id,
    company_branch_id: null,
    date: monterreyDate(new Date()),
    type: 'Serie B',
    note: null,
    internal_note: null,
    purchase_order: null,
    bar: true,
    items: lines,
  });
  expect(sale.statusCode, sale.body).toBe(201);
  const saleId = sale.json<{ id: number }>().id;
  const filled = await call('POST', '/api/v2/orders/dispatch_sale_order', 'almacen@demo.mx', { id: saleId, quotation_items: lines });
  expect(filled.statusCode, filled.body).toBe(200);
  const stop = await call('POST', '/api/v1/shipping_detail/create', 'oficina@demo.mx', { sale_id: saleId, shipping_id: route.id });
  expect(stop.statusCode, stop.body).toBe(201);
  return { shippingId: route.id, detailId: shippingDetailSchema.parse(stop.json()).id, saleId };
}

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000);
const recordedOnServer = (shippingId: number) =>
  rowsOf<{ recorded_at: string }>(sql`SELECT recorded_at::text FROM route_positions WHERE shipping_id = ${shippingId} ORDER BY recorded_at`);

/** The phone's recorder taking `count` positions, a minute apart, ending `endMinutesAgo` minutes ago. */
async function takePositions(d: Device, shippingId: number, count: number, endMinutesAgo = 1) {
  for (let i = count - 1; i >= 0; i -= 1) {
    const id = await recordPosition(d.db, {
      shippingId,
      userId: d.engine.userId,
      recorded_at: minutesAgo(endMinutesAgo + i).toISOString(),
      latitude: 25.67 + i / 1000,
      longitude: -100.31,
      accuracy: 10,
      speed: 9,
      heading: 180,
    });
    expect(id).not.toBeNull();
  }
}

/** A sync round as the app runs it (start, timer, 'online'), without moving the clock. */
async function round(d: Device) {
  d.engine.wake();
  await d.engine.idle();
}

describe('positions of a started route', () => {
  it('taken offline are kept across a kill, sent once back online, and recorded once though the first answer was lost', async () => {
    const { shippingId } = await routeOfToday();
    const network = new FaultyNetwork();
    const clock = new Clock();
    const first = await device(network, clock);
    await syncUntilQuiet(first, clock);
    await first.engine.command('startRoute', { shippingId, initial_km: 100, km_capture_time_start: monterreyMinute(minutesAgo(30)) });
    await syncUntilQuiet(first, clock);

    network.online = false;
    await takePositions(first, shippingId, 6);
    await round(first);
    expect(await first.db.positions.count()).toBe(6);
    await kill(first);

    network.online = true;
    network.fail('POST', /\/positions$/, { kind: 'lose-reply' });
    const second = await device(network, clock, first);
    await second.engine.idle();
    // The answer was lost: the batch is still on the phone, and goes again next round under its key.
    expect(await second.db.positions.count()).toBe(6);
    await round(second);
    const sends = network.sent('POST', /\/positions$/);
    expect(sends.map((s) => s.status)).toEqual(['lost', 200]);
    expect(sends[0]!.idempotencyKey).toBe(sends[1]!.idempotencyKey);
    expect(await recordedOnServer(shippingId)).toHaveLength(6);
    expect(await second.db.positions.count()).toBe(0);
    // Nothing left: later rounds send nothing more.
    await round(second);
    expect(network.sent('POST', /\/positions$/)).toHaveLength(2);
  });

  it('of a route not started are answered as not recorded, leave the phone, and are not sent again', async () => {
    const { shippingId } = await routeOfToday();
    const network = new FaultyNetwork();
    const clock = new Clock();
    const d = await device(network, clock);
    await syncUntilQuiet(d, clock);
    await takePositions(d, shippingId, 3);
    await round(d);
    await round(d);
    expect(network.sent('POST', /\/positions$/).map((s) => s.status)).toEqual([200]);
    expect(await recordedOnServer(shippingId)).toEqual([]);
    expect(await d.db.positions.count()).toBe(0);
  });
});

describe('a partial delivery with a signature, made offline', () => {
  it('killed mid-send and replayed: one return, its stock back once, the stop partial with who received and the signature', async () => {
    const { shippingId, detailId, saleId } = await routeOfToday(true);
    const network = new FaultyNetwork();
    const clock = new Clock();
    const first = await device(network, clock);
    await syncUntilQuiet(first, clock);
    const stop = (await first.db.details.get(detailId!))!;
    const [returnedItem] = stop.sale.sale_items;
    expect(returnedItem?.item_id).toBeDefined();

    network.online = false;
    await first.engine.command('startRoute', { shippingId, initial_km: 100, km_capture_time_start: monterreyMinute(minutesAgo(30)) });
    const photo = new Uint8Array(2048).map((_, i) => (i * 31 + 7) % 251);
    photo.set([0xff, 0xd8, 0xff, 0xe0], 0);
    const evidence = await evidenceFromBytes(photo.buffer, 'image/jpeg', 'entrega.jpg');
    const returned = [{ item_id: returnedItem!.item_id!, quantity: 1, reason: 'Dañado' as const }];
    await first.engine.command(
      'completeDelivery',
      {
        detailId: detailId!,
        shippingId,
        delivered_at: monterreyMinute(minutesAgo(5)),
        evidenceId: evidence.id,
        position: null,
        received_by: 'Ana Treviño',
        signature: SIGNATURE,
        returned,
      },
      evidence,
    );
    expect(await first.db.details.get(detailId!)).toMatchObject({ completed: true, partial: true, received_by: 'Ana Treviño' });
    await kill(first);

    // Back online: the delivery's PATCH reaches the server, and the app dies before the answer.
    network.online = true;
    let release!: () => void;
    network.fail('PATCH', /shipping_details/, { kind: 'hold', released: new Promise<void>((resolve) => (release = resolve)) });
    const second = await device(network, clock, first);
    // The app hears 'online': what waited for the network goes at once (the device clock stands still here).
    await second.engine.connectivityRestored();
    // The evidence is uploaded first (its own PATCHes); the delivery's PATCH follows.
    const deliverySent = () => network.log.some((e) => e.method === 'PATCH' && /shipping_details/.test(e.path));
    const until = Date.now() + 20_000;
    while (!deliverySent() && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 10));
    expect(deliverySent()).toBe(true);
    await kill(second);
    release();

    const third = await device(network, clock, first);
    await syncUntilQuiet(third, clock);
    const patches = network.sent('PATCH', /shipping_details/);
    expect(patches.map((p) => p.status)).toEqual(['lost', 200]);
    expect(patches[1]!.replayed).toBe(true);

    const returns = await rowsOf<{ id: number }>(sql`SELECT id FROM sale_returns WHERE sale_id = ${saleId}`);
    expect(returns).toHaveLength(1);
    const moved = await rowsOf<{ item_id: number; quantity: number }>(
      sql`SELECT item_id, quantity::float8 AS quantity FROM inventory_movements WHERE sale_id = ${saleId} AND type = 'Devolución'`,
    );
    expect(moved).toEqual([{ item_id: returnedItem!.item_id, quantity: -1 }]);
    const reasons = await rowsOf<{ reason: string | null }>(sql`SELECT reason FROM sale_return_items WHERE return_id = ${returns[0]!.id}`);
    expect(reasons).toEqual([{ reason: 'Dañado' }]);
    const [onServer] = await rowsOf<{ partial: boolean; received_by: string | null; signature: string | null; return_id: number | null }>(
      sql`SELECT partial, received_by, signature, return_id FROM shipping_details WHERE id = ${detailId}`,
    );
    expect(onServer).toMatchObject({ partial: true, received_by: 'Ana Treviño', return_id: returns[0]!.id });
    expect(onServer!.signature).toEqual(expect.any(String));
    // The phone shows the server's stop: partial, who received, the signature's stored file; the outbox is empty.
    expect(await third.db.details.get(detailId!)).toMatchObject({ partial: true, received_by: 'Ana Treviño', signature: onServer!.signature });
    expect(await third.db.outbox.count()).toBe(0);
    expect(await third.db.evidence.count()).toBe(0);
  });
});

/** A 1×1 PNG as the signature pad's data URL. */
const SIGNATURE =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';
