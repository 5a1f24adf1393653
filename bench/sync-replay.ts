// Sync engine benchmark (docs/architecture.md budget: outbox replay ≥ 200 commands/s, no
// duplicate, no loss; issue: first pull of a driver's week ≤ 2 s).
//
// The real server and the real engine: the server on a fresh database with the demo seed,
// listening on loopback — on PostgreSQL (DATABASE_URL) in a process of its own, as a phone
// and the server never share a processor; on the embedded PGlite, which one process owns,
// inside this one. The engine runs on fake-indexeddb (Node has no IndexedDB). 1,000 commands are
// queued offline (a quarter each of 'Iniciar', two delivery rejections, 'Terminar' on 250
// routes), then replayed; the database is checked for exactly one applied key per command
// and the effects. Then an empty device pulls a driver's week of 200 deliveries.
//
// Usage: npm run bench:sync   (SYNC_BENCH_CONCURRENCY: requests in flight at once, 4 as the app;
// SYNC_BENCH_BATCH: commands per POST /api/v2/sync/push, the app's by default, 1 for one request per command)
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { monterreyDateOffset } from '../domain/time';
import { buildApp } from '../server/app';
import { openDatabase } from '../server/db/client';
import { prepareDatabase } from '../server/prepare-database';
import { keepEvidenceBytes } from '../server/evidence-storage';
import { idempotencyKeys, sales, shippingDetails, shippings, users } from '../server/db/schema';
import { parseEnv } from '../server/env';
import { openSyncDatabase } from '../sync/db';
import { APP_PUSH_BATCH_SIZE, SyncEngine } from '../sync/engine';
import { startServer } from './processes';

const ROUTES = 250;
const WEEK_DELIVERIES = 200;
const concurrency = Number(process.env.SYNC_BENCH_CONCURRENCY ?? 4);
const pushBatchSize = Number(process.env.SYNC_BENCH_BATCH ?? APP_PUSH_BATCH_SIZE);

const dataDir = await mkdtemp(path.join(tmpdir(), 'bench-sync-'));
const database = await openDatabase(
  process.env.DATABASE_URL ? { kind: 'postgres', url: process.env.DATABASE_URL } : { kind: 'pglite', dataDir: path.join(dataDir, 'db') },
);
const env = parseEnv({ NODE_ENV: 'production', DATA_DIR: dataDir, LOG_LEVEL: 'silent', WEB_DIR: '/nonexistent', DEMO_SEED: 'true' });
await prepareDatabase(database, { demoSeed: true, keepSampleEvidence: (name, bytes) => keepEvidenceBytes(env, name, bytes) });
const { baseUrl, stopServer } = database.kind === 'postgres' ? await serverProcess() : await serverInProcess();
const db = database.db;

async function serverInProcess(): Promise<{ baseUrl: string; stopServer: () => Promise<void> }> {
  const app = await buildApp({ env, database, logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  return { baseUrl: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`, stopServer: () => app.close() };
}

async function serverProcess(): Promise<{ baseUrl: string; stopServer: () => Promise<void> }> {
  const server = await startServer({ DATABASE_URL: process.env.DATABASE_URL!, DATA_DIR: dataDir, LOG_LEVEL: 'warn', DEMO_SEED: 'false' });
  return { baseUrl: server.url, stopServer: server.stop };
}

async function login(email: string): Promise<{ token: string; id: number }> {
  const response = await fetch(`${baseUrl}/api/v1/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'demo1234' }),
  });
  const { access_token: token } = (await response.json()) as { access_token: string };
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
  return { token, id: user!.id };
}

