import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shippingDetailSchema, shippingSchema } from '../../domain/schemas/shipping';
import { sales, shippingDetails, shippings, users } from '../../server/db/schema';
import { bearer, createTestApp, loginAs, type TestApp } from './test-app';

let t: TestApp;
let office: string;
let driver: string;
let otherDriver: string;
let driverId: number;
beforeAll(async () => {
  t = await createTestApp();
  [office, driver, otherDriver] = await Promise.all([
    loginAs(t.app, 'oficina@demo.mx'),
    loginAs(t.app, 'chofer@demo.mx'),
    loginAs(t.app, 'chofer2@demo.mx'),
  ]);
  const [row] = await t.database.db.select().from(users).where(eq(users.email, 'chofer@demo.mx'));
  driverId = row!.id;
});
afterAll(() => t.close());

const send = (
  token: string,
  method: 'POST' | 'PUT' | 'DELETE' | 'PATCH',
  url: string,
  payload?: object,
  headers: Record<string, string> = {},
) => t.app.inject({ method, url, headers: { ...bearer(token), ...headers }, ...(payload && { payload }) });

const PDF = Buffer.from('%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n');
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 1)]);

function multipart(files: { name: string; type: string; content: Buffer }[]): { payload: Buffer; headers: Record<string, string> } {
  const boundary = '----frutas-prueba';
  const parts = files.map((f) =>
    Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${f.name}"\r\nContent-Type: ${f.type}\r\n\r\n`),
      f.content,
      Buffer.from('\r\n'),
    ]),
  );
  return {
    payload: Buffer.concat([...parts, Buffer.from(`--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

async function upload(token: string, files: { name: string; type: string; content: Buffer }[]) {
  const { payload, headers } = multipart(files);
  return t.app.inject({ method: 'POST', url: '/api/v1/shipping_detail/files/', headers: { ...bearer(token), ...headers }, payload });
}

/** A fresh route for the first driver with two undispatched-or-not sales that are on no route yet. */
async function routeWithTwoSales(): Promise<{ shippingId: number; detailIds: number[]; saleIds: number[] }> {
  const shipping = shippingSchema.parse(
    (await send(office, 'POST', '/api/v1/shipping/create', { date: '2026-12-10', driver_id: driverId })).json(),
  );
  const free = await t.database.db.execute(sql`
    SELECT s.id FROM sales s WHERE s.kind = 'sale' AND s.canceled_at IS NULL AND s.sale_weight > 0
      AND NOT EXISTS (SELECT 1 FROM shipping_details d WHERE d.sale_id = s.id AND d.deleted_at IS NULL)
    ORDER BY s.id LIMIT 2 OFFSET ${Math.floor(Math.random() * 20)}`);
  const saleIds = (free as unknown as { rows: { id: number }[] }).rows.map((r) => r.id);
  const detailIds: number[] = [];
  for (const saleId of saleIds) {
    const created = await send(office, 'POST', '/api/v1/shipping_detail/create', {
      sale_id: saleId,
      shipping_id: shipping.id,
      completed: false,
    });
    expect(created.statusCode).toBe(201);
    detailIds.push(shippingDetailSchema.parse(created.json()).id);
  }
  return { shippingId: shipping.id, detailIds, saleIds };
}

describe('evidence files', () => {
  it('stores one file under a random name, typed by its content, and serves it back byte for byte once a delivery names it', async () => {
    const response = await upload(driver, [{ name: '../../etc/passwd.pdf', type: 'image/png', content: PDF }]);
    expect(response.statusCode).toBe(201);
    const { file } = response.json<{ file: string }>();
    expect(file).toMatch(/^[0-9a-f-]{36}\.pdf$/);
    const { detailIds } = await routeWithTwoSales();
    const delivered = await send(driver, 'PATCH', `/api/v2/shipping_details/${detailIds[0]}`, {
      completed: true,
      is_delivered: true,
      pdf: file,
    });
    expect(delivered.statusCode).toBe(200);
    const served = await t.app.inject({ method: 'GET', url: `/files/${file}`, headers: bearer(driver) });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(PDF)).toBe(true);
    expect(served.headers['content-type']).toBe('application/pdf');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['content-disposition']).toBe('inline; filename="evidencia.pdf"');
  });

  it('refuses a file whose content is not PDF, JPEG, PNG, WebP or HEIC, leaving nothing on disk', async () => {
    const before = await readdir(path.join(t.dataDir, 'files')).catch(() => []);
    const response = await upload(driver, [{ name: 'foto.jpg', type: 'image/jpeg', content: Buffer.from('<script>alert(1)</script>') }]);
    expect(response.statusCode).toBe(422);
    expect(response.json().message).toBe('Tipo de archivo no permitido: usa PDF, JPEG, PNG, WebP o HEIC.');
    expect(await readdir(path.join(t.dataDir, 'files'))).toEqual(before);
  });

  it('refuses two files in one request and keeps neither', async () => {
    const before = await readdir(path.join(t.dataDir, 'files'));
    const response = await upload(driver, [
      { name: 'a.png', type: 'image/png', content: PNG },
      { name: 'b.png', type: 'image/png', content: PNG },
    ]);
    expect(response.statusCode).toBe(422);
    expect(response.json().message).toBe('Adjunta un solo archivo.');
    expect((await readdir(path.join(t.dataDir, 'files'))).sort()).toEqual(before.sort());
  });

  it('refuses a file over 100 MB with 413 and leaves nothing partial', async () => {
    const before = await readdir(path.join(t.dataDir, 'files'));
    const big = Buffer.alloc(100 * 1024 * 1024 + 10, 0x20);
    PDF.copy(big);
    const response = await upload(driver, [{ name: 'grande.pdf', type: 'application/pdf', content: big }]);
    expect(response.statusCode).toBe(413);
    expect(response.json().message).toBe('El archivo supera el límite de 100 MB.');
    expect((await readdir(path.join(t.dataDir, 'files'))).sort()).toEqual(before.sort());
  });

  it.each(['..%2F..%2Fpackage.json', 'evidencia.pdf', '%2e%2e%2fserver%2fapp.ts', 'nada.pdf'])(
    'answers 404 for /files/%s',
    async (name) => {
      expect((await t.app.inject({ method: 'GET', url: `/files/${name}`, headers: bearer(office) })).statusCode).toBe(404);
    },
  );
});

describe('delivering and rejecting', () => {
  it('marks a delivery delivered with its evidence and the time the driver acted, and weighs the route', async () => {
    const { shippingId, detailIds, saleIds } = await routeWithTwoSales();
    const { file } = (await upload(driver, [{ name: 'foto.png', type: 'image/png', content: PNG }])).json<{ file: string }>();
    const response = await send(driver, 'PATCH', `/api/v2/shipping_details/${detailIds[0]}`, {
      completed: true,
      is_delivered: true,
      pdf: file,
      delivered_at: '2026-12-10 09:41',
    });
    expect(response.statusCode).toBe(200);
    expect(shippingDetailSchema.parse(response.json())).toMatchObject({
      completed: true,
      is_delivered: true,
      pdf: file,
      delivered_at: '2026-12-10 09:41',
    });
    const [sale] = await t.database.db.select().from(sales).where(eq(sales.id, saleIds[0]!));
    const [route] = await t.database.db.select().from(shippings).where(eq(shippings.id, shippingId));
    expect(route!.weight).toBe(sale!.sale_weight);
    expect((await readFile(path.join(t.dataDir, 'files', file))).equals(PNG)).toBe(true);
  });

  it('marks a delivery rejected with the reason, which adds no weight', async () => {
    const { shippingId, detailIds } = await routeWithTwoSales();
    const response = await send(driver, 'PATCH', `/api/v2/shipping_details/${detailIds[1]}`, {
      completed: true,
      is_delivered: false,
      delivery_rejection_comment: 'Cliente cerrado',
    });
    expect(response.statusCode).toBe(200);
    const detail = shippingDetailSchema.parse(response.json());
    expect(detail).toMatchObject({ completed: true, is_delivered: false, delivery_rejection_comment: 'Cliente cerrado', pdf: null });
    expect(detail.delivered_at).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
    const [route] = await t.database.db.select().from(shippings).where(eq(shippings.id, shippingId));
    expect(route!.weight).toBe(0);
  });

  it("keeps a route's weight to its delivered sales whoever writes its deliveries, in the same statement", async () => {
    const { shippingId, detailIds, saleIds } = await routeWithTwoSales();
    const weightOf = async () => (await t.database.db.select().from(shippings).where(eq(shippings.id, shippingId)))[0]!.weight;
    const saleWeights = await t.database.db
      .select({ id: sales.id, weight: sales.sale_weight })
      .from(sales)
      .where(sql`${sales.id} IN (${saleIds[0]!}, ${saleIds[1]!})`);
    const expected = Math.round(saleWeights.reduce((sum, s) => sum + s.weight, 0) * 100) / 100;
    // Both delivered by one statement that no route wrote: the route is weighed from both.
    await t.database.db
      .update(shippingDetails)
      .set({ completed: true, is_delivered: true })
      .where(eq(shippingDetails.shipping_id, shippingId));
    expect(await weightOf()).toBe(expected);
    // One of them removed: only the other counts; both removed: nothing.
    await t.database.db.update(shippingDetails).set({ deleted_at: new Date().toISOString() }).where(eq(shippingDetails.id, detailIds[0]!));
    expect(await weightOf()).toBe(saleWeights.find((s) => s.id === saleIds[1])!.weight);
    await t.database.db.delete(shippingDetails).where(eq(shippingDetails.id, detailIds[1]!));
    expect(await weightOf()).toBe(0);
  });

  it('requires evidence to deliver and a reason to reject', async () => {
    const { detailIds } = await routeWithTwoSales();
    const noPdf = await send(driver, 'PATCH', `/api/v2/shipping_details/${detailIds[0]}`, { completed: true, is_delivered: true });
    expect(noPdf.json()).toEqual({ message: 'Adjunta factura para continuar' });
    const unknownPdf = await send(driver, 'PATCH', `/api/v2/shipping_details/${detailIds[0]}`, {
      completed: true,
      is_delivered: true,
      pdf: '00000000-0000-0000-0000-000000000000.pdf',
    });
    expect(unknownPdf.json()).toEqual({ message: 'El archivo de evidencia no existe; súbelo de nuevo.' });
    const noReason = await send(driver, 'PATCH', `/api/v2/shipping_details/${detailIds[0]}`, {
      completed: true,
      is_delivered: false,
      delivery_rejection_comment: '  ',
    });
    expect(noReason.json()).toEqual({ message: 'Escribe el motivo del rechazo.' });
    const [row] = await t.database.db.select().from(shippingDetails).where(eq(shippingDetails.id, detailIds[0]!));
    expect(row!.completed).toBe(false);
  });

  it('lets only the route’s driver (or the office) complete its deliveries', async () => {
    const { detailIds } = await routeWithTwoSales();
    const response = await send(otherDriver, 'PATCH', `/api/v2/shipping_details/${detailIds[0]}`, {
      completed: true,
      is_delivered: false,
      delivery_rejection_comment: 'No es mío',
    });
    expect(response.statusCode).toBe(403);
  });

  it('does not complete a delivery twice, nor edit or delete a completed one', async () => {
    const { detailIds } = await routeWithTwoSales();
    await send(driver, 'PATCH', `/api/v2/shipping_details/${detailIds[0]}`, {
      completed: true,
      is_delivered: false,
      delivery_rejection_comment: 'Cerrado',
    });
    const again = await send(driver, 'PATCH', `/api/v2/shipping_details/${detailIds[0]}`, {
      completed: true,
      is_delivered: false,
      delivery_rejection_comment: 'Otra vez',
    });
    expect(again.json()).toEqual({ message: 'La entrega ya fue completada; no se puede modificar.' });
    const edit = await send(office, 'PUT', '/api/v1/shipping_detail/update', { id: detailIds[0], invoice: 'F-1' });
    expect(edit.statusCode).toBe(422);
    const admin = await loginAs(t.app, 'admin@demo.mx');
    const remove = await send(admin, 'DELETE', `/api/v2/shipping_details/${detailIds[0]}`);
    expect(remove.json()).toEqual({ message: 'No se puede borrar una entrega completada.' });
  });

  it('toggles a completed delivery back through the Entregado switch of the edit dialog', async () => {
    const { shippingId, detailIds } = await routeWithTwoSales();
    const on = await send(office, 'PUT', '/api/v1/shipping_detail/update', { id: detailIds[0], completed: true });
    expect(shippingDetailSchema.parse(on.json())).toMatchObject({ completed: true, is_delivered: true });
    const [weighed] = await t.database.db.select().from(shippings).where(eq(shippings.id, shippingId));
    expect(weighed!.weight).toBeGreaterThan(0);
    const off = await send(office, 'PUT', '/api/v1/shipping_detail/update', { id: detailIds[0], completed: false });
    expect(shippingDetailSchema.parse(off.json())).toMatchObject({ completed: false, is_delivered: false, delivered_at: null });
    const [unweighed] = await t.database.db.select().from(shippings).where(eq(shippings.id, shippingId));
    expect(unweighed!.weight).toBe(0);
  });

  it('refuses the same sale twice on one route and removes a pending delivery', async () => {
    const { shippingId, detailIds, saleIds } = await routeWithTwoSales();
    const duplicate = await send(office, 'POST', '/api/v1/shipping_detail/create', { sale_id: saleIds[0], shipping_id: shippingId });
    expect(duplicate.json()).toEqual({ message: 'La venta ya está en este envío.' });
    const admin = await loginAs(t.app, 'admin@demo.mx');
    expect((await send(admin, 'DELETE', `/api/v2/shipping_details/${detailIds[1]}`)).statusCode).toBe(200);
    const live = await t.database.db
      .select()
      .from(shippingDetails)
      .where(and(eq(shippingDetails.shipping_id, shippingId), isNull(shippingDetails.deleted_at)));
    expect(live.map((d) => d.id)).toEqual([detailIds[0]]);
  });

  it('applies a repeated delivery once when the reply was lost, returning the same answer', async () => {
    const { detailIds } = await routeWithTwoSales();
    const headers = { 'idempotency-key': 'entrega-repetida-0001' };
    const body = { completed: true, is_delivered: false, delivery_rejection_comment: 'Pedido duplicado', delivered_at: '2026-12-10 11:02' };
    const first = await send(driver, 'PATCH', `/api/v2/shipping_details/${detailIds[0]}`, body, headers);
    const retry = await send(driver, 'PATCH', `/api/v2/shipping_details/${detailIds[0]}`, body, headers);
    expect(first.statusCode).toBe(200);
    expect(retry.statusCode).toBe(200);
    expect(retry.json()).toEqual(first.json());
  });
});
