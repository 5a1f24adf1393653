import { createHash, randomBytes } from 'node:crypto';
import { readdir, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiMessages } from '../../domain/messages/api';
import { filesMessages } from '../../domain/messages/files';
import { shippingDetailSchema } from '../../domain/schemas/shipping';
import { users } from '../../server/db/schema';
import { bearer, createTestApp, loginAs, type TestApp } from './test-app';
import { nameInADeliveryOf } from './evidence-helpers';

/** Resumable evidence uploads (tus 1.0.0), as a phone on a poor connection uses them. */
let t: TestApp;
let driver: string;
let otherDriver: string;
let office: string;
beforeAll(async () => {
  t = await createTestApp();
  [driver, otherDriver, office] = await Promise.all([
    loginAs(t.app, 'chofer@demo.mx'),
    loginAs(t.app, 'chofer2@demo.mx'),
    loginAs(t.app, 'oficina@demo.mx'),
  ]);
});
afterAll(() => t.close());

const TUS = { 'tus-resumable': '1.0.0' };
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n');
/** A JPEG header (SOI + APP0/JFIF) followed by enough bytes to need several parts. */
const JPEG = Buffer.concat([
  Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01]),
  randomBytes(300_000),
  Buffer.from([0xff, 0xd9]),
]);
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
const filesDir = () => path.join(t.dataDir, 'files');
const storedFiles = async () => (await readdir(filesDir()).catch(() => [] as string[])).sort();
/** The parts of an upload waiting on this machine's disk. */
const partsOnDisk = async (location: string) =>
  (await readdir(path.join(t.dataDir, 'uploads')).catch(() => [] as string[])).filter((name) =>
    name.startsWith(`${location.split('/').pop()}-`),
  );
async function uploadRows(location: string): Promise<{ uploads: number; parts: number }> {
  const id = location.split('/').pop()!;
  const result = await t.database.db.execute(sql`SELECT
      (SELECT count(*)::int FROM evidence_uploads WHERE id = ${id}) AS uploads,
      (SELECT count(*)::int FROM evidence_upload_parts WHERE upload_id = ${id}) AS parts`);
  return (result as unknown as { rows: { uploads: number; parts: number }[] }).rows[0]!;
}

function create(token: string | null, length: number, headers: Record<string, string> = {}) {
  return t.app.inject({
    method: 'POST',
    url: '/api/v2/uploads',
    headers: { ...(token && bearer(token)), ...TUS, 'upload-length': String(length), ...headers },
  });
}

async function createdAt(token: string, length: number): Promise<string> {
  const response = await create(token, length, {
    'upload-metadata': `filename ${Buffer.from('entrega.jpg').toString('base64')},filetype ${Buffer.from('image/jpeg').toString('base64')}`,
  });
  expect(response.statusCode).toBe(201);
  expect(response.headers['tus-resumable']).toBe('1.0.0');
  const location = String(response.headers.location);
  expect(location).toMatch(/^\/api\/v2\/uploads\/[0-9a-f]{32}$/);
  return location;
}

function patch(token: string | null, location: string, offset: number, chunk: Buffer | Readable) {
  return t.app.inject({
    method: 'PATCH',
    url: location,
    headers: { ...(token && bearer(token)), ...TUS, 'content-type': 'application/offset+octet-stream', 'upload-offset': String(offset) },
    payload: chunk,
  });
}

const head = (token: string | null, location: string) =>
  t.app.inject({ method: 'HEAD', url: location, headers: { ...(token && bearer(token)), ...TUS } });

