import cluster from 'node:cluster';
import path from 'node:path';
import { openDatabase, type Database } from './db/client';
import { prepareDatabase } from './prepare-database';
import { buildApp } from './app';
import { keepEvidenceBytes } from './evidence-storage';
import { envOrExit, type Env } from './env';
import { issueSetupCode } from './auth/setup-codes';
import { adminCommandMessages } from '../domain/messages/setup';

function open(env: Env): Promise<Database> {
  return openDatabase(
    env.DATABASE_URL ? { kind: 'postgres', url: env.DATABASE_URL } : { kind: 'pglite', dataDir: path.join(env.DATA_DIR, 'db') },
  );
}

/** The demo's sample evidence goes where this installation keeps evidence (the bucket with S3_URL). */
const sampleEvidenceOf = (env: Env) => (name: string, bytes: Buffer) => keepEvidenceBytes(env, name, bytes);

/** One server process: the app on the port (shared with its siblings under `WORKERS`). */
async function serve(env: Env, options: { prepare: boolean }): Promise<void> {
  const database = await open(env);
  const app = await buildApp({ env, database });
  // The database closes after the server has stopped taking requests and answered the ones in flight.
  app.addHook('onClose', () => database.close());
  if (options.prepare) {
    await prepareDatabase(database, {
      demoSeed: env.DEMO_SEED,
      keepSampleEvidence: sampleEvidenceOf(env),
      log: app.log,
      deployment: env.DEPLOYMENT,
    });
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
  // No one can sign in yet: the code that 'Configuración inicial' asks for, to whoever reads this log.
  const setupCode = await issueSetupCode(database.db);
  if (setupCode) app.log.warn(adminCommandMessages.setupCode(setupCode));
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
  await prepareDatabase(database, { demoSeed: env.DEMO_SEED, keepSampleEvidence: sampleEvidenceOf(env), deployment: env.DEPLOYMENT });
  await database.close();

  let stopping = false;
  // Workers alive, and whether each has reached the port: one that dies before is failing to
  // start (bad configuration, port taken), which replacing it would only repeat.
  const listened = new Map<number, boolean>();
  const fork = () => listened.set(cluster.fork().id, false);
  const stopAll = () => {
    stopping = true;
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGTERM');
  };
  cluster.on('exit', (worker, code, signal) => {
    const started = listened.get(worker.id) ?? false;
    listened.delete(worker.id);
    if (!stopping && !started) {
      console.error(`El proceso ${worker.process.pid} no logró arrancar (${signal ?? code}): se detiene el servidor.`);
      process.exitCode = 1;
      stopAll();
    } else if (!stopping) {
      console.error(`El proceso ${worker.process.pid} terminó (${signal ?? code}); se reemplaza.`);
      fork();
    }
    if (listened.size === 0) process.exit();
  });
  let announced = false;
  cluster.on('listening', (worker) => {
    listened.set(worker.id, true);
    if (!announced && [...listened.values()].every(Boolean)) {
      announced = true;
      console.log(`Frutas: http://localhost:${env.PORT} (postgres, ${env.DEPLOYMENT}, ${env.WORKERS} procesos)`);
    }
  });
  process.on('SIGINT', stopAll);
  process.on('SIGTERM', stopAll);
  for (let i = 0; i < env.WORKERS; i++) fork();
}

const env = envOrExit(process.env);
if (cluster.isWorker) void serve(env, { prepare: false });
else if (env.WORKERS > 1) void supervise(env);
else void serve(env, { prepare: true });
