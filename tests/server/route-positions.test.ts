import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventTicketSchema } from '../../domain/schemas/events';
import { positionBatchAnswerSchema, type RoutePosition } from '../../domain/schemas/tracking';
import { monterreyDate, monterreyMinute } from '../../domain/time';
import { rows } from '../../server/db/sql-rows';
import { openEventStream } from './sse-client';
import { bearer, createTestApp, loginAs, type TestApp } from './test-app';

let t: TestApp;
let base: string;
let driverId: number;
let driver: string;
let otherDriver: string;
let office: string;
beforeAll(async () => {
  t = await createTestApp();
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  [driver, otherDriver, office] = await Promise.all([loginAs(t.app, 'chofer@demo.mx'), loginAs(t.app, 'chofer2@demo.mx'), loginAs(t.app, 'oficina@demo.mx')]);
  const [row] = await rows<{ id: number }>(t.database.db, sql`SELECT id FROM users WHERE email = 'chofer@demo.mx'`);
  driverId = row!.id;
});
afterAll(() => t.close());

const MINUTE = 60_000;
const ago = (minutes: number) => new Date(Date.now() - minutes * MINUTE);

/** A route of chofer@demo.mx, started and finished at these instants (stored as Monterrey wall-clock minutes). */
async function routeOf(started: Date | null, finished: Date | null = null): Promise<number> {
  const [route] = await rows<{ id: number }>(
    t.database.db,
    sql`INSERT INTO shippings (date, driver_id, initial_km, final_km, km_capture_time_start, km_capture_time)
      VALUES (${monterreyDate(new Date())}, ${driverId}, ${started ? 1000 : null}, ${finished ? 1050 : null},
        ${started ? monterreyMinute(started) : null}, ${finished ? monterreyMinute(finished) : null})
      RETURNING id`,
  );
  return route!.id;
}

const at = (when: Date, step = 0): RoutePosition => ({
  recorded_at: new Date(when.getTime() + step * 1000).toISOString(),
  latitude: 25.67 + step / 10_000,
  longitude: -100.31 - step / 10_000,
  accuracy: 8,
  speed: 9.5,
  heading: 90,
});

let keys = 0;
function send(token: string, shippingId: number, positions: RoutePosition[], key = `positions-test-${(keys += 1)}`) {
  return t.app.inject({
    method: 'POST',
    url: `/api/v2/shippings/${shippingId}/positions`,
    headers: { ...bearer(token), 'idempotency-key': key },
    payload: { positions },
  });
}

async function storedCount(shippingId: number): Promise<number> {
  const [row] = await rows<{ count: number }>(t.database.db, sql`SELECT count(*)::int AS count FROM route_positions WHERE shipping_id = ${shippingId}`);
  return row!.count;
}

