import { sql } from 'drizzle-orm';
import { extractText } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEPLOYMENTS } from '../../domain/deployment';
import { formatLongDay } from '../../domain/documents/quotation-document';
import { formatMoney } from '../../domain/format';
import { quotationPrintMessages } from '../../domain/messages/quotation-print';
import { saleDetailAnswerSchema, type SaleDetail } from '../../domain/schemas/quotations';
import { bearer, createTestApp, loginAs, type TestApp } from './test-app';

/** The text of the whole PDF as a reader would select it, spaces collapsed. */
async function pdfText(body: Buffer): Promise<string> {
  const { text } = await extractText(new Uint8Array(body), { mergePages: true });
  return text.replace(/\s+/g, ' ');
}

const rows = <T>(t: TestApp, query: ReturnType<typeof sql>) =>
  t.database.db.execute(query).then((r) => (r as unknown as { rows: T[] }).rows);

/** A demo quotation with items and a validity date whose customer has (or has not) credit days. */
async function demoQuotation(t: TestApp, withCredit: boolean): Promise<number> {
  const [row] = await rows<{ id: number }>(
    t,
    sql`SELECT s.id FROM sales s JOIN companies c ON c.id = s.company_id
      WHERE s.kind = 'quotation' AND s.deleted_at IS NULL AND s.due_date IS NOT NULL
        AND EXISTS (SELECT 1 FROM sale_items si WHERE si.sale_id = s.id)
        AND ${withCredit ? sql`c.credit_days >= 1` : sql`c.credit_days = 0`}
      ORDER BY s.id LIMIT 1`,
  );
  if (!row) throw new Error(`the demo seed has no quotation ${withCredit ? 'with' : 'without'} credit days`);
  return row.id;
}

async function detail(t: TestApp, token: string, id: number): Promise<SaleDetail> {
  const response = await t.app.inject({ method: 'GET', url: `/api/v2/sales/${id}`, headers: bearer(token) });
  return saleDetailAnswerSchema.parse(response.json()).data;
}

const pdfOf = (t: TestApp, id: number, headers: Record<string, string>) =>
  t.app.inject({ method: 'GET', url: `/api/v2/quotations/${id}/pdf`, headers });

