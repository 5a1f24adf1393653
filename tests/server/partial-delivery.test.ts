import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cfdiListSchema } from '../../domain/schemas/invoicing';
import { saleDetailAnswerSchema } from '../../domain/schemas/quotations';
import { saleReturnListSchema } from '../../domain/schemas/sale-returns';
import { fullShippingPageSchema, shippingDetailSchema, shippingPageSchema, shippingSchema } from '../../domain/schemas/shipping';
import { monterreyDate } from '../../domain/time';
import { startFakePac, type FakePac } from './fake-pac';
import { fiscalCustomer, invoicingEnv, setUpInvoicing } from './invoicing-business';
import { syncPulls } from './sync-pulls';
import { bearer, createTestApp, loginAs, type TestApp } from './test-app';

/**
 * A partial delivery through the real routes (issue 47): the driver delivers what the customer
 * accepted and says why the rest came back; the server records it as a sale return once — stock
 * back as 'Devolución', the sale's balance lowered, a credit note when the sale was invoiced —
 * and the branch learns its place from where the delivery was completed.
 */
let fake: FakePac;
let t: TestApp;
const tokens: Record<string, string> = {};
let driverId: number;
let products: { id: number; price: number }[];

const rows = <T>(query: ReturnType<typeof sql>) => t.database.db.execute(query).then((r) => (r as unknown as { rows: T[] }).rows);
const today = () => monterreyDate(new Date());
let keys = 0;
const newKey = () => `parcial-${(keys += 1)}-${Date.now()}`;
const call = (method: 'GET' | 'POST' | 'PATCH', url: string, email: string, payload?: object, key = newKey()) =>
  t.app.inject({
    method,
    url,
    headers: { ...bearer(tokens[email]!), ...(method === 'GET' ? {} : { 'idempotency-key': key }) },
    ...(payload === undefined ? {} : { payload }),
  });

beforeAll(async () => {
  fake = await startFakePac();
  t = await createTestApp(invoicingEnv(fake));
  for (const email of ['admin@demo.mx', 'oficina@demo.mx', 'almacen@demo.mx', 'chofer@demo.mx'])
    tokens[email] = await loginAs(t.app, email);
  driverId = (await rows<{ id: number }>(sql`SELECT id FROM users WHERE email = 'chofer@demo.mx'`))[0]!.id;
  products = await rows<{ id: number; price: number }>(
    sql`SELECT id, price::float8 AS price FROM items WHERE deleted_at IS NULL AND is_published AND clave_prod_serv IS NOT NULL
      AND clave_unidad IS NOT NULL ORDER BY id LIMIT 2`,
  );
  expect(products).toHaveLength(2);
  await setUpInvoicing(t.app, tokens['admin@demo.mx']!, fake);
}, 60_000);
afterAll(async () => {
  await t?.close();
  await fake?.stop();
});

let customers = 0;
/**
 * A filled sale of 4 of product 0 and 3 of product 1 to a new customer's branch (with a place
 * or without), on a route of the driver: the delivery's id, its sale and the branch.
 */
async function deliveryOnRoute(place: { latitude: number; longitude: number } | null = null, fill = true) {
  customers += 1;
  const company = await fiscalCustomer(t.database.db, `Cliente parcial ${customers}`);
  const [branch] = await rows<{ id: number }>(
    sql`INSERT INTO company_branches (company_id, name, address, latitude, longitude)
      VALUES (${company}, 'Sucursal Centro', 'Av. Juárez 100', ${place?.latitude ?? null}, ${place?.longitude ?? null}) RETURNING id`,
  );
  const created = await call('POST', '/api/v2/sales', 'admin@demo.mx', {
    company_id: company,
    company_branch_id: branch!.id,
    date: today(),
    type: 'Serie A',
    note: null,
    internal_note: null,
    purchase_order: null,
    bar: false,
    items: [
      { item_id: products[0]!.id, quantity: 4 },
      { item_id: products[1]!.id, quantity: 3 },
    ],
  });
  expect(created.statusCode, created.body).toBe(201);
  const saleId = created.json<{ id: number }>().id;
  if (fill) {
    const filled = await call('POST', '/api/v2/orders/dispatch_sale_order', 'almacen@demo.mx', {
      id: saleId,
      quotation_items: [
        { item_id: products[0]!.id, quantity: 4 },
        { item_id: products[1]!.id, quantity: 3 },
      ],
    });
    expect(filled.statusCode, filled.body).toBe(200);
  }
  const route = shippingSchema.parse(
    (await call('POST', '/api/v1/shipping/create', 'oficina@demo.mx', { date: today(), driver_id: driverId })).json(),
  );
  const stop = await call('POST', '/api/v1/shipping_detail/create', 'oficina@demo.mx', { sale_id: saleId, shipping_id: route.id });
  expect(stop.statusCode, stop.body).toBe(201);
  return { detailId: shippingDetailSchema.parse(stop.json()).id, saleId, branchId: branch!.id, routeId: route.id };
}

