import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { shippingMessages } from '../../domain/messages/shipping';
import { syncMessages } from '../../domain/messages/sync';
import { shippingDetailSchema, shippingSchema } from '../../domain/schemas/shipping';
import { monterreyDate } from '../../domain/time';
import { idempotencyKeys, shippingDetails, shippings, users } from '../../server/db/schema';
import { readSyncStatus } from '../../sync/status';
import { bearer, loginAs, type TestApp } from '../server/test-app';
import { Clock, FaultyNetwork, openDevice, startServer, syncUntilQuiet, type Device } from './harness';

/**
 * The fault scenarios of docs/sync-engine.md for rows sent in batches (POST /api/v2/sync/push),
 * against the real server: each row keeps its own key, answer and outcome.
 */

let server: TestApp & { baseUrl: string };
let office: string;
let driverId: number;
const open: Device[] = [];

beforeAll(async () => {
  server = await startServer();
  office = await loginAs(server.app, 'oficina@demo.mx');
  const [driver] = await server.database.db.select({ id: users.id }).from(users).where(eq(users.email, 'chofer@demo.mx'));
  driverId = driver!.id;
});
afterEach(async () => {
  await Promise.all(open.splice(0).map((d) => d.engine.stop()));
});
afterAll(() => server.close());

const db = () => server.database.db;
const at = '2026-11-22 08:00';
let saleOffset = 0;

/** A route of today for chofer@demo.mx with `count` deliveries of sales on no other route. */
async function freshRoute(count: number): Promise<{ shippingId: number; detailIds: number[] }> {
  const created = await server.app.inject({
    method: 'POST',
    url: '/api/v1/shipping/create',
    headers: bearer(office),
    payload: { date: monterreyDate(new Date()), driver_id: driverId },
  });
  const shippingId = shippingSchema.parse(created.json()).id;
  const free = await db().execute(sql`
    SELECT s.id FROM sales s WHERE s.kind = 'sale' AND s.canceled_at IS NULL AND s.deleted_at IS NULL
      AND NOT EXISTS (SELECT 1 FROM shipping_details d WHERE d.sale_id = s.id AND d.deleted_at IS NULL)
    ORDER BY s.id LIMIT ${count} OFFSET ${saleOffset}`);
  saleOffset += count;
  const detailIds: number[] = [];
  for (const { id } of (free as unknown as { rows: { id: number }[] }).rows) {
    const detail = await server.app.inject({
      method: 'POST',
      url: '/api/v1/shipping_detail/create',
      headers: bearer(office),
      payload: { sale_id: id, shipping_id: shippingId },
    });
    detailIds.push(shippingDetailSchema.parse(detail.json()).id);
  }
  return { shippingId, detailIds };
}

async function started(options: { network?: FaultyNetwork; pushBatchSize?: number; onAuthLost?: () => void } = {}) {
  const network = options.network ?? new FaultyNetwork();
  const clock = new Clock();
  const d = await openDevice(server, 'chofer@demo.mx', {
    network,
    clock,
    pushBatchSize: options.pushBatchSize ?? 25,
    onAuthLost: options.onAuthLost,
  });
  open.push(d);
  await d.engine.start();
  await d.engine.senderReady;
  await syncUntilQuiet(d, clock);
  return { d, network, clock };
}

/** A driver's day on one route, queued offline: start, a rejection per delivery, finish. */
async function queueDay(d: Device, network: FaultyNetwork, route: { shippingId: number; detailIds: number[] }) {
  network.online = false;
  await d.engine.command('startRoute', { shippingId: route.shippingId, initial_km: 1000, km_capture_time_start: at });
  for (const [index, detailId] of route.detailIds.entries()) {
    await d.engine.command('rejectDelivery', {
      detailId,
      shippingId: route.shippingId,
      delivered_at: at,
      delivery_rejection_comment: `Cerrado ${index + 1}`,
      position: null,
    });
  }
  await d.engine.command('finishRoute', { shippingId: route.shippingId, final_km: 1080, km_capture_time: '2026-11-22 18:00' });
  await d.engine.idle();
}

/** Coverage is back, as the browser's 'online' event says: every lane is ready at once. */
async function backOnline(d: Device, network: FaultyNetwork) {
  network.online = true;
  await d.engine.connectivityRestored();
}

async function deviceKeys(d: Device) {
  const deviceId = (await d.db.meta.get('deviceId'))!.value as string;
  return db().select().from(idempotencyKeys).where(eq(idempotencyKeys.device_id, deviceId));
}

