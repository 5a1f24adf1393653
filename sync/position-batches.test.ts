import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { syncMessages } from '../domain/messages/sync';
import { POSITIONS_PER_BATCH, positionBatchSchema, type PositionBatch } from '../domain/schemas/tracking';
import { openSyncDatabase, readMeta, writeMeta, type SyncDatabase } from './db';
import { SyncEngine } from './engine';
import { enqueue, applyPullPage } from './local';
import { positionsPath, sendPositions } from './position-batches';
import { droppedPositions, recordPosition, waitingPositions, type TakenPosition } from './positions';
import { pullPage, shippingFixture } from './test-fixtures';

interface Sent {
  path: string;
  key: string | null;
  device: string | null;
  body: PositionBatch;
}

/**
 * A server stand-in: every request is logged (pulls and outbox rows too, to see the order),
 * positions are answered by `answer` (200 unless told), and what it accepted is kept.
 */
function positionServer(answer: (sent: Sent, index: number) => Response | Promise<Response> = () => json(200, { accepted: 1, recorded: 1 })) {
  const log: string[] = [];
  const batches: Sent[] = [];
  const fetch = (async (input: string, init: RequestInit = {}) => {
    const path = new URL(input).pathname;
    log.push(`${init.method ?? 'GET'} ${path}`);
    if (path === '/api/v2/sync/pull') return json(200, pullPage());
    if (!path.endsWith('/positions')) return json(200, {});
    const headers = new Headers(init.headers);
    const sent: Sent = {
      path,
      key: headers.get('idempotency-key'),
      device: headers.get('x-device-id'),
      body: positionBatchSchema.parse(JSON.parse(String(init.body))),
    };
    batches.push(sent);
    return answer(sent, batches.length - 1);
  }) as typeof globalThis.fetch;
  return { fetch, log, batches };
}

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

let db: SyncDatabase;
beforeEach(async () => {
  db = openSyncDatabase('positions', { indexedDB: new IDBFactory(), IDBKeyRange });
  await db.open();
  await writeMeta(db, 'deviceId', 'dev-1234');
});
afterEach(() => db.close());

const at = (minute: number) => new Date(Date.UTC(2026, 10, 22, 14, minute)).toISOString();

/** `count` positions of a route, a minute apart from `from`, as the recorder writes them. */
async function record(shippingId: number, count: number, { userId = 7, from = 0 } = {}) {
  for (let i = 0; i < count; i += 1) {
    const taken: TakenPosition = { shippingId, userId, recorded_at: at(from + i), latitude: 25.6 + i / 1e4, longitude: -100.3, accuracy: 12, speed: 8, heading: 90 };
    await recordPosition(db, taken);
  }
}

const send = (fetch: typeof globalThis.fetch, userId = 7) =>
  sendPositions(db, {
    transport: { baseUrl: 'http://servidor', fetch },
    userId,
    deviceId: 'dev-1234',
    token: 't',
    now: () => 0,
    requestSignal: () => new AbortController().signal,
  });

describe('positions buffered on the device', () => {
  it('are kept as taken; an odd reading is kept as unknown, a fix that is no place is not kept', async () => {
    const id = await recordPosition(db, {
      shippingId: 4,
      userId: 7,
      recorded_at: '2026-11-22T08:01:30-06:00',
      latitude: 25.68,
      longitude: -100.31,
      accuracy: 15,
      speed: 0,
      heading: Number.NaN,
    });
    expect(await db.positions.get(id!)).toEqual({
      id,
      shippingId: 4,
      userId: 7,
      recorded_at: '2026-11-22T14:01:30.000Z',
      latitude: 25.68,
      longitude: -100.31,
      accuracy: 15,
      speed: 0,
      heading: null,
    });
    expect(await recordPosition(db, { shippingId: 4, userId: 7, recorded_at: at(1), latitude: 95, longitude: -100 })).toBeNull();
    expect(await recordPosition(db, { shippingId: 4, userId: 7, recorded_at: 'ayer', latitude: 25, longitude: -100 })).toBeNull();
    expect(await waitingPositions(db, 7)).toBe(1);
  });
});

