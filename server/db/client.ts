import { createHash } from 'node:crypto';
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { gunzipSync } from 'node:zlib';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  migrate(): Promise<void>;
  /**
   * Calls `onMessage` for each NOTIFY on `channel`, from any process using this database
   * (PostgreSQL LISTEN/NOTIFY; PGlite has the same within its one process).
   */
  listen(channel: string, onMessage: (payload: string) => void): Promise<() => Promise<void>>;
  /**
   * Calls `onChange(false)` when notices may have been missed (PostgreSQL: the listening
   * connection was cut; it reconnects by itself, listening again on every channel) and
   * `onChange(true)` once they arrive again. The embedded database never loses them.
   */
  watchListening(onChange: (listening: boolean) => void): void;
  /** Connections of this process's pool (PostgreSQL); null for the embedded database. */
  poolStats(): { total: number; idle: number; waiting: number } | null;
  /**
   * A consistent copy of the embedded database's data directory (gzipped tar), taken inside
   * the process that owns it while it keeps serving; null on PostgreSQL, which pg_dump copies.
   */
  snapshot(): Promise<Blob> | null;
  close(): Promise<void>;
}

/** Longer statements are one-offs (bulk inserts, seeds): not worth a slot in each connection's cache. */
const MAX_PREPARED_TEXT = 20_000;

const statementNames = new Map<string, string>();

/** The statement's name from its text, remembered: hashing every statement's text on every run cost more than a lookup. */
function statementName(text: string): string {
  let name = statementNames.get(text);
  if (name === undefined) {
    name = `s${createHash('sha1').update(text).digest('base64url')}`;
    // Texts are the code's statements, a bounded set; the bound only guards against a text built from data.
    if (statementNames.size >= 5_000) statementNames.clear();
    statementNames.set(text, name);
  }
  return name;
}

/**
 * A connection that prepares each parameterized statement once and then only binds and runs
 * it: PostgreSQL parses and plans the routes list, the session check and every mutation's
 * statements once per connection instead of on every request. The name is the text's hash,
 * so the same statement has the same name on every connection. Statements without
 * parameters go as they are (they may hold several commands, which a prepared one cannot).
 */
class PreparingClient extends pg.Client {
  override query(...args: unknown[]): never {
    const run = (...a: unknown[]) => (super.query as (...b: unknown[]) => never).apply(this, a);
    const config = args[0] as (pg.QueryConfig & { submit?: unknown }) | string | null;
    if (config === null || typeof config !== 'object' || typeof config.text !== 'string') return run(...args);
    const values = (args[1] ?? config.values) as unknown[] | undefined;
    const preparable =
      config.name === undefined &&
      typeof config.submit !== 'function' &&
      Array.isArray(values) &&
      values.length > 0 &&
      config.text.length <= MAX_PREPARED_TEXT;
    if (!preparable) return run(...args);
    return run({ ...config, name: statementName(config.text) }, ...args.slice(1));
  }
}

/**
 * A new embedded database's files. The compiled server carries one already migrated
 * (scripts/build-server.mjs), which is only unpacked: seconds faster than creating and migrating
 * one. Otherwise (tests, `npm run dev`) a short-lived process creates them: initdb takes some
 * 500 MB that the server's process would otherwise keep for its whole life.
 */
async function initializeDataDir(dataDir: string): Promise<void> {
  const shipped = path.join(path.dirname(fileURLToPath(import.meta.url)), EMPTY_DATABASE_FILE);
  if (existsSync(shipped)) return unpackDataDir(shipped, dataDir);
  const pglite = import.meta.resolve('@electric-sql/pglite');
  const script = `const { PGlite } = await import(${JSON.stringify(pglite)}); const db = new PGlite(process.argv[1]); await db.waitReady; await db.close();`;
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--input-type=module', '-e', script, dataDir], { stdio: ['ignore', 'ignore', 'inherit'] });
    child.once('error', reject);
    child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`initdb del almacenamiento embebido terminó con ${code}`))));
  });
}

/**
 * Writes the files of PGlite's own dump (a gzipped tar of the data directory's files and
 * directories, made by `dumpDataDir`) into `dataDir`.
 */
export async function unpackDataDir(archive: string, dataDir: string): Promise<void> {
  const tar = gunzipSync(await readFile(archive));
  const field = (header: Buffer, from: number, length: number) => header.toString('utf8', from, from + length).replace(/\0[\s\S]*$/, '');
  const directories = new Set<string>([dataDir]);
  const files: { target: string; bytes: Buffer }[] = [];
  for (let at = 0; at + 512 <= tar.length;) {
    const header = tar.subarray(at, at + 512);
    if (header.every((byte) => byte === 0)) break;
    const size = parseInt(field(header, 124, 12).trim() || '0', 8);
    const relative = path.normalize(path.join(field(header, 345, 155), field(header, 0, 100))).replace(/^[/\\]+/, '');
    if (relative.startsWith('..')) throw new Error(`Archivo fuera del directorio de datos: ${relative}`);
    const target = path.join(dataDir, relative);
    const type = String.fromCharCode(header[156]!);
    if (type === '5') directories.add(target);
    else if (type === '0' || type === '\0') {
      directories.add(path.dirname(target));
      files.push({ target, bytes: tar.subarray(at + 512, at + 512 + size) });
    } else throw new Error(`Entrada de tipo ${type} no esperada en ${archive}`);
    at += 512 + Math.ceil(size / 512) * 512;
  }
  for (const directory of [...directories].sort()) await mkdir(directory, { recursive: true });
  // Some 1,300 small files: written a few dozen at a time, not one after another.
  for (let next = 0; next < files.length; next += 64)
    await Promise.all(files.slice(next, next + 64).map(({ target, bytes }) => writeFile(target, bytes)));
}

