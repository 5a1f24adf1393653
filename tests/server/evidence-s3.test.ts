import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { HeadObjectCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keepEvidenceBytes } from '../../server/evidence-storage';
import { parseEnv } from '../../server/env';
import { nameInADeliveryOf } from './evidence-helpers';
import { anotherMachine, bearer, createTestApp, loginAs, type TestApp } from './test-app';

/**
 * Evidence files in S3-compatible object storage (S3_URL, S3_BUCKET): kept in the bucket and
 * served from it, nothing left on the server's disk, so another machine serves them as well.
 * The bucket is a real S3-speaking server started by the test (s3rver).
 */
const BUCKET = 'evidencias-prueba';
let t: TestApp;
let s3: S3rver;
let s3Dir: string;
let client: S3Client;
let driver: string;
let s3Env: Record<string, string>;

beforeAll(async () => {
  s3Dir = await mkdtemp(path.join(tmpdir(), 'frutas-s3-'));
  s3 = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory: s3Dir, configureBuckets: [{ name: BUCKET }] });
  const { port } = await s3.run();
  const url = `http://127.0.0.1:${port}`;
  s3Env = { S3_URL: url, S3_BUCKET: BUCKET, S3_ACCESS_KEY_ID: 'S3RVER', S3_SECRET_ACCESS_KEY: 'S3RVER' };
  t = await createTestApp(s3Env);
  client = new S3Client({
    endpoint: url,
    region: 'us-east-1',
    forcePathStyle: true,
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
  });
  driver = await loginAs(t.app, 'chofer@demo.mx');
});
afterAll(async () => {
  client?.destroy();
  await t?.close();
  await s3?.close();
  await rm(s3Dir, { recursive: true, force: true });
});

const PDF = Buffer.from('%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n');
const keptOnDisk = async () =>
  (await readdir(path.join(t.dataDir, 'files')).catch(() => [] as string[])).filter((name) => !name.startsWith('.'));
const inBucket = async () => ((await client.send(new ListObjectsV2Command({ Bucket: BUCKET }))).Contents ?? []).map((object) => object.Key);

/** A resumable upload of `length` bytes begun on `app`; answers its address. */
async function begun(app: FastifyInstance, length: number): Promise<string> {
  const created = await app.inject({
    method: 'POST',
    url: '/api/v2/uploads',
    headers: { ...bearer(driver), 'tus-resumable': '1.0.0', 'upload-length': String(length) },
  });
  expect(created.statusCode).toBe(201);
  return String(created.headers.location);
}

/** One part of it, sent to `app` from `offset`. */
const part = (app: FastifyInstance, location: string, offset: number, bytes: Buffer) =>
  app.inject({
    method: 'PATCH',
    url: location,
    headers: {
      ...bearer(driver),
      'tus-resumable': '1.0.0',
      'content-type': 'application/offset+octet-stream',
      'upload-offset': String(offset),
    },
    payload: bytes,
  });

describe('evidence in object storage', () => {
  it('keeps an uploaded file in the bucket, under its prefix, and serves the same bytes from it', async () => {
    const boundary = '----frutas-s3';
    const payload = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="entrega.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
      ),
      PDF,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const uploaded = await t.app.inject({
      method: 'POST',
      url: '/api/v1/shipping_detail/files/',
      headers: { ...bearer(driver), 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload,
    });
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const name = uploaded.json<{ file: string }>().file;
    expect(await inBucket()).toContain(`evidencias/${name}`);
    const object = await client.send(new HeadObjectCommand({ Bucket: BUCKET, Key: `evidencias/${name}` }));
    expect(object.ContentType).toBe('application/pdf');
    expect(await keptOnDisk()).toEqual([]);

    await nameInADeliveryOf(t, 'chofer@demo.mx', name);
    const served = await t.app.inject({ method: 'GET', url: `/files/${name}`, headers: bearer(driver) });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(PDF)).toBe(true);
    const unknown = await t.app.inject({ method: 'GET', url: '/files/00000000-0000-4000-8000-000000000000.pdf', headers: bearer(driver) });
    expect(unknown.statusCode).toBe(404);
  });

  it('keeps a resumable upload, once complete, in the bucket too', async () => {
    const location = await begun(t.app, PDF.length);
    expect((await part(t.app, location, 0, PDF.subarray(0, 10))).statusCode).toBe(204);
    const last = await part(t.app, location, 10, PDF.subarray(10));
    expect(last.statusCode).toBe(204);
    const name = String(last.headers['upload-file-name']);
    expect(await inBucket()).toContain(`evidencias/${name}`);
    expect(await keptOnDisk()).toEqual([]);
    await nameInADeliveryOf(t, 'chofer@demo.mx', name);
    expect((await t.app.inject({ method: 'GET', url: `/files/${name}`, headers: bearer(driver) })).rawPayload.equals(PDF)).toBe(true);
  });

  it('takes the parts of one upload on two machines that share no disk, and keeps them in the bucket meanwhile', async () => {
    const other = await anotherMachine(t, s3Env);
    try {
      const location = await begun(t.app, PDF.length);
      const id = location.split('/').pop()!;
      expect((await part(t.app, location, 0, PDF.subarray(0, 10))).statusCode).toBe(204);
      expect((await inBucket()).filter((key) => key?.startsWith(`cargas/${id}-`))).toHaveLength(1);

      // The phone's next request reaches the other machine: it knows where to go on from.
      const tus = { ...bearer(driver), 'tus-resumable': '1.0.0' };
      const asked = await other.app.inject({ method: 'HEAD', url: location, headers: tus });
      expect(asked.statusCode).toBe(200);
      expect(asked.headers['upload-offset']).toBe('10');
      const last = await part(other.app, location, 10, PDF.subarray(10));
      expect(last.statusCode).toBe(204);
      const name = String(last.headers['upload-file-name']);
      const keys = await inBucket();
      expect(keys).toContain(`evidencias/${name}`);
      expect(keys.filter((key) => key?.startsWith('cargas/'))).toEqual([]);
      // Neither machine keeps anything of it on its disk.
      for (const dataDir of [t.dataDir, other.dataDir])
        expect(
          (await readdir(path.join(dataDir, 'uploads')).catch(() => [] as string[])).filter((entry) => !entry.startsWith('.')),
        ).toEqual([]);
      expect((await t.app.inject({ method: 'HEAD', url: location, headers: tus })).headers['upload-file-name']).toBe(name);
      await nameInADeliveryOf(t, 'chofer@demo.mx', name);
      const served = await t.app.inject({ method: 'GET', url: `/files/${name}`, headers: bearer(driver) });
      expect(served.rawPayload.equals(PDF)).toBe(true);
    } finally {
      await other.close();
    }
  });

  it("keeps the demo's sample evidence in the bucket, where its deliveries are opened from", async () => {
    const sample = Buffer.from('%PDF-1.4\n% muestra\n%%EOF\n');
    await keepEvidenceBytes(parseEnv({ NODE_ENV: 'test', DATA_DIR: t.dataDir, ...s3Env }), 'evidencia-demo.pdf', sample);
    expect(await inBucket()).toContain('evidencias/evidencia-demo.pdf');
    expect(await keptOnDisk()).not.toContain('evidencia-demo.pdf');
    const office = await loginAs(t.app, 'admin@demo.mx');
    const served = await t.app.inject({ method: 'GET', url: '/files/evidencia-demo.pdf', headers: bearer(office) });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(sample)).toBe(true);
  });
});