/** Routes for a driver on the given days, each with `perRoute` deliveries of existing sales. */
async function makeRoutes(
  driverId: number,
  days: string[],
  routesPerDay: number,
  perRoute: number,
): Promise<{ id: number; details: number[] }[]> {
  const saleIds = (await db.select({ id: sales.id }).from(sales).where(eq(sales.kind, 'sale')).limit(500)).map((s) => s.id);
  const made: { id: number; details: number[] }[] = [];
  let next = 0;
  for (const date of days) {
    const created = await db
      .insert(shippings)
      .values(Array.from({ length: routesPerDay }, () => ({ date, driver_id: driverId, vehicle_id: 1, created_by_user_id: 1 })))
      .returning({ id: shippings.id });
    const rows = created.flatMap((route) =>
      Array.from({ length: perRoute }, () => ({
        shipping_id: route.id,
        sale_id: saleIds[(next += 1) % saleIds.length]!,
        company_id: null,
      })),
    );
    const details = await db
      .insert(shippingDetails)
      .values(rows)
      .returning({ id: shippingDetails.id, shipping_id: shippingDetails.shipping_id });
    for (const route of created) made.push({ id: route.id, details: details.filter((d) => d.shipping_id === route.id).map((d) => d.id) });
  }
  return made;
}

function device(name: string, userId: number, token: string, fetchImpl: typeof fetch = fetch) {
  const local = openSyncDatabase(name, { indexedDB: new IDBFactory(), IDBKeyRange });
  const engine = new SyncEngine({
    db: local,
    transport: { baseUrl, fetch: fetchImpl },
    userId,
    getToken: () => token,
    intervalMs: 3_600_000,
    concurrency,
    pushBatchSize,
  });
  return { local, engine };
}

