import path from 'node:path';
import { sql } from 'drizzle-orm';
import { readdir } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { filePassSchema, shippingDetailSchema, shippingSchema } from '../../domain/schemas/shipping';
import { FileStore, LocalObjects } from '../../server/files';
import { sweepUnattachedEvidence } from '../../server/repositories/evidence';
import { bearer, createTestApp, loginAs, type TestApp } from './test-app';

/**
 * The receiver's name and signature on a delivery (issue 47), through the real routes: the
 * signature's PNG is kept as the driver's evidence under a random name and opens only for those
 * who may see the delivery's evidence; one too large or not a PNG is refused in Spanish.
 */
let t: TestApp;
const tokens: Record<string, string> = {};
let driverId: number;
beforeAll(async () => {
  t = await createTestApp();
  for (const email of ['oficina@demo.mx', 'chofer@demo.mx', 'chofer2@demo.mx', 'almacen@demo.mx'])
    tokens[email] = await loginAs(t.app, email);
  driverId = (await rows<{ id: number }>(sql`SELECT id FROM users WHERE email = 'chofer@demo.mx'`))[0]!.id;
});
afterAll(() => t.close());

const rows = <T>(query: ReturnType<typeof sql>) => t.database.db.execute(query).then((r) => (r as unknown as { rows: T[] }).rows);
let keys = 0;
const call = (method: 'GET' | 'POST' | 'PATCH', url: string, email: string, payload?: object, key = `firma-${(keys += 1)}-${Date.now()}`) =>
  t.app.inject({
    method,
    url,
    headers: { ...bearer(tokens[email]!), ...(method === 'GET' ? {} : { 'idempotency-key': key }) },
    ...(payload === undefined ? {} : { payload }),
  });

/** A PNG's signature bytes and some more: what the server checks is the content, not the claim. */
const png = (bytes: number) => Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(bytes - 8, 7)]);
const dataUrl = (content: Buffer) => `data:image/png;base64,${content.toString('base64')}`;

