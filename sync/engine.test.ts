import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { afterEach, describe, expect, it } from 'vitest';
import { openSyncDatabase, writeMeta, type SyncDatabase } from './db';
import { SyncEngine } from './engine';
import { pullPage } from './test-fixtures';

interface Call {
  path: string;
  body: { id?: number; initial_km?: number; final_km?: number; delivery_rejection_comment?: string };
  finish(status: number, body?: unknown): void;
}

/** A server stand-in whose answers the test gives by hand, to watch the order of sends. */
function handServer() {
  const calls: Call[] = [];
  const fetch = (async (input: string, init: RequestInit) => {
    const path = new URL(input).pathname;
    if (path === '/api/v2/sync/pull') {
      return new Response(JSON.stringify(pullPage()));
    }
    return new Promise<Response>((resolve) => {
      calls.push({
        path,
        body: JSON.parse(String(init.body)),
        finish: (status, body = {}) => resolve(new Response(JSON.stringify(body), { status })),
      });
    });
  }) as typeof globalThis.fetch;
  return { calls, fetch };
}

let db: SyncDatabase;
let engine: SyncEngine;
afterEach(async () => {
  await engine.stop();
  db.close();
});

async function setup() {
  db = openSyncDatabase('lanes', { indexedDB: new IDBFactory(), IDBKeyRange });
  const server = handServer();
  engine = new SyncEngine({
    db,
    transport: { baseUrl: 'http://servidor', fetch: server.fetch },
    userId: 7,
    getToken: () => 't',
    locks: undefined,
    intervalMs: 3_600_000,
    concurrency: 4,
  });
  await db.open();
  const base = {
    date: '2026-11-22',
    driver_id: 7,
    initial_km: null,
    final_km: null,
    km_capture_time_start: null,
    km_capture_time: null,
    route: null,
    _gen: 0,
  };
  await db.shippings.bulkPut([1, 2].map((id) => ({ id, ...base }) as never));
  await db.details.bulkPut([11, 12].map((id) => ({ id, shipping_id: 1, completed: false, is_delivered: false }) as never));
  await writeMeta(db, 'deviceId', '0f8fad5b-d9cb-469f-a165-70867728950e');
  return server;
}

const until = async (condition: () => boolean) => {
  for (let i = 0; i < 200 && !condition(); i += 1) await new Promise((r) => setTimeout(r, 5));
  expect(condition()).toBe(true);
};

describe('SyncEngine lanes', () => {
  it('sends one route’s rows in order (finish after its deliveries), other routes alongside, and a refused row blocks nothing', async () => {
    const server = await setup();
    const at = '2026-11-22 08:00';
    await engine.command('startRoute', { shippingId: 1, initial_km: 10, km_capture_time_start: at });
    await engine.command('rejectDelivery', {
      detailId: 11,
      shippingId: 1,
      delivered_at: at,
      delivery_rejection_comment: 'Cerrado',
      position: null,
    });
    await engine.command('rejectDelivery', {
      detailId: 12,
      shippingId: 1,
      delivered_at: at,
      delivery_rejection_comment: 'Sin dinero',
      position: null,
    });
    await engine.command('finishRoute', { shippingId: 1, final_km: 30, km_capture_time: at });
    await engine.command('startRoute', { shippingId: 2, initial_km: 5, km_capture_time_start: at });
    await engine.start();
    // The head of each lane goes out at once; nothing else of route 1 until its head is answered.
    await until(() => server.calls.length === 2);
    expect(server.calls.map((c) => c.body.id ?? c.path)).toEqual([1, 2]);
    server.calls[0]!.finish(200);
    await until(() => server.calls.length === 3);
    expect(server.calls[2]!.path).toBe('/api/v2/shipping_details/11');
    server.calls[2]!.finish(422, { message: 'La entrega ya fue completada; no se puede modificar.' });
    await until(() => server.calls.length === 4);
    expect(server.calls[3]!.body.delivery_rejection_comment).toBe('Sin dinero');
    server.calls[3]!.finish(200);
    await until(() => server.calls.length === 5);
    expect(server.calls[4]!.body).toMatchObject({ id: 1, final_km: 30 });
    server.calls[4]!.finish(200);
    server.calls[1]!.finish(200);
    await until(() => server.calls.length === 5);
    await engine.idle();
    const left = await db.outbox.toArray();
    expect(left.map((r) => [r.command, r.state, r.lastError])).toEqual([
      ['rejectDelivery', 'rejected', 'La entrega ya fue completada; no se puede modificar.'],
    ]);
  });

  it('sends nothing without a session and says why', async () => {
    await setup();
    await engine.stop();
    engine = new SyncEngine({
      db,
      transport: { baseUrl: 'http://servidor', fetch: (() => Promise.reject(new Error('no debe llamar'))) as never },
      userId: 7,
      getToken: () => null,
      intervalMs: 3_600_000,
    });
    await engine.command('startRoute', { shippingId: 1, initial_km: 10, km_capture_time_start: '2026-11-22 08:00' });
    await engine.start();
    await engine.idle();
    expect((await db.meta.get('authPaused'))?.value).toBe(true);
    expect((await db.outbox.toArray()).map((r) => r.state)).toEqual(['pending']);
  });

  it('tries nothing while the device says it has no network, and sends at once when it comes back', async () => {
    db = openSyncDatabase('offline', { indexedDB: new IDBFactory(), IDBKeyRange });
    const server = handServer();
    let online = false;
    let requests = 0;
    const counting = ((input: string, init: RequestInit) => {
      requests += 1;
      return server.fetch(input, init);
    }) as typeof globalThis.fetch;
    engine = new SyncEngine({
      db,
      transport: { baseUrl: 'http://servidor', fetch: counting },
      userId: 7,
      getToken: () => 't',
      intervalMs: 3_600_000,
      isOnline: () => online,
    });
    await db.open();
    await writeMeta(db, 'deviceId', '0f8fad5b-d9cb-469f-a165-70867728950e');
    await db.shippings.put({
      id: 1,
      date: '2026-11-22',
      driver_id: 7,
      initial_km: null,
      final_km: null,
      km_capture_time_start: null,
      km_capture_time: null,
      route: null,
      _gen: 0,
    } as never);
    await engine.start();
    await engine.command('startRoute', { shippingId: 1, initial_km: 10, km_capture_time_start: '2026-11-22 08:00' });
    await engine.idle();
    expect(requests).toBe(0);
    expect((await db.outbox.toArray()).map((row) => [row.state, row.lastError])).toEqual([['pending', null]]);
    online = true;
    await engine.connectivityRestored();
    await until(() => server.calls.length === 1);
    expect(server.calls[0]!.body).toMatchObject({ id: 1, initial_km: 10 });
    server.calls[0]!.finish(200);
    await until(() => requests >= 2);
  });
});
