import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { idempotencyMessages } from '../../domain/messages/api';
import { shippingMessages } from '../../domain/messages/shipping';
import { shippingDetailSchema, shippingSchema } from '../../domain/schemas/shipping';
import { monterreyDate, monterreyMinute } from '../../domain/time';
import { idempotencyKeys, inventoryMovements, shippingDetails, shippings, users } from '../../server/db/schema';
import { evidenceFromBytes } from '../../sync/evidence';
import { CommandRefused } from '../../sync/command-refused';
import { readSyncStatus, STUCK_AFTER } from '../../sync/status';
import { UPLOAD_CHUNK_BYTES } from '../../sync/upload';
import type { TestApp } from '../server/test-app';
import { bearer, loginAs } from '../server/test-app';
import { Clock, FaultyNetwork, openDevice, startServer, syncUntilQuiet, TabLocks, type Device } from './harness';

let server: TestApp & { baseUrl: string };
let office: string;
let driverId: number;
let warehouseId: number;
const open: Device[] = [];

beforeAll(async () => {
  server = await startServer();
  office = await loginAs(server.app, 'oficina@demo.mx');
  const people = await server.database.db.select({ id: users.id, email: users.email }).from(users);
  driverId = people.find((p) => p.email === 'chofer@demo.mx')!.id;
  warehouseId = people.find((p) => p.email === 'almacen@demo.mx')!.id;
});
afterEach(async () => {
  await Promise.all(open.splice(0).map((d) => d.engine.stop()));
});
afterAll(() => server.close());

const db = () => server.database.db;
let saleOffset = 0;

/** A route of today for chofer@demo.mx with `count` sales on no other route. */
async function freshRoute(count: number): Promise<{ shippingId: number; detailIds: number[] }> {
  const created = await server.app.inject({
    method: 'POST',
    url: '/api/v1/shipping/create',
    headers: bearer(office),
    payload: { date: monterreyDate(new Date()), driver_id: driverId },
  });
  const shipping = shippingSchema.parse(created.json());
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
      payload: { sale_id: id, shipping_id: shipping.id },
    });
    detailIds.push(shippingDetailSchema.parse(detail.json()).id);
  }
  return { shippingId: shipping.id, detailIds };
}

async function device(
  email: string,
  network: FaultyNetwork,
  clock: Clock,
  extra: Parameters<typeof openDevice>[2] extends infer O ? Partial<O> : never = {},
) {
  const d = await openDevice(server, email, { network, clock, ...extra });
  open.push(d);
  await d.engine.start();
  return d;
}

async function started(email: string, network = new FaultyNetwork(), clock = new Clock()) {
  const d = await device(email, network, clock);
  await d.engine.senderReady;
  await syncUntilQuiet(d, clock);
  return { d, network, clock };
}

async function serverShipping(id: number) {
  const [row] = await db().select().from(shippings).where(eq(shippings.id, id));
  return row!;
}
async function serverDetail(id: number) {
  const [row] = await db().select().from(shippingDetails).where(eq(shippingDetails.id, id));
  return row!;
}
const jpeg = (size: number) => {
  const bytes = new Uint8Array(size);
  for (let i = 0; i < size; i += 1) bytes[i] = (i * 31 + 7) % 251;
  bytes.set([0xff, 0xd8, 0xff, 0xe0], 0);
  return bytes.buffer;
};

