import path from 'node:path';
import { openDatabase } from './db/client';
import { prepareDatabase } from './db/prepare';
import { buildApp } from './app';
import { EnvError, parseEnv } from './env';

/** Starts the server, logs, and shuts down gracefully; everything else is in app.ts. */
async function main(): Promise<void> {
  let env;
  try {
    env = parseEnv(process.env);
  } catch (error) {
    if (error instanceof EnvError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const database = await openDatabase(
    env.DATABASE_URL ? { kind: 'postgres', url: env.DATABASE_URL } : { kind: 'pglite', dataDir: path.join(env.DATA_DIR, 'db') },
  );
  const app = await buildApp({ env, database });
  // The database closes after the server has stopped taking requests and answered the ones in flight.
  app.addHook('onClose', () => database.close());
  await prepareDatabase(database, { demoSeed: env.DEMO_SEED, dataDir: env.DATA_DIR, log: app.log, deployment: env.DEPLOYMENT });

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
  app.log.info(`Frutas: http://localhost:${env.PORT} (${database.kind}, ${env.DEPLOYMENT})`);
}

void main();
