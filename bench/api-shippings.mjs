// API benchmark (docs/architecture.md): GET /api/v2/shippings, a page of 15 with a date range
// and a driver filter, offered at a fixed 200 req/s (open loop: evenly spaced, latency from
// when each request was due), against a trivial route of the same server as the floor, the
// cheapest signed-in read and the cheapest database read, taking turns.
// Also 'Todos' over 3,000 routes (75 days of the bench seed): server time and gzip size.
// Run `npm run seed:bench` first (same DATABASE_URL / BENCH_DATA_DIR).
//
//   npm run bench:api                                   # embedded PGlite in .tmp/bench-data
//   DATABASE_URL=postgresql://… npm run bench:api       # PostgreSQL
import { execSync, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import http from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { get, openLoop, summarize } from './open-loop.mjs';

const root = path.resolve(import.meta.dirname, '..');
const RATE = Number(process.env.BENCH_RATE ?? 200);
const DURATION = Number(process.env.BENCH_SECONDS ?? 15);
/** Slices each route's seconds are taken in, in turns with the other routes. */
const SEGMENTS = Number(process.env.BENCH_SEGMENTS ?? 5);
const port = 19_000 + Math.floor(Math.random() * 1000);
const base = `http://127.0.0.1:${port}`;
const dataDir = path.resolve(process.env.BENCH_DATA_DIR ?? path.join(root, '.tmp', 'bench-data'));
const database = process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite';

const server = spawn(process.execPath, ['--import', 'tsx', 'server/server.ts'], {
  cwd: root,
  env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', WEB_DIR: '/nonexistent' },
  stdio: ['ignore', 'inherit', 'inherit'],
});

/** CPU seconds used so far by a process (Linux /proc), and by the database server's processes. */
function cpuSeconds(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return 0;
  }
}
function databaseCpuSeconds() {
  if (database !== 'PostgreSQL') return 0;
  try {
    return execSync('pgrep -u postgres postgres')
      .toString()
      .trim()
      .split('\n')
      .map(Number)
      .reduce((sum, pid) => sum + cpuSeconds(pid), 0);
  } catch {
    return 0;
  }
}

/**
 * Each route at RATE for DURATION seconds in all, taken in turns of SEGMENTS slices (floor,
 * floors, target, then again), so that every route sees the same spells of a machine whose
 * speed drifts over a run; each route keeps its connections from one slice to the next. The
 * percentiles are over all of a route's answers; CPU is what the server and the database
 * used while that route was running.
 */
async function runInTurns(routes) {
  const results = routes.map(() => ({ latencies: [], elapsed: 0, errors: 0, non2xx: 0, server: 0, database: 0 }));
  const agents = routes.map(() => new http.Agent({ keepAlive: true, maxSockets: 256 }));
  for (let slice = 0; slice < SEGMENTS; slice++) {
    for (const [index, { url, headers }] of routes.entries()) {
      const before = { server: cpuSeconds(server.pid), database: databaseCpuSeconds() };
      const part = await openLoop({
        rate: RATE,
        seconds: DURATION / SEGMENTS,
        agent: agents[index],
        request: (agent) => get(url, headers, agent),
      });
      const result = results[index];
      result.latencies.push(...part.latencies);
      result.elapsed += part.elapsed;
      result.errors += part.errors;
      result.non2xx += part.non2xx;
      result.server += cpuSeconds(server.pid) - before.server;
      result.database += databaseCpuSeconds() - before.database;
    }
  }
  agents.forEach((agent) => agent.destroy());
  return routes.map(({ title }, index) => {
    const { latencies, elapsed, errors, non2xx, server: serverCpu, database: databaseCpu } = results[index];
    const per = (total) => ((total * 1000) / latencies.length).toFixed(2);
    return {
      title,
      result: {
        ...summarize({ rate: RATE, latencies, elapsed, errors, non2xx }),
        cpu: `CPU per request: server ${per(serverCpu)} ms${database === 'PostgreSQL' ? `, database ${per(databaseCpu)} ms` : ' (database inside)'}`,
      },
    };
  });
}