describe('sync engine against the real server, with faults between them', () => {
  it('1. the server commits but the answer is lost: one effect, the retry gets the stored answer', async () => {
    const { d, network, clock } = await started('almacen@demo.mx');
    const order = (await d.db.orders.toArray()).find((o) => o.items.length > 0 && !o.is_in_production)!;
    const before = await db().$count(
      inventoryMovements,
      and(eq(inventoryMovements.type, 'Salida Venta'), eq(inventoryMovements.created_by_user_id, warehouseId)),
    );
    network.fail('POST', /dispatch_sale_order/, { kind: 'lose-reply' });
    await d.engine.command('dispatchOrder', {
      orderId: order.id,
      quotation_items: order.items.map((l) => ({ item_id: l.item.id, quantity: l.quantity })),
    });
    await syncUntilQuiet(d, clock);
    const sends = network.sent('POST', /dispatch_sale_order/);
    expect(sends.map((s) => s.status)).toEqual(['lost', 200]);
    expect(sends[1]!.replayed).toBe(true);
    expect(sends[0]!.idempotencyKey).toBe(sends[1]!.idempotencyKey);
    const after = await db().$count(
      inventoryMovements,
      and(eq(inventoryMovements.type, 'Salida Venta'), eq(inventoryMovements.created_by_user_id, warehouseId)),
    );
    expect(after - before).toBe(order.items.filter((l) => l.quantity > 0).length);
    expect(await d.db.outbox.count()).toBe(0);
    expect(await d.db.orders.get(order.id)).toBeUndefined();
  });

  it('2. the same key twice at once (double tap, two tabs): one effect', async () => {
    const { shippingId } = await freshRoute(0);
    const driver = await loginAs(server.app, 'chofer@demo.mx');
    const request = () =>
      server.app.inject({
        method: 'PUT',
        url: '/api/v1/shipping/update',
        headers: { ...bearer(driver), 'idempotency-key': `doble-${shippingId}` },
        payload: { id: shippingId, initial_km: 120, km_capture_time_start: monterreyMinute(new Date()) },
      });
    const answers = await Promise.all([request(), request(), request()]);
    expect(answers.every((a) => a.statusCode === 200 || a.statusCode === 409)).toBe(true);
    expect(answers.filter((a) => a.headers['idempotent-replayed'] !== 'true' && a.statusCode === 200)).toHaveLength(1);
    expect(await db().$count(idempotencyKeys, eq(idempotencyKeys.key, `doble-${shippingId}`))).toBe(1);
  });

  it('3. the same key with another body is refused and the row goes to the rejected list', async () => {
    const { shippingId } = await freshRoute(0);
    const { d, network, clock } = await started('chofer@demo.mx');
    network.fail('PUT', /shipping\/update/, { kind: 'lose-reply' });
    const row = await d.engine.command('startRoute', {
      shippingId,
      initial_km: 500,
      km_capture_time_start: monterreyMinute(new Date(clock.value)),
    });
    d.engine.wake();
    await d.engine.idle();
    // The same row comes back with a different body (a device bug, an edited payload).
    await d.db.outbox.update(row.id, {
      payload: { shippingId, initial_km: 501, km_capture_time_start: monterreyMinute(new Date(clock.value)) },
    });
    await syncUntilQuiet(d, clock);
    const status = await readSyncStatus(d.db, d.engine.userId);
    expect(status.rejected.map((r) => r.lastError)).toEqual([idempotencyMessages.keyReused]);
    expect((await serverShipping(shippingId)).initial_km).toBe(500);
    // The device shows the server's value again, not the refused one.
    expect((await d.db.shippings.get(shippingId))?.initial_km).toBe(500);
  });

  it('4. the app killed after the local write, mid-send, and after the server acknowledged: nothing lost, nothing twice', async () => {
    const { shippingId, detailIds } = await freshRoute(2);
    const network = new FaultyNetwork();
    const clock = new Clock();
    const first = await started('chofer@demo.mx', network, clock);
    network.online = false;
    await first.d.engine.command('startRoute', { shippingId, initial_km: 10, km_capture_time_start: '2026-01-01 08:00' });
    await first.d.engine.stop(); // killed after the local write
    network.online = true;
    const second = await device('chofer@demo.mx', network, clock, { tabOf: first.d });
    await second.engine.senderReady;
    await syncUntilQuiet(second, clock);
    expect((await serverShipping(shippingId)).initial_km).toBe(10);

    // Killed mid-send: the request reached the server, the app died before the answer.
    let release!: () => void;
    network.fail('PATCH', /shipping_details/, { kind: 'hold', released: new Promise<void>((r) => (release = r)) });
    await second.engine.command('rejectDelivery', {
      detailId: detailIds[0]!,
      shippingId,
      delivered_at: '2026-01-01 09:00',
      delivery_rejection_comment: 'Cerrado',
      position: null,
    });
    await waitFor(async () => network.log.some((e) => e.method === 'PATCH'));
    await second.engine.stop();
    release();
    expect((await second.db.outbox.toArray()).map((r) => r.state)).toEqual(['sending']);
    // Acknowledged by the server but the row not yet removed: the same state, seen from the device.
    const third = await device('chofer@demo.mx', network, clock, { tabOf: first.d });
    await third.engine.senderReady;
    await syncUntilQuiet(third, clock);
    const patches = network.sent('PATCH', /shipping_details/);
    expect(patches.map((p) => p.status)).toEqual(['lost', 200]);
    expect(patches[1]!.replayed).toBe(true);
    expect(await third.db.outbox.count()).toBe(0);
    expect((await serverDetail(detailIds[0]!)).delivery_rejection_comment).toBe('Cerrado');
  });

  it('5. an upload cut half-way resumes: one file, same bytes', async () => {
    const { shippingId, detailIds } = await freshRoute(1);
    const { d, network, clock } = await started('chofer@demo.mx');
    const bytes = jpeg(UPLOAD_CHUNK_BYTES * 2 + 1000);
    const evidence = await evidenceFromBytes(bytes, 'image/jpeg', 'foto.jpg');
    network.fail('PATCH', /\/api\/v2\/uploads\//, { kind: 'lose-reply' });
    network.fail('PATCH', /\/api\/v2\/uploads\//, { kind: 'offline' });
    const filesBefore = await listFiles();
    await d.engine.command(
      'completeDelivery',
      { detailId: detailIds[0]!, shippingId, delivered_at: '2026-01-01 10:00', evidenceId: evidence.id, position: null },
      evidence,
    );
    await syncUntilQuiet(d, clock);
    expect(network.sent('POST', /\/api\/v2\/uploads$/)).toHaveLength(1);
    const detail = await serverDetail(detailIds[0]!);
    expect(detail.completed && detail.is_delivered).toBe(true);
    const stored = await readFile(path.join(server.dataDir, 'files', detail.pdf!));
    expect(createHash('sha256').update(stored).digest('hex')).toBe(evidence.sha256);
    expect((await listFiles()).filter((f) => !filesBefore.includes(f))).toEqual([detail.pdf]);
    expect(await d.db.evidence.count()).toBe(0);
  });

  it('6. offline for 8 days, then online: everything applies with the times of the actions', async () => {
    const { shippingId, detailIds } = await freshRoute(1);
    const clock = new Clock(Date.now() - 8 * 86_400_000);
    const { d, network } = await started('chofer@demo.mx', new FaultyNetwork(), clock);
    network.online = false;
    const startedAt = monterreyMinute(new Date(clock.value));
    await d.engine.command('startRoute', { shippingId, initial_km: 42, km_capture_time_start: startedAt });
    clock.advance(3_600_000);
    const rejectedAt = monterreyMinute(new Date(clock.value));
    await d.engine.command('rejectDelivery', {
      detailId: detailIds[0]!,
      shippingId,
      delivered_at: rejectedAt,
      delivery_rejection_comment: 'No había nadie',
      position: null,
    });
    await syncUntilQuiet(d, clock, { rounds: 3 });
    clock.value = Date.now();
    network.online = true;
    await syncUntilQuiet(d, clock);
    const route = await serverShipping(shippingId);
    expect(route.initial_km).toBe(42);
    expect(route.km_capture_time_start?.slice(0, 16)).toBe(startedAt);
    expect((await serverDetail(detailIds[0]!)).delivered_at?.slice(0, 16)).toBe(rejectedAt);
    expect(await d.db.outbox.count()).toBe(0);
  });

  it('7. the session expired while offline: the queue pauses, nothing is lost, no 401 loop', async () => {
    const { shippingId } = await freshRoute(0);
    const { d, network, clock } = await started('chofer@demo.mx');
    network.online = false;
    await d.engine.command('startRoute', { shippingId, initial_km: 7, km_capture_time_start: '2026-01-01 07:00' });
    await server.app.inject({ method: 'POST', url: '/api/v1/user/logout', headers: bearer(d.token) });
    network.online = true;
    await syncUntilQuiet(d, clock, { rounds: 5 });
    // Whichever request reaches the server first (the queued change or a pull) meets the 401;
    // after it the device asks nothing more until someone signs in again.
    const answered = network.log.filter((e) => e.status !== 'failed');
    const firstRefused = answered.findIndex((e) => e.status === 401);
    expect(firstRefused).toBeGreaterThanOrEqual(0);
    expect(answered.slice(firstRefused).map((e) => e.status)).toEqual([401]);
    const status = await readSyncStatus(d.db, d.engine.userId);
    expect(status).toMatchObject({ authPaused: true, pending: 1 });
    d.token = await loginAs(server.app, 'chofer@demo.mx');
    await d.engine.resumeAfterSignIn();
    await syncUntilQuiet(d, clock);
    expect((await serverShipping(shippingId)).initial_km).toBe(7);
    expect(await d.db.outbox.count()).toBe(0);
  });

  it('8. 500, 503, 429 with Retry-After and flapping coverage: backoff, then success', async () => {
    const { shippingId } = await freshRoute(0);
    const { d, network, clock } = await started('chofer@demo.mx');
    network.fail('PUT', /shipping\/update/, { kind: 'status', status: 500 });
    network.fail('PUT', /shipping\/update/, { kind: 'offline' });
    network.fail('PUT', /shipping\/update/, { kind: 'status', status: 503 });
    network.fail('PUT', /shipping\/update/, { kind: 'status', status: 429, headers: { 'retry-after': '120' } });
    const row = await d.engine.command('startRoute', { shippingId, initial_km: 99, km_capture_time_start: '2026-01-01 06:30' });
    const delays: number[] = [];
    for (let i = 0; i < 4; i += 1) {
      d.engine.wake();
      await d.engine.idle();
      const current = (await d.db.outbox.get(row.id))!;
      delays.push(current.nextAttemptAt - clock.value);
      clock.advance(current.nextAttemptAt - clock.value);
    }
    // Growing waits with jitter (random fixed at 0.5 here), and the server's Retry-After honoured.
    expect(delays.slice(0, 3)).toEqual([500, 1000, 2000]);
    expect(delays[3]).toBeGreaterThanOrEqual(120_000);
    await syncUntilQuiet(d, clock);
    expect((await serverShipping(shippingId)).initial_km).toBe(99);
    expect(network.sent('PUT', /shipping\/update/).map((p) => p.status)).toEqual([500, 503, 429, 200]);
  });

  it('9. a row refused for good ahead of valid ones: the valid ones go through', async () => {
    const { shippingId, detailIds } = await freshRoute(2);
    const other = await freshRoute(0);
    const { d, clock } = await started('chofer@demo.mx');
    // The office marks the first delivery delivered meanwhile: the driver's rejection of it will be refused.
    await server.app.inject({
      method: 'PUT',
      url: '/api/v1/shipping_detail/update',
      headers: bearer(office),
      payload: { id: detailIds[0], completed: true },
    });
    const network = new FaultyNetwork();
    void network;
    await d.engine.command('rejectDelivery', {
      detailId: detailIds[0]!,
      shippingId,
      delivered_at: '2026-01-01 11:00',
      delivery_rejection_comment: 'Cerrado',
      position: null,
    });
    await d.engine.command('rejectDelivery', {
      detailId: detailIds[1]!,
      shippingId,
      delivered_at: '2026-01-01 11:05',
      delivery_rejection_comment: 'Sin dinero',
      position: null,
    });
    await d.engine.command('startRoute', { shippingId: other.shippingId, initial_km: 1, km_capture_time_start: '2026-01-01 11:10' });
    await syncUntilQuiet(d, clock);
    const status = await readSyncStatus(d.db, d.engine.userId);
    expect(status.rejected.map((r) => r.lastError)).toEqual([shippingMessages.detailCompleted]);
    expect(status.pending).toBe(0);
    expect((await serverDetail(detailIds[1]!)).delivery_rejection_comment).toBe('Sin dinero');
    expect((await serverShipping(other.shippingId)).initial_km).toBe(1);
    // The device shows the server's truth for the refused one, and can let it go.
    expect((await d.db.details.get(detailIds[0]!))?.is_delivered).toBe(true);
    await d.engine.discard(status.rejected[0]!.id);
    expect((await readSyncStatus(d.db, d.engine.userId)).rejected).toEqual([]);
  });

  it('9b. a command the server keeps failing on: shown as stuck with the request id, still retried, other routes go through', async () => {
    const { shippingId } = await freshRoute(0);
    const other = await freshRoute(1);
    const { d, network, clock } = await started('chofer@demo.mx');
    const failing = { kind: 'status', status: 500, body: { message: 'Error del servidor.', request_id: 'req-4f2a9c1d' } } as const;
    network.fail('PUT', new RegExp('shipping/update'), failing, 100);
    const row = await d.engine.command('startRoute', { shippingId, initial_km: 7, km_capture_time_start: '2026-01-01 07:00' });
    const otherDetail = other.detailIds[0]!;
    await d.engine.command('rejectDelivery', {
      detailId: otherDetail,
      shippingId: other.shippingId,
      delivered_at: '2026-01-01 07:01',
      delivery_rejection_comment: 'Cerrado',
      position: null,
    });
    for (let i = 0; i < STUCK_AFTER + 2 && (await readSyncStatus(d.db, d.engine.userId)).stuck.length === 0; i += 1) {
      d.engine.wake();
      await d.engine.idle();
      const current = await d.db.outbox.get(row.id);
      if (current) clock.advance(Math.max(0, current.nextAttemptAt - clock.value));
    }
    const status = await readSyncStatus(d.db, d.engine.userId);
    expect(status.stuck.map((r) => [r.id, r.lastError])).toEqual([[row.id, 'Error del servidor. (solicitud req-4f2a9c1d)']]);
    expect(status.rejected).toEqual([]);
    expect((await serverDetail(otherDetail)).delivery_rejection_comment).toBe('Cerrado');
    // Once the server takes it, it is neither stuck nor pending.
    network.clearFaults();
    await syncUntilQuiet(d, clock);
    expect((await serverShipping(shippingId)).initial_km).toBe(7);
    expect(await readSyncStatus(d.db, d.engine.userId)).toMatchObject({ stuck: [], pending: 0 });
  });

  it('10. a device clock wrong by days: order and cursors unaffected', async () => {
    const { shippingId } = await freshRoute(0);
    const clock = new Clock(Date.now() + 3 * 86_400_000);
    const { d, network } = await started('chofer@demo.mx', new FaultyNetwork(), clock);
    network.online = false;
    await d.engine.command('startRoute', { shippingId, initial_km: 300, km_capture_time_start: '2026-01-01 08:00' });
    clock.value -= 6 * 86_400_000; // the clock jumps back
    await d.engine.command('finishRoute', { shippingId, final_km: 380, km_capture_time: '2026-01-01 17:00' });
    network.online = true;
    await syncUntilQuiet(d, clock);
    const route = await serverShipping(shippingId);
    expect(route).toMatchObject({ initial_km: 300, final_km: 380, route: 80 });
    const before = await d.db.shippings.count();
    await freshRoute(0);
    await d.engine.pull();
    expect(await d.db.shippings.count()).toBe(before + 1);
  });

  it('11. a pull arriving while commands are pending: no flicker back to old values', async () => {
    const { shippingId } = await freshRoute(0);
    const { d, network, clock } = await started('chofer@demo.mx');
    network.fail('PUT', /shipping\/update/, { kind: 'offline' }, 3);
    await d.engine.command('startRoute', { shippingId, initial_km: 555, km_capture_time_start: '2026-01-01 08:00' });
    await server.app.inject({
      method: 'PUT',
      url: '/api/v1/shipping/update',
      headers: bearer(office),
      payload: { id: shippingId, note: 'Llevar hielera' },
    });
    const seen: (number | null | undefined)[] = [];
    const subscription = (await import('dexie')).liveQuery(() => d.db.shippings.get(shippingId)).subscribe((s) => seen.push(s?.initial_km));
    d.engine.wake();
    await d.engine.idle();
    const local = await d.db.shippings.get(shippingId);
    expect(local).toMatchObject({ note: 'Llevar hielera', initial_km: 555 });
    await syncUntilQuiet(d, clock);
    subscription.unsubscribe();
    expect(seen.filter((v) => v !== undefined).every((v) => v === 555)).toBe(true);
    expect((await serverShipping(shippingId)).initial_km).toBe(555);
  });

  it('12. a delivery deleted in the office while the driver completed it offline: a clear rejection, no crash', async () => {
    const { shippingId, detailIds } = await freshRoute(1);
    const { d, network, clock } = await started('chofer@demo.mx');
    network.online = false;
    const evidence = await evidenceFromBytes(jpeg(2000), 'image/jpeg', 'foto.jpg');
    await d.engine.command(
      'completeDelivery',
      { detailId: detailIds[0]!, shippingId, delivered_at: '2026-01-01 12:00', evidenceId: evidence.id, position: null },
      evidence,
    );
    expect(
      (await server.app.inject({ method: 'DELETE', url: `/api/v2/shipping_details/${detailIds[0]}`, headers: bearer(office) })).statusCode,
    ).toBe(200);
    network.online = true;
    await syncUntilQuiet(d, clock);
    const status = await readSyncStatus(d.db, d.engine.userId);
    expect(status.rejected.map((r) => r.lastError)).toEqual([shippingMessages.detailNotFound]);
    expect(await d.db.details.get(detailIds[0]!)).toBeUndefined();
    await expect(
      d.engine.command('rejectDelivery', {
        detailId: detailIds[0]!,
        shippingId,
        delivered_at: '2026-01-01 12:01',
        delivery_rejection_comment: 'x',
        position: null,
      }),
    ).rejects.toThrow(CommandRefused);
  });

  it('12b. a route started on two phones with different readings: the second is refused with the one recorded, and shows it', async () => {
    const { shippingId } = await freshRoute(1);
    const first = await started('chofer@demo.mx');
    const second = await started('chofer@demo.mx');
    second.network.online = false;
    await first.d.engine.command('startRoute', { shippingId, initial_km: 100, km_capture_time_start: '2026-01-01 07:00' });
    await syncUntilQuiet(first.d, first.clock);
    // The second phone, without coverage, never heard of that start.
    await second.d.engine.command('startRoute', { shippingId, initial_km: 120, km_capture_time_start: '2026-01-01 07:30' });
    second.network.online = true;
    await syncUntilQuiet(second.d, second.clock);
    const status = await readSyncStatus(second.d.db, second.d.engine.userId);
    expect(status.rejected.map((r) => r.lastError)).toEqual([shippingMessages.alreadyStartedWith('100', '01/01/2026 07:00')]);
    expect(await serverShipping(shippingId)).toMatchObject({ initial_km: 100, km_capture_time_start: '2026-01-01 07:00:00' });
    // Its own route shows what was recorded, not what it sent.
    expect(await second.d.db.shippings.get(shippingId)).toMatchObject({ initial_km: 100 });
  });

  it('13. the sending tab closes mid-sync: another tab takes over, nothing sent twice', async () => {
    const { shippingId } = await freshRoute(0);
    const network = new FaultyNetwork();
    const clock = new Clock();
    const locks = new TabLocks();
    const tabA = await device('chofer@demo.mx', network, clock, { locks });
    await tabA.engine.senderReady;
    await syncUntilQuiet(tabA, clock);
    const tabB = await device('chofer@demo.mx', network, clock, { locks, tabOf: tabA });
    let release!: () => void;
    network.fail('PUT', /shipping\/update/, { kind: 'hold', released: new Promise<void>((r) => (release = r)) });
    await tabB.engine.command('startRoute', { shippingId, initial_km: 77, km_capture_time_start: '2026-01-01 08:00' });
    // The server has committed and answered; the answer is still on its way when the tab closes.
    await waitFor(async () => network.log.some((e) => e.method === 'PUT' && e.status === 200));
    await tabA.engine.stop(); // the sending tab closes
    release();
    await tabB.engine.senderReady;
    await syncUntilQuiet(tabB, clock);
    const puts = network.sent('PUT', /shipping\/update/);
    expect(puts.map((p) => p.status)).toEqual(['lost', 200]);
    expect(puts[1]!.replayed).toBe(true);
    expect(await tabB.db.outbox.count()).toBe(0);
    expect((await serverShipping(shippingId)).initial_km).toBe(77);
  });
});

async function listFiles(): Promise<string[]> {
  try {
    return (await readdir(path.join(server.dataDir, 'files'))).filter((name) => !name.startsWith('.'));
  } catch {
    return [];
  }
}

async function waitFor(condition: () => Promise<boolean>, timeoutMs = 5000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > until) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 10));
  }
}