/** The driver's photo of the delivery, uploaded as the phone does: its stored name. */
async function evidence(): Promise<string> {
  const boundary = '----frutas-parcial';
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="entrega.pdf"\r\nContent-Type: application/pdf\r\n\r\n`),
    Buffer.from('%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n'),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/v1/shipping_detail/files/',
    headers: { ...bearer(tokens['chofer@demo.mx']!), 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ file: string }>().file;
}

const deliver = (detailId: number, body: object, key?: string) =>
  call('PATCH', `/api/v2/shipping_details/${detailId}`, 'chofer@demo.mx', { completed: true, is_delivered: true, ...body }, key);

const returnMovements = (saleId: number) =>
  rows<{ item_id: number; quantity: number }>(
    sql`SELECT item_id, quantity::float8 AS quantity FROM inventory_movements WHERE sale_id = ${saleId} AND type = 'Devolución' ORDER BY id`,
  );
const saleOf = async (id: number) =>
  saleDetailAnswerSchema.parse((await call('GET', `/api/v2/sales/${id}`, 'admin@demo.mx')).json()).data;
/** A small PNG, as the phone's signature pad draws one. */
const signaturePng = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 1)]);
const branchPlace = async (id: number) =>
  (await rows<{ latitude: number | null; longitude: number | null }>(sql`SELECT latitude, longitude FROM company_branches WHERE id = ${id}`))[0];

describe('a partial delivery', () => {
  it('returns what the customer did not accept once: stock back, the balance lowered, a credit note of the invoiced sale', async () => {
    const { detailId, saleId, branchId } = await deliveryOnRoute();
    const invoiced = await call('POST', `/api/v2/sales/${saleId}/cfdi`, 'admin@demo.mx', {});
    expect(invoiced.statusCode, invoiced.body).toBe(201);
    const before = await saleOf(saleId);
    const pdf = await evidence();
    const key = newKey();
    const body = {
      pdf,
      received_by: '  Rosa Garza  ',
      latitude: 25.6866,
      longitude: -100.3161,
      returned: [
        { item_id: products[0]!.id, quantity: 1.5, reason: 'Dañado' },
        { item_id: products[1]!.id, quantity: 3, reason: 'No lo pidió' },
      ],
    };
    const first = await deliver(detailId, body, key);
    expect(first.statusCode, first.body).toBe(200);
    const answer = shippingDetailSchema.parse(first.json());
    expect(answer).toMatchObject({ id: detailId, completed: true, is_delivered: true, partial: true, received_by: 'Rosa Garza', signature: null });
    expect(answer.return_id).toEqual(expect.any(Number));
    expect(first.json()).toHaveProperty('stop_order', null);

    // The same request again (a phone that lost the answer): the stored answer, nothing moved twice.
    const replay = await deliver(detailId, body, key);
    expect(replay.statusCode).toBe(200);
    expect(replay.json()).toEqual(first.json());
    // A retry under a new key after it was applied: refused as any second completion.
    const again = await deliver(detailId, body);
    expect(again.statusCode).toBe(422);
    expect(again.json().message).toBe('La entrega ya fue completada; no se puede modificar.');

    expect(await returnMovements(saleId)).toEqual([
      { item_id: products[0]!.id, quantity: -1.5 },
      { item_id: products[1]!.id, quantity: -3 },
    ]);
    const returns = saleReturnListSchema.parse((await call('GET', `/api/v2/sales/${saleId}/returns`, 'oficina@demo.mx')).json()).data;
    expect(returns).toHaveLength(1);
    expect(returns[0]).toMatchObject({ id: answer.return_id, reason: 'Entrega parcial' });
    expect(returns[0]!.lines.map((line) => [line.item_id, line.quantity, line.reason])).toEqual([
      [products[0]!.id, 1.5, 'Dañado'],
      [products[1]!.id, 3, 'No lo pidió'],
    ]);
    const after = await saleOf(saleId);
    expect(after.due_balance).toBeCloseTo(before.due_balance - returns[0]!.total, 2);
    const documents = cfdiListSchema.parse((await call('GET', `/api/v2/sales/${saleId}/cfdi`, 'admin@demo.mx')).json());
    expect(documents.filter((document) => document.kind === 'nota_credito')).toHaveLength(1);
    // The branch had no place: it takes the one where the delivery was completed.
    expect(await branchPlace(branchId)).toEqual({ latitude: 25.6866, longitude: -100.3161 });
  });

  it('refuses more than the sale holds in Spanish, and changes nothing', async () => {
    const { detailId, saleId, branchId } = await deliveryOnRoute();
    const before = await saleOf(saleId);
    const refused = await deliver(detailId, {
      pdf: await evidence(),
      latitude: 25.7,
      longitude: -100.3,
      returned: [{ item_id: products[0]!.id, quantity: 4.5, reason: 'Equivocado' }],
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toMatch(/^De .+ se pueden devolver hasta 4 /);
    expect(await returnMovements(saleId)).toEqual([]);
    expect((await saleOf(saleId)).due_balance).toBe(before.due_balance);
    expect(await rows(sql`SELECT completed, partial, return_id FROM shipping_details WHERE id = ${detailId}`)).toEqual([
      { completed: false, partial: false, return_id: null },
    ]);
    expect(await branchPlace(branchId)).toEqual({ latitude: null, longitude: null });

    // A product the sale does not hold, a reason not offered, a rejection that returns goods: refused too.
    const notInSale = await deliver(detailId, { pdf: await evidence(), returned: [{ item_id: 2_000_000, quantity: 1, reason: 'Dañado' }] });
    expect([notInSale.statusCode, notInSale.json().message]).toEqual([422, 'Ese producto no está en la venta.']);
    const badReason = await deliver(detailId, { pdf: await evidence(), returned: [{ item_id: products[0]!.id, quantity: 1, reason: 'Caro' }] });
    expect([badReason.statusCode, badReason.json().message]).toEqual([422, 'Elige por qué regresó: Dañado, Equivocado o No lo pidió.']);
    const rejected = await call('PATCH', `/api/v2/shipping_details/${detailId}`, 'chofer@demo.mx', {
      completed: true,
      is_delivered: false,
      delivery_rejection_comment: 'Cerrado',
      returned: [{ item_id: products[0]!.id, quantity: 1, reason: 'Dañado' }],
    });
    expect([rejected.statusCode, rejected.json().message]).toEqual([422, 'Quien recibe, la firma y lo devuelto solo se registran al entregar.']);
    expect(await returnMovements(saleId)).toEqual([]);
  });

  it('records one return when two completions under different keys arrive at once', async () => {
    const { detailId, saleId } = await deliveryOnRoute();
    const pdf = await evidence();
    const body = (reason: string) => ({
      pdf,
      returned: [
        { item_id: products[0]!.id, quantity: 1, reason },
        { item_id: products[1]!.id, quantity: 1, reason },
      ],
    });
    const answers = await Promise.all([deliver(detailId, body('Dañado')), deliver(detailId, body('Equivocado'))]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 422]);
    expect(answers.find((answer) => answer.statusCode === 422)!.json().message).toBe(
      'La entrega ya fue completada; no se puede modificar.',
    );
    expect(await rows(sql`SELECT count(*)::int AS count FROM sale_returns WHERE sale_id = ${saleId}`)).toEqual([{ count: 1 }]);
    expect(await returnMovements(saleId)).toEqual([
      { item_id: products[0]!.id, quantity: -1 },
      { item_id: products[1]!.id, quantity: -1 },
    ]);
  });

  it('of a sale not filled, or cancelled, is refused in Spanish (422, not a conflict the phone drops) before anything is stored', async () => {
    const notFilled = await deliveryOnRoute(null, false);
    const cancelled = await deliveryOnRoute();
    await t.database.db.execute(sql`UPDATE sales SET canceled_at = now() WHERE id = ${cancelled.saleId}`);
    for (const { detailId, saleId } of [notFilled, cancelled]) {
      const signaturesBefore = await rows(sql`SELECT count(*)::int AS count FROM evidence_files WHERE name LIKE '%.png'`);
      const refused = await deliver(detailId, {
        pdf: await evidence(),
        received_by: 'Rosa',
        signature: `data:image/png;base64,${signaturePng.toString('base64')}`,
        returned: [{ item_id: products[0]!.id, quantity: 1, reason: 'Dañado' }],
      });
      expect([refused.statusCode, refused.json().message]).toEqual([
        422,
        'No se puede registrar una entrega parcial de una venta sin surtir o cancelada: entrégala completa o recházala.',
      ]);
      expect(await rows(sql`SELECT count(*)::int AS count FROM evidence_files WHERE name LIKE '%.png'`)).toEqual(signaturesBefore);
      expect(await rows(sql`SELECT completed FROM shipping_details WHERE id = ${detailId}`)).toEqual([{ completed: false }]);
      expect(await returnMovements(saleId)).toEqual([]);
    }
  });

  it('a rejection teaches the branch no place', async () => {
    const { detailId, branchId } = await deliveryOnRoute();
    const rejected = await call('PATCH', `/api/v2/shipping_details/${detailId}`, 'chofer@demo.mx', {
      completed: true,
      is_delivered: false,
      delivery_rejection_comment: 'Cerrado',
      latitude: 25.7,
      longitude: -100.3,
    });
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(await branchPlace(branchId)).toEqual({ latitude: null, longitude: null });
  });

  it('keeps a branch place already known, and a whole delivery is not partial', async () => {
    const { detailId, saleId, branchId } = await deliveryOnRoute({ latitude: 25.65, longitude: -100.29 });
    const delivered = await deliver(detailId, { pdf: await evidence(), latitude: 25.9, longitude: -100.1 });
    expect(delivered.statusCode, delivered.body).toBe(200);
    expect(shippingDetailSchema.parse(delivered.json())).toMatchObject({ partial: false, return_id: null, received_by: null });
    expect(await branchPlace(branchId)).toEqual({ latitude: 25.65, longitude: -100.29 });
    expect(await returnMovements(saleId)).toEqual([]);
  });
});

describe('reads of a delivery', () => {
  it('carry the receiver, the signature, the partial delivery and its return, and each line’s product and unit', async () => {
    const { detailId, saleId, routeId } = await deliveryOnRoute();
    const delivered = await deliver(detailId, {
      pdf: await evidence(),
      received_by: 'Pedro Salas',
      returned: [{ item_id: products[1]!.id, quantity: 1, reason: 'Equivocado' }],
    });
    expect(delivered.statusCode, delivered.body).toBe(200);
    const returnId = shippingDetailSchema.parse(delivered.json()).return_id;
    const units = await rows<{ item_id: number; unit: string }>(
      sql`SELECT si.item_id, un.name AS unit FROM sale_items si JOIN items i ON i.id = si.item_id JOIN units un ON un.id = i.unit_id
        WHERE si.sale_id = ${saleId} ORDER BY si.id`,
    );
    const expected = { id: detailId, received_by: 'Pedro Salas', signature: null, partial: true, return_id: returnId, stop_order: null };

    // The office's list, with each sale whole and with its summary only.
    const full = fullShippingPageSchema.parse(
      (await call('GET', `/api/v2/shippings?filter[id]=${routeId}`, 'oficina@demo.mx')).json(),
    ).data[0]!.shipping_details[0]!;
    expect(full).toMatchObject(expected);
    expect(full.sale.sale_items.map((line) => ({ item_id: line.item_id, unit: line.unit }))).toEqual(units);
    const summary = shippingPageSchema.parse(
      (await call('GET', `/api/v2/shippings?filter[id]=${routeId}&include=shipping_details.summary`, 'oficina@demo.mx')).json(),
    ).data[0]!.shipping_details[0]!;
    expect(summary).toMatchObject(expected);
    // The driver's own list and their device's pull.
    const driverList = fullShippingPageSchema.parse(
      (await call('GET', `/api/v2/shippings?filter[id]=${routeId}`, 'chofer@demo.mx')).json(),
    ).data[0]!.shipping_details[0]!;
    expect(driverList).toMatchObject(expected);
    const { pages } = await syncPulls(() => t.app).pullAll(tokens['chofer@demo.mx']!);
    const pulled = pages.flatMap((page) => page.shippings).find((route) => route.id === routeId)!.shipping_details[0]!;
    expect(pulled).toMatchObject(expected);
    expect(pulled.sale.sale_items.map((line) => ({ item_id: line.item_id, unit: line.unit }))).toEqual(units);
  });
});