describe('sending positions in batches', () => {
  it('sends each route in batches of at most POSITIONS_PER_BATCH, oldest first, under a key of the batch, and deletes what was acknowledged', async () => {
    await record(4, POSITIONS_PER_BATCH + 3);
    await record(9, 2, { from: 1000 });
    const server = positionServer();
    const round = await send(server.fetch);
    expect(round).toEqual({ outcome: { kind: 'done' }, sent: POSITIONS_PER_BATCH + 5, dropped: 0 });
    expect(server.batches.map((b) => [b.path, b.body.positions.length])).toEqual([
      [positionsPath(4), POSITIONS_PER_BATCH],
      [positionsPath(4), 3],
      [positionsPath(9), 2],
    ]);
    const times = server.batches.flatMap((b) => (b.path === positionsPath(4) ? b.body.positions.map((p) => p.recorded_at) : []));
    expect(times).toEqual([...times].sort());
    expect(times[0]).toBe(at(0));
    expect(server.batches.map((b) => b.key)).toEqual([
      `positions-dev-1234-1-${POSITIONS_PER_BATCH}`,
      `positions-dev-1234-${POSITIONS_PER_BATCH + 1}-${POSITIONS_PER_BATCH + 3}`,
      `positions-dev-1234-${POSITIONS_PER_BATCH + 4}-${POSITIONS_PER_BATCH + 5}`,
    ]);
    expect(server.batches.every((b) => b.device === 'dev-1234')).toBe(true);
    expect(await db.positions.count()).toBe(0);
  });

  it('sends only the signed-in person’s positions; another person’s wait for them', async () => {
    await record(4, 2, { userId: 7 });
    await record(4, 3, { userId: 8, from: 10 });
    const server = positionServer();
    await send(server.fetch, 7);
    expect(server.batches.map((b) => b.body.positions.length)).toEqual([2]);
    expect(await waitingPositions(db, 8)).toBe(3);
  });

  it('drops a batch the server refuses for good (4xx), records why, and goes on with the next', async () => {
    await record(4, 2);
    await record(9, 1, { from: 100 });
    const server = positionServer((sent) =>
      sent.path === positionsPath(4) ? json(403, { message: 'No tienes permiso para esta ruta.' }) : json(200, { accepted: 1, recorded: 1 }),
    );
    const round = await send(server.fetch);
    expect(round).toEqual({ outcome: { kind: 'done' }, sent: 1, dropped: 2 });
    expect(await db.positions.count()).toBe(0);
    expect(await droppedPositions(db)).toEqual({ count: 2, message: 'No tienes permiso para esta ruta.', at: 0 });
    // A second refusal adds to the count.
    await record(4, 1, { from: 200 });
    await send(server.fetch);
    expect((await droppedPositions(db))?.count).toBe(3);
  });

  it('keeps every position on a 5xx or a lost connection, and the same batch goes again under the same key', async () => {
    await record(4, 3);
    await record(9, 1, { from: 100 });
    const failing = positionServer(() => json(503, { message: 'En mantenimiento' }));
    const round = await send(failing.fetch);
    expect(round.outcome).toEqual({ kind: 'retry', message: 'En mantenimiento' });
    // The round stops at the first failure: the other route's batch is not tried against a failing server.
    expect(failing.batches).toHaveLength(1);
    expect(await db.positions.count()).toBe(4);

    const cut = (async () => {
      throw new TypeError('Failed to fetch');
    }) as typeof globalThis.fetch;
    expect((await send(cut)).outcome).toEqual({ kind: 'retry', message: syncMessages.networkError });
    expect(await db.positions.count()).toBe(4);

    const back = positionServer();
    await send(back.fetch);
    expect(back.batches[0]!.key).toBe(failing.batches[0]!.key);
    expect(back.batches[0]!.body).toEqual(failing.batches[0]!.body);
    expect(await db.positions.count()).toBe(0);
  });

  it('keeps a route’s positions while its start still waits in the outbox, and sends them once it arrived', async () => {
    await applyPullPage(db, pullPage({ reset: true, shippings: [shippingFixture(4), shippingFixture(9)] }));
    await enqueue(db, 'startRoute', { shippingId: 4, initial_km: 10, km_capture_time_start: '2026-11-22 08:00' }, { userId: 7, now: 0 });
    await record(4, 2);
    await record(9, 1, { from: 100 });
    const server = positionServer();
    expect(await send(server.fetch)).toEqual({ outcome: { kind: 'done' }, sent: 1, dropped: 0 });
    // Only the other route's went: the server would answer 'accepted 0' to a route it does not know as started.
    expect(server.batches.map((b) => b.path)).toEqual([positionsPath(9)]);
    expect(await waitingPositions(db, 7)).toBe(2);

    // While it is being sent, too.
    await db.outbox.toCollection().modify({ state: 'sending' });
    await send(server.fetch);
    expect(server.batches).toHaveLength(1);

    // The start reached the server (its row leaves the outbox): the trail goes.
    await db.outbox.clear();
    await send(server.fetch);
    expect(server.batches.map((b) => [b.path, b.body.positions.length])).toEqual([
      [positionsPath(9), 1],
      [positionsPath(4), 2],
    ]);
    expect(await db.positions.count()).toBe(0);
  });

  it('stops on 401 and keeps them', async () => {
    await record(4, 2);
    const server = positionServer(() => json(401, { message: 'Tu sesión terminó.' }));
    expect((await send(server.fetch)).outcome).toEqual({ kind: 'auth', message: 'Tu sesión terminó.' });
    expect(await db.positions.count()).toBe(2);
  });
});

