import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { GetObjectCommand, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../server/db/client';
import { backupUnderWrites } from './backup-scenario';

/**
 * `npm run backup` and `npm run restore` with the evidence in object storage: the files are read
 * from the bucket into the archive, the archive is left in the bucket too, and the restore takes
 * it from there and puts the evidence back into an empty place of the bucket. A real
 * S3-speaking server (s3rver) started by the test.
 */
const BUCKET = 'negocio-prueba';
const made: string[] = [];
let s3: S3rver;
let url: string;
let client: S3Client;

beforeAll(async () => {
  const dir = await mkdtemp(path.join(tmpdir(), 'frutas-s3-backup-'));
  made.push(dir);
  s3 = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory: dir, configureBuckets: [{ name: BUCKET }] });
  url = `http://127.0.0.1:${(await s3.run()).port}`;
  client = new S3Client({
    endpoint: url,
    region: 'us-east-1',
    forcePathStyle: true,
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
  });
});
afterAll(async () => {
  client?.destroy();
  await s3?.close();
  for (const dir of made) await rm(dir, { recursive: true, force: true });
});

const place = async (prefix: string) => {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'frutas-backup-test-'));
  made.push(dataDir);
  const s3Env = { S3_URL: url, S3_BUCKET: BUCKET, S3_ACCESS_KEY_ID: 'S3RVER', S3_SECRET_ACCESS_KEY: 'S3RVER', S3_PREFIX: prefix };
  return { dataDir, env: { DATA_DIR: dataDir, DEMO_SEED: 'true', ...s3Env } };
};

describe('backup and restore with the evidence in object storage', () => {
  it('restores every route and file committed before a backup taken under writes, from the copy in the bucket', async () => {
    const source = await place('origen/');
    const target = await place('destino/');
    await backupUnderWrites(
      source,
      target,
      path.join(source.dataDir, 'respaldo-s3.tar.gz'),
      (p) => openDatabase({ kind: 'pglite', dataDir: path.join(p.dataDir, 'db') }),
      {
        from: 's3:respaldo-s3.tar.gz',
        evidence: async (name) => {
          const object = await client.send(new GetObjectCommand({ Bucket: BUCKET, Key: `destino/${name}` }));
          return Buffer.from(await object.Body!.transformToByteArray());
        },
      },
    );
    // Nothing uploaded was kept on either machine's disk (the demo seed writes its one sample
    // beside the database: demo data only).
    for (const dataDir of [source.dataDir, target.dataDir]) {
      const kept = (await readdir(path.join(dataDir, 'files')).catch(() => [] as string[])).filter(
        (name) => !name.startsWith('.') && name !== 'evidencia-demo.pdf',
      );
      expect(kept).toEqual([]);
    }
  }, 240_000);
});
