import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, it } from 'vitest';
import { openDatabase } from '../../server/db/client';
import { backupUnderWrites } from './backup-scenario';

/** `npm run backup` of the embedded database while its server runs, and `npm run restore` into an empty data directory. */
const made: string[] = [];
const place = async () => {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'frutas-backup-test-'));
  made.push(dataDir);
  return { dataDir, env: { DATA_DIR: dataDir, DEMO_SEED: 'true' } };
};
afterAll(async () => {
  for (const dir of made) await rm(dir, { recursive: true, force: true });
});

describe('backup and restore of the embedded database', () => {
  it('restores every route and file committed before a backup taken under writes', async () => {
    const source = await place();
    const target = await place();
    await backupUnderWrites(source, target, path.join(source.dataDir, 'respaldo.tar.gz'), (p) =>
      openDatabase({ kind: 'pglite', dataDir: path.join(p.dataDir, 'db') }),
    );
  }, 240_000);
});
