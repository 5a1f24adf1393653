import { execFileSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, unpackDataDir, type Database } from '../../server/db/client';
import { rows } from '../../server/db/sql-rows';

/**
 * The database the compiled server carries for a new installation (scripts/empty-database.ts):
 * unpacked into a data directory, it is what creating and migrating one gives, and the migrator
 * finds nothing to do.
 */
const root = path.resolve(import.meta.dirname, '../..');
let dir: string;
let shipped: Database;
let migrated: Database;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'frutas-empty-db-'));
  const file = path.join(dir, 'empty-database.tar.gz');
  execFileSync(process.execPath, ['--import', 'tsx', 'scripts/empty-database.ts', file], { cwd: root, stdio: 'inherit' });
  // As a first start of the compiled server does: the files unpacked, then the database opened on them.
  await unpackDataDir(file, path.join(dir, 'db'));
  shipped = await openDatabase({ kind: 'pglite', dataDir: path.join(dir, 'db') });
  migrated = await openDatabase({ kind: 'pglite', dataDir: null });
  await migrated.migrate();
}, 120_000);
afterAll(async () => {
  await shipped?.close();
  await migrated?.close();
  await rm(dir, { recursive: true, force: true });
});

const columns = (database: Database) =>
  rows<{ table_name: string; column_name: string; data_type: string }>(
    database.db,
    sql`SELECT table_name, column_name, data_type FROM information_schema.columns WHERE table_schema = 'public' ORDER BY 1, 2`,
  );
const functions = (database: Database) =>
  rows<{ name: string; body: string }>(
    database.db,
    sql`SELECT p.proname AS name, md5(p.prosrc) AS body FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
      WHERE n.nspname = 'public' ORDER BY 1, 2`,
  );
const applied = (database: Database) =>
  rows<{ hash: string }>(database.db, sql`SELECT hash FROM drizzle.__drizzle_migrations ORDER BY created_at`);

describe("the new installation's database the compiled server carries", () => {
  it('has every table, column and function that migrating gives, and no row in them', async () => {
    expect(await columns(shipped)).toEqual(await columns(migrated));
    expect(await functions(shipped)).toEqual(await functions(migrated));
    const [users] = await rows<{ n: number }>(shipped.db, sql`SELECT count(*)::int AS n FROM users`);
    expect(users?.n).toBe(0);
  });

  it('has every migration recorded, so starting from it migrates nothing', async () => {
    const before = await applied(shipped);
    expect(before).toEqual(await applied(migrated));
    await shipped.migrate();
    expect(await applied(shipped)).toEqual(before);
  });
});
