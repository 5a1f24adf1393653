import { eq, inArray, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shippingDetailSchema, shippingSchema } from '../../domain/schemas/shipping';
import { monterreyDate } from '../../domain/time';
import { idempotencyKeys, shippingDetails, shippings, syncDevices, users } from '../../server/db/schema';
import { evidenceFromBytes } from '../../sync/evidence';
import { CommandRefused } from '../../sync/command-refused';
import { bearer, loginAs, type TestApp } from '../server/test-app';
import { Clock, FaultyNetwork, openDevice, startServer, syncUntilQuiet } from './harness';

/**
 * Model-based: random command sequences of a driver's day with random faults between
 * device and server. Whatever happens on the way, once the outbox is empty every command
 * the device took was applied exactly once, and device and server agree.
 * Runs: SYNC_PROPERTY_RUNS (default 6).
 */
const RUNS = Number(process.env.SYNC_PROPERTY_RUNS ?? 6);
const ROUTES = 2;
const DETAILS_PER_ROUTE = 2;

let server: TestApp & { baseUrl: string };
let office: string;
let driverToken: string;
let driverId: number;

beforeAll(async () => {
  server = await startServer();
  office = await loginAs(server.app, 'oficina@demo.mx');
  // One session for every run: signing in per run would meet the sign-in rate limit.
  driverToken = await loginAs(server.app, 'chofer@demo.mx');
  const [driver] = await server.database.db.select({ id: users.id }).from(users).where(eq(users.email, 'chofer@demo.mx'));
  driverId = driver!.id;
});
afterAll(() => server.close());

/** New routes for the driver; a sale may be on several routes, so the same few sales serve every run. */
async function freshRoutes(): Promise<{ id: number; details: number[] }[]> {
  const routes: { id: number; details: number[] }[] = [];
  for (let r = 0; r < ROUTES; r += 1) {
    const created = await server.app.inject({ method: 'POST', url: '/api/v1/shipping/create', headers: bearer(office), payload: { date: monterreyDate(new Date()), driver_id: driverId } });
    const shipping = shippingSchema.parse(created.json());
    const free = await server.database.db.execute(sql`
      SELECT s.id FROM sales s WHERE s.kind = 'sale' AND s.canceled_at IS NULL AND s.deleted_at IS NULL
      ORDER BY s.id LIMIT ${DETAILS_PER_ROUTE}`);
    const details: number[] = [];
    for (const { id } of (free as unknown as { rows: { id: number }[] }).rows) {
      const detail = await server.app.inject({ method: 'POST', url: '/api/v1/shipping_detail/create', headers: bearer(office), payload: { sale_id: id, shipping_id: shipping.id } });
      details.push(shippingDetailSchema.parse(detail.json()).id);
    }
    routes.push({ id: shipping.id, details });
  }
  return routes;
}

const faultArb = fc.record({
  kind: fc.constant('fault' as const),
  method: fc.constantFrom('PUT', 'PATCH', 'POST'),
  fault: fc.constantFrom('lose-reply', 'offline', '500', '503', '429'),
});
const stepArb = fc.oneof(
  fc.record({ kind: fc.constant('start' as const), route: fc.nat(ROUTES - 1), km: fc.integer({ min: 0, max: 5000 }) }),
  fc.record({ kind: fc.constant('finish' as const), route: fc.nat(ROUTES - 1), extra: fc.integer({ min: 0, max: 400 }) }),
  fc.record({ kind: fc.constant('deliver' as const), detail: fc.nat(ROUTES * DETAILS_PER_ROUTE - 1) }),
  fc.record({ kind: fc.constant('reject' as const), detail: fc.nat(ROUTES * DETAILS_PER_ROUTE - 1) }),
  faultArb,
  fc.record({ kind: fc.constant('sync' as const), wait: fc.boolean() }),
  fc.record({ kind: fc.constant('network' as const), online: fc.boolean() }),
);

const JPEG = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, ...Array.from({ length: 300 }, (_, i) => i % 256)]).buffer;

