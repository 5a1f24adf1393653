import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { openDatabase } from '../../server/db/client';
import { backupUnderWrites } from '../server/backup-scenario';
import { createTestApp, emptyPostgresDatabase, type TestApp } from '../server/test-app';

/** `npm run backup` through pg_dump while the server takes writes, and `npm run restore` into an empty database. */
let t: TestApp;
let empty: Awaited<ReturnType<typeof emptyPostgresDatabase>>;
const dirs: string[] = [];
beforeAll(async () => {
  t = await createTestApp();
  empty = await emptyPostgresDatabase('frutas_restore');
}, 60_000);
afterAll(async () => {
  await empty.drop();
  await t.close();
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});

describe('backup and restore on PostgreSQL', () => {
  it('restores every route and file committed before a backup taken under writes', async () => {
    const targetDir = await mkdtemp(path.join(tmpdir(), 'frutas-restore-test-'));
    dirs.push(targetDir);
    await backupUnderWrites(
      { dataDir: t.dataDir, env: { DATA_DIR: t.dataDir, DATABASE_URL: t.databaseUrl!, DEMO_SEED: 'false' } },
      { dataDir: targetDir, env: { DATA_DIR: targetDir, DATABASE_URL: empty.url } },
      path.join(targetDir, 'respaldo.tar.gz'),
      () => openDatabase({ kind: 'postgres', url: empty.url }),
    );
  }, 240_000);
});
