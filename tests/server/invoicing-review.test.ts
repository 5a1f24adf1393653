import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoicingMessages } from '../../domain/messages/invoicing';
import { cfdiDocumentSchema, cfdiListSchema, cfdiRequestAnswerSchema, type CfdiDocument } from '../../domain/schemas/invoicing';
import { monterreyDate } from '../../domain/time';
import { startFakePac, type FakePac } from './fake-pac';
import { fiscalCustomer, invoicingEnv, setUpInvoicing } from './invoicing-business';
import { bearer, createTestApp, loginAs, type TestApp } from './test-app';

/**
 * What a review of invoicing's server found, each test proving one fault it had: the SAT's state
 * of a cancellation read as the SAT gives it, a payment receipt's balance while an earlier receipt
 * is being cancelled, and the global invoice's period (a real date, the month or bimester it names).
 * Same harness as invoicing.test.ts: the real routes and queue against the fake PAC.
 */

let fake: FakePac;
let t: TestApp;
const tokens: Record<string, string> = {};
let method: number;
let products: { id: number }[];

const rows = <T>(query: ReturnType<typeof sql>) => t.database.db.execute(query).then((r) => (r as unknown as { rows: T[] }).rows);
const today = () => monterreyDate(new Date());
let keys = 0;
const call = (verb: 'GET' | 'POST' | 'PUT', url: string, payload?: object, email = 'admin@demo.mx') =>
  t.app.inject({
    method: verb,
    url,
    headers: { ...bearer(tokens[email]!), ...(verb === 'GET' ? {} : { 'idempotency-key': `revision-${(keys += 1)}-${Date.now()}` }) },
    ...(payload === undefined ? {} : { payload }),
  });

beforeAll(async () => {
  fake = await startFakePac();
  t = await createTestApp(invoicingEnv(fake));
  for (const email of ['admin@demo.mx', 'oficina@demo.mx']) tokens[email] = await loginAs(t.app, email);
  method = (await rows<{ id: number }>(sql`SELECT id FROM payment_methods WHERE name = 'Transferencia'`))[0]!.id;
  products = await rows<{ id: number }>(
    sql`SELECT id FROM items WHERE deleted_at IS NULL AND is_published AND clave_prod_serv IS NOT NULL AND clave_unidad IS NOT NULL
      ORDER BY id LIMIT 2`,
  );
  expect(products).toHaveLength(2);
  await setUpInvoicing(t.app, tokens['admin@demo.mx']!, fake);
}, 60_000);
afterAll(async () => {
  await t?.close();
  await fake?.stop();
});

let customers = 0;
async function customer(fiscal = true): Promise<number> {
  customers += 1;
  if (fiscal) return fiscalCustomer(t.database.db, `Cliente revisión ${customers}`);
  const [row] = await rows<{ id: number }>(
    sql`INSERT INTO companies (name, razon_social, credit_days) VALUES (${`Mostrador revisión ${customers}`}, 'Mostrador', 0) RETURNING id`,
  );
  return row!.id;
}

async function newSale(company: number, quantities: number[] = [2, 3]): Promise<{ id: number; total: number }> {
  const response = await call('POST', '/api/v2/sales', {
    company_id: company,
    company_branch_id: null,
    date: today(),
    type: 'Serie A',
    note: null,
    internal_note: null,
    purchase_order: null,
    bar: false,
    items: quantities.map((quantity, index) => ({ item_id: products[index]!.id, quantity })),
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ id: number; total: number }>();
}

async function pay(company: number, amount: number, saleId: number): Promise<number> {
  const response = await call(
    'POST',
    '/api/v2/collections',
    { company_id: company, date: today(), amount, payment_method_id: method, lines: [{ sale_id: saleId, amount }] },
    'oficina@demo.mx',
  );
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ data: { id: number } }>().data.id;
}