describe('the engine and positions', () => {
  let engine: SyncEngine | null = null;
  afterEach(async () => {
    await engine?.stop();
    engine = null;
  });

  function engineWith(fetch: typeof globalThis.fetch, isOnline = () => true) {
    engine = new SyncEngine({
      db,
      transport: { baseUrl: 'http://servidor', fetch },
      userId: 7,
      getToken: () => 't',
      intervalMs: 3_600_000,
      isOnline,
    });
    return engine;
  }

  async function round(e: SyncEngine) {
    e.wake();
    await e.idle();
  }

  it('sends them in each round after the outbox and before the pull', async () => {
    await applyPullPage(db, pullPage({ reset: true, shippings: [shippingFixture(4)] }));
    await enqueue(db, 'startRoute', { shippingId: 4, initial_km: 10, km_capture_time_start: '2026-11-22 08:00' }, { userId: 7, now: 0 });
    await record(4, 2);
    const server = positionServer();
    const e = engineWith(server.fetch);
    await e.start();
    await e.idle();
    expect(server.log).toEqual(['PUT /api/v1/shipping/update', `POST ${positionsPath(4)}`, 'GET /api/v2/sync/pull']);
    expect(await db.positions.count()).toBe(0);
  });

  it('a start that fails offline holds its route’s positions until it went through', async () => {
    await applyPullPage(db, pullPage({ reset: true, shippings: [shippingFixture(4)] }));
    await enqueue(db, 'startRoute', { shippingId: 4, initial_km: 10, km_capture_time_start: '2026-11-22 08:00' }, { userId: 7, now: 0 });
    await record(4, 2);
    let startArrives = false;
    const log: string[] = [];
    const server = positionServer();
    const fetch = (async (input: string, init: RequestInit = {}) => {
      if (!startArrives && new URL(input).pathname === '/api/v1/shipping/update') {
        log.push('start failed');
        throw new TypeError('Failed to fetch');
      }
      return server.fetch(input, init);
    }) as typeof globalThis.fetch;
    const e = engineWith(fetch);
    await e.start();
    await e.idle();
    expect(log).toEqual(['start failed']);
    expect(server.batches).toHaveLength(0);
    expect(await db.positions.count()).toBe(2);

    startArrives = true;
    await db.outbox.toCollection().modify({ nextAttemptAt: 0 });
    await round(e);
    expect(server.log.filter((line) => !line.startsWith('GET'))).toEqual(['PUT /api/v1/shipping/update', `POST ${positionsPath(4)}`]);
    expect(await db.positions.count()).toBe(0);
  });

  it('a failing batch holds neither the outbox nor the pull', async () => {
    await record(4, 2);
    const server = positionServer(() => json(500, { message: 'Error' }));
    const e = engineWith(server.fetch);
    await e.start();
    await e.idle();
    expect(server.log).toEqual([`POST ${positionsPath(4)}`, 'GET /api/v2/sync/pull']);
    expect(await db.positions.count()).toBe(2);
    // The next round tries them again.
    await round(e);
    expect(server.batches).toHaveLength(2);
  });

  it('tries nothing while the device says it is offline', async () => {
    await record(4, 2);
    let online = false;
    const server = positionServer();
    const e = engineWith(server.fetch, () => online);
    await e.start();
    await e.idle();
    expect(server.log).toEqual([]);
    online = true;
    await round(e);
    expect(server.batches).toHaveLength(1);
    expect(await db.positions.count()).toBe(0);
  });

  it('a 401 pauses the whole queue as the outbox’s does: no pull, nothing lost', async () => {
    await record(4, 2);
    let lost = 0;
    const server = positionServer(() => json(401, { message: 'Tu sesión terminó.' }));
    engine = new SyncEngine({
      db,
      transport: { baseUrl: 'http://servidor', fetch: server.fetch },
      userId: 7,
      getToken: () => 't',
      intervalMs: 3_600_000,
      onAuthLost: () => (lost += 1),
    });
    await engine.start();
    await engine.idle();
    expect(server.log).toEqual([`POST ${positionsPath(4)}`]);
    expect(await readMeta(db, 'authPaused')).toBe(true);
    expect(lost).toBe(1);
    expect(await db.positions.count()).toBe(2);
  });

  it('with nothing recorded, no positions request is made', async () => {
    const server = positionServer();
    const e = engineWith(server.fetch);
    await e.start();
    await e.idle();
    expect(server.log).toEqual(['GET /api/v2/sync/pull']);
  });
});
