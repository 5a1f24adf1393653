import cluster from 'node:cluster';
import path from 'node:path';
import { openDatabase, type Database } from './db/client';
import { prepareDatabase } from './db/prepare';
import { buildApp } from './app';
import { EnvError, parseEnv, type Env } from './env';

/** A worker that dies this soon after starting is failing to start, not crashing: stop rather than loop. */
const MIN_WORKER_LIFE_MS = 5_000;

function readEnv(): Env {
  try {
    return parseEnv(process.env);
  } catch (error) {
    if (error instanceof EnvError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

function open(env: Env): Promise<Database> {
  return openDatabase(
    env.DATABASE_URL ? { kind: 'postgres', url: env.DATABASE_URL } : { kind: 'pglite', dataDir: path.join(env.DATA_DIR, 'db') },
  );
}

/** One server process: the app on the port (shared with its siblings under `WORKERS`). */
async function serve(env: Env, options: { prepare: boolean }): Promise<void> {
  const database = await open(env);
  const app = await buildApp({ env, database });
  // The database closes after the server has stopped taking requests and answered the ones in flight.
  app.addHook('onClose', () => database.close());
  if (options.prepare) {
    await prepareDatabase(database, { demoSeed: env.DEMO_SEED, dataDir: env.DATA_DIR, log: app.log, deployment: env.DEPLOYMENT });
  }

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    await app.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: env.PORT, host: env.HOST });
  if (!cluster.isWorker) app.log.info(`Frutas: http://localhost:${env.PORT} (${database.kind}, ${env.DEPLOYMENT})`);
}

/**
 * `WORKERS=N`: this process migrates and seeds once, then starts N server processes that
 * share the port (the operating system spreads connections among them) and one PostgreSQL.
 * Whatever a request needs from another request lives in the database or the data directory
 * (sessions, idempotency keys, rate limits, uploads, events over LISTEN/NOTIFY), so any
 * process can answer any request. A worker that crashes is replaced; a signal stops them all.
 */
async function supervise(env: Env): Promise<void> {
  const database = await open(env);
  await prepareDatabase(database, { demoSeed: env.DEMO_SEED, dataDir: env.DATA_DIR, deployment: env.DEPLOYMENT });
  await database.close();

  let stopping = false;
  const startedAt = new Map<number, number>();
  const fork = () => {
    const worker = cluster.fork({ FRUTAS_WORKER: '1' });
    startedAt.set(worker.id, Date.now());
  };
  cluster.on('exit', (worker, code, signal) => {
    const lived = Date.now() - (startedAt.get(worker.id) ?? 0);
    startedAt.delete(worker.id);
    if (stopping) {
      if (startedAt.size === 0) process.exit(0);
      return;
    }
    console.error(`Proceso ${worker.process.pid} terminó (${signal ?? code}); se reemplaza.`);
    if (lived < MIN_WORKER_LIFE_MS) {
      console.error('El proceso no logró arrancar: se detiene el servidor.');
      stopping = true;
      for (const other of Object.values(cluster.workers ?? {})) other?.process.kill('SIGTERM');
      process.exitCode = 1;
      if (startedAt.size === 0) process.exit(1);
      return;
    }
    fork();
  });
  let listening = 0;
  cluster.on('listening', () => {
    listening += 1;
    if (listening === env.WORKERS) console.log(`Frutas: http://localhost:${env.PORT} (postgres, ${env.DEPLOYMENT}, ${env.WORKERS} procesos)`);
  });
  const stop = () => {
    if (stopping) return;
    stopping = true;
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGTERM');
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  for (let i = 0; i < env.WORKERS; i++) fork();
}

const env = readEnv();
if (cluster.isWorker) void serve(env, { prepare: false });
else if (env.WORKERS > 1) void supervise(env);
else void serve(env, { prepare: true });