try {
  // ── Replay of 1,000 queued commands ──
  const driver = await login('chofer@demo.mx');
  const today = monterreyDateOffset(new Date(), 0);
  const at = '2026-11-22 08:00';

  /**
   * A phone that has the driver's routes, queues a day of commands on `routes` offline, and
   * replays them through `answer` (the real server unless given); the replay's seconds.
   */
  async function queueAndReplay(name: string, routes: { id: number; details: number[] }[], answer: typeof fetch = fetch) {
    let online = true;
    const phone = device(name, driver.id, driver.token, (input, init) =>
      online ? fetch(input, init) : Promise.reject(new TypeError('offline')),
    );
    await phone.engine.start();
    await phone.engine.idle();
    online = false;
    for (const route of routes) {
      await phone.engine.command('startRoute', { shippingId: route.id, initial_km: 1000, km_capture_time_start: at });
      for (const detailId of route.details) {
        await phone.engine.command('rejectDelivery', {
          detailId,
          shippingId: route.id,
          delivered_at: at,
          delivery_rejection_comment: 'Cerrado',
          position: null,
        });
      }
      await phone.engine.command('finishRoute', { shippingId: route.id, final_km: 1080, km_capture_time: '2026-11-22 18:00' });
    }
    await phone.engine.stop();
    const queued = await phone.local.outbox.count();
    const replayer = new SyncEngine({
      db: phone.local,
      transport: { baseUrl, fetch: (input, init) => (String(input).includes('/sync/pull') ? fetch(input, init) : answer(input, init)) },
      userId: driver.id,
      getToken: () => driver.token,
      intervalMs: 3_600_000,
      concurrency,
      pushBatchSize,
    });
    const started = performance.now();
    await replayer.start();
    // As the app does on the browser's 'online' event: rows that failed for want of network go at once.
    await replayer.connectivityRestored();
    while ((await phone.local.outbox.where('state').anyOf('pending', 'sending').count()) > 0) {
      replayer.wake();
      await replayer.idle();
    }
    const seconds = (performance.now() - started) / 1000;
    await replayer.stop();
    return { phone, queued, seconds };
  }

  const routes = await makeRoutes(driver.id, [today], ROUTES, 2);
  const { phone, queued, seconds } = await queueAndReplay('bench-replay', routes);
  const deviceId = (await phone.local.meta.get('deviceId'))!.value as string;
  const [keys] = await db
    .select({ total: sql<number>`count(*)::int`, distinctSeq: sql<number>`count(DISTINCT device_seq)::int` })
    .from(idempotencyKeys)
    .where(eq(idempotencyKeys.device_id, deviceId));
  const routeIds = routes.map((r) => r.id);
  const finished = await db.$count(shippings, and(inArray(shippings.id, routeIds), eq(shippings.route, 80)));
  const rejected = await db.$count(
    shippingDetails,
    and(inArray(shippingDetails.shipping_id, routeIds), isNotNull(shippingDetails.delivery_rejection_comment)),
  );
  const rejectedRows = await phone.local.outbox.where('state').equals('rejected').count();
  console.log(
    `replay: ${queued} commands queued offline, replayed in ${seconds.toFixed(2)} s = ${(queued / seconds).toFixed(0)} commands/s (${database.kind}, ${concurrency} requests at once, ${pushBatchSize} commands a request)`,
  );
  console.log(
    `  applied keys ${keys!.total}, distinct device sequence numbers ${keys!.distinctSeq} → duplicates ${keys!.total - keys!.distinctSeq}, losses ${queued - keys!.total}; rejected ${rejectedRows}`,
  );
  console.log(`  effects: routes finished ${finished}/${ROUTES}, deliveries rejected ${rejected}/${ROUTES * 2}`);

  // ── The same 1,000 requests sent straight to the server, without a device store ──
  // What the server alone sustains; the difference to the replay above is the device's work
  // (here fake-indexeddb, a JavaScript stand-in for the browser's native IndexedDB).
  const direct = await makeRoutes(driver.id, [today], ROUTES, 2);
  const send = (method: string, url: string, body: unknown) =>
    fetch(`${baseUrl}${url}`, {
      method,
      headers: { authorization: `Bearer ${driver.token}`, 'content-type': 'application/json', 'idempotency-key': crypto.randomUUID() },
      body: JSON.stringify(body),
    }).then((response) => {
      if (!response.ok) throw new Error(`${url}: ${response.status}`);
      return response.arrayBuffer();
    });
  const directStart = performance.now();
  const lanes = Array.from({ length: concurrency }, (_, lane) => direct.filter((_, i) => i % concurrency === lane));
  await Promise.all(
    lanes.map(async (laneRoutes) => {
      for (const route of laneRoutes) {
        await send('PUT', '/api/v1/shipping/update', { id: route.id, initial_km: 1000, km_capture_time_start: at });
        for (const detailId of route.details) {
          await send('PATCH', `/api/v2/shipping_details/${detailId}`, {
            completed: true,
            is_delivered: false,
            delivered_at: at,
            delivery_rejection_comment: 'Cerrado',
          });
        }
        await send('PUT', '/api/v1/shipping/update', { id: route.id, final_km: 1080, km_capture_time: '2026-11-22 18:00' });
      }
    }),
  );
  const directSeconds = (performance.now() - directStart) / 1000;
  console.log(
    `  the same ${ROUTES * 4} requests straight to the server: ${directSeconds.toFixed(2)} s = ${((ROUTES * 4) / directSeconds).toFixed(0)} requests/s`,
  );

  // ── The same 1,000 commands straight to the server in batches, as the engine sends them ──
  // Whole routes per batch (a route's commands in order), `concurrency` batches in flight.
  const batched = await makeRoutes(driver.id, [today], ROUTES, 2);
  const deviceKey = crypto.randomUUID();
  let seq = 0;
  const commandsOf = (route: { id: number; details: number[] }) => [
    { method: 'PUT', path: '/api/v1/shipping/update', body: { id: route.id, initial_km: 1000, km_capture_time_start: at } },
    ...route.details.map((detailId) => ({
      method: 'PATCH',
      path: `/api/v2/shipping_details/${detailId}`,
      body: { completed: true, is_delivered: false, delivered_at: at, delivery_rejection_comment: 'Cerrado' },
    })),
    { method: 'PUT', path: '/api/v1/shipping/update', body: { id: route.id, final_km: 1080, km_capture_time: '2026-11-22 18:00' } },
  ];
  const batches: unknown[][] = [];
  for (const route of batched) {
    const commands = commandsOf(route).map((c) => ({ ...c, key: crypto.randomUUID(), seq: (seq += 1) }));
    const last = batches.at(-1);
    if (last && last.length + commands.length <= Math.max(pushBatchSize, commands.length)) last.push(...commands);
    else batches.push(commands);
  }
  const batchedStart = performance.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < batches.length) {
        const commands = batches[next++]!;
        const response = await fetch(`${baseUrl}/api/v2/sync/push`, {
          method: 'POST',
          headers: { authorization: `Bearer ${driver.token}`, 'content-type': 'application/json', 'x-device-id': deviceKey },
          body: JSON.stringify({ commands }),
        });
        const { results } = (await response.json()) as { results: { status: number }[] };
        if (!response.ok || results.length !== commands.length || results.some((r) => r.status !== 200))
          throw new Error(`push: ${response.status}`);
      }
    }),
  );
  const batchedSeconds = (performance.now() - batchedStart) / 1000;
  console.log(
    `  the same ${ROUTES * 4} commands straight to the server in ${batches.length} batches: ${batchedSeconds.toFixed(2)} s = ${((ROUTES * 4) / batchedSeconds).toFixed(0)} commands/s`,
  );

  // ── The device alone: the same day replayed against answers that come at once ──
  // What the engine on fake-indexeddb sustains by itself; with the server's figure above,
  // the two bounds of the replay when phone and server share this machine's two cores.
  const instant = (async (input: RequestInfo | URL, init?: RequestInit) => {
    // A batch gets a result per command, as the server would give; a single command an empty record.
    const body = String(input).endsWith('/api/v2/sync/push')
      ? {
          results: (JSON.parse(String(init!.body)) as { commands: { key: string }[] }).commands.map(({ key }) => ({
            key,
            status: 200,
            body: {},
          })),
        }
      : {};
    return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
  }) as typeof fetch;
  const alone = await queueAndReplay('bench-device-alone', await makeRoutes(driver.id, [today], ROUTES, 2), instant);
  console.log(
    `  the device alone (every answer at once): ${alone.queued} commands in ${alone.seconds.toFixed(2)} s = ${(alone.queued / alone.seconds).toFixed(0)} commands/s`,
  );
  console.log(
    `  goal ≥ 200 commands/s: replay ${(queued / seconds).toFixed(0)}, server alone ${((ROUTES * 4) / directSeconds).toFixed(0)} (one request a command) / ${((ROUTES * 4) / batchedSeconds).toFixed(0)} (batched), device alone ${(alone.queued / alone.seconds).toFixed(0)} (${concurrency} requests at once, ${pushBatchSize} commands a request, one 2-core machine for phone, server and database)`,
  );

  // ── First pull of a driver's week into an empty device ──
  const other = await login('chofer2@demo.mx');
  const week = Array.from({ length: 7 }, (_, i) => monterreyDateOffset(new Date(), i - 3));
  await makeRoutes(other.id, week, 4, Math.ceil(WEEK_DELIVERIES / 28));
  const empty = device('bench-first-pull', other.id, other.token);
  await empty.local.open();
  const pullStart = performance.now();
  await empty.engine.pull();
  const pullSeconds = (performance.now() - pullStart) / 1000;
  console.log(
    `first pull: ${await empty.local.shippings.count()} routes, ${await empty.local.details.count()} deliveries, ${await empty.local.items.count()} items into an empty device in ${pullSeconds.toFixed(2)} s`,
  );
} finally {
  await stopServer();
  await database.close();
  await rm(dataDir, { recursive: true, force: true });
}
// Something outside the measured code (not the engines: both end with no timer) keeps the
// event loop alive after the server closed; the figures are printed, so end here.
process.exit(0);