/** The embedded database's shared buffers (bench/production-start.mjs measures what it costs). */
const EMBEDDED_SHARED_BUFFERS = '16MB';

/** Beside the compiled server: a new installation's embedded database, migrated (scripts/build-server.mjs). */
const EMPTY_DATABASE_FILE = 'empty-database.tar.gz';

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

const embeddedDatabases = new WeakSet<Db>();
/**
 * Whether `db` is the embedded database: one connection for everyone, which a transaction holds
 * until it ends, and which runs on the server's own thread.
 */
export const isEmbedded = (db: Db): boolean => embeddedDatabases.has(db);

export type DatabaseTarget =
  | { kind: 'postgres'; url: string }
  /** `snapshot`: a data directory dumped by PGlite, loaded instead of starting empty. */
  | { kind: 'pglite'; dataDir: string | null; snapshot?: Blob };

/**
 * PostgreSQL when a URL is given; otherwise PGlite, embedded, in `dataDir`
 * (or in memory when `dataDir` is null, which the tests use).
 */
export async function openDatabase(target: DatabaseTarget): Promise<Database> {
  if (target.kind === 'postgres') {
    // Connections are kept through a quiet spell: a new one starts cold (its statements
    // prepared again, the server's caches empty), and the first requests after a pause paid for it.
    const pool = new pg.Pool({ connectionString: target.url, max: 10, idleTimeoutMillis: 10 * 60_000, Client: PreparingClient });
    // An idle connection cut by the server (restart, failover) must not crash the process:
    // the pool drops it and opens a new one on the next query.
    pool.on('error', () => undefined);
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    // LISTEN needs a connection of its own that the pool never hands out.
    let listener: Promise<pg.Client> | null = null;
    let closing = false;
    let reconnectDelay = 0;
    const handlers = new Map<string, Set<(payload: string) => void>>();
    const watchers = new Set<(listening: boolean) => void>();
    const listenerClient = (): Promise<pg.Client> => {
      if (listener) return listener;
      const current = (async () => {
        const client = new pg.Client({ connectionString: target.url });
        // A cut connection (restart, failover, an idle socket dropped) loses notices: those
        // who rely on them are told at once, and listening starts again on a new connection.
        const lost = () => {
          if (closing || listener !== current) return;
          listener = null;
          watchers.forEach((watcher) => watcher(false));
          reconnectDelay = Math.min(30_000, Math.max(500, reconnectDelay * 2));
          setTimeout(() => void relisten(), reconnectDelay).unref();
        };
        client.on('error', lost);
        client.on('end', lost);
        client.on('notification', (message) => handlers.get(message.channel)?.forEach((handler) => handler(message.payload ?? '')));
        await client.connect();
        for (const channel of handlers.keys()) await client.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
        return client;
      })();
      listener = current;
      current.catch(() => {
        if (listener === current) listener = null;
      });
      return current;
    };
    const relisten = async () => {
      if (closing || listener) return;
      try {
        await listenerClient();
        reconnectDelay = 0;
        watchers.forEach((watcher) => watcher(true));
      } catch {
        reconnectDelay = Math.min(30_000, Math.max(500, reconnectDelay * 2));
        setTimeout(() => void relisten(), reconnectDelay).unref();
      }
    };
    return {
      db,
      kind: 'postgres',
      poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
      snapshot: () => null,
      migrate: () => migratePg(drizzlePg(pool, { schema }), { migrationsFolder }),
      async listen(channel, onMessage) {
        const client = await listenerClient();
        if (!handlers.has(channel)) {
          handlers.set(channel, new Set());
          await client.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
        }
        handlers.get(channel)!.add(onMessage);
        return async () => {
          handlers.get(channel)?.delete(onMessage);
        };
      },
      watchListening(onChange) {
        watchers.add(onChange);
      },
      async close() {
        closing = true;
        if (listener) await (await listener.catch(() => null))?.end().catch(() => undefined);
        await pool.end();
      },
    };
  }
  // The embedded database's code is loaded only by an installation that runs one.
  const [{ PGlite }, { drizzle: drizzlePglite }, { migrate: migratePglite }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('drizzle-orm/pglite'),
    import('drizzle-orm/pglite/migrator'),
  ]);
  if (target.dataDir) mkdirSync(target.dataDir, { recursive: true });
  if (target.dataDir && !target.snapshot && !existsSync(path.join(target.dataDir, 'PG_VERSION'))) await initializeDataDir(target.dataDir);
  const client = new PGlite({
    dataDir: target.dataDir ?? undefined,
    loadDataDir: target.snapshot,
    // One business's data on one machine: 128 MB of shared buffers (PostgreSQL's default) held
    // 130 MB of the process's memory for pages the operating system caches anyway.
    startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${EMBEDDED_SHARED_BUFFERS}`],
  });
  const db = drizzlePglite(client, { schema });
  embeddedDatabases.add(db as unknown as Db);
  return {
    db: db as unknown as Db,
    kind: 'pglite',
    poolStats: () => null,
    snapshot: () => client.dumpDataDir('gzip'),
    migrate: () => migratePglite(db, { migrationsFolder }),
    async listen(channel, onMessage) {
      const unlisten = await client.listen(channel, onMessage);
      return () => unlisten();
    },
    // One process owns the embedded database: its notices are never lost.
    watchListening: () => undefined,
    close: () => client.close(),
  };
}