describe('a started route’s positions', () => {
  it('records a batch once: replayed with its key it answers the same, with a new key nothing is recorded twice', async () => {
    const shippingId = await routeOf(ago(60));
    const batch = [at(ago(30)), at(ago(29)), at(ago(28))];
    const first = await send(driver, shippingId, batch, 'replayed-batch-1');
    expect(first.statusCode).toBe(200);
    expect(positionBatchAnswerSchema.parse(first.json())).toEqual({ accepted: 3, recorded: 3 });
    const replay = await send(driver, shippingId, batch, 'replayed-batch-1');
    expect([replay.statusCode, replay.json()]).toEqual([200, { accepted: 3, recorded: 3 }]);
    const again = await send(driver, shippingId, [...batch, at(ago(27))], 'replayed-batch-2');
    expect([again.statusCode, again.json()]).toEqual([200, { accepted: 4, recorded: 1 }]);
    expect(await storedCount(shippingId)).toBe(4);
    // The same instant written with Monterrey's offset is the same position.
    const firstAt = Date.parse(batch[0]!.recorded_at);
    const local = new Date(firstAt - 6 * 60 * MINUTE).toISOString().replace('Z', '-06:00');
    const offset = await send(driver, shippingId, [{ ...batch[0]!, recorded_at: local }]);
    expect(offset.json()).toEqual({ accepted: 1, recorded: 0 });
  });

  it('is refused for anyone but the route’s driver, in Spanish', async () => {
    const shippingId = await routeOf(ago(60));
    for (const token of [otherDriver, office]) {
      const refused = await send(token, shippingId, [at(ago(10))]);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual({ message: 'Solo el chofer asignado puede enviar la ubicación de este envío.' });
    }
    const nobody = await t.app.inject({ method: 'POST', url: `/api/v2/shippings/${shippingId}/positions`, payload: { positions: [at(ago(10))] } });
    expect(nobody.statusCode).toBe(401);
    expect((await send(driver, 2_000_000_000, [at(ago(10))])).statusCode).toBe(404);
    expect(await storedCount(shippingId)).toBe(0);
  });

  it('records nothing before the route starts or after it finished (past a few minutes’ grace), and says so without an error', async () => {
    const notStarted = await routeOf(null);
    expect((await send(driver, notStarted, [at(ago(5))])).json()).toEqual({ accepted: 0, recorded: 0 });
    const started = await routeOf(ago(20));
    const beforeStart = await send(driver, started, [at(ago(40)), at(ago(25)), at(ago(10))]);
    expect([beforeStart.statusCode, beforeStart.json()]).toEqual([200, { accepted: 1, recorded: 1 }]);
    // A phone whose clock runs an hour ahead is not believed.
    expect((await send(driver, started, [at(new Date(Date.now() + 60 * MINUTE))])).json()).toEqual({ accepted: 0, recorded: 0 });
    const finished = await routeOf(ago(120), ago(60));
    const afterFinish = await send(driver, finished, [at(ago(90)), at(ago(57)), at(ago(50)), at(ago(5))]);
    // 57 minutes ago is within the grace after the finish (60 minutes ago); 50 is not.
    expect(afterFinish.json()).toEqual({ accepted: 2, recorded: 2 });
    expect([await storedCount(notStarted), await storedCount(started), await storedCount(finished)]).toEqual([0, 1, 2]);
  });

  it('refuses a batch of more than 500 positions, or a position out of bounds, with a Spanish message', async () => {
    const shippingId = await routeOf(ago(600));
    const tooMany = Array.from({ length: 501 }, (_, i) => at(ago(500), i));
    const refused = await send(driver, shippingId, tooMany);
    expect(refused.statusCode).toBe(400);
    expect(refused.json<{ message: string }>().message).toMatch(/500/);
    expect(refused.json<{ message: string }>().message).not.toMatch(/too|expected|array/i);
    const badLatitude = await send(driver, shippingId, [{ ...at(ago(5)), latitude: 91 }]);
    expect(badLatitude.statusCode).toBe(400);
    expect((await send(driver, shippingId, [])).statusCode).toBe(400);
    const fiveHundred = await send(driver, shippingId, tooMany.slice(0, 500));
    expect([fiveHundred.statusCode, fiveHundred.json()]).toEqual([200, { accepted: 500, recorded: 500 }]);
  });
});

describe('the office sees the truck move', () => {
  async function ticketFor(token: string): Promise<string> {
    const response = await t.app.inject({ method: 'POST', url: '/api/v2/events/ticket', headers: bearer(token) });
    return eventTicketSchema.parse(response.json()).ticket;
  }

  it('sends the batch’s newest new position to an office person’s stream and not to a driver’s', async () => {
    const shippingId = await routeOf(ago(60));
    const officeStream = await openEventStream(`${base}/api/v2/events?ticket=${await ticketFor(office)}`);
    const driverStream = await openEventStream(`${base}/api/v2/events?ticket=${await ticketFor(driver)}`);
    try {
      await officeStream.waitFor((text) => text.includes(': conectado'));
      await driverStream.waitFor((text) => text.includes(': conectado'));
      const newest = at(ago(3));
      expect((await send(driver, shippingId, [at(ago(5)), newest, at(ago(4))])).json()).toEqual({ accepted: 3, recorded: 3 });
      await officeStream.waitFor((text) => text.includes(`"shipping_id":${shippingId}`));
      const events = officeStream.received.filter((e) => e.event === 'route.position').map((e) => JSON.parse(e.data) as unknown);
      expect(events).toEqual([
        {
          type: 'route.position',
          shipping_id: shippingId,
          date: monterreyDate(new Date()),
          latitude: newest.latitude,
          longitude: newest.longitude,
          recorded_at: newest.recorded_at,
        },
      ]);
      // A replayed batch records nothing and announces nothing.
      await send(driver, shippingId, [newest]);
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(officeStream.received.filter((e) => e.event === 'route.position')).toHaveLength(1);
      expect(driverStream.received.filter((e) => e.event === 'route.position')).toEqual([]);
    } finally {
      officeStream.close();
      driverStream.close();
    }
  });
});