try {
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(`${base}/healthz`)).ok) break;
    } catch {
      if (i > 240) throw new Error('el servidor no arrancó');
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  const login = await fetch(`${base}/api/v1/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'oficina@demo.mx', password: 'demo1234' }),
  });
  const { access_token } = await login.json();
  const headers = { authorization: `Bearer ${access_token}` };
  const sample = await (await fetch(`${base}/api/v2/shippings?itemsPerPage=1&sort=id`, { headers })).json();
  const total = sample.meta.total;
  const driver = sample.data[0].driver_id;
  // The page as the app's list asks for it: deliveries with their sale's summary.
  const query = `page=1&itemsPerPage=15&filter[date_between]=2022-01-01,2022-12-31&filter[driver_id]=${driver}&include=shipping_details.summary`;
  const check = await (await fetch(`${base}/api/v2/shippings?${query}`, { headers })).json();
  console.log(
    `${database}: ${total} shippings; the measured page returns ${check.data.length} of ${check.meta.total} matching, with ${check.data.reduce((n, s) => n + s.shipping_details.length, 0)} details`,
  );

  // Warm-up, then the floor, the other floors and the target at the same fixed rate, in turns.
  await openLoop({ rate: RATE, seconds: 3, request: (agent) => get(`${base}/api/v2/shippings?${query}`, headers, agent) });
  const [floor, signedIn, databaseFloor, target] = await runInTurns([
    { title: 'floor GET /api/v2/deployment', url: `${base}/api/v2/deployment`, headers: {} },
    // The least a signed-in read costs: the session check (held by the process: no database).
    { title: 'signed-in floor GET /api/v1/user/current', url: `${base}/api/v1/user/current`, headers },
    // The least a read of the database costs: one round trip for five rows. On two cores shared
    // by the load, the server and the database, waking the database and then the server again
    // is what any answer from the database pays, whatever its work.
    { title: 'database floor GET /api/v2/vehicles', url: `${base}/api/v2/vehicles`, headers },
    { title: `GET /api/v2/shippings?${query}`, url: `${base}/api/v2/shippings?${query}`, headers },
  ]);
  for (const { title, result } of [floor, signedIn, databaseFloor, target]) {
    console.log(
      `${title}\n  offered ${result.offered} req/s, served ${result.served.toFixed(0)} req/s, p50 ${result.p50.toFixed(1)} ms, p99 ${result.p99.toFixed(1)} ms, max ${result.max.toFixed(0)} ms, non-2xx ${result.non2xx}, errors ${result.errors}\n  ${result.cpu}`,
    );
  }
  const served = target.result.served;
  const ratio = target.result.p99 / floor.result.p99;
  console.log(`served ${served.toFixed(0)} of ${RATE} req/s offered (goal ≥ ${RATE * 0.95}): ${served >= RATE * 0.95 ? 'OK' : 'SHORT'}`);
  console.log(
    `p99 ratio to the floor ×${ratio.toFixed(2)} (goal ≤ ×2): ${ratio <= 2 ? 'OK' : 'OVER'}; to the signed-in floor ×${(target.result.p99 / signedIn.result.p99).toFixed(2)}`,
  );
  console.log(
    `  the database floor's own p99 is ×${(databaseFloor.result.p99 / floor.result.p99).toFixed(2)} the floor's; the page's is ×${(target.result.p99 / databaseFloor.result.p99).toFixed(2)} the database floor's`,
  );

  // 'Todos' over 3,000 routes: the office's whole list of 75 days, as the browser asks it.
  const days = `filter[date_between]=2022-01-01,2022-03-16`;
  const todosProbe = await (await fetch(`${base}/api/v2/shippings?itemsPerPage=1&${days}`, { headers })).json();
  const todosUrl = `${base}/api/v2/shippings?page=1&itemsPerPage=${todosProbe.meta.total}&${days}&include=shipping_details.summary`;
  /** The answer as it travels: its bytes on the wire, decoded length, and time to the last byte. */
  const fetchRaw = (encoding) =>
    new Promise((resolve, reject) => {
      const started = performance.now();
      http
        .get(todosUrl, { headers: { ...headers, 'accept-encoding': encoding } }, (response) => {
          const chunks = [];
          response.on('data', (chunk) => chunks.push(chunk));
          response.on('end', () => {
            const wire = Buffer.concat(chunks);
            const coding = response.headers['content-encoding'];
            const decoded = coding === 'gzip' ? gunzipSync(wire) : coding === 'br' ? brotliDecompressSync(wire) : wire;
            resolve({ ms: performance.now() - started, wire: wire.length, json: decoded.length, coding: coding ?? 'identity' });
          });
        })
        .on('error', reject);
    });
  for (const encoding of ['identity', 'gzip', 'br']) {
    const runs = [];
    for (let i = 0; i < 5; i++) runs.push(await fetchRaw(encoding));
    runs.sort((a, b) => a.ms - b.ms);
    const { ms, wire, json, coding } = runs[2];
    console.log(
      `'Todos' over ${todosProbe.meta.total} routes (${coding}): median ${ms.toFixed(0)} ms to the last byte (goal ≤ 500), ${(json / 1e6).toFixed(2)} MB of JSON, ${(wire / 1e6).toFixed(2)} MB on the wire${coding === 'identity' ? '' : ' (goal ≤ 1 MB)'}`,
    );
  }
} finally {
  server.kill('SIGTERM');
}
