import { existsSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { filesMessages } from '../../domain/messages/files';
import { filePassSchema } from '../../domain/schemas/shipping';
import { nameInADeliveryOf } from './evidence-helpers';
import { bearer, createTestApp, loginAs, type TestApp } from './test-app';

/**
 * The record rules of routes (server/auth/record-rules.ts) on every read of routes, deliveries,
 * their customers and their evidence, and who may store evidence, how much and for how long.
 */
let t: TestApp;
let driver: string;
let otherDriver: string;
let office: string;
let seller: string;
let readOnly: string;
let driverId: number;

const rows = async <T>(query: ReturnType<typeof sql>) => (await t.database.db.execute(query)) as unknown as { rows: T[] };
const get = (url: string, token?: string) => t.app.inject({ method: 'GET', url, headers: token ? bearer(token) : {} });

const PDF = Buffer.from('%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n');

function upload(token: string, content = PDF) {
  const boundary = '----frutas-reglas';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="entrega.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
    ),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/shipping_detail/files/',
    headers: { ...bearer(token), 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload,
  });
}

const uploaded = async (token: string) => {
  const response = await upload(token);
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ file: string }>().file;
};

beforeAll(async () => {
  t = await createTestApp();
  [driver, otherDriver, office, seller, readOnly] = (await Promise.all(
    ['chofer@demo.mx', 'chofer2@demo.mx', 'oficina@demo.mx', 'ventas@demo.mx', 'consulta@demo.mx'].map((email) => loginAs(t.app, email)),
  )) as [string, string, string, string, string];
  const { rows: found } = await rows<{ id: number }>(sql`SELECT id FROM users WHERE email = 'chofer@demo.mx'`);
  driverId = found[0]!.id;
});
afterAll(() => t.close());

describe('the v1 …/all reads', () => {
  it('give a Chofer Repartidor only the routes they drive, their deliveries and their customers; the office every one', async () => {
    const { rows: mine } = await rows<{ shippings: number; details: number; companies: number }>(sql`
      SELECT (SELECT count(*)::int FROM shippings WHERE driver_id = ${driverId} AND deleted_at IS NULL) AS shippings,
        (SELECT count(*)::int FROM shipping_details d JOIN shippings s ON s.id = d.shipping_id WHERE s.driver_id = ${driverId} AND d.deleted_at IS NULL) AS details,
        (SELECT count(DISTINCT c.id)::int FROM companies c JOIN shipping_details d ON d.company_id = c.id JOIN shippings s ON s.id = d.shipping_id
          WHERE s.driver_id = ${driverId} AND d.deleted_at IS NULL AND s.deleted_at IS NULL AND c.deleted_at IS NULL) AS companies`);
    const expected = mine[0]!;
    expect(expected.shippings).toBeGreaterThan(0);

    const routes = (await get('/api/v1/shipping/all', driver)).json<{ data: { driver_id: number }[] }>().data;
    expect(routes).toHaveLength(expected.shippings);
    expect(new Set(routes.map((route) => route.driver_id))).toEqual(new Set([driverId]));

    const details = (await get('/api/v1/shipping_detail/all', driver)).json<{ data: { shipping_id: number }[] }>().data;
    expect(details).toHaveLength(expected.details);
    const ownRoutes = new Set(routes.map((route) => (route as unknown as { id: number }).id));
    expect(details.every((detail) => ownRoutes.has(detail.shipping_id))).toBe(true);

    const customers = (await get('/api/v1/company/all', driver)).json<{ data: unknown[] }>().data;
    expect(customers).toHaveLength(expected.companies);

    const { rows: all } = await rows<{ shippings: number; companies: number }>(sql`
      SELECT (SELECT count(*)::int FROM shippings WHERE deleted_at IS NULL) AS shippings,
        (SELECT count(*)::int FROM companies WHERE deleted_at IS NULL) AS companies`);
    expect((await get('/api/v1/shipping/all', office)).json<{ data: unknown[] }>().data).toHaveLength(all[0]!.shippings);
    expect((await get('/api/v1/company/all', seller)).json<{ data: unknown[] }>().data).toHaveLength(all[0]!.companies);
    expect(all[0]!.shippings).toBeGreaterThan(expected.shippings);
  });
});

