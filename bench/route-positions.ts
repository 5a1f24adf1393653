// Positions benchmark (issue 47's budget: 200 trucks reporting every minute on PostgreSQL with the
// map open in 5 offices, p99 of a position batch ≤ 50 ms).
//
// A fresh PostgreSQL database beside DATABASE_URL's with the demo seed, 200 drivers each on a
// started route of 5 stops (placed), and the real server in a process of its own. Time is
// compressed: a "minute" is POSITIONS_ROUND_MS; each round every truck sends its batch (2
// positions) at a random moment of it; then one burst of 200 batches of 30 positions at once,
// as when the trucks' phones reconnect together. 5 office screens listen to the event stream and
// refetch GET /api/v2/map/routes/:id on a truck's event, at most once per route per 10 s, as
// the map does. Prints p50/p95/p99 of the batch POST (rounds and burst apart), the events each
// screen got of those expected, their delay from the POST, and the refetches' latency.
//
// Usage: DATABASE_URL=postgresql://… npm run bench:positions
//   (POSITIONS_ROUTES 200, POSITIONS_ROUNDS 5, POSITIONS_ROUND_MS 3000, POSITIONS_SCREENS 5)
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { monterreyDate, monterreyMinute } from '../domain/time';
import type { RoutePosition } from '../domain/schemas/tracking';
import { issueToken } from '../server/auth/sessions';
import { openDatabase } from '../server/db/client';
import { rows } from '../server/db/sql-rows';
import { prepareDatabase } from '../server/prepare-database';
import { startServer } from './processes';

const ROUTES = Number(process.env.POSITIONS_ROUTES ?? 200);
const ROUNDS = Number(process.env.POSITIONS_ROUNDS ?? 5);
const ROUND_MS = Number(process.env.POSITIONS_ROUND_MS ?? 3000);
const SCREENS = Number(process.env.POSITIONS_SCREENS ?? 5);
const STOPS = 5;
const BURST_POSITIONS = 30;
const REFETCH_EVERY_MS = 10_000;
const MINUTE = 60_000;

if (!process.env.DATABASE_URL) {
  console.error('DATABASE_URL es necesario: el presupuesto es sobre PostgreSQL.');
  process.exit(1);
}

// A database of its own, dropped at the end: the bench adds 200 drivers and their routes.
const benchName = `frutas_bench_positions_${randomBytes(4).toString('hex')}`;
const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
await admin.connect();
await admin.query(`CREATE DATABASE ${benchName}`);
const benchUrl = new URL(process.env.DATABASE_URL);
benchUrl.pathname = `/${benchName}`;
const dataDir = await mkdtemp(path.join(tmpdir(), 'bench-positions-'));
const database = await openDatabase({ kind: 'postgres', url: benchUrl.toString() });
const db = database.db;

const started = new Date(Date.now() - 3 * 60 * MINUTE);
const today = monterreyDate(new Date());

async function seed(): Promise<{ routes: { id: number; token: string }[]; office: string[] }> {
  await prepareDatabase(database, { demoSeed: true, keepSampleEvidence: null });
  // Drivers copied from the demo's, with their permissions.
  const columns = (
    await rows<{ column_name: string }>(
      db,
      sql`SELECT column_name FROM information_schema.columns WHERE table_name = 'users' AND table_schema = current_schema()
        AND column_name NOT IN ('id', 'email', 'created_at', 'updated_at', 'change_seq')`,
    )
  ).map((c) => `"${c.column_name}"`);
  const copied = sql.raw(columns.join(', '));
  const drivers = await rows<{ id: number }>(
    db,
    sql`INSERT INTO users (email, ${copied})
      SELECT 'chofer-bench-' || i || '@demo.mx', ${copied} FROM users, generate_series(1, ${ROUTES}) AS i
      WHERE email = 'chofer@demo.mx' RETURNING id`,
  );
  await db.execute(
    sql`INSERT INTO user_permissions (user_id, permission_id)
      SELECT u.id, p.permission_id FROM users u, user_permissions p JOIN users d ON d.id = p.user_id AND d.email = 'chofer@demo.mx'
      WHERE u.email LIKE 'chofer-bench-%' ON CONFLICT DO NOTHING`,
  );
  // Every branch gets a place in Monterrey, so that the map's reads time their stops.
  await db.execute(
    sql`UPDATE company_branches SET latitude = 25.6 + random() * 0.15, longitude = -100.4 + random() * 0.2 WHERE latitude IS NULL`,
  );
  const sales = await rows<{ id: number; company_id: number }>(
    db,
    sql`SELECT id, company_id FROM sales WHERE canceled_at IS NULL ORDER BY company_branch_id IS NULL, id LIMIT ${ROUTES * STOPS}`,
  );
  const routes: { id: number; token: string }[] = [];
  for (const [index, driver] of drivers.entries()) {
    const [route] = await rows<{ id: number }>(
      db,
      sql`INSERT INTO shippings (date, driver_id, initial_km, km_capture_time_start) VALUES (${today}, ${driver.id}, 1000, ${monterreyMinute(started)}) RETURNING id`,
    );
    for (let stop = 0; stop < STOPS && sales.length > 0; stop += 1) {
      const sale = sales[(index * STOPS + stop) % sales.length]!;
      await db.execute(
        sql`INSERT INTO shipping_details (shipping_id, sale_id, company_id, stop_order) VALUES (${route!.id}, ${sale.id}, ${sale.company_id}, ${stop + 1})`,
      );
    }
    routes.push({ id: route!.id, token: await issueToken(db, driver.id) });
  }
  const [office] = await rows<{ id: number }>(db, sql`SELECT id FROM users WHERE email = 'oficina@demo.mx'`);
  const officeTokens = await Promise.all(Array.from({ length: SCREENS }, () => issueToken(db, office!.id)));
  return { routes, office: officeTokens };
}

