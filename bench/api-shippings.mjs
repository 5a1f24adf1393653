// API benchmark (architecture.md): GET /api/v2/shippings, a page of 15 with a date range
// and a driver filter, at a fixed 200 req/s, against a trivial route of the same server
// as the floor. Run `npm run seed:bench` first (same DATABASE_URL / BENCH_DATA_DIR).
//
//   npm run bench:api                                   # embedded PGlite in .tmp/bench-data
//   DATABASE_URL=postgresql://… npm run bench:api       # PostgreSQL
import { spawn } from 'node:child_process';
import path from 'node:path';
import autocannon from 'autocannon';

const root = path.resolve(import.meta.dirname, '..');
const RATE = Number(process.env.BENCH_RATE ?? 200);
const DURATION = Number(process.env.BENCH_SECONDS ?? 15);
const port = 19_000 + Math.floor(Math.random() * 1000);
const base = `http://127.0.0.1:${port}`;
const dataDir = path.resolve(process.env.BENCH_DATA_DIR ?? path.join(root, '.tmp', 'bench-data'));
const database = process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite';

const server = spawn(process.execPath, ['--import', 'tsx', 'server/server.ts'], {
  cwd: root,
  env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', WEB_DIR: '/nonexistent' },
  stdio: ['ignore', 'inherit', 'inherit'],
});

function run(title, options) {
  return new Promise((resolve, reject) => {
    autocannon({ connections: 20, duration: DURATION, overallRate: RATE, ...options }, (error, result) => (error ? reject(error) : resolve({ title, result })));
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
  const login = await fetch(`${base}/api/v1/user/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'oficina@demo.mx', password: 'demo1234' }) });
  const { access_token } = await login.json();
  const headers = { authorization: `Bearer ${access_token}` };
  const sample = await (await fetch(`${base}/api/v2/shippings?itemsPerPage=1&sort=id`, { headers })).json();
  const total = sample.meta.total;
  const driver = sample.data[0].driver_id;
  const query = `page=1&itemsPerPage=15&filter[date_between]=2022-01-01,2022-12-31&filter[driver_id]=${driver}`;
  const check = await (await fetch(`${base}/api/v2/shippings?${query}`, { headers })).json();
  console.log(`${database}: ${total} shippings; the measured page returns ${check.data.length} of ${check.meta.total} matching, with ${check.data.reduce((n, s) => n + s.shipping_details.length, 0)} details`);

  // Warm-up, then the floor and the target at the same fixed rate.
  await run('warm-up', { url: `${base}/api/v2/shippings?${query}`, headers, duration: 3 });
  const floor = await run('floor GET /api/v2/deployment', { url: `${base}/api/v2/deployment` });
  const target = await run(`GET /api/v2/shippings?${query}`, { url: `${base}/api/v2/shippings?${query}`, headers });
  for (const { title, result } of [floor, target]) {
    console.log(
      `${title}\n  ${result.requests.average.toFixed(0)} req/s, p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, max ${result.latency.max} ms, non-2xx ${result.non2xx}, errors ${result.errors}`,
    );
  }
  const budget = database === 'PostgreSQL' ? 25 : 60;
  const p99 = target.result.latency.p99;
  console.log(`ratio to floor: p50 ×${(target.result.latency.p50 / Math.max(floor.result.latency.p50, 1)).toFixed(1)}, p99 ×${(p99 / Math.max(floor.result.latency.p99, 1)).toFixed(1)}`);
  console.log(`budget p99 ≤ ${budget} ms at ${RATE} req/s on ${database}: ${p99 <= budget ? 'OK' : 'OVER BUDGET'} (${p99} ms)`);
} finally {
  server.kill('SIGTERM');
}