describe('evidence files', () => {
  it('open only with a sign-in, and only for people who may read the delivery that names them', async () => {
    const file = await uploaded(driver);
    await nameInADeliveryOf(t, 'chofer@demo.mx', file);
    expect((await get(`/files/${file}`)).statusCode).toBe(401);
    for (const reader of [driver, office, seller, readOnly]) expect((await get(`/files/${file}`, reader)).statusCode).toBe(200);
    // Another driver learns nothing, not even that the file exists.
    expect((await get(`/files/${file}`, otherDriver)).statusCode).toBe(404);
  });

  it('do not open while no delivery names them, not even for whoever stored them', async () => {
    const file = await uploaded(driver);
    expect((await get(`/files/${file}`, driver)).statusCode).toBe(404);
    expect((await get(`/files/${file}`, office)).statusCode).toBe(404);
  });

  it('open in a new tab with a pass, which ends when its session does', async () => {
    const file = await uploaded(driver);
    await nameInADeliveryOf(t, 'chofer@demo.mx', file);
    const session = await loginAs(t.app, 'oficina@demo.mx');
    const issued = await t.app.inject({ method: 'POST', url: '/api/v2/files/pass', headers: bearer(session) });
    expect(issued.statusCode).toBe(201);
    const { pass, expires_in } = filePassSchema.parse(issued.json());
    expect(expires_in).toBe(3600);
    const opened = await get(`/files/${file}?pass=${pass}`);
    expect(opened.statusCode).toBe(200);
    expect(opened.rawPayload.equals(PDF)).toBe(true);
    expect(opened.headers['cache-control']).toBe('private, no-store');
    expect((await get(`/files/${file}?pass=${pass}&x=1`)).statusCode).toBe(400);
    expect((await get(`/files/${file}?pass=${'A'.repeat(32)}`)).statusCode).toBe(401);

    await t.app.inject({ method: 'POST', url: '/api/v1/user/logout', headers: bearer(session) });
    expect((await get(`/files/${file}?pass=${pass}`)).statusCode).toBe(401);
    // A pass is not a token: it opens files and nothing else.
    const fresh = filePassSchema.parse(
      (await t.app.inject({ method: 'POST', url: '/api/v2/files/pass', headers: bearer(office) })).json(),
    ).pass;
    expect((await get('/api/v1/shipping/all', fresh)).statusCode).toBe(401);
  });

  it('are stored only by people who edit deliveries or drive a route', async () => {
    const refused = await upload(readOnly);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ message: filesMessages.mayNotStore });
    const resumable = await t.app.inject({
      method: 'POST',
      url: '/api/v2/uploads',
      headers: { ...bearer(readOnly), 'tus-resumable': '1.0.0', 'upload-length': '100' },
    });
    expect(resumable.statusCode).toBe(403);
    expect((await upload(office)).statusCode).toBe(201);
  });

  it('count against a quota of 300 MB per person until a delivery names them', async () => {
    const { rows: drivers } = await rows<{ id: number }>(sql`SELECT id FROM users WHERE email = 'chofer2@demo.mx'`);
    const other = drivers[0]!.id;
    // 299 MB already stored by this driver and named by no delivery.
    await t.database.db.execute(
      sql`INSERT INTO evidence_files (name, user_id, bytes) VALUES ('00000000-0000-4000-8000-000000000001.pdf', ${other}, ${299 * 1024 * 1024})`,
    );
    const small = await upload(otherDriver);
    expect(small.statusCode).toBe(201);
    const full = await upload(otherDriver, Buffer.concat([PDF, Buffer.alloc(1024 * 1024)]));
    expect(full.statusCode).toBe(413);
    expect(full.json()).toEqual({ message: filesMessages.quotaReached });
    const resumable = await t.app.inject({
      method: 'POST',
      url: '/api/v2/uploads',
      headers: { ...bearer(otherDriver), 'tus-resumable': '1.0.0', 'upload-length': String(2 * 1024 * 1024) },
    });
    expect(resumable.statusCode).toBe(413);
    // Once a delivery names the big one, it is the business's, not the driver's pending upload.
    await nameInADeliveryOf(t, 'chofer2@demo.mx', '00000000-0000-4000-8000-000000000001.pdf');
    expect((await upload(otherDriver, Buffer.concat([PDF, Buffer.alloc(1024 * 1024)]))).statusCode).toBe(201);
  });

  it('that nothing names a day after they were stored are removed; named ones stay', async () => {
    const stale = await uploaded(driver);
    const named = await uploaded(driver);
    await nameInADeliveryOf(t, 'chofer@demo.mx', named);
    await t.database.db.execute(sql`UPDATE evidence_files SET created_at = now() - interval '25 hours' WHERE name IN (${stale}, ${named})`);
    const onDisk = (name: string) => existsSync(path.join(t.dataDir, 'files', name));
    expect(onDisk(stale)).toBe(true);
    await uploaded(driver); // the next upload sweeps
    expect(onDisk(stale)).toBe(false);
    expect(onDisk(named)).toBe(true);
    const { rows: left } = await rows<{ name: string }>(sql`SELECT name FROM evidence_files WHERE name IN (${stale}, ${named})`);
    expect(left.map((row) => row.name)).toEqual([named]);
  });
});
