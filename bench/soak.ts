// `npm run bench:soak` (DATABASE_URL required; SOAK_SECONDS, default 600; SOAK_STREAMS, 200):
// two server processes on one PostgreSQL under mixed traffic — office lists, drivers'
// outbox commands (some sent twice, to the other process), new sales, resumable uploads
// begun on one process and finished on the other — while live-event streams stay open on
// both. At the end the database is checked: every acknowledged write is there exactly once
// and every upload's file is stored. Prints errors, lost writes, the start and end memory of
// each process and how long events took to reach every stream. CI runs 60 s of it
// (tests/server-postgres/soak.test.ts).
import { randomBytes, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { access } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { monterreyDate } from '../domain/time';
import { openDatabase, type Database } from '../server/db/client';
import { percentile } from './open-loop.mjs';
import { login, startServer, type ServerProcess } from './processes';

export interface SoakReport {
  seconds: number;
  requests: number;
  errors: string[];
  writes: { acknowledged: number; lost: number; duplicated: number; replays: number };
  sales: { acknowledged: number; found: number };
  uploads: { completed: number; missingFiles: number };
  events: { expected: number; delivered: number; p50: number; p99: number; max: number };
  memory: { pid: number; startMb: number; endMb: number }[];
}

function rssMb(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((l) => l.startsWith('VmRSS:'));
  return Number(/(\d+)/.exec(line ?? '')?.[1] ?? 0) / 1024;
}

const rowsOf = <T>(database: Database, query: ReturnType<typeof sql>) =>
  database.db.execute(query).then((result) => (result as unknown as { rows: T[] }).rows);

/** Routes for the driver today, one pending delivery each: every command then names its own route's event. */
async function prepareDeliveries(database: Database, driverId: number, count: number): Promise<{ detail: number; route: number }[]> {
  const today = monterreyDate(new Date());
  return rowsOf<{ detail: number; route: number }>(
    database,
    sql`WITH sale_ids AS (SELECT array_agg(id ORDER BY id) AS ids FROM sales WHERE kind = 'sale' AND deleted_at IS NULL AND canceled_at IS NULL),
         routes AS (INSERT INTO shippings (date, driver_id, note, created_by_user_id)
                    SELECT ${today}, ${driverId}, 'Soak', ${driverId} FROM generate_series(1, ${count}) RETURNING id),
         numbered AS (SELECT id, row_number() OVER (ORDER BY id) AS n FROM routes)
    INSERT INTO shipping_details (shipping_id, sale_id, company_id)
    SELECT numbered.id, sale_ids.ids[1 + (numbered.n % array_length(sale_ids.ids, 1))], NULL FROM numbered, sale_ids
    RETURNING id AS detail, shipping_id AS route`,
  );
}

interface Stream {
  received: Map<number, number>;
  close: () => void;
}

async function openStream(url: string, token: string): Promise<Stream> {
  const ticketAnswer = await fetch(`${url}/api/v2/events/ticket`, { method: 'POST', headers: { authorization: `Bearer ${token}` } });
  const { ticket } = (await ticketAnswer.json()) as { ticket: string };
  const controller = new AbortController();
  const response = await fetch(`${url}/api/v2/events?ticket=${ticket}`, { signal: controller.signal });
  if (!response.ok || !response.body) throw new Error(`stream refused: ${response.status}`);
  const received = new Map<number, number>();
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
          if (!block.includes('event: shipping.changed')) continue;
          const id = /"shipping_id":(\d+)/.exec(block)?.[1];
          if (id && !received.has(Number(id))) received.set(Number(id), performance.now());
        }
      }
    } catch {
      // closed
    }
  })();
  return { received, close: () => controller.abort() };
}

