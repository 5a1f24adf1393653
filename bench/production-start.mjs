// `npm run bench:start`: how fast and how small the production service starts, as a business
// runs it (NODE_ENV=production, no demo data): the time from launch to the first healthy
// /healthz and the resident memory of the process then and after `BENCH_IDLE_SECONDS` (10) of
// light traffic (/healthz, the deployment, the setup status). Each database is measured empty
// on its first start (migrations run) and on the next start over the same data, the server run
// compiled (build/server/server.mjs, what `npm start` runs) and, for comparison, through tsx.
// PostgreSQL when DATABASE_URL is set (a new database beside it, dropped at the end).
// Budgets (docs/architecture.md): healthy ≤ 3 s; ≤ 300 MB on the embedded database, ≤ 150 MB per process on PostgreSQL.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { buildServer, serverBundle, SERVER_NODE_FLAGS } from '../scripts/build-server.mjs';

const root = path.resolve(import.meta.dirname, '..');
const idleSeconds = Number(process.env.BENCH_IDLE_SECONDS ?? 10);

const freePort = () =>
  new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });

const rssMb = (pid) => {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((l) => l.startsWith('VmRSS:'));
  return Number(/(\d+)/.exec(line ?? '')?.[1] ?? 0) / 1024;
};

async function measure(runner, env) {
  const port = await freePort();
  const args = runner === 'compiled' ? [...SERVER_NODE_FLAGS, serverBundle] : ['--import', 'tsx', 'server/server.ts'];
  const started = performance.now();
  const child = spawn(process.execPath, args, {
    cwd: root,
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'production',
      WEB_DIR: '/nonexistent',
      LOG_LEVEL: 'error',
      HOST: '127.0.0.1',
      PORT: String(port),
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  let healthyMs = null;
  while (healthyMs === null) {
    try {
      if ((await fetch(`${url}/healthz`)).ok) healthyMs = performance.now() - started;
    } catch {
      if (child.exitCode !== null || performance.now() - started > 120_000) throw new Error('the server did not start');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
  const atStart = rssMb(child.pid);
  const until = Date.now() + idleSeconds * 1000;
  while (Date.now() < until) {
    for (const route of ['/healthz', '/api/v2/deployment', '/api/v2/setup']) await fetch(`${url}${route}`).then((r) => r.arrayBuffer());
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  const afterIdle = rssMb(child.pid);
  await new Promise((resolve) => {
    child.once('exit', resolve);
    child.kill('SIGTERM');
  });
  return { healthyMs, atStart, afterIdle };
}

const rows = [];
async function run(label, runner, env) {
  const result = await measure(runner, env);
  rows.push({ label, runner, ...result });
  console.log(
    `${label.padEnd(32)} ${runner.padEnd(9)} healthy ${(result.healthyMs / 1000).toFixed(2).padStart(5)} s   RSS ${result.atStart.toFixed(0).padStart(4)} MB at start, ${result.afterIdle.toFixed(0).padStart(4)} MB after ${idleSeconds} s`,
  );
}

await buildServer();
for (const runner of ['compiled', 'tsx']) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'frutas-start-'));
  try {
    await run('PGlite, empty (first start)', runner, { DATA_DIR: dataDir });
    await run('PGlite, second start', runner, { DATA_DIR: dataDir });
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
  if (process.env.DATABASE_URL) {
    const name = `frutas_start_${Date.now()}`;
    const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    const url = new URL(process.env.DATABASE_URL);
    url.pathname = `/${name}`;
    const dataDir = mkdtempSync(path.join(tmpdir(), 'frutas-start-'));
    try {
      await run('PostgreSQL, empty (first start)', runner, { DATABASE_URL: url.toString(), DATA_DIR: dataDir });
      await run('PostgreSQL, second start', runner, { DATABASE_URL: url.toString(), DATA_DIR: dataDir });
    } finally {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }
}