describe('resumable evidence uploads', () => {
  it('stores a file sent in one part and serves the same bytes', async () => {
    const location = await createdAt(driver, PDF.length);
    const response = await patch(driver, location, 0, PDF);
    expect(response.statusCode).toBe(204);
    expect(response.headers['upload-offset']).toBe(String(PDF.length));
    const name = String(response.headers['upload-file-name']);
    expect(name).toMatch(/^[0-9a-f-]{36}\.pdf$/);
    await nameInADeliveryOf(t, 'chofer@demo.mx', name);
    const served = await t.app.inject({ method: 'GET', url: `/files/${name}`, headers: bearer(driver) });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(PDF)).toBe(true);
  });

  it('resumes after lost answers and stores exactly one file with the original bytes', async () => {
    const before = await storedFiles();
    const location = await createdAt(driver, JPEG.length);
    const cuts = [0, 100_000, 200_000, JPEG.length];
    const fresh = await head(driver, location);
    expect(fresh.statusCode).toBe(200);
    expect(fresh.headers).toMatchObject({ 'upload-offset': '0', 'upload-length': String(JPEG.length), 'cache-control': 'no-store' });
    expect(fresh.headers['upload-file-name']).toBeUndefined();

    expect((await patch(driver, location, cuts[0]!, JPEG.subarray(cuts[0], cuts[1]))).statusCode).toBe(204);
    // The second part arrives, but its answer is lost on the way back…
    await patch(driver, location, cuts[1]!, JPEG.subarray(cuts[1], cuts[2]));
    // …so the phone sends it again: refused, the server has it already.
    const retry = await patch(driver, location, cuts[1]!, JPEG.subarray(cuts[1], cuts[2]));
    expect(retry.statusCode).toBe(409);
    expect(retry.json()).toEqual({ message: filesMessages.uploadOffsetMismatch });
    // It asks where to go on from, and goes on.
    const resume = await head(driver, location);
    expect(resume.headers['upload-offset']).toBe(String(cuts[2]));
    const last = await patch(driver, location, Number(resume.headers['upload-offset']), JPEG.subarray(cuts[2]));
    expect(last.statusCode).toBe(204);
    const name = String(last.headers['upload-file-name']);
    expect(name).toMatch(/\.jpg$/);

    expect(sha256(await readFile(path.join(filesDir(), name)))).toBe(sha256(JPEG));
    expect(await storedFiles()).toEqual([...before, name].sort());
    // Its parts are gone; the upload stays known, to answer a HEAD with the stored name.
    expect(await uploadRows(location)).toEqual({ uploads: 1, parts: 0 });
    expect(await partsOnDisk(location)).toEqual([]);
  });

  it('keeps the bytes that arrived before a connection was cut', async () => {
    const location = await createdAt(driver, PDF.length);
    const half = 20;
    let sent = false;
    const cut = new Readable({
      read() {
        if (sent) return;
        sent = true;
        this.push(PDF.subarray(0, half));
        setTimeout(() => this.destroy(new Error('sin señal')), 20);
      },
    });
    await patch(driver, location, 0, cut).catch(() => undefined);
    // The cut request's answer is lost; the server commits what arrived as soon as it can.
    await expect.poll(async () => (await head(driver, location)).headers['upload-offset']).toBe(String(half));
    const last = await patch(driver, location, half, PDF.subarray(half));
    expect(last.statusCode).toBe(204);
    expect((await readFile(path.join(filesDir(), String(last.headers['upload-file-name'])))).equals(PDF)).toBe(true);
  });

  it('tells the stored name on HEAD and on a repeated last part once complete', async () => {
    const location = await createdAt(driver, PDF.length);
    const done = await patch(driver, location, 0, PDF);
    const name = done.headers['upload-file-name'];
    const asked = await head(driver, location);
    expect(asked.statusCode).toBe(200);
    expect(asked.headers).toMatchObject({
      'upload-offset': String(PDF.length),
      'upload-length': String(PDF.length),
      'upload-file-name': name,
      'cache-control': 'no-store',
    });
    const before = await storedFiles();
    const again = await patch(driver, location, PDF.length, Buffer.alloc(0));
    expect(again.statusCode).toBe(204);
    expect(again.headers['upload-file-name']).toBe(name);
    expect(await storedFiles()).toEqual(before);
  });

  it('refuses a part sent from the wrong offset', async () => {
    const location = await createdAt(driver, PDF.length);
    const response = await patch(driver, location, 5, PDF.subarray(5));
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ message: filesMessages.uploadOffsetMismatch });
    expect((await head(driver, location)).headers['upload-offset']).toBe('0');
  });

  it('refuses files over 100 MB before any byte is sent', async () => {
    const response = await create(driver, 100 * 1024 * 1024 + 1);
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ message: 'El archivo supera el límite de 100 MB.' });
  });

  it('refuses a part longer than the declared file', async () => {
    const location = await createdAt(driver, 10);
    const response = await patch(driver, location, 0, PDF);
    expect(response.statusCode).toBe(413);
    expect((await head(driver, location)).headers['upload-offset']).toBe('0');
  });

  it('refuses what is not a photo or PDF and keeps nothing', async () => {
    const before = await storedFiles();
    const content = Buffer.from('<script>alert(1)</script> esto no es una foto');
    const location = await createdAt(driver, content.length);
    const response = await patch(driver, location, 0, content);
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({ message: filesMessages.unsupportedType });
    expect(await storedFiles()).toEqual(before);
    expect((await head(driver, location)).statusCode).toBe(404);
    expect(await uploadRows(location)).toEqual({ uploads: 0, parts: 0 });
    expect(await partsOnDisk(location)).toEqual([]);
  });

  it('hides an upload from everyone but the person who created it', async () => {
    const location = await createdAt(driver, PDF.length);
    expect((await head(otherDriver, location)).statusCode).toBe(404);
    const foreign = await patch(otherDriver, location, 0, PDF);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual({ message: apiMessages.notFound });
    expect((await head(office, location)).statusCode).toBe(404);
    expect((await head(driver, location)).headers['upload-offset']).toBe('0');
  });

  it('asks for a session', async () => {
    expect((await create(null, PDF.length)).statusCode).toBe(401);
    const location = await createdAt(driver, PDF.length);
    expect((await head(null, location)).statusCode).toBe(401);
    expect((await patch(null, location, 0, PDF)).statusCode).toBe(401);
    expect((await head(driver, location)).headers['upload-offset']).toBe('0');
  });

  it('asks for the protocol version', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/v2/uploads', headers: { ...bearer(driver), 'upload-length': '10' } });
    expect(response.statusCode).toBe(412);
    expect(response.headers['tus-version']).toBe('1.0.0');
  });

  it('cancels an upload, with the parts it had', async () => {
    const location = await createdAt(driver, PDF.length);
    expect((await patch(driver, location, 0, PDF.subarray(0, 20))).statusCode).toBe(204);
    expect(await uploadRows(location)).toEqual({ uploads: 1, parts: 1 });
    expect(await partsOnDisk(location)).toHaveLength(1);
    expect((await t.app.inject({ method: 'DELETE', url: location, headers: { ...bearer(driver), ...TUS } })).statusCode).toBe(204);
    expect((await head(driver, location)).statusCode).toBe(404);
    expect(await uploadRows(location)).toEqual({ uploads: 0, parts: 0 });
    expect(await partsOnDisk(location)).toEqual([]);
  });

  it('takes 8 MiB parts over a real connection (past the 1 MiB limit of JSON bodies)', async () => {
    const base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    // Closed with the app (afterAll).
    const photo = Buffer.concat([JPEG.subarray(0, 12), randomBytes(12 * 1024 * 1024)]);
    const headers = { ...bearer(driver), ...TUS };
    const created = await fetch(`${base}/api/v2/uploads`, {
      method: 'POST',
      headers: { ...headers, 'upload-length': String(photo.length) },
    });
    expect(created.status).toBe(201);
    const url = `${base}${created.headers.get('location')}`;
    let offset = 0;
    let name: string | null = null;
    while (offset < photo.length) {
      const part = photo.subarray(offset, offset + 8 * 1024 * 1024);
      const response = await fetch(url, {
        method: 'PATCH',
        headers: { ...headers, 'content-type': 'application/offset+octet-stream', 'upload-offset': String(offset) },
        body: part,
      });
      expect(response.status).toBe(204);
      offset = Number(response.headers.get('upload-offset'));
      name = response.headers.get('upload-file-name');
    }
    const asked = await fetch(url, { method: 'HEAD', headers });
    expect(asked.status).toBe(200);
    expect(asked.headers.get('upload-file-name')).toBe(name);
    expect(sha256(await readFile(path.join(filesDir(), name!)))).toBe(sha256(photo));
  });

  it('starts again when its parts were lost (a database restored without them)', async () => {
    const location = await createdAt(driver, PDF.length);
    expect((await patch(driver, location, 0, PDF.subarray(0, 20))).statusCode).toBe(204);
    for (const part of await partsOnDisk(location)) await rm(path.join(t.dataDir, 'uploads', part));
    const last = await patch(driver, location, 20, PDF.subarray(20));
    expect(last.statusCode).toBe(404);
    expect((await head(driver, location)).statusCode).toBe(404);
    expect(await uploadRows(location)).toEqual({ uploads: 0, parts: 0 });
  });

  it('forgets uploads left untouched for more than seven days', async () => {
    const stale = await createdAt(driver, PDF.length);
    const eightDaysAgo = new Date(Date.now() - 8 * 24 * 60 * 60 * 1000).toISOString();
    await t.database.db.execute(sql`UPDATE evidence_uploads SET touched_at = ${eightDaysAgo} WHERE id = ${stale.split('/').pop()!}`);
    const recent = await createdAt(driver, PDF.length);
    expect((await head(driver, stale)).statusCode).toBe(404);
    expect((await head(driver, recent)).statusCode).toBe(200);
  });

  it('gives a name a driver can deliver with', async () => {
    const [me] = await t.database.db.select().from(users).where(eq(users.email, 'chofer@demo.mx'));
    const pending = await t.database.db.execute(sql`
      SELECT d.id FROM shipping_details d JOIN shippings s ON s.id = d.shipping_id
      WHERE s.driver_id = ${me!.id} AND NOT d.completed AND d.deleted_at IS NULL AND s.deleted_at IS NULL
      ORDER BY d.id LIMIT 1`);
    const detailId = (pending as unknown as { rows: { id: number }[] }).rows[0]!.id;
    const location = await createdAt(driver, JPEG.length);
    const name = String((await patch(driver, location, 0, JPEG)).headers['upload-file-name']);
    const response = await t.app.inject({
      method: 'PATCH',
      url: `/api/v2/shipping_details/${detailId}`,
      headers: bearer(driver),
      payload: { completed: true, is_delivered: true, pdf: name, delivered_at: '2026-12-10 09:41' },
    });
    expect(response.statusCode).toBe(200);
    expect(shippingDetailSchema.parse(response.json())).toMatchObject({ completed: true, is_delivered: true, pdf: name });
  });
});