export async function runSoak(options: { databaseUrl: string; dataDir: string; seconds: number; streams: number; log?: (line: string) => void }): Promise<SoakReport> {
  const log = options.log ?? (() => undefined);
  const env = { DATABASE_URL: options.databaseUrl, DATA_DIR: options.dataDir, DEMO_SEED: 'true' };
  // The first process migrates and seeds an empty database; the second finds it ready.
  const first = await startServer(env);
  const servers: ServerProcess[] = [first, await startServer({ ...env, DEMO_SEED: 'false' })];
  const database = await openDatabase({ kind: 'postgres', url: options.databaseUrl });
  const errors: string[] = [];
  const streams: Stream[] = [];
  try {
    const [office, driver, seller] = await Promise.all([
      login(first.url, 'oficina@demo.mx'),
      login(servers[1]!.url, 'chofer@demo.mx'),
      login(first.url, 'ventas@demo.mx'),
    ]);
    const [driverRow] = await rowsOf<{ id: number }>(database, sql`SELECT id FROM users WHERE email = 'chofer@demo.mx'`);
    const commandsPerSecond = 5;
    const deliveries = await prepareDeliveries(database, driverRow!.id, Math.ceil(options.seconds * commandsPerSecond) + 20);
    const [company] = await rowsOf<{ id: number; branch: number }>(
      database,
      sql`SELECT c.id, b.id AS branch FROM companies c JOIN company_branches b ON b.company_id = c.id ORDER BY c.id LIMIT 1`,
    );
    const items = await rowsOf<{ id: number }>(database, sql`SELECT id FROM items WHERE is_published AND deleted_at IS NULL ORDER BY id LIMIT 3`);

    for (let i = 0; i < options.streams; i++) streams.push(await openStream(servers[i % 2]!.url, office));
    log(`${options.streams} streams open on 2 processes; ${deliveries.length} deliveries ready`);

    let requests = 0;
    const call = async (label: string, url: string, init: RequestInit = {}): Promise<Response | null> => {
      requests += 1;
      try {
        const response = await fetch(url, init);
        if (!response.ok) {
          errors.push(`${label}: ${response.status} ${(await response.text()).slice(0, 120)}`);
          return null;
        }
        return response;
      } catch (error) {
        errors.push(`${label}: ${(error as Error).message}`);
        return null;
      }
    };
    const at = (i: number) => servers[i % 2]!.url;
    const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

    const acknowledged = new Map<string, number>();
    const writeStarted = new Map<number, number>();
    const acknowledgedRoutes = new Set<number>();
    let replays = 0;
    const deviceId = randomUUID();
    let seq = 0;
    const command = async (n: number) => {
      const delivery = deliveries[n];
      if (!delivery) return;
      const key = randomUUID();
      seq += 1;
      const init = {
        method: 'PATCH',
        headers: { ...bearer(driver), 'content-type': 'application/json', 'idempotency-key': key, 'x-device-id': deviceId, 'x-device-seq': String(seq) },
        body: JSON.stringify({ completed: true, is_delivered: false, delivery_rejection_comment: 'Cerrado (soak)', delivered_at: '2026-11-23 10:00' }),
      };
      writeStarted.set(delivery.route, performance.now());
      const answer = await call('comando', `${at(n)}/api/v2/shipping_details/${delivery.detail}`, init);
      if (!answer) return;
      await answer.arrayBuffer();
      acknowledged.set(key, delivery.detail);
      acknowledgedRoutes.add(delivery.route);
      // A tenth are sent again, to the other process, as a phone does when an answer is lost.
      if (n % 10 === 0) {
        const again = await call('comando repetido', `${at(n + 1)}/api/v2/shipping_details/${delivery.detail}`, init);
        if (again) {
          if (again.headers.get('idempotent-replayed') === 'true') replays += 1;
          else errors.push('comando repetido: aplicado de nuevo');
          await again.arrayBuffer();
        }
      }
    };
    const saleKeys: string[] = [];
    const sale = async (n: number) => {
      const key = randomUUID();
      const answer = await call('venta', `${at(n)}/api/v2/sales`, {
        method: 'POST',
        headers: { ...bearer(seller), 'content-type': 'application/json', 'idempotency-key': key },
        body: JSON.stringify({
          company_id: company!.id,
          company_branch_id: company!.branch,
          date: monterreyDate(new Date()),
          type: 'Serie A',
          note: `Soak ${key}`,
          internal_note: null,
          purchase_order: '',
          bar: false,
          items: items.map((item, i) => ({ item_id: item.id, quantity: 1 + i })),
        }),
      });
      if (answer) {
        await answer.arrayBuffer();
        saleKeys.push(key);
      }
    };
    const list = async (n: number) => {
      const query = n % 4 === 0 ? 'itemsPerPage=50&sort=-date' : `itemsPerPage=15&filter[date_between]=${monterreyDate(new Date())},${monterreyDate(new Date())}`;
      const answer = await call('lista', `${at(n)}/api/v2/shippings?${query}`, { headers: bearer(office) });
      await answer?.arrayBuffer();
    };
    const stored: string[] = [];
    const upload = async (n: number) => {
      const bytes = Buffer.concat([Buffer.from('%PDF-1.4\n'), randomBytes(120_000), Buffer.from('\n%%EOF\n')]);
      const tus = { ...bearer(driver), 'tus-resumable': '1.0.0' };
      const created = await call('subida', `${at(n)}/api/v2/uploads`, { method: 'POST', headers: { ...tus, 'upload-length': String(bytes.length) } });
      if (!created) return;
      const location = created.headers.get('location')!;
      for (const [i, [from, to]] of [[0, 60_000], [60_000, bytes.length]].entries()) {
        const part = await call('subida', `${at(n + i)}${location}`, {
          method: 'PATCH',
          headers: { ...tus, 'content-type': 'application/offset+octet-stream', 'upload-offset': String(from) },
          body: bytes.subarray(from, to),
        });
        if (!part) return;
        const name = part.headers.get('upload-file-name');
        if (name) stored.push(name);
      }
    };

    const memoryStart = servers.map((s) => ({ pid: s.process.pid!, startMb: rssMb(s.process.pid!) }));
    const started = performance.now();
    const inFlight = new Set<Promise<void>>();
    const launch = (work: Promise<void>) => {
      inFlight.add(work);
      void work.finally(() => inFlight.delete(work));
    };
    // Ten ticks a second: 20 lists, 5 commands, 2 sales and an upload every 2 s, spread evenly.
    let tick = 0;
    let commands = 0;
    while (performance.now() - started < options.seconds * 1000) {
      const due = started + tick * 100;
      const wait = due - performance.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      launch(list(tick * 2));
      launch(list(tick * 2 + 1));
      if (tick % 2 === 0) launch(command(commands++));
      if (tick % 5 === 0) launch(sale(tick));
      if (tick % 20 === 0) launch(upload(tick));
      if (tick % 100 === 0) log(`${Math.round((performance.now() - started) / 1000)} s: ${requests} requests, ${errors.length} errors`);
      tick += 1;
    }
    while (inFlight.size > 0) await Promise.all([...inFlight]);
    const seconds = (performance.now() - started) / 1000;
    // Events still on their way get a second.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const memory = memoryStart.map((m) => ({ ...m, endMb: rssMb(m.pid) }));

    const keys = [...acknowledged.keys()];
    const applied = await rowsOf<{ key: string; n: number }>(
      database,
      sql`SELECT key, count(*)::int AS n FROM idempotency_keys WHERE key = ANY(${`{${keys.join(',')}}`}::text[]) GROUP BY key`,
    );
    const completed = await rowsOf<{ n: number }>(
      database,
      sql`SELECT count(*)::int AS n FROM shipping_details WHERE id = ANY(${`{${[...acknowledged.values()].join(',')}}`}::int[]) AND completed AND delivery_rejection_comment = 'Cerrado (soak)'`,
    );
    const [salesFound] = await rowsOf<{ n: number }>(
      database,
      sql`SELECT count(*)::int AS n FROM sales WHERE note = ANY(${`{${saleKeys.map((k) => `"Soak ${k}"`).join(',')}}`}::text[])`,
    );
    let missingFiles = 0;
    for (const name of stored) await access(path.join(options.dataDir, 'files', name)).catch(() => (missingFiles += 1));

    const latencies: number[] = [];
    let delivered = 0;
    for (const [route, at] of writeStarted) {
      if (!acknowledgedRoutes.has(route)) continue;
      for (const stream of streams) {
        const got = stream.received.get(route);
        if (got !== undefined) {
          delivered += 1;
          latencies.push(Math.max(0, got - at));
        }
      }
    }
    latencies.sort((a, b) => a - b);
    return {
      seconds,
      requests,
      errors,
      writes: {
        acknowledged: keys.length,
        lost: keys.length - applied.length + (acknowledged.size - completed[0]!.n),
        duplicated: applied.filter((row) => row.n > 1).length,
        replays,
      },
      sales: { acknowledged: saleKeys.length, found: salesFound!.n },
      uploads: { completed: stored.length, missingFiles },
      events: { expected: acknowledgedRoutes.size * streams.length, delivered, p50: percentile(latencies, 0.5), p99: percentile(latencies, 0.99), max: latencies.at(-1) ?? NaN },
      memory,
    };
  } finally {
    for (const stream of streams) stream.close();
    await database.close();
    await Promise.all(servers.map((s) => s.stop()));
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const url = process.env.DATABASE_URL;
  if (!url) {
    console.error('bench:soak necesita DATABASE_URL (dos procesos comparten una base PostgreSQL).');
    process.exit(1);
  }
  const { mkdtemp } = await import('node:fs/promises');
  const { tmpdir } = await import('node:os');
  const report = await runSoak({
    databaseUrl: url,
    dataDir: process.env.DATA_DIR ?? (await mkdtemp(path.join(tmpdir(), 'frutas-soak-'))),
    seconds: Number(process.env.SOAK_SECONDS ?? 600),
    streams: Number(process.env.SOAK_STREAMS ?? 200),
    log: (line) => console.log(line),
  });
  console.log(`\n${report.requests} requests in ${report.seconds.toFixed(0)} s, errors ${report.errors.length}${report.errors.length ? `: ${report.errors.slice(0, 5).join(' | ')}` : ''}`);
  console.log(`driver commands: ${report.writes.acknowledged} acknowledged, lost ${report.writes.lost}, applied twice ${report.writes.duplicated}, resent and answered again ${report.writes.replays}`);
  console.log(`sales: ${report.sales.acknowledged} acknowledged, ${report.sales.found} in the database; uploads: ${report.uploads.completed} completed, files missing ${report.uploads.missingFiles}`);
  console.log(
    `events: ${report.events.delivered} of ${report.events.expected} delivered, p50 ${report.events.p50.toFixed(0)} ms, p99 ${report.events.p99.toFixed(0)} ms, max ${report.events.max.toFixed(0)} ms (goal p99 ≤ 1000)`,
  );
  for (const m of report.memory) console.log(`process ${m.pid}: RSS ${m.startMb.toFixed(0)} MB at start, ${m.endMb.toFixed(0)} MB at end`);
  process.exit(0);
}