/** A pending delivery on a new route of the driver, with its evidence uploaded: the delivery's id and the evidence's name. */
async function pendingDelivery(): Promise<{ detailId: number; pdf: string }> {
  const route = shippingSchema.parse((await call('POST', '/api/v1/shipping/create', 'oficina@demo.mx', { date: '2026-12-11', driver_id: driverId })).json());
  const [sale] = await rows<{ id: number }>(
    sql`SELECT s.id FROM sales s WHERE s.kind = 'sale' AND s.canceled_at IS NULL AND s.deleted_at IS NULL
      AND NOT EXISTS (SELECT 1 FROM shipping_details d WHERE d.sale_id = s.id AND d.deleted_at IS NULL) ORDER BY s.id LIMIT 1`,
  );
  const stop = await call('POST', '/api/v1/shipping_detail/create', 'oficina@demo.mx', { sale_id: sale!.id, shipping_id: route.id });
  expect(stop.statusCode, stop.body).toBe(201);
  const boundary = '----frutas-firma';
  const uploaded = await t.app.inject({
    method: 'POST',
    url: '/api/v1/shipping_detail/files/',
    headers: { ...bearer(tokens['chofer@demo.mx']!), 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="e.pdf"\r\nContent-Type: application/pdf\r\n\r\n`),
      Buffer.from('%PDF-1.4\n%%EOF\n'),
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
  });
  expect(uploaded.statusCode, uploaded.body).toBe(201);
  return { detailId: shippingDetailSchema.parse(stop.json()).id, pdf: uploaded.json<{ file: string }>().file };
}

const deliver = (detailId: number, body: object, key?: string) =>
  call('PATCH', `/api/v2/shipping_details/${detailId}`, 'chofer@demo.mx', { completed: true, is_delivered: true, ...body }, key);
/** The PNGs kept in the file store (the signatures; evidence uploads here are PDFs). */
const storedPngs = async () => (await readdir(path.join(t.dataDir, 'files'))).filter((name) => name.endsWith('.png')).sort();

describe('the receiver’s signature', () => {
  it('is kept as the driver’s evidence and opens only for those who may see the delivery’s evidence', async () => {
    const { detailId, pdf } = await pendingDelivery();
    const drawn = png(2048);
    const delivered = await deliver(detailId, { pdf, received_by: 'Lucía Treviño', signature: dataUrl(drawn) });
    expect(delivered.statusCode, delivered.body).toBe(200);
    const detail = shippingDetailSchema.parse(delivered.json());
    expect(detail.received_by).toBe('Lucía Treviño');
    expect(detail.signature).toMatch(/^[0-9a-f-]{36}\.png$/);
    expect(await rows(sql`SELECT user_id, bytes::int AS bytes FROM evidence_files WHERE name = ${detail.signature}`)).toEqual([
      { user_id: driverId, bytes: drawn.length },
    ]);

    // The driver and the office open it as other evidence; another driver, and the warehouse, do not.
    for (const email of ['chofer@demo.mx', 'oficina@demo.mx']) {
      const opened = await call('GET', `/files/${detail.signature}`, email);
      expect(opened.statusCode).toBe(200);
      expect(opened.headers['content-type']).toBe('image/png');
      expect(opened.rawPayload.equals(drawn)).toBe(true);
    }
    expect((await call('GET', `/files/${detail.signature}`, 'chofer2@demo.mx')).statusCode).toBe(404);
    expect((await call('GET', `/files/${detail.signature}`, 'almacen@demo.mx')).statusCode).toBe(403);
    // In a new tab, with a file pass instead of the token, as the office's panel opens it.
    const pass = filePassSchema.parse((await call('POST', '/api/v2/files/pass', 'oficina@demo.mx')).json()).pass;
    const inTab = await t.app.inject({ method: 'GET', url: `/files/${detail.signature}?pass=${encodeURIComponent(pass)}` });
    expect(inTab.statusCode).toBe(200);

    // Named by its delivery, it is not an upload left unattached: a sweep days later keeps it.
    const files = new FileStore(path.join(t.dataDir, 'files'), new LocalObjects(path.join(t.dataDir, 'files')));
    await sweepUnattachedEvidence(t.database.db, files, new Date(Date.now() + 3 * 24 * 60 * 60 * 1000));
    expect(await files.exists(detail.signature!)).toBe(true);
    expect((await call('GET', `/files/${detail.signature}`, 'oficina@demo.mx')).statusCode).toBe(200);
  });

  it('refuses one larger than 300 KB (413) or that is not a PNG (422) in Spanish, and delivers nothing', async () => {
    const { detailId, pdf } = await pendingDelivery();
    const storedBefore = await rows<{ count: number }>(sql`SELECT count(*)::int AS count FROM evidence_files`);
    const large = await deliver(detailId, { pdf, received_by: 'Lucía', signature: dataUrl(png(300 * 1024 + 1)) });
    expect([large.statusCode, large.json().message]).toEqual([413, 'La firma supera el límite de 300 KB.']);
    const jpeg = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(100, 3)]);
    const notPng = await deliver(detailId, { pdf, received_by: 'Lucía', signature: dataUrl(jpeg) });
    expect([notPng.statusCode, notPng.json().message]).toEqual([422, 'La firma debe ser una imagen PNG.']);
    const notDataUrl = await deliver(detailId, { pdf, signature: 'https://ejemplo.mx/firma.png' });
    expect([notDataUrl.statusCode, notDataUrl.json().message]).toEqual([422, 'La firma debe ser una imagen PNG.']);
    const longName = await deliver(detailId, { pdf, received_by: 'x'.repeat(121) });
    expect([longName.statusCode, longName.json().message]).toEqual([422, 'El nombre de quien recibe admite hasta 120 caracteres.']);
    expect(await rows(sql`SELECT completed, signature FROM shipping_details WHERE id = ${detailId}`)).toEqual([
      { completed: false, signature: null },
    ]);
    expect(await rows(sql`SELECT count(*)::int AS count FROM evidence_files`)).toEqual(storedBefore);
    // Exactly 300 KB is still a signature.
    const largest = await deliver(detailId, { pdf, received_by: 'Lucía', signature: dataUrl(png(300 * 1024)) });
    expect(largest.statusCode, largest.body).toBe(200);
  });

  it('is stored before the transaction (not while holding the writers’ lock), once, and removed when nothing names it', async () => {
    const { detailId, pdf } = await pendingDelivery();
    const before = await storedPngs();
    const saved = vi.spyOn(FileStore.prototype, 'saveBytes');
    const transaction = vi.spyOn(t.database.db, 'transaction');
    const key = `firma-una-vez-${Date.now()}`;
    const body = { pdf, received_by: 'Lucía', signature: dataUrl(png(1024)) };
    try {
      const delivered = await deliver(detailId, body, key);
      expect(delivered.statusCode, delivered.body).toBe(200);
      expect(saved).toHaveBeenCalledTimes(1);
      expect(transaction).toHaveBeenCalledTimes(1);
      expect(saved.mock.invocationCallOrder[0]).toBeLessThan(transaction.mock.invocationCallOrder[0]!);
      // The phone lost the answer and sends it again: the stored answer, and no second PNG.
      const replay = await deliver(detailId, body, key);
      expect(replay.json()).toEqual(delivered.json());
      expect(saved).toHaveBeenCalledTimes(1);
      const signature = shippingDetailSchema.parse(delivered.json()).signature!;
      expect(await storedPngs()).toEqual([...before, signature].sort());
      // Refused inside the transaction (completed already): the PNG stored for it is removed.
      const again = await deliver(detailId, body);
      expect(again.statusCode).toBe(422);
      expect(saved).toHaveBeenCalledTimes(2);
      expect(await storedPngs()).toEqual([...before, signature].sort());
    } finally {
      saved.mockRestore();
      transaction.mockRestore();
    }
  });
});