async function invoice(saleId: number): Promise<CfdiDocument> {
  const response = await call('POST', `/api/v2/sales/${saleId}/cfdi`, {});
  expect(response.statusCode, response.body).toBe(201);
  return cfdiRequestAnswerSchema.parse(response.json()).document;
}

const documentOf = async (id: number) => cfdiDocumentSchema.parse((await call('GET', `/api/v2/cfdi/${id}`)).json());
const saleDocuments = async (saleId: number) => cfdiListSchema.parse((await call('GET', `/api/v2/sales/${saleId}/cfdi`)).json());

async function settled(id: number, until: (d: CfdiDocument) => boolean = (d) => d.pending === null): Promise<CfdiDocument> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const document = await documentOf(id);
    if (until(document)) return document;
    if (Date.now() > deadline) throw new Error(`CFDI ${id} never settled: ${JSON.stringify(document)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('a cancellation the SAT has not decided yet', () => {
  it('keeps waiting while the SAT still says “Vigente” with no cancellation status, instead of calling it refused', async () => {
    const sale = await newSale(await customer());
    const stamped = await settled((await invoice(sale.id)).id);
    expect(stamped.status, stamped.last_error ?? '').toBe('timbrado');
    // The PAC took the request (201) but the SAT's status service has not caught up: it answers
    // 'Vigente' with an empty EstatusCancelacion, as the fake does for a CFDI never asked to cancel.
    await rows(
      sql`UPDATE cfdi_documents SET status = 'cancelando', pending = 'consultar', cancel_motive = '02', cancel_requested_at = now(),
          next_attempt_at = now() WHERE id = ${stamped.id}`,
    );
    // Asked once: the claim counted an attempt and the answer set the next look (the lease is minutes away).
    const consulted = await settled(
      stamped.id,
      (d) => d.attempts > stamped.attempts && (d.status !== 'cancelando' || Date.parse(d.next_attempt_at ?? '') < Date.now() + 60_000),
    );
    expect(consulted.status).toBe('cancelando');
    expect(consulted.pending).toBe('consultar');
    expect(consulted.cancel_motive).toBe('02');
    expect(consulted.last_error).not.toBe(invoicingMessages.canceledByReceiverRefusal);
  });
});

describe('a payment receipt while an earlier one is being cancelled', () => {
  it('counts the cancelled payment as not paid: the new receipt starts from the whole balance', async () => {
    const company = await customer();
    const sale = await newSale(company);
    const stamped = await settled((await invoice(sale.id)).id);
    expect(stamped.status, stamped.last_error ?? '').toBe('timbrado');
    const first = Math.round(sale.total * 40) / 100;
    const firstPayment = await pay(company, first, sale.id);
    const firstReceipt = (await saleDocuments(sale.id)).find((d) => d.kind === 'pago' && d.collection_id === firstPayment)!;
    expect((await settled(firstReceipt.id)).status).toBe('timbrado');
    fake.setCancelPending(true);
    try {
      const cancelled = await call(
        'POST',
        `/api/v2/collections/${firstPayment}/cancel`,
        { reason: 'Se capturó dos veces' },
        'oficina@demo.mx',
      );
      expect(cancelled.statusCode, cancelled.body).toBe(200);
      // The first receipt is on its way out (its cancellation asked, not yet done) when the whole balance is paid.
      const secondPayment = await pay(company, sale.total, sale.id);
      const [line] = await rows<{ parcialidad: number; saldo_anterior: number; pagado: number; saldo_insoluto: number }>(
        sql`SELECT l.parcialidad, l.saldo_anterior::float8 AS saldo_anterior, l.pagado::float8 AS pagado, l.saldo_insoluto::float8 AS saldo_insoluto
          FROM cfdi_payment_lines l JOIN cfdi_documents p ON p.id = l.document_id WHERE p.collection_id = ${secondPayment}`,
      );
      expect(line).toBeDefined();
      expect(line!.saldo_anterior).toBeCloseTo(sale.total, 2);
      expect(line!.pagado).toBeCloseTo(sale.total, 2);
      expect(line!.saldo_insoluto).toBe(0);
      expect(line!.parcialidad).toBe(1);
    } finally {
      fake.setCancelPending(false);
    }
  });
});

describe('the global invoice’s period', () => {
  it('refuses a date that does not exist, in Spanish (422)', async () => {
    const response = await call('POST', '/api/v2/cfdi/global', { periodicidad: '04', from: '2025-02-01', to: '2025-02-30' });
    expect(response.statusCode).toBe(422);
    expect(response.json().message).toBe(invoicingMessages.globalPeriodInvalid);
  });

  it('refuses a period that spans two months, whose sales the one month it names would misplace', async () => {
    const response = await call('POST', '/api/v2/cfdi/global', { periodicidad: '02', from: '2025-01-29', to: '2025-02-04' });
    expect(response.statusCode).toBe(422);
    expect(response.json().message).toBe(invoicingMessages.globalPeriodInvalid);
  });

  it('refuses a daily period of more than one day', async () => {
    const response = await call('POST', '/api/v2/cfdi/global', { periodicidad: '01', from: '2025-01-01', to: '2025-01-31' });
    expect(response.statusCode).toBe(422);
    expect(response.json().message).toBe(invoicingMessages.globalPeriodInvalid);
  });

  it('names a bimester by its own key (13–18), as the SAT asks when Periodicidad is 05', async () => {
    const counter = await customer(false);
    const sale = await newSale(counter, [1, 1]);
    await pay(counter, sale.total, sale.id);
    const date = today();
    const month = Number(date.slice(5, 7));
    const firstMonth = month % 2 === 1 ? month : month - 1;
    const from = `${date.slice(0, 4)}-${String(firstMonth).padStart(2, '0')}-01`;
    const response = await call('POST', '/api/v2/cfdi/global', { periodicidad: '05', from, to: date });
    expect(response.statusCode, response.body).toBe(201);
    const { id } = cfdiRequestAnswerSchema.parse(response.json()).document;
    const [stored] = await rows<{ meses: string; anio: number }>(
      sql`SELECT comprobante->'informacionGlobal'->>'meses' AS meses, (comprobante->'informacionGlobal'->>'anio')::int AS anio
        FROM cfdi_documents WHERE id = ${id}`,
    );
    expect(stored!.meses).toBe(String(12 + (firstMonth + 1) / 2));
    expect(stored!.anio).toBe(Number(date.slice(0, 4)));
  });
});

describe('a document whose cause was cancelled before it was stamped', () => {
  it('is cancelled, not left in error for a “Reintentar” that would stamp it, when the PAC then refuses it', async () => {
    const company = await customer();
    const sale = await newSale(company);
    fake.setDown(true);
    let id: number;
    try {
      id = (await invoice(sale.id)).id;
      await settled(id, (d) => d.attempts >= 1 && d.last_error !== null);
      // Dated four days ago and not sealed yet: the PAC will refuse it (its 72 hours).
      await rows(
        sql`UPDATE cfdi_documents SET xml = NULL, comprobante = jsonb_set(comprobante, '{fecha}', to_jsonb(to_char(now() - interval '4 days', 'YYYY-MM-DD"T"HH24:MI:SS')))
          WHERE id = ${id}`,
      );
      const cancel = await call('POST', `/api/v2/sales/${sale.id}/cancel`, { reason: 'El cliente ya no lo quiso' });
      expect(cancel.statusCode, cancel.body).toBe(200);
      expect((await documentOf(id)).cancel_motive).toBe('02');
    } finally {
      fake.setDown(false);
    }
    await rows(sql`UPDATE cfdi_documents SET next_attempt_at = now() WHERE id = ${id}`);
    const done = await settled(id);
    expect(done.status).toBe('cancelado');
    expect(done.uuid).toBeNull();
    expect((await call('POST', `/api/v2/cfdi/${id}/retry`, {})).statusCode).toBe(409);
  });
});
