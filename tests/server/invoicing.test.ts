import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { DOMParser } from '@xmldom/xmldom';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoicingMessages } from '../../domain/messages/invoicing';
import {
  cfdiDocumentSchema,
  cfdiListSchema,
  cfdiRequestAnswerSchema,
  fiscalSettingsSchema,
  type CfdiDocument,
} from '../../domain/schemas/invoicing';
import { monterreyDate } from '../../domain/time';
import { startFakePac, type FakePac } from './fake-pac';
import { fiscalCustomer, invoicingEnv, setUpInvoicing } from './invoicing-business';
import { startMailServer, type MailServer } from './mail-server';
import { validateAgainstSat } from './sat-schemas';
import { anotherMachine, bearer, createTestApp, loginAs, type TestApp } from './test-app';

/**
 * Invoicing end to end through the real routes, the real stamping queue and SW sapien's API as
 * the fake PAC speaks it (fake-pac.ts checks what a real PAC checks: the SAT's schemas, catalogue
 * keys, totals, the seal against the certificate). The business is the SAT's test taxpayer
 * EKU9003173C9 with its published test CSD; every document's XML is validated against the SAT's
 * schemas here too.
 */
const CSD_DIR = path.resolve(__dirname, '../fixtures/csd');

let fake: FakePac;
let mail: MailServer;
let t: TestApp;
const tokens: Record<string, string> = {};
let method: number;
let products: { id: number; price: number }[];

const rows = <T>(query: ReturnType<typeof sql>) => t.database.db.execute(query).then((r) => (r as unknown as { rows: T[] }).rows);
const today = () => monterreyDate(new Date());
let keys = 0;
const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, email = 'admin@demo.mx', app = t.app) =>
  app.inject({
    method,
    url,
    headers: { ...bearer(tokens[email]!), ...(method === 'GET' ? {} : { 'idempotency-key': `factura-${(keys += 1)}-${Date.now()}` }) },
    ...(payload === undefined ? {} : { payload }),
  });

beforeAll(async () => {
  fake = await startFakePac();
  mail = await startMailServer();
  t = await createTestApp(invoicingEnv(fake, { SMTP_URL: mail.url, EMAIL_FROM: 'facturas@demo.mx', EMAIL_POLL_MS: '50' }));
  for (const email of ['admin@demo.mx', 'ventas@demo.mx', 'oficina@demo.mx', 'almacen@demo.mx'])
    tokens[email] = await loginAs(t.app, email);
  method = (await rows<{ id: number }>(sql`SELECT id FROM payment_methods WHERE name = 'Transferencia'`))[0]!.id;
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
  await mail?.close();
});