const percentile = (values: number[], p: number) => {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
};
const figures = (values: number[]) =>
  `n=${values.length} p50 ${percentile(values, 50).toFixed(1)} ms · p95 ${percentile(values, 95).toFixed(1)} ms · p99 ${percentile(values, 99).toFixed(1)} ms · max ${Math.max(...values).toFixed(1)} ms`;

/** Where each route's truck is at minute `m` after the start: a slow walk north-east. */
const positionAt = (routeIndex: number, minute: number, second = 0): RoutePosition => ({
  recorded_at: new Date(started.getTime() + (minute * 60 + second) * 1000).toISOString(),
  latitude: 25.6 + routeIndex / 5_000 + minute / 2_000,
  longitude: -100.4 + minute / 2_000,
  accuracy: 12,
  speed: 8,
  heading: 45,
});

const seedStart = performance.now();
const { routes, office } = await seed();
console.log(`Sembrado: ${routes.length} envíos iniciados, ${STOPS} paradas cada uno (${((performance.now() - seedStart) / 1000).toFixed(1)} s)`);
const server = await startServer({ DATABASE_URL: benchUrl.toString(), DATA_DIR: dataDir, LOG_LEVEL: 'warn', DEMO_SEED: 'false' });
const base = server.url;

/** When each route's last batch left, for the events' delay. */
const sentAt = new Map<number, number>();
const eventDelays: number[] = [];
const refetchLatencies: number[] = [];
let refetchFailures = 0;

interface Screen {
  events: number;
  close: () => void;
}

/** An office screen with the map open: the event stream, and a throttled refetch of a moved truck's route. */
async function openScreen(token: string): Promise<Screen> {
  const ticketAnswer = await fetch(`${base}/api/v2/events/ticket`, { method: 'POST', headers: { authorization: `Bearer ${token}` } });
  const { ticket } = (await ticketAnswer.json()) as { ticket: string };
  const controller = new AbortController();
  const response = await fetch(`${base}/api/v2/events?ticket=${ticket}`, { signal: controller.signal, headers: { accept: 'text/event-stream' } });
  if (!response.ok || !response.body) throw new Error(`stream refused: ${response.status}`);
  const screen: Screen = { events: 0, close: () => controller.abort() };
  const lastFetched = new Map<number, number>();
  const refetch = async (shippingId: number) => {
    const now = performance.now();
    if (now - (lastFetched.get(shippingId) ?? -Infinity) < REFETCH_EVERY_MS) return;
    lastFetched.set(shippingId, now);
    const answer = await fetch(`${base}/api/v2/map/routes/${shippingId}`, { headers: { authorization: `Bearer ${token}` } });
    await answer.arrayBuffer();
    if (answer.ok) refetchLatencies.push(performance.now() - now);
    else refetchFailures += 1;
  };
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  void (async () => {
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        buffer += decoder.decode(value, { stream: true });
        const blocks = buffer.split('\n\n');
        buffer = blocks.pop() ?? '';
        for (const block of blocks) {
          if (!/^event: route\.position$/m.test(block)) continue;
          const data = JSON.parse(/^data: (.+)$/m.exec(block)?.[1] ?? '{}') as { shipping_id: number };
          screen.events += 1;
          const sent = sentAt.get(data.shipping_id);
          if (sent !== undefined) eventDelays.push(performance.now() - sent);
          void refetch(data.shipping_id);
        }
      }
    } catch {
      // closed by the bench
    }
  })();
  return screen;
}

const postLatencies: { rounds: number[]; burst: number[]; warmup: number[] } = { rounds: [], burst: [], warmup: [] };
let refused = 0;
let expectedEvents = 0;