describe('GET /api/v2/quotations/{id}/pdf', () => {
  let t: TestApp;
  let seller: string;
  beforeAll(async () => {
    t = await createTestApp();
    seller = await loginAs(t.app, 'ventas@demo.mx');
  });
  afterAll(() => t.close());

  it('answers a real PDF named after the folio, with the quotation in its text', async () => {
    const id = await demoQuotation(t, true);
    const quotation = await detail(t, seller, id);
    const response = await pdfOf(t, id, bearer(seller));

    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="Cotizacion C-${id}.pdf"; filename*=UTF-8''Cotizaci%C3%B3n%20C-${id}.pdf`,
    );
    expect(response.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');

    const text = await pdfText(response.rawPayload);
    const identity = DEPLOYMENTS.frutas.identity;
    for (const expected of [
      `C-${id}`,
      'Cotización',
      identity.brand,
      quotation.company.name,
      ...quotation.items.map((line) => line.name),
      formatMoney(quotation.total),
      'IVA',
      identity.clabe,
      'Los precios pueden cambiar sin previo aviso.',
      `Esta cotización es válida hasta el ${formatLongDay(quotation.due_date!)}.`,
      `Crédito: ${quotationPrintMessages.creditDays(quotation.company.credit_days)}`,
      `Domicilio fiscal: ${identity.address}`,
    ]) {
      expect(text).toContain(expected);
    }
  });

  it('leaves the credit terms out for a customer without credit days', async () => {
    const id = await demoQuotation(t, false);
    const response = await pdfOf(t, id, bearer(seller));
    expect(response.statusCode).toBe(200);
    const text = await pdfText(response.rawPayload);
    expect(text).toContain(`C-${id}`);
    expect(text).toContain(DEPLOYMENTS.frutas.identity.clabe);
    expect(text).not.toContain('Crédito');
  });

  it('prints a sale as its quotation', async () => {
    const [sale] = await rows<{ id: number }>(
      t,
      sql`SELECT s.id FROM sales s WHERE s.kind = 'sale' AND s.deleted_at IS NULL AND s.quotation_id IS NULL
        AND EXISTS (SELECT 1 FROM sale_items si WHERE si.sale_id = s.id) ORDER BY s.id LIMIT 1`,
    );
    const response = await pdfOf(t, sale!.id, bearer(seller));
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toContain(`filename*=UTF-8''Cotizaci%C3%B3n%20V-${sale!.id}.pdf`);
    const text = await pdfText(response.rawPayload);
    expect(text).toContain(`V-${sale!.id}`);
    expect(text).toContain(formatMoney((await detail(t, seller, sale!.id)).total));
  });

  it('answers 404 with a Spanish message for an unknown id', async () => {
    const response = await pdfOf(t, 999_999, bearer(seller));
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'Recurso no encontrado.' });
    expect((await pdfOf(t, 0, bearer(seller))).statusCode).toBe(404);
  });

  it('is refused without a session and to a driver', async () => {
    const id = await demoQuotation(t, true);
    expect((await pdfOf(t, id, {})).statusCode).toBe(401);
    const driver = await loginAs(t.app, 'chofer@demo.mx');
    const response = await pdfOf(t, id, bearer(driver));
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ message: 'No tienes permiso para realizar esta acción.' });
  });

  it("prints the business's identity as 'Datos del negocio' holds it now", async () => {
    const admin = await loginAs(t.app, 'admin@demo.mx');
    const current = (await t.app.inject({ method: 'GET', url: '/api/v2/business', headers: bearer(admin) })).json();
    const { logo_url: _logo, ...fields } = current;
    const saved = await t.app.inject({
      method: 'PUT',
      url: '/api/v2/business',
      headers: bearer(admin),
      payload: { ...fields, legal_name: 'Distribuidora Nueva Era, S.A. de C.V.', tax_id: 'DNE200101AB1', clabe: '002010077777777771' },
    });
    expect(saved.statusCode).toBe(200);
    const text = await pdfText((await pdfOf(t, await demoQuotation(t, true), bearer(seller))).rawPayload);
    expect(text).toContain('Distribuidora Nueva Era, S.A. de C.V.');
    expect(text).toContain('DNE200101AB1');
    expect(text).toContain('002010077777777771');
    expect(text).not.toContain(DEPLOYMENTS.frutas.identity.legalName);
  });

  it('is described in the OpenAPI document as a PDF', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/docs' });
    const doc = response.json<{ paths: Record<string, { get?: { responses: Record<string, { content?: object }> } }> }>();
    expect(Object.keys(doc.paths['/api/v2/quotations/{id}/pdf']!.get!.responses['200']!.content!)).toEqual(['application/pdf']);
  });
});

describe('the PDF of the event-rental deployment', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ DEPLOYMENT: 'eventos' });
  });
  afterAll(() => t.close());

  it('is the confirmed party-rental quotation with its terms', async () => {
    const seller = await loginAs(t.app, 'ventas@demo.mx');
    const id = await demoQuotation(t, true);
    const quotation = await detail(t, seller, id);
    const response = await pdfOf(t, id, bearer(seller));
    expect(response.statusCode).toBe(200);
    const text = await pdfText(response.rawPayload);
    for (const expected of [
      'Cotización de renta',
      `C-${id}`,
      'Estado: Confirmada',
      DEPLOYMENTS.eventos.identity.brand,
      DEPLOYMENTS.eventos.identity.clabe,
      `Fecha del evento: ${formatLongDay(quotation.date)}`,
      'Anticipo del 50 %',
      'Depósito en garantía',
      formatMoney(quotation.total),
    ]) {
      expect(text).toContain(expected);
    }
    expect(text).not.toContain('área metropolitana');
  });
});
