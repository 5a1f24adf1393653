import { createHash, randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiMessages, idempotencyMessages } from '../../domain/messages/api';
import { shippingMessages } from '../../domain/messages/shipping';
import { shippingDetailSchema, shippingSchema } from '../../domain/schemas/shipping';
import { syncPushResponseSchema, type SyncPushCommand } from '../../domain/schemas/sync';
import { idempotencyKeys, shippingDetails, shippings, syncDevices, users } from '../../server/db/schema';
import { bearer, createTestApp, loginAs, type TestApp } from './test-app';

let t: TestApp;
let office: string;
let driver: string;
let otherDriver: string;
let driverId: number;
beforeAll(async () => {
  t = await createTestApp();
  [office, driver, otherDriver] = await Promise.all([loginAs(t.app, 'oficina@demo.mx'), loginAs(t.app, 'chofer@demo.mx'), loginAs(t.app, 'chofer2@demo.mx')]);
  const [row] = await t.database.db.select().from(users).where(eq(users.email, 'chofer@demo.mx'));
  driverId = row!.id;
});
afterAll(() => t.close());

const DEVICE = randomUUID();
let nextSeq = 1;
const at = '2026-11-22 08:00';

/** A route of the first driver with `count` deliveries of sales on no other route. */
async function freshRoute(count: number): Promise<{ shippingId: number; detailIds: number[] }> {
  const created = await t.app.inject({ method: 'POST', url: '/api/v1/shipping/create', headers: bearer(office), payload: { date: '2026-11-22', driver_id: driverId } });
  const shippingId = shippingSchema.parse(created.json()).id;
  const free = await t.database.db.execute(sql`
    SELECT s.id FROM sales s WHERE s.kind = 'sale' AND s.canceled_at IS NULL AND s.deleted_at IS NULL
      AND NOT EXISTS (SELECT 1 FROM shipping_details d WHERE d.sale_id = s.id AND d.deleted_at IS NULL)
    ORDER BY s.id LIMIT ${count}`);
  const detailIds: number[] = [];
  for (const { id } of (free as unknown as { rows: { id: number }[] }).rows) {
    const detail = await t.app.inject({ method: 'POST', url: '/api/v1/shipping_detail/create', headers: bearer(office), payload: { sale_id: id, shipping_id: shippingId } });
    detailIds.push(shippingDetailSchema.parse(detail.json()).id);
  }
  return { shippingId, detailIds };
}

const startRoute = (shippingId: number, key = randomUUID()): SyncPushCommand => ({
  key,
  seq: nextSeq++,
  method: 'PUT',
  path: '/api/v1/shipping/update',
  body: { id: shippingId, initial_km: 1000, km_capture_time_start: at },
});
const rejectDelivery = (detailId: number, comment = 'Cerrado', key = randomUUID()): SyncPushCommand => ({
  key,
  seq: nextSeq++,
  method: 'PATCH',
  path: `/api/v2/shipping_details/${detailId}`,
  body: { completed: true, is_delivered: false, delivered_at: at, delivery_rejection_comment: comment },
});
const finishRoute = (shippingId: number, key = randomUUID()): SyncPushCommand => ({
  key,
  seq: nextSeq++,
  method: 'PUT',
  path: '/api/v1/shipping/update',
  body: { id: shippingId, final_km: 1080, km_capture_time: '2026-11-22 18:00' },
});

const push = (token: string, commands: SyncPushCommand[]) =>
  t.app.inject({ method: 'POST', url: '/api/v2/sync/push', headers: { ...bearer(token), 'x-device-id': DEVICE }, payload: { commands } });

async function pushed(token: string, commands: SyncPushCommand[]) {
  const response = await push(token, commands);
  expect(response.statusCode).toBe(200);
  return syncPushResponseSchema.parse(response.json()).results;
}

const appliedKeys = async (keys: string[]) =>
  (await t.database.db.select({ key: idempotencyKeys.key }).from(idempotencyKeys)).filter((row) => keys.includes(row.key)).length;