async function sendBatch(index: number, positions: RoutePosition[], into: number[]): Promise<void> {
  const route = routes[index]!;
  const body = JSON.stringify({ positions });
  const start = performance.now();
  sentAt.set(route.id, start);
  const answer = await fetch(`${base}/api/v2/shippings/${route.id}/positions`, {
    method: 'POST',
    headers: { authorization: `Bearer ${route.token}`, 'content-type': 'application/json', 'idempotency-key': randomUUID() },
    body,
  });
  const result = (await answer.json()) as { recorded?: number };
  into.push(performance.now() - start);
  if (!answer.ok) refused += 1;
  else if ((result.recorded ?? 0) > 0) expectedEvents += 1;
}

/** One "minute": every truck sends its 2 positions at a random moment of the round. */
async function round(minute: number, into: number[]): Promise<void> {
  await Promise.all(
    routes.map(
      (_, index) =>
        new Promise<void>((resolve) => {
          setTimeout(
            () => void sendBatch(index, [positionAt(index, minute), positionAt(index, minute, 30)], into).then(resolve),
            Math.random() * ROUND_MS,
          );
        }),
    ),
  );
}

const screens = await Promise.all(office.map(openScreen));
try {
  // The first batches prepare each connection's statements: a round not counted.
  await round(1, postLatencies.warmup);
  await new Promise((resolve) => setTimeout(resolve, 1_000));
  // The floor on this machine now: the cheapest signed-in read (the session is held by the process), one at a time.
  const floor: number[] = [];
  for (let i = 0; i < 50; i += 1) {
    const start = performance.now();
    await (await fetch(`${base}/api/v1/user/current`, { headers: { authorization: `Bearer ${routes[0]!.token}` } })).arrayBuffer();
    floor.push(performance.now() - start);
  }
  // The same machine's cost of one batch and one map read, one at a time (no other load from the bench).
  const alone = { post: [] as number[], map: [] as number[] };
  for (let i = 0; i < 30; i += 1) await sendBatch(i % routes.length, [positionAt(i % routes.length, 5, i)], alone.post);
  for (let i = 0; i < 30; i += 1) {
    const start = performance.now();
    await (await fetch(`${base}/api/v2/map/routes/${routes[i % routes.length]!.id}`, { headers: { authorization: `Bearer ${office[0]!}` } })).arrayBuffer();
    alone.map.push(performance.now() - start);
  }
  await new Promise((resolve) => setTimeout(resolve, 1_000));
  expectedEvents = 0;
  eventDelays.length = 0;
  const before = screens.map((s) => s.events);
  for (let r = 0; r < ROUNDS; r += 1) await round(10 + r, postLatencies.rounds);
  // The phones reconnect together, each with half an hour of positions.
  await Promise.all(
    routes.map((_, index) =>
      sendBatch(index, Array.from({ length: BURST_POSITIONS }, (_, i) => positionAt(index, 60 + i)), postLatencies.burst),
    ),
  );
  await new Promise((resolve) => setTimeout(resolve, 2_000));
  const received = screens.map((s, i) => s.events - before[i]!);
  console.log(`\nPOST /api/v2/shippings/:id/positions (${ROUTES} camiones, servidor en su proceso, PostgreSQL)`);
  console.log(`  rondas (${ROUNDS} × ${ROUTES} lotes de 2 en ${ROUND_MS} ms cada una): ${figures(postLatencies.rounds)}`);
  console.log(`  ráfaga (${ROUTES} lotes de ${BURST_POSITIONS} a la vez):                 ${figures(postLatencies.burst)}`);
  console.log(`  todas:                                                   ${figures([...postLatencies.rounds, ...postLatencies.burst])}`);
  console.log(`  rechazadas: ${refused}`);
  console.log(`  un lote a la vez, sin carga: ${figures(alone.post)}; GET /api/v2/map/routes/:id a la vez: ${figures(alone.map)}`);
  console.log(`  suelo (GET /api/v1/user/current, una a la vez, sin carga): ${figures(floor)}`);
  console.log(`\nEventos route.position en ${SCREENS} pantallas de oficina: esperados ${expectedEvents} cada una; recibidos ${received.join(', ')}`);
  console.log(`  retraso desde el POST: ${figures(eventDelays)}`);
  console.log(`GET /api/v2/map/routes/:id al llegar un evento (una vez por envío cada 10 s): ${figures(refetchLatencies)}; fallidas ${refetchFailures}`);
} finally {
  for (const screen of screens) screen.close();
  await server.stop();
  await database.close();
  await admin.query(`DROP DATABASE IF EXISTS ${benchName} WITH (FORCE)`);
  await admin.end();
  await rm(dataDir, { recursive: true, force: true });
}
