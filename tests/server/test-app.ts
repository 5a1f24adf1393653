import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp } from '../../server/app';
import { openDatabase, type Database } from '../../server/db/client';
import { parseEnv } from '../../server/env';

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  /** Where this app keeps uploaded files (a temporary directory). */
  dataDir: string;
  /** The PostgreSQL database of this app, for a second server process; null on PGlite. */
  databaseUrl: string | null;
  close(): Promise<void>;
}

async function openSeededDatabase(): Promise<{ database: Database; url: string | null; drop: () => Promise<void> }> {
  const url = process.env.DATABASE_URL;
  const template = inject('postgresTemplate');
  if (url && template) {
    const name = `frutas_test_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${template}`);
    const testUrl = new URL(url);
    testUrl.pathname = `/${name}`;
    const database = await openDatabase({ kind: 'postgres', url: testUrl.toString() });
    return {
      database,
      url: testUrl.toString(),
      drop: async () => {
        await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await admin.end();
      },
    };
  }
  const snapshot = new Blob([await readFile(inject('pgliteSnapshot'))]);
  return { database: await openDatabase({ kind: 'pglite', dataDir: null, snapshot }), url: null, drop: async () => undefined };
}

/** Where a test reads what the server logs (give LOG_LEVEL too: tests log nothing by default). */
export interface TestOptions {
  log?: { write(line: string): void };
}

/** The real app on `database`, with a data directory of its own (a machine's disk); `close` leaves the database open. */
async function machineOn(
  database: Database,
  env: Record<string, string>,
  options: TestOptions = {},
): Promise<{ app: FastifyInstance; dataDir: string; close(): Promise<void> }> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'frutas-test-'));
  const app = await buildApp({
    env: parseEnv({ NODE_ENV: 'test', WEB_DIR: '/nonexistent', LOG_LEVEL: 'silent', DATA_DIR: dataDir, ...env }),
    database,
    logger: options.log ? { stream: options.log } : false,
  });
  await app.ready();
  return {
    app,
    dataDir,
    async close() {
      await app.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** The real app on `database`, with a temporary data directory; `drop` removes the database after it closes. */
async function appOn(
  database: Database,
  url: string | null,
  drop: () => Promise<void>,
  env: Record<string, string>,
  options: TestOptions = {},
): Promise<TestApp> {
  const machine = await machineOn(database, env, options);
  return {
    app: machine.app,
    database,
    dataDir: machine.dataDir,
    databaseUrl: url,
    async close() {
      await machine.close();
      await database.close();
      await drop();
    },
  };
}

/**
 * Another server machine beside `t`: the same database, its own disk (data directory). What
 * one machine keeps only on its disk, the other does not see.
 */
export function anotherMachine(t: TestApp, env: Record<string, string> = {}): ReturnType<typeof machineOn> {
  return machineOn(t.database, env);
}

/** The real app on a private copy of the seeded demo database (PGlite, or PostgreSQL in CI). */
export async function createTestApp(env: Record<string, string> = {}, options: TestOptions = {}): Promise<TestApp> {
  const { database, url, drop } = await openSeededDatabase();
  return appOn(database, url, drop, env, options);
}

/** The real app on a new database with its migrations and nothing else: an installation on its first day. */
export async function createEmptyTestApp(env: Record<string, string> = {}, options: TestOptions = {}): Promise<TestApp> {
  const postgres = process.env.DATABASE_URL ? await emptyPostgresDatabase('frutas_empty') : null;
  const database = await openDatabase(postgres ? { kind: 'postgres', url: postgres.url } : { kind: 'pglite', dataDir: null });
  await database.migrate();
  return appOn(database, postgres?.url ?? null, async () => postgres?.drop(), env, options);
}

export async function loginAs(app: FastifyInstance, email: string, password = 'demo1234'): Promise<string> {
  const response = await app.inject({ method: 'POST', url: '/api/v1/user/login', payload: { email, password } });
  if (response.statusCode !== 200) throw new Error(`login failed for ${email}: ${response.statusCode} ${response.body}`);
  return response.json<{ access_token: string }>().access_token;
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** A new, empty PostgreSQL database beside DATABASE_URL's (for restores and fresh servers), and how to drop it. */
export async function emptyPostgresDatabase(prefix: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(process.env.DATABASE_URL!);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    },
  };
}
