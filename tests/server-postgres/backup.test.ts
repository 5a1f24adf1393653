import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { openDatabase } from '../../server/db/client';
import { backupUnderWrites } from '../server/backup-scenario';
import { createTestApp, type TestApp } from '../server/test-app';

/** `npm run backup` through pg_dump while the server takes writes, and `npm run restore` into an empty database. */
let t: TestApp;
let emptyUrl: string;
let admin: pg.Client;
const emptyName = `frutas_restore_${randomBytes(6).toString('hex')}`;
const dirs: string[] = [];
beforeAll(async () => {
  t = await createTestApp();
  admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${emptyName}`);
  const url = new URL(process.env.DATABASE_URL!);
  url.pathname = `/${emptyName}`;
  emptyUrl = url.toString();
}, 60_000);
afterAll(async () => {
  await admin.query(`DROP DATABASE IF EXISTS ${emptyName} WITH (FORCE)`);
  await admin.end();
  await t.close();
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});

describe('backup and restore on PostgreSQL', () => {
  it('restores every route and file committed before a backup taken under writes', async () => {
    const targetDir = await mkdtemp(path.join(tmpdir(), 'frutas-restore-test-'));
    dirs.push(targetDir);
    await backupUnderWrites(
      { dataDir: t.dataDir, env: { DATA_DIR: t.dataDir, DATABASE_URL: t.databaseUrl!, DEMO_SEED: 'false' } },
      { dataDir: targetDir, env: { DATA_DIR: targetDir, DATABASE_URL: emptyUrl } },
      path.join(targetDir, 'respaldo.tar.gz'),
      () => openDatabase({ kind: 'postgres', url: emptyUrl }),
    );
  }, 240_000);
});