let customers = 0;
/** A customer with complete fiscal data (the SAT's test receiver), or none when `fiscal` is false. */
async function customer(fiscal = true): Promise<number> {
  customers += 1;
  const id = fiscal
    ? await fiscalCustomer(t.database.db, `Cliente factura ${customers}`)
    : (
        await rows<{ id: number }>(
          sql`INSERT INTO companies (name, razon_social, credit_days) VALUES (${`Mostrador ${customers}`}, ${`Mostrador ${customers}`}, 0) RETURNING id`,
        )
      )[0]!.id;
  await rows(sql`INSERT INTO contacts (company_id, name, last, email) VALUES (${id}, 'Compras', 'Cliente', 'compras@cliente.mx')`);
  return id;
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

const pay = (company: number, amount: number, saleId: number) =>
  call(
    'POST',
    '/api/v2/collections',
    { company_id: company, date: today(), amount, payment_method_id: method, lines: [{ sale_id: saleId, amount }] },
    'oficina@demo.mx',
  );

async function invoice(saleId: number, payload: object = {}): Promise<CfdiDocument> {
  const response = await call('POST', `/api/v2/sales/${saleId}/cfdi`, payload);
  expect(response.statusCode, response.body).toBe(201);
  return cfdiRequestAnswerSchema.parse(response.json()).document;
}

const documentOf = async (id: number, app = t.app) =>
  cfdiDocumentSchema.parse((await call('GET', `/api/v2/cfdi/${id}`, undefined, 'admin@demo.mx', app)).json());

/** Waits until the queue has settled the document (no work pending), or fails with where it stands. */
async function settled(id: number, until: (d: CfdiDocument) => boolean = (d) => d.pending === null): Promise<CfdiDocument> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const document = await documentOf(id);
    if (until(document)) return document;
    if (Date.now() > deadline) throw new Error(`CFDI ${id} never settled: ${JSON.stringify(document)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const saleDocuments = async (saleId: number) => cfdiListSchema.parse((await call('GET', `/api/v2/sales/${saleId}/cfdi`)).json());
const xmlOf = async (id: number) => {
  const response = await call('GET', `/api/v2/cfdi/${id}/xml`);
  expect(response.statusCode).toBe(200);
  return response.body;
};
const parse = (xml: string) => new DOMParser().parseFromString(xml, 'text/xml');
const attribute = (xml: string, tag: string, name: string) => parse(xml).getElementsByTagName(tag)[0]?.getAttribute(name) ?? null;
const stampsOf = (uuid: string) => fake.documents().filter((stamp) => stamp.uuid === uuid).length;

/**
 * The warehouse fills the sale (`filled`: the quantities of products 0 and 1), one unit of product 0
 * comes back, and its credit note is stamped and valid against the SAT's schemas: its XML.
 */
async function returnedNote(saleId: number, filled: number[], reason: string): Promise<string> {
  const dispatched = await call(
    'POST',
    '/api/v2/orders/dispatch_sale_order',
    { id: saleId, quotation_items: filled.map((quantity, index) => ({ item_id: products[index]!.id, quantity })) },
    'almacen@demo.mx',
  );
  expect(dispatched.statusCode, dispatched.body).toBe(200);
  const returned = await call('POST', `/api/v2/sales/${saleId}/returns`, { reason, lines: [{ item_id: products[0]!.id, quantity: 1 }] });
  expect(returned.statusCode, returned.body).toBe(201);
  const note = (await saleDocuments(saleId)).find((d) => d.kind === 'nota_credito');
  expect(note).toBeDefined();
  const done = await settled(note!.id);
  expect(done.status, done.last_error ?? '').toBe('timbrado');
  const xml = await xmlOf(done.id);
  expect(await validateAgainstSat(xml)).toEqual([]);
  return xml;
}

describe('an invoice of a sale', () => {
  it('is stamped once, PUE with the payment form when paid, valid against the SAT schemas, with its PDF and XML', async () => {
    const company = await customer();
    const sale = await newSale(company);
    expect((await pay(company, sale.total, sale.id)).statusCode).toBe(201);
    const queued = await invoice(sale.id);
    expect(queued.status).toBe('pendiente');
    const stamped = await settled(queued.id);
    expect(stamped.status, stamped.last_error ?? '').toBe('timbrado');
    expect(stamped.uuid).toMatch(/^[0-9a-f-]{36}$/i);
    expect(stampsOf(stamped.uuid!)).toBe(1);
    const xml = await xmlOf(stamped.id);
    expect(await validateAgainstSat(xml)).toEqual([]);
    expect(attribute(xml, 'cfdi:Comprobante', 'MetodoPago')).toBe('PUE');
    expect(attribute(xml, 'cfdi:Comprobante', 'FormaPago')).toBe('03');
    expect(Number(attribute(xml, 'cfdi:Comprobante', 'Total'))).toBeCloseTo(sale.total, 2);
    expect(attribute(xml, 'tfd:TimbreFiscalDigital', 'UUID')).toBe(stamped.uuid);
    const pdf = await call('GET', `/api/v2/cfdi/${stamped.id}/pdf`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    // A second invoice of the same sale is refused, naming the first.
    const again = await call('POST', `/api/v2/sales/${sale.id}/cfdi`, {});
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(invoicingMessages.alreadyInvoiced(`${stamped.serie}-${stamped.folio}`));
    // An invoiced sale is corrected by a return or a cancellation, not edited.
    const edit = await t.app.inject({
      method: 'PUT',
      url: `/api/v2/sales/${sale.id}`,
      headers: bearer(tokens['admin@demo.mx']!),
      payload: {
        company_id: company,
        company_branch_id: null,
        date: today(),
        type: 'Serie A',
        note: null,
        internal_note: null,
        purchase_order: null,
        bar: false,
        items: [{ item_id: products[0]!.id, quantity: 1 }],
      },
    });
    expect(edit.statusCode).toBe(409);
  });

  it('on credit is PPD with forma 99, and two partial payments make two receipts whose balance reaches 0', async () => {
    const company = await customer();
    const sale = await newSale(company);
    const stamped = await settled((await invoice(sale.id)).id);
    expect(stamped.status, stamped.last_error ?? '').toBe('timbrado');
    const xml = await xmlOf(stamped.id);
    expect(attribute(xml, 'cfdi:Comprobante', 'MetodoPago')).toBe('PPD');
    expect(attribute(xml, 'cfdi:Comprobante', 'FormaPago')).toBe('99');
    const first = Math.round(sale.total * 40) / 100;
    expect((await pay(company, first, sale.id)).statusCode).toBe(201);
    expect((await pay(company, Math.round((sale.total - first) * 100) / 100, sale.id)).statusCode).toBe(201);
    const receipts = (await saleDocuments(sale.id)).filter((d) => d.kind === 'pago');
    expect(receipts).toHaveLength(2);
    const parts = [];
    for (const receipt of receipts) {
      const done = await settled(receipt.id);
      expect(done.status, done.last_error ?? '').toBe('timbrado');
      const receiptXml = await xmlOf(done.id);
      expect(await validateAgainstSat(receiptXml)).toEqual([]);
      expect(attribute(receiptXml, 'pago20:DoctoRelacionado', 'IdDocumento')).toBe(stamped.uuid);
      parts.push({
        parcialidad: attribute(receiptXml, 'pago20:DoctoRelacionado', 'NumParcialidad'),
        anterior: Number(attribute(receiptXml, 'pago20:DoctoRelacionado', 'ImpSaldoAnt')),
        insoluto: Number(attribute(receiptXml, 'pago20:DoctoRelacionado', 'ImpSaldoInsoluto')),
      });
    }
    expect(parts.map((part) => part.parcialidad)).toEqual(['1', '2']);
    expect(parts[0]!.anterior).toBeCloseTo(sale.total, 2);
    expect(parts[0]!.insoluto).toBeCloseTo(sale.total - first, 2);
    expect(parts[1]!.insoluto).toBe(0);
  });

  it('asked with “send it”, reaches the customer’s contacts by e-mail with its XML and PDF once stamped', async () => {
    const company = await customer();
    const sale = await newSale(company);
    const stamped = await settled((await invoice(sale.id, { email: true })).id);
    expect(stamped.status, stamped.last_error ?? '').toBe('timbrado');
    const deadline = Date.now() + 15_000;
    let message;
    while (!(message = mail.received.find((m) => m.subject?.includes(`${stamped.serie}-${stamped.folio}`))) && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 50));
    expect(message, 'the invoice e-mail').toBeDefined();
    expect(message!.to && 'text' in message!.to ? message!.to.text : '').toContain('compras@cliente.mx');
    const names = message!.attachments.map((a) => a.filename ?? '');
    expect(names.some((name) => name.endsWith('.xml'))).toBe(true);
    expect(names.some((name) => name.endsWith('.pdf'))).toBe(true);
    const xml = message!.attachments.find((a) => a.filename?.endsWith('.xml'))!.content.toString('utf8');
    expect(xml).toContain(stamped.uuid!);
  });

  it('states the tax each line was sold with, even after the product’s IVA changed', async () => {
    const company = await customer();
    const sale = await newSale(company);
    await rows(sql`UPDATE items SET iva_rate = 0 WHERE id = ${products[0]!.id}`);
    try {
      const stamped = await settled((await invoice(sale.id)).id);
      expect(stamped.status, stamped.last_error ?? '').toBe('timbrado');
      const xml = await xmlOf(stamped.id);
      expect(Number(attribute(xml, 'cfdi:Comprobante', 'Total'))).toBeCloseTo(sale.total, 2);
      expect(attribute(xml, 'cfdi:Traslado', 'TasaOCuota')).toBe('0.160000');
    } finally {
      await rows(sql`UPDATE items SET iva_rate = 0.16 WHERE id = ${products[0]!.id}`);
    }
  });

  it('is refused, naming what is missing, when the customer has no fiscal data', async () => {
    const sale = await newSale(await customer(false));
    const refused = await call('POST', `/api/v2/sales/${sale.id}/cfdi`, {});
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toBe(
      invoicingMessages.customerIncomplete('el RFC, el régimen fiscal, el código postal fiscal, el uso CFDI.'),
    );
  });
});

describe('invoicing and the rest of the books', () => {
  it('with “Facturar al guardar”, a sale is invoiced when saved if its customer’s data is complete, and saved anyway if not', async () => {
    expect((await call('PUT', '/api/v2/fiscal', { invoice_on_sale: true })).statusCode).toBe(200);
    try {
      const sale = await newSale(await customer());
      const [made] = (await saleDocuments(sale.id)).filter((d) => d.kind === 'factura');
      expect(made).toBeDefined();
      expect((await settled(made!.id)).status).toBe('timbrado');
      const counter = await newSale(await customer(false));
      expect(await saleDocuments(counter.id)).toEqual([]);
    } finally {
      expect((await call('PUT', '/api/v2/fiscal', { invoice_on_sale: false })).statusCode).toBe(200);
    }
  });

  it('a delivery made after the invoice carries its UUID as the invoice number', async () => {
    const company = await customer();
    const sale = await newSale(company);
    const stamped = await settled((await invoice(sale.id)).id);
    const [route] = await rows<{ id: number }>(sql`SELECT id FROM shippings WHERE deleted_at IS NULL ORDER BY id DESC LIMIT 1`);
    const created = await call('POST', '/api/v1/shipping_detail/create', { sale_id: sale.id, shipping_id: route!.id, completed: false });
    expect(created.statusCode, created.body).toBeLessThan(300);
    const [delivery] = await rows<{ invoice: string | null }>(sql`SELECT invoice FROM shipping_details WHERE sale_id = ${sale.id}`);
    expect(delivery!.invoice).toBe(stamped.uuid);
  });
});

describe('a return on an invoiced sale', () => {
  it('makes a credit note related (01) to the invoice', async () => {
    const company = await customer();
    const sale = await newSale(company);
    const invoiced = await settled((await invoice(sale.id)).id);
    const xml = await returnedNote(sale.id, [2, 3], 'Llegó dañado');
    expect(attribute(xml, 'cfdi:Comprobante', 'TipoDeComprobante')).toBe('E');
    expect(attribute(xml, 'cfdi:CfdiRelacionados', 'TipoRelacion')).toBe('01');
    expect(attribute(xml, 'cfdi:CfdiRelacionado', 'UUID')).toBe(invoiced.uuid);
  });
});

describe('the global invoice', () => {
  it('covers the paid counter sales of the day not invoiced on their own, once', async () => {
    const counter = await customer(false);
    const sales = [await newSale(counter, [1, 1]), await newSale(counter, [2, 1])];
    for (const sale of sales) expect((await pay(counter, sale.total, sale.id)).statusCode).toBe(201);
    const response = await call('POST', '/api/v2/cfdi/global', { periodicidad: '01', from: today(), to: today() });
    expect(response.statusCode, response.body).toBe(201);
    const done = await settled(cfdiRequestAnswerSchema.parse(response.json()).document.id);
    expect(done.status, done.last_error ?? '').toBe('timbrado');
    const xml = await xmlOf(done.id);
    expect(await validateAgainstSat(xml)).toEqual([]);
    expect(attribute(xml, 'cfdi:InformacionGlobal', 'Periodicidad')).toBe('01');
    expect(attribute(xml, 'cfdi:Receptor', 'Rfc')).toBe('XAXX010101000');
    const lines = [...Array.from(parse(xml).getElementsByTagName('cfdi:Concepto'))].map((c) => c.getAttribute('NoIdentificacion'));
    for (const sale of sales) expect(lines).toContain(String(sale.id));
    // Those sales are now in a global invoice: not again, and not on their own.
    expect((await call('POST', `/api/v2/sales/${sales[0]!.id}/cfdi`, {})).statusCode).toBe(409);
  });
});

describe('a return on a sale inside the global invoice', () => {
  it('makes a credit note to the public related (01) to the global invoice', async () => {
    const counter = await customer(false);
    const sale = await newSale(counter, [2, 1]);
    expect((await pay(counter, sale.total, sale.id)).statusCode).toBe(201);
    const response = await call('POST', '/api/v2/cfdi/global', { periodicidad: '01', from: today(), to: today() });
    expect(response.statusCode, response.body).toBe(201);
    const global = await settled(cfdiRequestAnswerSchema.parse(response.json()).document.id);
    expect(global.status, global.last_error ?? '').toBe('timbrado');
    const xml = await returnedNote(sale.id, [2, 1], 'Venía golpeado');
    expect(attribute(xml, 'cfdi:Receptor', 'Rfc')).toBe('XAXX010101000');
    expect(attribute(xml, 'cfdi:CfdiRelacionados', 'TipoRelacion')).toBe('01');
    expect(attribute(xml, 'cfdi:CfdiRelacionado', 'UUID')).toBe(global.uuid);
  });
});

describe('cancelling', () => {
  it('with motive 01 issues the substitute first, relates it (04), and cancels naming it', async () => {
    const company = await customer();
    const sale = await newSale(company);
    const original = await settled((await invoice(sale.id)).id);
    const response = await call('POST', `/api/v2/cfdi/${original.id}/cancel`, { motivo: '01' });
    expect(response.statusCode, response.body).toBe(200);
    const { substitute } = cfdiRequestAnswerSchema.parse(response.json());
    expect(substitute).toBeDefined();
    const replaced = await settled(substitute!.id);
    expect(replaced.status, replaced.last_error ?? '').toBe('timbrado');
    const substituteXml = await xmlOf(replaced.id);
    expect(attribute(substituteXml, 'cfdi:CfdiRelacionados', 'TipoRelacion')).toBe('04');
    expect(attribute(substituteXml, 'cfdi:CfdiRelacionado', 'UUID')).toBe(original.uuid);
    const cancelled = await settled(original.id, (d) => d.status === 'cancelado');
    expect(cancelled.cancel_motive).toBe('01');
    const atPac = fake.documents().find((stamp) => stamp.uuid === original.uuid);
    expect(atPac?.state).toBe('cancelado');
    expect(atPac?.folioSustitucion).toBe(replaced.uuid);
  });

  it('with motive 01, the receipts of the replaced invoice are cancelled and issued again naming the substitute', async () => {
    const company = await customer();
    const sale = await newSale(company);
    const original = await settled((await invoice(sale.id)).id);
    expect((await pay(company, 60, sale.id)).statusCode).toBe(201);
    const first = (await saleDocuments(sale.id)).find((d) => d.kind === 'pago')!;
    expect((await settled(first.id)).status).toBe('timbrado');
    const response = await call('POST', `/api/v2/cfdi/${original.id}/cancel`, { motivo: '01' });
    expect(response.statusCode, response.body).toBe(200);
    const substitute = await settled(cfdiRequestAnswerSchema.parse(response.json()).substitute!.id);
    expect((await settled(first.id, (d) => d.status === 'cancelado')).cancel_motive).toBe('02');
    expect((await settled(original.id, (d) => d.status === 'cancelado')).cancel_motive).toBe('01');
    const again = (await saleDocuments(sale.id)).filter((d) => d.kind === 'pago' && d.id !== first.id);
    expect(again).toHaveLength(1);
    const stamped = await settled(again[0]!.id);
    expect(stamped.status, stamped.last_error ?? '').toBe('timbrado');
    expect(attribute(await xmlOf(stamped.id), 'pago20:DoctoRelacionado', 'IdDocumento')).toBe(substitute.uuid);
  });

  it('waits “en proceso” while the receiver must accept, then records what the SAT says', async () => {
    const company = await customer();
    const sale = await newSale(company);
    const stamped = await settled((await invoice(sale.id)).id);
    fake.setCancelPending(true);
    try {
      expect((await call('POST', `/api/v2/cfdi/${stamped.id}/cancel`, { motivo: '02' })).statusCode).toBe(200);
      const waiting = await settled(stamped.id, (d) => d.status === 'cancelando');
      expect(waiting.pending).toBe('consultar');
      fake.acceptCancellation(stamped.uuid!);
      await rows(sql`UPDATE cfdi_documents SET next_attempt_at = now() WHERE id = ${stamped.id}`);
      expect((await settled(stamped.id, (d) => d.status === 'cancelado')).status).toBe('cancelado');
    } finally {
      fake.setCancelPending(false);
    }
  });

  it('a cancelled sale cancels its invoice (motive 02)', async () => {
    const company = await customer();
    const sale = await newSale(company);
    const stamped = await settled((await invoice(sale.id)).id);
    const cancel = await call('POST', `/api/v2/sales/${sale.id}/cancel`, { reason: 'El cliente ya no lo quiso' });
    expect(cancel.statusCode, cancel.body).toBe(200);
    const cancelled = await settled(stamped.id, (d) => d.status === 'cancelado');
    expect(cancelled.cancel_motive).toBe('02');
  });
});

describe('corrections after the PAC or the SAT', () => {
  it('“Reintentar” writes a refused invoice again from the data as corrected, keeping its serie and folio', async () => {
    const company = await customer();
    const sale = await newSale(company);
    fake.setDown(true);
    let refused: CfdiDocument;
    try {
      const queued = await invoice(sale.id);
      // As the PAC's refusal leaves it (the razón social the SAT does not know, say): no CFDI exists.
      await rows(
        sql`UPDATE cfdi_documents SET status = 'error', pending = NULL, last_error = 'CFDI40145 - El nombre del receptor no corresponde' WHERE id = ${queued.id}`,
      );
      refused = await documentOf(queued.id);
    } finally {
      fake.setDown(false);
    }
    await rows(sql`UPDATE companies SET razon_social = 'XENON INDUSTRIAL ARTICLES CORREGIDO' WHERE id = ${company}`);
    const retried = await call('POST', `/api/v2/cfdi/${refused.id}/retry`, {});
    expect(retried.statusCode, retried.body).toBe(200);
    const stamped = await settled(refused.id);
    expect(stamped.status, stamped.last_error ?? '').toBe('timbrado');
    expect([stamped.serie, stamped.folio]).toEqual([refused.serie, refused.folio]);
    expect(attribute(await xmlOf(stamped.id), 'cfdi:Receptor', 'Nombre')).toBe('XENON INDUSTRIAL ARTICLES CORREGIDO');
  });

  it('a cancelled sale cancels the payment receipts of its invoice as well as the invoice', async () => {
    const company = await customer();
    const sale = await newSale(company);
    const stamped = await settled((await invoice(sale.id)).id);
    expect((await pay(company, 50, sale.id)).statusCode).toBe(201);
    const receipt = (await saleDocuments(sale.id)).find((d) => d.kind === 'pago')!;
    expect((await settled(receipt.id)).status).toBe('timbrado');
    expect((await call('POST', `/api/v2/sales/${sale.id}/cancel`, { reason: 'Se facturó a otro cliente' })).statusCode).toBe(200);
    expect((await settled(receipt.id, (d) => d.status === 'cancelado')).cancel_motive).toBe('02');
    expect((await settled(stamped.id, (d) => d.status === 'cancelado')).cancel_motive).toBe('02');
  });
});

describe('never twice, never lost', () => {
  it('waits while the PAC is down and stamps once when it is back', async () => {
    const company = await customer();
    const sale = await newSale(company);
    fake.setDown(true);
    let id: number;
    try {
      id = (await invoice(sale.id)).id;
      const waiting = await settled(id, (d) => d.attempts >= 2);
      expect(waiting.status).toBe('pendiente');
      expect(waiting.last_error).toBeTruthy();
    } finally {
      fake.setDown(false);
    }
    const stamped = await settled(id);
    expect(stamped.status, stamped.last_error ?? '').toBe('timbrado');
    expect(fake.documents().filter((stamp) => stamp.serie === stamped.serie && stamp.folio === String(stamped.folio))).toHaveLength(1);
  });

  it('two server processes racing on one sale stamp it once', async () => {
    const company = await customer();
    const sale = await newSale(company);
    // On PostgreSQL a second process shares the database; on the embedded one, the same process races itself.
    const second = t.databaseUrl ? await anotherMachine(t, invoicingEnv(fake)) : null;
    try {
      const apps = [t.app, second?.app ?? t.app];
      const answers = await Promise.all(apps.map((app) => call('POST', `/api/v2/sales/${sale.id}/cfdi`, {}, 'admin@demo.mx', app)));
      expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409]);
      const made = cfdiRequestAnswerSchema.parse(answers.find((answer) => answer.statusCode === 201)!.json()).document;
      const stamped = await settled(made.id);
      expect(stamped.status, stamped.last_error ?? '').toBe('timbrado');
      expect(fake.documents().filter((stamp) => stamp.serie === stamped.serie && stamp.folio === String(stamped.folio))).toHaveLength(1);
      expect((await saleDocuments(sale.id)).filter((d) => d.kind === 'factura')).toHaveLength(1);
    } finally {
      await second?.close();
    }
  });
});

describe('the fiscal setup', () => {
  it('never answers the key, its password or the PAC password, and keeps them sealed in the database', async () => {
    const answer = await call('GET', '/api/v2/fiscal');
    expect(answer.statusCode).toBe(200);
    expect(answer.body).not.toContain('12345678a');
    expect(answer.body).not.toContain(fake.password);
    const settings = fiscalSettingsSchema.parse(answer.json());
    expect(settings.csd?.no_certificado).toMatch(/^\d{20}$/);
    expect(settings.pac.has_password).toBe(true);
    const [stored] = await rows<{ key: string; password: string }>(
      sql`SELECT csd_key_sealed AS key, csd_password_sealed AS password FROM fiscal_settings`,
    );
    expect(stored!.key.startsWith('v1:')).toBe(true);
    expect(stored!.password).not.toContain('12345678a');
    // Only those with the 'fiscal' permission see it.
    expect((await call('GET', '/api/v2/fiscal', undefined, 'ventas@demo.mx')).statusCode).toBe(403);
  });

  it('refuses a CSD of another RFC or with a wrong password, in Spanish', async () => {
    const wrong = await call('POST', '/api/v2/fiscal/csd', {
      cer: (await readFile(path.join(CSD_DIR, 'EKU9003173C9.cer'))).toString('base64'),
      key: (await readFile(path.join(CSD_DIR, 'EKU9003173C9.key'))).toString('base64'),
      password: 'otra',
    });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().message).toBe('La contraseña de la llave privada no es correcta.');
  });

  it('without a PAC, says what is missing instead of failing', async () => {
    const off = await createTestApp();
    try {
      const token = await loginAs(off.app, 'admin@demo.mx');
      const settings = fiscalSettingsSchema.parse(
        (await off.app.inject({ method: 'GET', url: '/api/v2/fiscal', headers: bearer(token) })).json(),
      );
      expect(settings.missing[0]).toBe(invoicingMessages.pacMissing);
      const [sale] = await off.database.db
        .execute(sql`SELECT id FROM sales WHERE kind = 'sale' AND canceled_at IS NULL ORDER BY id LIMIT 1`)
        .then((r) => (r as unknown as { rows: { id: number }[] }).rows);
      const refused = await off.app.inject({
        method: 'POST',
        url: `/api/v2/sales/${sale!.id}/cfdi`,
        headers: { ...bearer(token), 'idempotency-key': 'sin-pac-0001' },
        payload: {},
      });
      expect(refused.statusCode).toBe(409);
      expect(refused.json().message).toBe(invoicingMessages.pacMissing);
    } finally {
      await off.close();
    }
  });
});
