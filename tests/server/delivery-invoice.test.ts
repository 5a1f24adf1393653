import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliveryInvoiceMessages } from '../../domain/messages/delivery-invoice';
import { shippingMessages } from '../../domain/messages/shipping';
import { cfdiDocumentSchema, cfdiRequestAnswerSchema, type CfdiDocument } from '../../domain/schemas/invoicing';
import { shippingDetailSchema, shippingSchema } from '../../domain/schemas/shipping';
import { monterreyDate } from '../../domain/time';
import { startFakePac, type FakePac } from './fake-pac';
import { fiscalCustomer, invoicingEnv, setUpInvoicing } from './invoicing-business';
import { bearer, createTestApp, loginAs, type TestApp } from './test-app';

/**
 * The driver's printed 'factura' is the PDF of the sale's stamped CFDI (issue 45, item 2):
 * GET /api/v2/shipping_details/:id/cfdi/pdf, for the driver of the delivery's route and the
 * office. Invoicing is set up as in invoicing.test.ts: the SAT's test taxpayer EKU9003173C9 with
 * its test CSD, stamped by the fake PAC.
 */

let fake: FakePac;
let t: TestApp;
const tokens: Record<string, string> = {};
let products: { id: number }[];
let driverId: number;

const rows = <T>(query: ReturnType<typeof sql>) => t.database.db.execute(query).then((r) => (r as unknown as { rows: T[] }).rows);
const today = () => monterreyDate(new Date());
let keys = 0;
const call = (method: 'GET' | 'POST' | 'PUT', url: string, email: string, payload?: object) =>
  t.app.inject({
    method,
    url,
    headers: {
      ...bearer(tokens[email]!),
      ...(method === 'GET' ? {} : { 'idempotency-key': `entrega-factura-${(keys += 1)}-${Date.now()}` }),
    },
    ...(payload === undefined ? {} : { payload }),
  });
const invoicePdf = (detailId: number, email: string) => call('GET', `/api/v2/shipping_details/${detailId}/cfdi/pdf`, email);

