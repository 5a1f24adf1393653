// `npm run backup [ARCHIVE]`: one archive (.tar.gz) with a consistent copy of the database
// and the evidence files, taken while the server runs. PostgreSQL (DATABASE_URL) is copied
// by pg_dump, in one snapshot; the embedded database by the running server itself (it owns
// its files), or directly when no server is running. The files are copied after the
// database: a file is stored before any row names it, so every file the copy's rows name is
// in the archive. Default archive: backups/frutas-YYYYMMDD-HHMMSS.tar.gz. With object storage
// (S3_URL), the evidence is read from the bucket and the archive is also left in it, under
// S3_BACKUP_PREFIX, so that a machine with no disk of its own keeps nothing that only it holds.
import { execFileSync } from 'node:child_process';
import { cp, mkdir, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openDatabase } from '../server/db/client';
import { CONTROL_TOKEN_FILE } from '../server/backup-control';
import { envOrExit } from '../server/env';
import { S3Objects, s3PlaceOf } from '../server/files-s3';

const stamp = new Date().toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);
const out = path.resolve(process.argv[2] ?? path.join('backups', `frutas-${stamp}.tar.gz`));

const env = envOrExit(process.env);

const work = await mkdtemp(path.join(tmpdir(), 'frutas-backup-'));
try {
  const started = Date.now();
  let how: string;
  if (env.DATABASE_URL) {
    execFileSync(
      'pg_dump',
      ['--format=custom', '--no-owner', '--no-privileges', `--file=${path.join(work, 'database.dump')}`, env.DATABASE_URL],
      {
        stdio: ['ignore', 'inherit', 'inherit'],
      },
    );
    how = 'pg_dump';
  } else {
    const snapshot = (await fromRunningServer(env.DATA_DIR, env.PORT)) ?? (await fromDataDirectory(env.DATA_DIR));
    await writeFile(path.join(work, 'database.tar.gz'), snapshot);
    how = 'embedded';
  }
  const evidencePlace = s3PlaceOf(env);
  let hasFiles: boolean;
  if (evidencePlace) {
    const bucket = new S3Objects(evidencePlace);
    try {
      const names = await bucket.names();
      await mkdir(path.join(work, 'files'), { recursive: true });
      for (const name of names) await bucket.download(name, path.join(work, 'files', name));
      hasFiles = names.length > 0;
    } finally {
      bucket.close();
    }
  } else {
    const files = path.join(env.DATA_DIR, 'files');
    hasFiles = await stat(files).then(
      (s) => s.isDirectory(),
      () => false,
    );
    if (hasFiles)
      await cp(files, path.join(work, 'files'), { recursive: true, filter: (source) => !path.basename(source).startsWith('.upload-') });
  }
  await writeFile(
    path.join(work, 'manifest.json'),
    JSON.stringify(
      {
        product: 'frutas-reparto',
        database: env.DATABASE_URL ? 'postgres' : 'pglite',
        taken_at: new Date().toISOString(),
        files: hasFiles,
      },
      null,
      2,
    ),
  );
  await mkdir(path.dirname(out), { recursive: true });
  execFileSync('tar', ['-czf', out, '-C', work, '.']);
  const size = (await stat(out)).size;
  console.log(
    `Respaldo escrito: ${out} (${(size / 1e6).toFixed(1)} MB, base de datos por ${how}, ${((Date.now() - started) / 1000).toFixed(1)} s)`,
  );
  const archivePlace = s3PlaceOf(env, env.S3_BACKUP_PREFIX);
  if (archivePlace) {
    const bucket = new S3Objects(archivePlace);
    try {
      await bucket.upload(path.basename(out), out);
      console.log(`También en ${bucket.where}${path.basename(out)} (npm run restore -- s3:${path.basename(out)})`);
    } finally {
      bucket.close();
    }
  }
} finally {
  await rm(work, { recursive: true, force: true });
}

/** The running server's own snapshot of its embedded database; null when no server runs on this data directory. */
async function fromRunningServer(dataDir: string, port: number): Promise<Buffer | null> {
  const token = await readFile(path.join(dataDir, CONTROL_TOKEN_FILE), 'utf8').catch(() => null);
  if (!token) return null;
  try {
    const response = await fetch(`http://127.0.0.1:${port}/internal/backup/database`, {
      method: 'POST',
      headers: { 'x-control-token': token },
    });
    if (!response.ok) throw new Error(`el servidor respondió ${response.status}`);
    return Buffer.from(await response.arrayBuffer());
  } catch (error) {
    if ((error as { cause?: { code?: string } }).cause?.code === 'ECONNREFUSED') return null;
    throw error;
  }
}

/** With no server running, the embedded database is opened here (it allows one process at a time). */
async function fromDataDirectory(dataDir: string): Promise<Buffer> {
  const database = await openDatabase({ kind: 'pglite', dataDir: path.join(dataDir, 'db') });
  try {
    return Buffer.from(await (await database.snapshot()!).arrayBuffer());
  } finally {
    await database.close();
  }
}