async function expectDayApplied(route: { shippingId: number; detailIds: number[] }) {
  const [shipping] = await db().select().from(shippings).where(eq(shippings.id, route.shippingId));
  expect([shipping?.initial_km, shipping?.final_km, shipping?.route, shipping?.km_capture_time?.slice(0, 16)]).toEqual([
    1000,
    1080,
    80,
    '2026-11-22 18:00',
  ]);
  const details = await db().select().from(shippingDetails).where(inArray(shippingDetails.id, route.detailIds));
  expect(details.map((d) => d.delivery_rejection_comment).sort()).toEqual(route.detailIds.map((_, i) => `Cerrado ${i + 1}`));
}

describe('rows sent in batches', () => {
  it('sends a day of one route and of another in one request, each row with its own key, applied once', async () => {
    const first = await freshRoute(2);
    const second = await freshRoute(1);
    const { d, network, clock } = await started();
    await queueDay(d, network, first);
    await queueDay(d, network, second);
    await backOnline(d, network);
    await syncUntilQuiet(d, clock);
    expect(network.sent('POST', /\/api\/v2\/sync\/push$/)).toHaveLength(1);
    expect(network.sent('PUT', /shipping\/update/)).toHaveLength(0);
    expect(await d.db.outbox.count()).toBe(0);
    const keys = await deviceKeys(d);
    expect(keys.map((k) => k.device_seq).sort((a, b) => a! - b!)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    await expectDayApplied(first);
    await expectDayApplied(second);
    // The device shows what the server answered.
    expect((await d.db.shippings.get(first.shippingId))?.route).toBe(80);
  });

  it('1. the batch’s answer is lost after the server committed: sent again with the same keys, one effect each', async () => {
    const route = await freshRoute(2);
    const { d, network, clock } = await started();
    await queueDay(d, network, route);
    network.fail('POST', /\/api\/v2\/sync\/push$/, { kind: 'lose-reply' });
    await backOnline(d, network);
    await syncUntilQuiet(d, clock);
    const pushes = network.log.filter((e) => e.path === '/api/v2/sync/push' && e.status !== 'failed');
    expect(pushes.map((e) => e.status)).toEqual(['lost', 200]);
    expect(await d.db.outbox.count()).toBe(0);
    expect(await deviceKeys(d)).toHaveLength(4);
    await expectDayApplied(route);
  });

  it('2. the same batch twice at once (two tabs, a retry racing the first): one effect per key', async () => {
    const network = new FaultyNetwork();
    const twice: typeof fetch = async (input, init) => {
      if (!network.online || !String(input).endsWith('/api/v2/sync/push')) return network.fetch(input, init);
      const [mine] = await Promise.all([
        network.fetch(input, init),
        fetch(input, { method: init!.method, headers: init!.headers, body: init!.body }),
      ]);
      return mine;
    };
    const doubled = Object.assign(new FaultyNetwork(), { fetch: twice });
    const route = await freshRoute(2);
    const { d, clock } = await started({ network: doubled });
    await queueDay(d, network, route);
    await backOnline(d, network);
    await syncUntilQuiet(d, clock);
    expect(await d.db.outbox.count()).toBe(0);
    const keys = await deviceKeys(d);
    expect(keys).toHaveLength(4);
    expect(new Set(keys.map((k) => k.key)).size).toBe(4);
    await expectDayApplied(route);
  });

  it('9. a row refused in the middle of a batch: the rows after it, of its lane and others, go through', async () => {
    const route = await freshRoute(3);
    const other = await freshRoute(0);
    const { d, network, clock } = await started();
    await queueDay(d, network, route);
    network.online = false;
    await d.engine.command('startRoute', { shippingId: other.shippingId, initial_km: 7, km_capture_time_start: at });
    // Its offline attempt ends before coverage returns, so both lanes are ready together.
    await d.engine.idle();
    // The office completes the second delivery first: the driver's rejection of it is refused for good.
    await db()
      .update(shippingDetails)
      .set({ completed: true, is_delivered: true, delivered_at: at })
      .where(eq(shippingDetails.id, route.detailIds[1]!));
    await backOnline(d, network);
    await syncUntilQuiet(d, clock);
    expect(network.sent('POST', /\/api\/v2\/sync\/push$/)).toHaveLength(1);
    const status = await readSyncStatus(d.db, d.engine.userId);
    expect(status.rejected.map((r) => [r.command, r.lastError])).toEqual([['rejectDelivery', shippingMessages.detailCompleted]]);
    expect(await d.db.outbox.count()).toBe(1);
    const [shipping] = await db().select().from(shippings).where(eq(shippings.id, route.shippingId));
    expect([shipping?.initial_km, shipping?.final_km]).toEqual([1000, 1080]);
    const details = await db().select().from(shippingDetails).where(inArray(shippingDetails.id, route.detailIds));
    expect(details.map((row) => [row.id, row.delivery_rejection_comment])).toEqual(
      expect.arrayContaining([
        [route.detailIds[0], 'Cerrado 1'],
        [route.detailIds[1], null],
        [route.detailIds[2], 'Cerrado 3'],
      ]),
    );
    const [otherShipping] = await db().select().from(shippings).where(eq(shippings.id, other.shippingId));
    expect(otherShipping?.initial_km).toBe(7);
    // The refused delivery shows the server's version again.
    expect((await d.db.details.get(route.detailIds[1]!))?.is_delivered).toBe(true);
  });

  it('a row this version cannot send (a command an update retired) is rejected alone: the rest of the batch goes through', async () => {
    const route = await freshRoute(2);
    const { d, network, clock } = await started();
    await queueDay(d, network, route);
    const [, retired] = await d.db.outbox.orderBy('seq').toArray();
    await d.db.outbox.update(retired!.id, { command: 'retiredCommand' as NonNullable<typeof retired>['command'] });
    await backOnline(d, network);
    await syncUntilQuiet(d, clock);
    const status = await readSyncStatus(d.db, d.engine.userId);
    expect(status.rejected.map((r) => [r.command, r.lastError])).toEqual([['retiredCommand', syncMessages.unexpectedAnswer]]);
    expect(await d.db.outbox.count()).toBe(1);
    const [shipping] = await db().select().from(shippings).where(eq(shippings.id, route.shippingId));
    expect([shipping?.initial_km, shipping?.final_km]).toEqual([1000, 1080]);
    const details = await db().select().from(shippingDetails).where(inArray(shippingDetails.id, route.detailIds));
    expect(details.map((row) => [row.id, row.delivery_rejection_comment])).toEqual(
      expect.arrayContaining([
        [route.detailIds[0], null],
        [route.detailIds[1], 'Cerrado 2'],
      ]),
    );
  });

  it('7. the session ends between two batches: the queue pauses once, keeps the rest, and goes on after signing in', async () => {
    let authLost = 0;
    const network = new FaultyNetwork();
    const route = await freshRoute(2);
    const { d, clock } = await started({ network, pushBatchSize: 2, onAuthLost: () => (authLost += 1) });
    await queueDay(d, network, route);
    // The first batch reaches the server; while its answer travels, the session is revoked.
    let release!: () => void;
    network.fail('POST', /\/api\/v2\/sync\/push$/, { kind: 'hold', released: new Promise<void>((resolve) => (release = resolve)) });
    await backOnline(d, network);
    for (let i = 0; i < 200 && network.log.filter((e) => e.path === '/api/v2/sync/push' && e.status !== 'failed').length === 0; i += 1)
      await new Promise((r) => setTimeout(r, 10));
    await server.app.inject({ method: 'POST', url: '/api/v1/user/logout', headers: bearer(d.token) });
    release();
    await syncUntilQuiet(d, clock);
    expect(network.log.filter((e) => e.path === '/api/v2/sync/push' && e.status !== 'failed').map((e) => e.status)).toEqual([200, 401]);
    expect(authLost).toBe(1);
    expect((await d.db.meta.get('authPaused'))?.value).toBe(true);
    const left = await d.db.outbox.orderBy('seq').toArray();
    expect(left.map((r) => [r.command, r.state, r.attempts])).toEqual([
      ['rejectDelivery', 'pending', 0],
      ['finishRoute', 'pending', 0],
    ]);
    expect(await deviceKeys(d)).toHaveLength(2);
    // Signed in again: the rest goes, once.
    d.token = await loginAs(server.app, 'chofer@demo.mx');
    await d.engine.resumeAfterSignIn();
    await syncUntilQuiet(d, clock);
    expect(await d.db.outbox.count()).toBe(0);
    expect(await deviceKeys(d)).toHaveLength(4);
    await expectDayApplied(route);
  });

  it('falls back to one request per row when the server refuses batches as such', async () => {
    const route = await freshRoute(1);
    const { d, network, clock } = await started();
    await queueDay(d, network, route);
    network.fail('POST', /\/api\/v2\/sync\/push$/, { kind: 'status', status: 404 });
    await backOnline(d, network);
    await syncUntilQuiet(d, clock);
    expect(await d.db.outbox.count()).toBe(0);
    expect(network.sent('PUT', /shipping\/update/)).toHaveLength(2);
    expect(network.sent('PATCH', /shipping_details/)).toHaveLength(1);
    await expectDayApplied(route);
  });
});