beforeAll(async () => {
  fake = await startFakePac();
  t = await createTestApp(invoicingEnv(fake));
  for (const email of ['admin@demo.mx', 'oficina@demo.mx', 'chofer@demo.mx', 'chofer2@demo.mx'])
    tokens[email] = await loginAs(t.app, email);
  driverId = (await rows<{ id: number }>(sql`SELECT id FROM users WHERE email = 'chofer@demo.mx'`))[0]!.id;
  products = await rows<{ id: number }>(
    sql`SELECT id FROM items WHERE deleted_at IS NULL AND is_published AND clave_prod_serv IS NOT NULL
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
/** A sale (on credit) to a customer with complete fiscal data, the SAT's test receiver. */
async function newSale(): Promise<number> {
  customers += 1;
  const company = await fiscalCustomer(t.database.db, `Cliente entrega ${customers}`);
  const response = await call('POST', '/api/v2/sales', 'admin@demo.mx', {
    company_id: company,
    company_branch_id: null,
    date: today(),
    type: 'Serie A',
    note: null,
    internal_note: null,
    purchase_order: null,
    bar: false,
    items: products.map((product, index) => ({ item_id: product.id, quantity: index + 2 })),
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ id: number }>().id;
}

/** Invoices the sale and waits until the queue has stamped it. */
async function stampedInvoice(saleId: number): Promise<CfdiDocument> {
  const asked = await call('POST', `/api/v2/sales/${saleId}/cfdi`, 'admin@demo.mx', {});
  expect(asked.statusCode, asked.body).toBe(201);
  const { id } = cfdiRequestAnswerSchema.parse(asked.json()).document;
  const deadline = Date.now() + 20_000;
  for (;;) {
    const document = cfdiDocumentSchema.parse((await call('GET', `/api/v2/cfdi/${id}`, 'admin@demo.mx')).json());
    if (document.pending === null) {
      expect(document.status, document.last_error ?? '').toBe('timbrado');
      return document;
    }
    if (Date.now() > deadline) throw new Error(`CFDI ${id} never settled: ${JSON.stringify(document)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** The sale as a stop of a new route of chofer@demo.mx, made by the office. */
async function deliveryOnChoferRoute(saleId: number) {
  const route = await call('POST', '/api/v1/shipping/create', 'oficina@demo.mx', { date: today(), driver_id: driverId });
  expect(route.statusCode, route.body).toBe(201);
  const created = await call('POST', '/api/v1/shipping_detail/create', 'oficina@demo.mx', {
    sale_id: saleId,
    shipping_id: shippingSchema.parse(route.json()).id,
    completed: false,
  });
  expect(created.statusCode, created.body).toBe(201);
  return shippingDetailSchema.parse(created.json());
}

describe("a delivery's invoice PDF", () => {
  it("gives the route's driver and the office the PDF of the sale's stamped invoice, named as the CFDI's own", async () => {
    const saleId = await newSale();
    const invoice = await stampedInvoice(saleId);
    const delivery = await deliveryOnChoferRoute(saleId);
    // The stop the driver sees carries the UUID, which is what makes the app offer the PDF.
    expect(delivery.invoice).toBe(invoice.uuid);

    const own = await call('GET', `/api/v2/cfdi/${invoice.id}/pdf`, 'admin@demo.mx');
    expect(own.statusCode).toBe(200);
    for (const email of ['chofer@demo.mx', 'oficina@demo.mx']) {
      const pdf = await invoicePdf(delivery.id, email);
      expect(pdf.statusCode, `${email}: ${pdf.body.slice(0, 200)}`).toBe(200);
      expect(pdf.headers['content-type']).toBe('application/pdf');
      expect(pdf.headers['cache-control']).toBe('private, no-store');
      expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
      expect(pdf.headers['content-disposition']).toBe(own.headers['content-disposition']);
    }
  });

  it('is unknown (404) to a driver of another route, as the delivery itself is', async () => {
    const saleId = await newSale();
    await stampedInvoice(saleId);
    const delivery = await deliveryOnChoferRoute(saleId);
    const other = await invoicePdf(delivery.id, 'chofer2@demo.mx');
    expect(other.statusCode).toBe(404);
    expect(other.json().message).toBe(shippingMessages.detailNotFound);
    // The CFDI's own route stays closed to drivers: they hold neither invoices nor sales.
    expect((await call('GET', '/api/v2/cfdi/1/pdf', 'chofer@demo.mx')).statusCode).toBe(403);
  });

  it('answers 404 saying the sale has no stamped invoice when it was never invoiced, and for a delivery that does not exist', async () => {
    const saleId = await newSale();
    const delivery = await deliveryOnChoferRoute(saleId);
    expect(delivery.invoice).toBeNull();
    const none = await invoicePdf(delivery.id, 'chofer@demo.mx');
    expect(none.statusCode).toBe(404);
    expect(none.json().message).toBe(deliveryInvoiceMessages.noStampedInvoice);
    const missing = await invoicePdf(2_000_000_000, 'oficina@demo.mx');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(shippingMessages.detailNotFound);
  });

  it('answers 404 once the invoice is cancelled: a cancelled CFDI is not the factura the driver hands over', async () => {
    const saleId = await newSale();
    const invoice = await stampedInvoice(saleId);
    const delivery = await deliveryOnChoferRoute(saleId);
    expect((await invoicePdf(delivery.id, 'chofer@demo.mx')).statusCode).toBe(200);
    // The state the queue writes once the SAT confirms a cancellation (invoicing.test.ts walks that path through the PAC).
    await rows(sql`UPDATE cfdi_documents SET status = 'cancelado', canceled_at = now() WHERE id = ${invoice.id}`);
    const cancelled = await invoicePdf(delivery.id, 'chofer@demo.mx');
    expect(cancelled.statusCode).toBe(404);
    expect(cancelled.json().message).toBe(deliveryInvoiceMessages.noStampedInvoice);
  });
});
