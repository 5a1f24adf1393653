// `npm run restore ARCHIVE`: brings back an archive of `npm run backup` onto an empty data
// directory (DATA_DIR) or an empty PostgreSQL database (DATABASE_URL), with the server stopped.
// It refuses to write over data: restore into a new place, check it, then switch to it. With
// object storage (S3_URL), `s3:NAME` is an archive the backup left in the bucket, and the
// evidence goes back into the bucket (whose evidence prefix must be empty).
import { execFileSync } from 'node:child_process';
import { cp, mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openDatabase } from '../server/db/client';
import { envOrExit } from '../server/env';
import { S3Objects, s3PlaceOf } from '../server/files-s3';

const archive = process.argv[2];
if (!archive) {
  console.error('Uso: npm run restore -- ARCHIVO.tar.gz');
  process.exit(1);
}

const env = envOrExit(process.env);

const fail = (message: string): never => {
  console.error(message);
  process.exit(1);
};
const isEmptyDirectory = async (dir: string) => (await readdir(dir).catch(() => [] as string[])).length === 0;

const work = await mkdtemp(path.join(tmpdir(), 'frutas-restore-'));
const evidencePlace = s3PlaceOf(env);
try {
  let local = path.resolve(archive);
  if (archive.startsWith('s3:')) {
    const archivePlace = s3PlaceOf(env, env.S3_BACKUP_PREFIX) ?? fail('Para restaurar desde s3: defina S3_URL y S3_BUCKET.');
    const bucket = new S3Objects(archivePlace);
    try {
      local = path.join(work, 'respaldo.tar.gz');
      await bucket.download(archive.slice(3), local);
    } finally {
      bucket.close();
    }
  }
  execFileSync('tar', ['-xzf', local, '-C', work]);
  const manifest = JSON.parse(await readFile(path.join(work, 'manifest.json'), 'utf8')) as {
    product: string;
    database: 'postgres' | 'pglite';
    taken_at: string;
  };
  if (manifest.product !== 'frutas-reparto') fail('El archivo no es un respaldo de esta aplicación.');
  const target = env.DATABASE_URL ? 'postgres' : 'pglite';
  if (manifest.database !== target) {
    fail(
      `El respaldo es de la base ${manifest.database === 'postgres' ? 'PostgreSQL' : 'embebida'}: restáurelo con ${manifest.database === 'postgres' ? 'DATABASE_URL' : 'DATA_DIR sin DATABASE_URL'}.`,
    );
  }
  const filesDir = path.join(env.DATA_DIR, 'files');
  const bucket = evidencePlace ? new S3Objects(evidencePlace) : null;
  if (bucket) {
    if ((await bucket.names()).length > 0) fail(`${bucket.where} ya tiene archivos: restaure en un lugar vacío del bucket (S3_PREFIX).`);
  } else if (!(await isEmptyDirectory(filesDir))) fail(`${filesDir} ya tiene archivos: restaure en un directorio de datos vacío.`);

  if (env.DATABASE_URL) {
    const client = new pg.Client({ connectionString: env.DATABASE_URL });
    await client.connect();
    const { rows } = await client.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM pg_tables WHERE schemaname NOT IN ('pg_catalog', 'information_schema')`,
    );
    await client.end();
    if (rows[0]!.n > 0) fail('La base de datos PostgreSQL ya tiene tablas: restaure en una base vacía.');
    execFileSync(
      'pg_restore',
      ['--no-owner', '--no-privileges', '--exit-on-error', `--dbname=${env.DATABASE_URL}`, path.join(work, 'database.dump')],
      {
        stdio: ['ignore', 'inherit', 'inherit'],
      },
    );
  } else {
    const dbDir = path.join(env.DATA_DIR, 'db');
    if (!(await isEmptyDirectory(dbDir))) fail(`${dbDir} ya tiene una base de datos: restaure en un directorio de datos vacío.`);
    const snapshot = new Blob([await readFile(path.join(work, 'database.tar.gz'))]);
    const database = await openDatabase({ kind: 'pglite', dataDir: dbDir, snapshot });
    await database.close();
  }
  const saved = path.join(work, 'files');
  if (
    await stat(saved).then(
      (s) => s.isDirectory(),
      () => false,
    )
  ) {
    if (bucket) for (const name of await readdir(saved)) await bucket.upload(name, path.join(saved, name));
    else await cp(saved, filesDir, { recursive: true });
  }
  bucket?.close();
  console.log(`Respaldo del ${manifest.taken_at} restaurado en ${env.DATABASE_URL ? 'PostgreSQL' : env.DATA_DIR}.`);
} finally {
  await rm(work, { recursive: true, force: true });
}