describe('POST /api/v2/sync/push', () => {
  it('applies each command through its own route, in order, and answers each as its route would', async () => {
    const { shippingId, detailIds } = await freshRoute(2);
    const commands = [startRoute(shippingId), rejectDelivery(detailIds[0]!), rejectDelivery(detailIds[1]!, 'Sin dinero'), finishRoute(shippingId)];
    const results = await pushed(driver, commands);
    expect(results.map((r) => [r.key, r.status])).toEqual(commands.map((c) => [c.key, 200]));
    expect(shippingSchema.parse(results[3]!.body)).toMatchObject({ id: shippingId, initial_km: 1000, final_km: 1080, route: 80, km_capture_time: '2026-11-22 18:00' });
    expect(shippingDetailSchema.parse(results[2]!.body)).toMatchObject({ id: detailIds[1], completed: true, delivery_rejection_comment: 'Sin dinero' });
    const keys = await t.database.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.device_id, DEVICE));
    expect(keys.filter((k) => commands.some((c) => c.key === k.key)).map((k) => [k.device_seq, k.status_code])).toEqual(commands.map((c) => [c.seq, 200]));
    const [device] = await t.database.db.select().from(syncDevices).where(eq(syncDevices.device_id, DEVICE));
    expect(device?.last_seq).toBeGreaterThanOrEqual(commands[3]!.seq);
  });

  it('answers a repeated batch from the stored answers, and a key first sent alone the same way, applying nothing twice', async () => {
    const { shippingId, detailIds } = await freshRoute(1);
    const alone = rejectDelivery(detailIds[0]!);
    const single = await t.app.inject({
      method: alone.method,
      url: alone.path,
      headers: { ...bearer(driver), 'idempotency-key': alone.key, 'x-device-id': DEVICE, 'x-device-seq': String(alone.seq) },
      payload: alone.body,
    });
    expect(single.statusCode).toBe(200);
    const commands = [startRoute(shippingId), alone];
    const first = await pushed(driver, commands);
    expect(first.map((r) => [r.status, r.replayed ?? false])).toEqual([
      [200, false],
      [200, true],
    ]);
    const again = await pushed(driver, commands);
    expect(again.map((r) => [r.status, r.replayed ?? false])).toEqual([
      [200, true],
      [200, true],
    ]);
    expect(again[0]!.body).toEqual(first[0]!.body);
    expect(await appliedKeys(commands.map((c) => c.key))).toBe(2);
  });

  it('refuses a key reused with another body, and a refused command does not stop the ones after it', async () => {
    const { shippingId, detailIds } = await freshRoute(2);
    const reused = rejectDelivery(detailIds[0]!);
    expect((await pushed(driver, [reused]))[0]!.status).toBe(200);
    const otherBody = { ...reused, body: { ...reused.body, delivery_rejection_comment: 'Otro motivo' } };
    const results = await pushed(driver, [startRoute(shippingId), otherBody, rejectDelivery(detailIds[0]!), rejectDelivery(detailIds[1]!)]);
    expect(results.map((r) => r.status)).toEqual([200, 422, 422, 200]);
    expect(results[1]!.body).toEqual({ message: idempotencyMessages.keyReused });
    expect(results[2]!.body).toEqual({ message: shippingMessages.detailCompleted });
    const [detail] = await t.database.db.select().from(shippingDetails).where(eq(shippingDetails.id, detailIds[0]!));
    expect(detail?.delivery_rejection_comment).toBe('Cerrado');
  });

  it('holds each command to its own route’s rules: another driver’s route is forbidden, the driver’s own goes through', async () => {
    const mine = await freshRoute(0);
    const results = await pushed(otherDriver, [startRoute(mine.shippingId)]);
    expect(results[0]).toMatchObject({ status: 403, body: { message: shippingMessages.driverOnlyOwn } });
    const [route] = await t.database.db.select().from(shippings).where(eq(shippings.id, mine.shippingId));
    expect(route?.initial_km).toBeNull();
  });

  it('reaches only the outbox commands’ routes', async () => {
    const { shippingId } = await freshRoute(0);
    const results = await pushed(office, [
      { key: randomUUID(), seq: nextSeq++, method: 'POST', path: '/api/v1/shipping/create', body: { date: '2026-11-22', driver_id: driverId } },
      { key: randomUUID(), seq: nextSeq++, method: 'PUT', path: '/api/v1/shipping/update', body: { id: shippingId, note: 'desde la oficina' } },
    ]);
    expect(results.map((r) => r.status)).toEqual([404, 200]);
    expect(results[0]!.body).toEqual({ message: apiMessages.notFound });
  });

  it('stops at a command that is still in progress: the ones after it are not attempted', async () => {
    const { shippingId, detailIds } = await freshRoute(1);
    const busy = startRoute(shippingId);
    // Another request with this key and body is mid-flight (claimed, not answered), as a second tab's would be.
    const fingerprint = createHash('sha256').update(`PUT /api/v1/shipping/update\n${JSON.stringify(busy.body)}`).digest('hex');
    await t.database.db.insert(idempotencyKeys).values({ key: busy.key, user_id: driverId, request: fingerprint, status_code: 0 });
    const after = rejectDelivery(detailIds[0]!);
    const results = await pushed(driver, [busy, after]);
    expect(results).toEqual([{ key: busy.key, status: 409, body: { message: idempotencyMessages.inProgress }, retry_after: 1 }]);
    const [detail] = await t.database.db.select().from(shippingDetails).where(eq(shippingDetails.id, detailIds[0]!));
    expect(detail?.completed).toBe(false);
    await t.database.db.delete(idempotencyKeys).where(eq(idempotencyKeys.key, busy.key));
  });

  it('asks for a session for the whole batch and applies nothing without one', async () => {
    const { shippingId } = await freshRoute(0);
    const response = await t.app.inject({ method: 'POST', url: '/api/v2/sync/push', payload: { commands: [startRoute(shippingId)] } });
    expect(response.statusCode).toBe(401);
    const [route] = await t.database.db.select().from(shippings).where(eq(shippings.id, shippingId));
    expect(route?.initial_km).toBeNull();
  });

  it('refuses a malformed batch as a whole with a Spanish message', async () => {
    const empty = await push(driver, []);
    expect(empty.statusCode).toBe(400);
    expect(empty.json<{ message: string }>().message).toMatch(/\S/);
    const tooMany = await push(driver, Array.from({ length: 101 }, () => startRoute(1)));
    expect(tooMany.statusCode).toBe(400);
  });
});