describe('sync engine property', () => {
  it('every acknowledged command is applied exactly once, and device and server agree once the outbox is empty', async () => {
    await fc.assert(
      // `batched`: rows go several to a POST /api/v2/sync/push (as the app sends them) or each to its own route.
      fc.asyncProperty(fc.array(stepArb, { minLength: 1, maxLength: 14 }), fc.boolean(), async (steps, batched) => {
        const routes = await freshRoutes();
        const network = new FaultyNetwork();
        const clock = new Clock();
        const device = await openDevice(server, 'chofer@demo.mx', { network, clock, token: driverToken, pushBatchSize: batched ? 25 : 1 });
        await device.engine.start();
        await device.engine.senderReady;
        await syncUntilQuiet(device, clock);
        const model = {
          routes: new Map(routes.map((r) => [r.id, { initial: null as number | null, final: null as number | null }])),
          details: new Map(routes.flatMap((r) => r.details.map((d) => [d, { route: r.id, outcome: null as null | 'delivered' | string }]))),
          commands: 0,
        };
        const detailIds = routes.flatMap((r) => r.details);
        try {
          for (const [index, step] of steps.entries()) {
            const at = `2026-11-22 ${String(8 + (index % 10)).padStart(2, '0')}:${String(index % 60).padStart(2, '0')}`;
            try {
              if (step.kind === 'start') {
                const id = routes[step.route]!.id;
                await device.engine.command('startRoute', { shippingId: id, initial_km: step.km, km_capture_time_start: at });
                model.routes.get(id)!.initial = step.km;
                model.commands += 1;
              } else if (step.kind === 'finish') {
                const id = routes[step.route]!.id;
                const initial = model.routes.get(id)!.initial ?? 0;
                await device.engine.command('finishRoute', { shippingId: id, final_km: initial + step.extra, km_capture_time: at });
                model.routes.get(id)!.final = initial + step.extra;
                model.commands += 1;
              } else if (step.kind === 'deliver' || step.kind === 'reject') {
                const detailId = detailIds[step.detail]!;
                const shippingId = model.details.get(detailId)!.route;
                if (step.kind === 'deliver') {
                  const evidence = await evidenceFromBytes(JPEG.slice(0), 'image/jpeg', 'foto.jpg');
                  await device.engine.command('completeDelivery', { detailId, shippingId, delivered_at: at, evidenceId: evidence.id, position: null }, evidence);
                  model.details.get(detailId)!.outcome = 'delivered';
                } else {
                  await device.engine.command('rejectDelivery', { detailId, shippingId, delivered_at: at, delivery_rejection_comment: `Motivo ${index}`, position: null });
                  model.details.get(detailId)!.outcome = `Motivo ${index}`;
                }
                model.commands += 1;
              } else if (step.kind === 'fault') {
                const path =
                  step.method === 'POST'
                    ? /\/api\/v2\/(uploads|sync\/push)/
                    : step.method === 'PATCH'
                      ? /\/api\/v2\/(shipping_details|uploads)/
                      : /shipping\/update/;
                const fault =
                  step.fault === 'lose-reply' || step.fault === 'offline'
                    ? { kind: step.fault }
                    : { kind: 'status' as const, status: Number(step.fault), ...(step.fault === '429' && { headers: { 'retry-after': '5' } }) };
                network.fail(step.method, path, fault);
              } else if (step.kind === 'network') {
                network.online = step.online;
              } else {
                if (step.wait) clock.advance(10 * 60_000);
                device.engine.wake();
                await device.engine.idle();
              }
            } catch (error) {
              // The device refuses what the model also would not count (finish before start, a second outcome).
              if (!(error instanceof CommandRefused)) throw error;
            }
          }
          network.online = true;
          network.clearFaults();
          await syncUntilQuiet(device, clock, { rounds: 60 });
          expect(await device.db.outbox.count()).toBe(0);

          const deviceId = (await device.db.meta.get('deviceId'))!.value as string;
          const keys = await server.database.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.device_id, deviceId));
          expect(keys).toHaveLength(model.commands);
          if (model.commands > 0) {
            const [known] = await server.database.db.select().from(syncDevices).where(eq(syncDevices.device_id, deviceId));
            expect(known?.last_seq).toBe(Math.max(...keys.map((k) => k.device_seq ?? 0)));
          }
          const serverRoutes = await server.database.db.select().from(shippings).where(inArray(shippings.id, [...model.routes.keys()]));
          for (const row of serverRoutes) {
            const expected = model.routes.get(row.id)!;
            expect([row.initial_km, row.final_km]).toEqual([expected.initial, expected.final]);
            const local = await device.db.shippings.get(row.id);
            expect([local?.initial_km, local?.final_km, local?.route]).toEqual([row.initial_km, row.final_km, row.route]);
          }
          const serverDetails = await server.database.db.select().from(shippingDetails).where(inArray(shippingDetails.id, detailIds));
          for (const row of serverDetails) {
            const expected = model.details.get(row.id)!.outcome;
            const outcome = !row.completed ? null : row.is_delivered ? 'delivered' : row.delivery_rejection_comment;
            expect(outcome).toBe(expected);
            if (expected === 'delivered') expect(row.pdf).toMatch(/\.jpg$/);
            const local = await device.db.details.get(row.id);
            expect([local?.completed, local?.is_delivered, local?.delivery_rejection_comment, local?.pdf]).toEqual([
              row.completed,
              row.is_delivered,
              row.delivery_rejection_comment,
              row.pdf,
            ]);
          }
        } finally {
          await device.engine.stop();
          device.db.close();
        }
      }),
      { numRuns: RUNS },
    );
  }, 600_000);
});
