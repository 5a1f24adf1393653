import { sql } from 'drizzle-orm';
import { DateTime } from 'luxon';
import type { CfdiComprobante, CfdiConcepto, CfdiEmisor, CfdiReceptor, PagoDocumento } from '../../domain/cfdi/comprobante';
import { formaPagoOf } from '../../domain/cfdi/payment-forms';
import { receiverProblems } from '../../domain/cfdi/receiver';
import { PUBLICO_EN_GENERAL } from '../../domain/cfdi/rfc';
import { comprobanteTotals, conceptTaxes, prorateTaxes } from '../../domain/cfdi/taxes';
import { formatMoney } from '../../domain/format';
import { invoicingMessages as text } from '../../domain/messages/invoicing';
import { roundCents } from '../../domain/sales';
import { BUSINESS_TIME_ZONE } from '../../domain/time';
import type { Db } from '../db/client';
import { rows } from '../db/sql-rows';
import { HttpError } from '../http-errors';

/**
 * The CFDI documents the business issues, written once in the transaction of the request that
 * asks for them (or of the sale, return or payment that makes them due), with their serie, folio
 * and date fixed then: every attempt of the stamping queue (queue.ts) seals and sends the same
 * document, so a retry after a crash is the same CFDI, never a second one.
 */

export type CfdiKind = 'factura' | 'nota_credito' | 'pago' | 'global';

/** Who issues and from where: the business's identity and its fiscal setup. */
export interface IssuerContext {
  emisor: CfdiEmisor;
  lugarExpedicion: string;
}

export interface NewDocument {
  id: number;
  serie: string;
  folio: number;
}

/** 'A-12'. */
export const folioText = (serie: string, folio: number) => (serie ? `${serie}-${folio}` : String(folio));

/** Now at the place of issue, as the CFDI's Fecha (local, no zone). */
export function cfdiNow(now: Date = new Date()): string {
  return DateTime.fromJSDate(now).setZone(BUSINESS_TIME_ZONE).toFormat("yyyy-MM-dd'T'HH:mm:ss");
}

async function nextFolio(tx: Db, kind: CfdiKind): Promise<{ serie: string; folio: number }> {
  const [row] = await rows<{ serie: string; folio: number }>(
    tx,
    sql`UPDATE cfdi_series SET next_folio = next_folio + 1 WHERE kind = ${kind} RETURNING serie, next_folio - 1 AS folio`,
  );
  if (!row) throw new Error(`no series for ${kind}`);
  return row;
}

async function insertDocument(
  tx: Db,
  kind: CfdiKind,
  fields: {
    saleId?: number | null;
    returnId?: number | null;
    collectionId?: number | null;
    companyId: number | null;
    relatedId?: number | null;
    build: (serie: string, folio: string) => CfdiComprobante;
    emailTo?: string[] | null;
    userId: number;
  },
): Promise<NewDocument> {
  const { serie, folio } = await nextFolio(tx, kind);
  const comprobante = fields.build(serie, String(folio));
  const total = comprobante.tipoDeComprobante === 'P' ? (comprobante.pago?.monto ?? 0) : comprobanteTotals(comprobante.conceptos).total;
  const [row] = await rows<{ id: number }>(
    tx,
    sql`INSERT INTO cfdi_documents (kind, sale_id, return_id, collection_id, company_id, related_id, serie, folio, comprobante, total,
        status, pending, email_to, created_by_user_id)
      VALUES (${kind}, ${fields.saleId ?? null}, ${fields.returnId ?? null}, ${fields.collectionId ?? null}, ${fields.companyId},
        ${fields.relatedId ?? null}, ${serie}, ${folio}, ${JSON.stringify(comprobante)}::jsonb, ${total}, 'pendiente', 'timbrar',
        ${fields.emailTo ? JSON.stringify(fields.emailTo) : null}::jsonb, ${fields.userId})
      RETURNING id`,
  );
  return { id: row!.id, serie, folio };
}

interface CustomerFiscal {
  id: number;
  rfc: string | null;
  razon_social: string;
  regimen_fiscal: string | null;
  cp_fiscal: string | null;
  uso_cfdi: string | null;
}

async function customerFiscal(tx: Db, companyId: number): Promise<CustomerFiscal> {
  const [row] = await rows<CustomerFiscal>(
    tx,
    sql`SELECT c.id, c.rfc, c.razon_social, c.regimen_fiscal, c.cp_fiscal, f.clave AS uso_cfdi
      FROM companies c LEFT JOIN cfdis f ON f.id = c.cfdi_id AND f.id > 100 WHERE c.id = ${companyId}`,
  );
  if (!row) throw new HttpError(404, text.saleNotFound);
  return row;
}

/** 'Público en general': the global invoice's receiver, and of a credit note of a sale inside one. */
function publicoEnGeneral(issuer: IssuerContext): CfdiReceptor {
  return {
    rfc: PUBLICO_EN_GENERAL,
    nombre: 'PUBLICO EN GENERAL',
    domicilioFiscal: issuer.lugarExpedicion,
    regimenFiscal: '616',
    usoCfdi: 'S01',
  };
}

/** The receiver as the SAT checks it; a customer without complete fiscal data is refused, naming what is missing. */
function receptorOf(customer: CustomerFiscal, issuer: IssuerContext, uso?: string): CfdiReceptor {
  const rfc = (customer.rfc ?? '').trim().toUpperCase();
  if (rfc === PUBLICO_EN_GENERAL) return publicoEnGeneral(issuer);
  const receiver = {
    rfc,
    razon_social: customer.razon_social,
    regimen_fiscal: customer.regimen_fiscal ?? '',
    cp_fiscal: customer.cp_fiscal ?? '',
    uso_cfdi: uso ?? customer.uso_cfdi ?? '',
  };
  // A customer may be saved without fiscal data; an invoice needs all of it, checked together.
  const absent = (Object.keys(text.customerFields) as (keyof typeof text.customerFields)[]).filter((field) => !receiver[field].trim());
  if (absent.length > 0)
    throw new HttpError(422, text.customerIncomplete(`${absent.map((field) => text.customerFields[field]).join(', ')}.`));
  const problems = Object.values(receiverProblems(receiver)).filter((problem): problem is string => Boolean(problem));
  if (problems.length > 0) throw new HttpError(422, text.customerIncomplete(problems.join(' ')));
  return {
    rfc,
    nombre: customer.razon_social.trim().toUpperCase(),
    domicilioFiscal: receiver.cp_fiscal,
    regimenFiscal: receiver.regimen_fiscal,
    usoCfdi: receiver.uso_cfdi,
  };
}

interface SaleForInvoice {
  id: number;
  company_id: number;
  kind: string;
  type: string;
  total: number;
  returned: number;
  due_balance: number;
  canceled: boolean;
  deleted: boolean;
  credit_days: number;
}

interface LineForInvoice {
  item_id: number;
  name: string;
  unit: string;
  clave_prod_serv: string | null;
  clave_unidad: string | null;
  objeto_imp: '01' | '02' | '03';
  iva_rate: number | null;
  ieps_rate: number | null;
  quantity: number;
  price: number;
}

/** A sale's lines less what its credit notes took back: what the customer keeps and pays for. */
async function netLines(tx: Db, saleId: number): Promise<LineForInvoice[]> {
  return rows<LineForInvoice>(
    tx,
    sql`SELECT si.item_id, i.name, u.name AS unit, i.clave_prod_serv, i.clave_unidad, si.objeto_imp,
        si.iva_rate::float8 AS iva_rate, si.ieps_rate::float8 AS ieps_rate, si.price::float8 AS price,
        (si.quantity - coalesce((SELECT sum(ri.quantity) FROM sale_return_items ri JOIN sale_returns r ON r.id = ri.return_id
          WHERE r.sale_id = si.sale_id AND ri.item_id = si.item_id), 0))::float8 AS quantity
      FROM sale_items si JOIN items i ON i.id = si.item_id JOIN units u ON u.id = i.unit_id
      WHERE si.sale_id = ${saleId} ORDER BY si.id`,
  );
}

function conceptOf(
  line: { name: string; unit: string; item_id: number } & Omit<LineForInvoice, 'name' | 'unit' | 'item_id'>,
): CfdiConcepto {
  if (!line.clave_prod_serv) throw new HttpError(422, text.productKeyMissing(line.name));
  if (!line.clave_unidad) throw new HttpError(422, text.unitKeyMissing(line.name));
  const importe = roundCents(line.quantity * line.price);
  return {
    claveProdServ: line.clave_prod_serv,
    noIdentificacion: String(line.item_id),
    cantidad: line.quantity,
    claveUnidad: line.clave_unidad,
    unidad: line.unit,
    descripcion: line.name,
    valorUnitario: line.price,
    importe,
    objetoImp: line.objeto_imp,
    traslados:
      line.objeto_imp === '02'
        ? conceptTaxes({ importe, objetoImp: line.objeto_imp, ivaRate: line.iva_rate, iepsRate: line.ieps_rate })
        : [],
  };
}

/** The invoice (if any) that is the sale's live one: not cancelled, not replaced. */
export async function liveInvoiceOf(
  tx: Db,
  saleId: number,
): Promise<{ id: number; serie: string; folio: number; status: string; uuid: string | null; metodo: string | null } | null> {
  const [row] = await rows<{ id: number; serie: string; folio: number; status: string; uuid: string | null; metodo: string | null }>(
    tx,
    sql`SELECT d.id, d.serie, d.folio, d.status, d.uuid, d.comprobante->>'metodoPago' AS metodo FROM cfdi_documents d
      WHERE d.kind = 'factura' AND d.sale_id = ${saleId} AND d.status <> 'cancelado'
        AND NOT EXISTS (SELECT 1 FROM cfdi_documents s WHERE s.related_id = d.id AND s.kind = 'factura' AND s.status <> 'cancelado')
      ORDER BY d.id DESC LIMIT 1`,
  );
  return row ?? null;
}

async function liveGlobalOf(tx: Db, saleId: number): Promise<{ id: number; serie: string; folio: number } | null> {
  const [row] = await rows<{ id: number; serie: string; folio: number }>(
    tx,
    sql`SELECT d.id, d.serie, d.folio FROM cfdi_global_sales g JOIN cfdi_documents d ON d.id = g.document_id
      WHERE g.sale_id = ${saleId} AND d.status <> 'cancelado' LIMIT 1`,
  );
  return row ?? null;
}

/** The payment form of what paid a sale: its largest payment's method, when the SAT knows it. */
async function formaPagoOfSale(tx: Db, saleId: number): Promise<string | null> {
  const [row] = await rows<{ method: string | null }>(
    tx,
    sql`SELECT m.name AS method FROM collection_details d JOIN collections k ON k.id = d.collection_id
      LEFT JOIN payment_methods m ON m.id = k.payment_method_id
      WHERE d.sale_id = ${saleId} AND k.canceled_at IS NULL ORDER BY d.amount DESC, d.id LIMIT 1`,
  );
  return formaPagoOf(row?.method);
}

/**
 * The invoice (Ingreso) of a sale: PUE with the payment's form when it is paid, else PPD with
 * forma 99 (the payments then get their receipts). Refused, naming what is missing, when the
 * customer's or a product's fiscal data is not complete, or the sale is cancelled, Serie B,
 * already invoiced or in a global invoice. `replacing`: the invoice it substitutes (motive 01).
 */
export async function requestInvoice(
  tx: Db,
  issuer: IssuerContext,
  saleId: number,
  userId: number,
  options: { emailTo?: string[] | null; replacing?: { id: number } } = {},
): Promise<NewDocument> {
  const invoice = await invoiceOfSale(tx, issuer, saleId, { replacing: options.replacing?.id });
  const document = await insertDocument(tx, 'factura', {
    saleId,
    companyId: invoice.companyId,
    relatedId: options.replacing?.id ?? null,
    emailTo: options.emailTo ?? null,
    userId,
    build: invoice.build,
  });
  // Payments made before the invoice was issued get their receipts too (PPD).
  if (invoice.metodoPago === 'PPD') await requestPaymentReceiptsForSale(tx, issuer, saleId, userId);
  return document;
}

/**
 * A sale's invoice as its data stands now, checked: what requestInvoice writes, and what
 * 'Reintentar' writes again (same serie and folio) once the customer's or a product's data the PAC
 * refused is corrected. `replacing`: a document of the sale that does not count as its live
 * invoice (the one a substitute replaces, or the refused one being written again).
 */
async function invoiceOfSale(
  tx: Db,
  issuer: IssuerContext,
  saleId: number,
  options: { replacing?: number },
): Promise<{ companyId: number; metodoPago: 'PUE' | 'PPD'; build: (serie: string, folio: string) => CfdiComprobante }> {
  const [sale] = await rows<SaleForInvoice>(
    tx,
    sql`SELECT s.id, s.company_id, s.kind, s.type, s.total::float8 AS total, s.returned::float8 AS returned,
        s.due_balance::float8 AS due_balance, s.canceled_at IS NOT NULL AS canceled, s.deleted_at IS NOT NULL AS deleted, c.credit_days
      FROM sales s JOIN companies c ON c.id = s.company_id WHERE s.id = ${saleId} FOR UPDATE OF s`,
  );
  if (!sale || sale.deleted || sale.kind !== 'sale') throw new HttpError(404, text.saleNotFound);
  if (sale.canceled) throw new HttpError(409, text.saleCanceled);
  if (sale.type === 'Serie B') throw new HttpError(409, text.serieB);
  const live = await liveInvoiceOf(tx, saleId);
  if (live && live.id !== options.replacing) throw new HttpError(409, text.alreadyInvoiced(folioText(live.serie, live.folio)));
  const global = await liveGlobalOf(tx, saleId);
  if (global) throw new HttpError(409, text.inGlobal(folioText(global.serie, global.folio)));

  const customer = await customerFiscal(tx, sale.company_id);
  const receptor = receptorOf(customer, issuer);
  const lines = (await netLines(tx, saleId)).filter((line) => line.quantity > 0);
  if (lines.length === 0) throw new HttpError(409, text.nothingToInvoice);
  const conceptos = lines.map(conceptOf);
  const totals = comprobanteTotals(conceptos);
  // The sale's returns were credited at the sale's figures, line by line, so the invoice of what
  // is kept can differ from total − returned by the rounding of each return (a cent each).
  const saleNet = roundCents(sale.total - sale.returned);
  const returns = await rows<{ n: number }>(tx, sql`SELECT count(*)::int AS n FROM sale_returns WHERE sale_id = ${saleId}`);
  if (Math.abs(totals.total - saleNet) > 0.005 + 0.01 * (returns[0]?.n ?? 0))
    throw new HttpError(422, text.totalMismatch(formatMoney(totals.total), formatMoney(saleNet)));

  const paidForm = sale.due_balance === 0 ? await formaPagoOfSale(tx, saleId) : null;
  const metodoPago = paidForm ? 'PUE' : 'PPD';
  const fecha = cfdiNow();
  const substitute = options.replacing !== undefined && live?.id === options.replacing && live.status !== 'error';
  return {
    companyId: sale.company_id,
    metodoPago,
    build: (serie, folio) => ({
      tipoDeComprobante: 'I',
      serie,
      folio,
      fecha,
      formaPago: paidForm ?? '99',
      metodoPago,
      ...(sale.credit_days > 0 && metodoPago === 'PPD' && { condicionesDePago: `Crédito ${sale.credit_days} días` }),
      moneda: 'MXN',
      lugarExpedicion: issuer.lugarExpedicion,
      // A substitute names the invoice it replaces once that one's UUID is known (filled when sealed).
      ...(substitute && { relacionados: { tipoRelacion: '04', uuids: [] } }),
      emisor: issuer.emisor,
      receptor,
      conceptos,
    }),
  };
}

/**
 * 'Reintentar' of a document the PAC refused: none exists at the SAT, so it is written again
 * with its serie and folio, dated now — an invoice from its sale's data as it stands now (the
 * customer's or a product's data corrected since), the others as they were.
 */
export async function rewriteRefused(tx: Db, issuer: IssuerContext, documentId: number): Promise<void> {
  const [document] = await rows<{ kind: CfdiKind; sale_id: number | null; related_id: number | null; serie: string; folio: number }>(
    tx,
    sql`SELECT kind, sale_id, related_id, serie, folio FROM cfdi_documents WHERE id = ${documentId}`,
  );
  if (!document) throw new HttpError(404, text.documentNotFound);
  if (document.kind === 'factura' && document.sale_id !== null) {
    const invoice = await invoiceOfSale(tx, issuer, document.sale_id, { replacing: documentId });
    const comprobante = invoice.build(document.serie, String(document.folio));
    // A substitute keeps naming the invoice it replaces.
    if (document.related_id !== null) comprobante.relacionados = { tipoRelacion: '04', uuids: [] };
    await tx.execute(
      sql`UPDATE cfdi_documents SET comprobante = ${JSON.stringify(comprobante)}::jsonb, total = ${comprobanteTotals(comprobante.conceptos).total}
        WHERE id = ${documentId}`,
    );
    return;
  }
  await tx.execute(
    sql`UPDATE cfdi_documents SET comprobante = jsonb_set(comprobante, '{fecha}', to_jsonb(${cfdiNow()}::text)) WHERE id = ${documentId}`,
  );
}

/**
 * The credit note (Egreso, related 01) of a return on an invoiced sale: the lines that came
 * back, at the sale's prices, related to its invoice, or to the public and the global invoice its
 * sale went into. Nothing when the sale is in neither (its invoice, when it is made, covers only
 * what was kept).
 */
export async function requestCreditNote(tx: Db, issuer: IssuerContext, returnId: number, userId: number): Promise<NewDocument | null> {
  const [ret] = await rows<{ sale_id: number; company_id: number; total: number }>(
    tx,
    sql`SELECT r.sale_id, s.company_id, r.total::float8 AS total FROM sale_returns r JOIN sales s ON s.id = r.sale_id WHERE r.id = ${returnId}`,
  );
  if (!ret) return null;
  // Related to the sale's own invoice, or to the global invoice its sale went into (then to the public).
  const invoice = (await liveInvoiceOf(tx, ret.sale_id)) ?? (await liveGlobalOf(tx, ret.sale_id));
  if (!invoice) return null;
  const inGlobal = !('metodo' in invoice);
  const lines = await rows<LineForInvoice>(
    tx,
    sql`SELECT ri.item_id, i.name, u.name AS unit, i.clave_prod_serv, i.clave_unidad, si.objeto_imp,
        si.iva_rate::float8 AS iva_rate, si.ieps_rate::float8 AS ieps_rate, ri.price::float8 AS price, ri.quantity::float8 AS quantity
      FROM sale_return_items ri JOIN sale_returns r ON r.id = ri.return_id JOIN items i ON i.id = ri.item_id JOIN units u ON u.id = i.unit_id
        JOIN LATERAL (SELECT l.objeto_imp, l.iva_rate, l.ieps_rate FROM sale_items l WHERE l.sale_id = r.sale_id AND l.item_id = ri.item_id
          ORDER BY l.id LIMIT 1) si ON true
      WHERE ri.return_id = ${returnId} ORDER BY ri.id`,
  );
  if (lines.length === 0) return null;
  const customer = await customerFiscal(tx, ret.company_id);
  const receptor = inGlobal
    ? publicoEnGeneral(issuer)
    : { ...receptorOf(customer, issuer), ...(customer.rfc?.toUpperCase() !== PUBLICO_EN_GENERAL && { usoCfdi: 'G02' }) };
  const fecha = cfdiNow();
  const paidForm = (await formaPagoOfSale(tx, ret.sale_id)) ?? '99';
  return insertDocument(tx, 'nota_credito', {
    saleId: ret.sale_id,
    returnId,
    companyId: ret.company_id,
    relatedId: invoice.id,
    userId,
    build: (serie, folio) => ({
      tipoDeComprobante: 'E',
      serie,
      folio,
      fecha,
      formaPago: paidForm === '99' ? '15' : paidForm,
      metodoPago: 'PUE',
      moneda: 'MXN',
      lugarExpedicion: issuer.lugarExpedicion,
      // The invoice's UUID is filled when the note is sealed (the invoice may still be on its way).
      relacionados: { tipoRelacion: '01', uuids: [] },
      emisor: issuer.emisor,
      receptor,
      conceptos: lines.map(conceptOf),
    }),
  });
}

/**
 * A payment receipt `p` that still counts: neither cancelled nor on its way to be (a cancelled
 * payment's receipt is asked to cancel at once, and the next payment must not count it as paid
 * while the PAC and the SAT settle it).
 */
const LIVE_P = sql`p.status <> 'cancelado' AND p.cancel_motive IS NULL`;

interface Application {
  collection_id: number;
  sale_id: number;
  amount: number;
}

/**
 * The payment receipts (Pagos 2.0) a payment owes: one per payment, for the applications of it to
 * sales whose live invoice is PPD and that no receipt covers yet. Each line states the part
 * number, the balance before, what was paid and what is left, with the invoice's taxes prorated.
 */
export async function requestPaymentReceipts(tx: Db, issuer: IssuerContext, collectionId: number, userId: number): Promise<NewDocument[]> {
  const applications = await rows<Application>(
    tx,
    sql`SELECT d.collection_id, d.sale_id, sum(d.amount)::float8 AS amount FROM collection_details d
      JOIN collections k ON k.id = d.collection_id
      WHERE d.collection_id = ${collectionId} AND k.canceled_at IS NULL GROUP BY d.collection_id, d.sale_id ORDER BY d.sale_id`,
  );
  const made = await receiptFor(tx, issuer, collectionId, applications, userId);
  return made ? [made] : [];
}

async function requestPaymentReceiptsForSale(tx: Db, issuer: IssuerContext, saleId: number, userId: number): Promise<void> {
  const applications = await rows<Application>(
    tx,
    sql`SELECT d.collection_id, d.sale_id, sum(d.amount)::float8 AS amount FROM collection_details d
      JOIN collections k ON k.id = d.collection_id
      WHERE d.sale_id = ${saleId} AND k.canceled_at IS NULL GROUP BY d.collection_id, d.sale_id ORDER BY d.collection_id`,
  );
  for (const application of applications) await receiptFor(tx, issuer, application.collection_id, [application], userId);
}

async function receiptFor(
  tx: Db,
  issuer: IssuerContext,
  collectionId: number,
  applications: Application[],
  userId: number,
): Promise<NewDocument | null> {
  const documentos: (PagoDocumento & { invoiceId: number; saleId: number })[] = [];
  for (const application of applications) {
    const invoice = await liveInvoiceOf(tx, application.sale_id);
    if (!invoice || invoice.metodo !== 'PPD') continue;
    const [covered] = await rows<{ n: number }>(
      tx,
      sql`SELECT count(*)::int AS n FROM cfdi_payment_lines l JOIN cfdi_documents p ON p.id = l.document_id
        WHERE l.invoice_id = ${invoice.id} AND p.collection_id = ${collectionId} AND ${LIVE_P}`,
    );
    if ((covered?.n ?? 0) > 0) continue;
    const [before] = await rows<{ parts: number; paid: number; credited: number; total: number; comprobante: CfdiComprobante }>(
      tx,
      sql`SELECT
          (SELECT count(*)::int FROM cfdi_payment_lines l JOIN cfdi_documents p ON p.id = l.document_id
            WHERE l.invoice_id = ${invoice.id} AND ${LIVE_P}) AS parts,
          (SELECT coalesce(sum(l.pagado), 0)::float8 FROM cfdi_payment_lines l JOIN cfdi_documents p ON p.id = l.document_id
            WHERE l.invoice_id = ${invoice.id} AND ${LIVE_P}) AS paid,
          (SELECT coalesce(sum(n.total), 0)::float8 FROM cfdi_documents n
            WHERE n.kind = 'nota_credito' AND n.related_id = ${invoice.id} AND n.status <> 'cancelado' AND n.cancel_motive IS NULL) AS credited,
          d.total::float8 AS total, d.comprobante
        FROM cfdi_documents d WHERE d.id = ${invoice.id}`,
    );
    if (!before) continue;
    const saldoAnterior = roundCents(before.total - before.paid - before.credited);
    const pagado = roundCents(Math.min(application.amount, saldoAnterior));
    if (pagado <= 0) continue;
    const invoiceTotals = comprobanteTotals(before.comprobante.conceptos);
    const traslados = prorateTaxes(invoiceTotals.traslados, invoiceTotals.total, pagado);
    documentos.push({
      invoiceId: invoice.id,
      saleId: application.sale_id,
      idDocumento: invoice.uuid ?? '',
      serie: invoice.serie,
      folio: String(invoice.folio),
      numParcialidad: before.parts + 1,
      impSaldoAnt: saldoAnterior,
      impPagado: pagado,
      impSaldoInsoluto: roundCents(saldoAnterior - pagado),
      objetoImpDR: traslados.length > 0 ? '02' : '01',
      traslados,
    });
  }
  if (documentos.length === 0) return null;
  const [payment] = await rows<{ company_id: number; date: string; method: string | null; reference: string | null; created_at: string }>(
    tx,
    sql`SELECT k.company_id, k.date, m.name AS method, k.reference, k.created_at::text FROM collections k
      LEFT JOIN payment_methods m ON m.id = k.payment_method_id WHERE k.id = ${collectionId}`,
  );
  if (!payment) return null;
  const forma = formaPagoOf(payment.method);
  if (!forma) throw new HttpError(422, text.paymentFormUnknown(payment.method ?? ''));
  const customer = await customerFiscal(tx, payment.company_id);
  const receptor = { ...receptorOf(customer, issuer, 'CP01'), usoCfdi: 'CP01' };
  const fecha = cfdiNow();
  const monto = roundCents(documentos.reduce((sum, documento) => sum + documento.impPagado, 0));
  const document = await insertDocument(tx, 'pago', {
    collectionId,
    companyId: payment.company_id,
    userId,
    build: (serie, folio) => ({
      tipoDeComprobante: 'P',
      serie,
      folio,
      fecha,
      moneda: 'XXX',
      lugarExpedicion: issuer.lugarExpedicion,
      emisor: issuer.emisor,
      receptor,
      conceptos: [],
      pago: {
        fechaPago: `${payment.date}T12:00:00`,
        formaDePagoP: forma,
        monto,
        ...(payment.reference && { numOperacion: payment.reference }),
        documentos: documentos.map(({ invoiceId: _invoice, saleId: _sale, ...documento }) => documento),
      },
    }),
  });
  for (const documento of documentos)
    await tx.execute(
      sql`INSERT INTO cfdi_payment_lines (document_id, invoice_id, sale_id, parcialidad, saldo_anterior, pagado, saldo_insoluto)
        VALUES (${document.id}, ${documento.invoiceId}, ${documento.saleId}, ${documento.numParcialidad}, ${documento.impSaldoAnt},
          ${documento.impPagado}, ${documento.impSaldoInsoluto})`,
    );
  return document;
}

export interface GlobalPeriod {
  periodicidad: '01' | '02' | '03' | '04' | '05';
  from: string;
  to: string;
}

/** The longest span, in days after the first, of a daily, weekly and fortnightly period. */
const GLOBAL_SPAN_DAYS: Partial<Record<GlobalPeriod['periodicidad'], number>> = { '01': 0, '02': 6, '03': 15 };

/**
 * InformacionGlobal's Meses and Año for a period, or null when the period is not one its
 * periodicidad names: dates that exist, in order, inside one month (inside one bimester for 05,
 * whose Meses is the bimester's key, 13 Enero-Febrero … 18 Noviembre-Diciembre, as c_Meses and
 * Anexo 20 ask), no longer than a day, a week or a fortnight for 01, 02 and 03. A week that
 * crosses a month's end is two global invoices, one per month, so each sale is declared in its month.
 */
export function globalPeriodInformation(period: GlobalPeriod): { meses: string; anio: number } | null {
  const from = DateTime.fromISO(period.from, { zone: BUSINESS_TIME_ZONE });
  const to = DateTime.fromISO(period.to, { zone: BUSINESS_TIME_ZONE });
  if (!from.isValid || !to.isValid || to < from || from.year !== to.year) return null;
  const span = GLOBAL_SPAN_DAYS[period.periodicidad];
  if (span !== undefined && to.diff(from, 'days').days > span) return null;
  if (period.periodicidad === '05') {
    const bimester = Math.ceil(from.month / 2);
    if (Math.ceil(to.month / 2) !== bimester) return null;
    return { meses: String(12 + bimester), anio: from.year };
  }
  if (to.month !== from.month) return null;
  return { meses: String(from.month).padStart(2, '0'), anio: from.year };
}

/**
 * The global invoice (InformacionGlobal) of the period's counter sales: Serie A sales, paid, to
 * customers without an RFC of their own (or 'Público en general'), not invoiced on their own nor in
 * another global invoice. One line per sale and tax rate ('Venta', 01010101, ACT), as the SAT's
 * guide asks.
 */
export async function requestGlobalInvoice(tx: Db, issuer: IssuerContext, period: GlobalPeriod, userId: number): Promise<NewDocument> {
  const informacion = globalPeriodInformation(period);
  if (!informacion) throw new HttpError(422, text.globalPeriodInvalid);
  // One global invoice at a time: two offices issuing the same period would put a sale in both.
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('cfdi_global'))`);
  const sales = await rows<{ id: number }>(
    tx,
    sql`SELECT s.id FROM sales s JOIN companies c ON c.id = s.company_id
      WHERE s.kind = 'sale' AND s.type <> 'Serie B' AND s.canceled_at IS NULL AND s.deleted_at IS NULL
        AND s.date BETWEEN ${period.from} AND ${period.to} AND s.due_balance = 0 AND s.total > s.returned
        AND (c.rfc IS NULL OR btrim(c.rfc) = '' OR upper(c.rfc) = ${PUBLICO_EN_GENERAL})
        AND NOT EXISTS (SELECT 1 FROM cfdi_documents d WHERE d.kind = 'factura' AND d.sale_id = s.id AND d.status <> 'cancelado')
        AND NOT EXISTS (SELECT 1 FROM cfdi_global_sales g JOIN cfdi_documents d ON d.id = g.document_id
          WHERE g.sale_id = s.id AND d.status <> 'cancelado')
      ORDER BY s.id FOR UPDATE OF s`,
  );
  if (sales.length === 0) throw new HttpError(409, text.globalNothing);
  const conceptos: CfdiConcepto[] = [];
  for (const sale of sales) {
    const byRate = new Map<string, LineForInvoice[]>();
    for (const line of (await netLines(tx, sale.id)).filter((l) => l.quantity > 0)) {
      const key = `${line.objeto_imp}|${line.iva_rate}|${line.ieps_rate}`;
      byRate.set(key, [...(byRate.get(key) ?? []), line]);
    }
    for (const group of byRate.values()) {
      const importe = roundCents(group.reduce((sum, line) => sum + roundCents(line.quantity * line.price), 0));
      const first = group[0]!;
      conceptos.push({
        claveProdServ: '01010101',
        noIdentificacion: String(sale.id),
        cantidad: 1,
        claveUnidad: 'ACT',
        descripcion: 'Venta',
        valorUnitario: importe,
        importe,
        objetoImp: first.objeto_imp,
        traslados:
          first.objeto_imp === '02' ? conceptTaxes({ importe, objetoImp: '02', ivaRate: first.iva_rate, iepsRate: first.ieps_rate }) : [],
      });
    }
  }
  const saleIds = `{${sales.map((s) => s.id).join(',')}}`;
  const formas = await rows<{ method: string | null }>(
    tx,
    sql`SELECT m.name AS method FROM collection_details d JOIN collections k ON k.id = d.collection_id
      LEFT JOIN payment_methods m ON m.id = k.payment_method_id
      WHERE d.sale_id = ANY(${saleIds}::int[]) AND k.canceled_at IS NULL
      GROUP BY m.name ORDER BY sum(d.amount) DESC LIMIT 1`,
  );
  const fecha = cfdiNow();
  const document = await insertDocument(tx, 'global', {
    companyId: null,
    userId,
    build: (serie, folio) => ({
      tipoDeComprobante: 'I',
      serie,
      folio,
      fecha,
      formaPago: formaPagoOf(formas[0]?.method) ?? '01',
      metodoPago: 'PUE',
      moneda: 'MXN',
      lugarExpedicion: issuer.lugarExpedicion,
      informacionGlobal: { periodicidad: period.periodicidad, ...informacion },
      emisor: issuer.emisor,
      receptor: publicoEnGeneral(issuer),
      conceptos,
    }),
  });
  await tx.execute(sql`INSERT INTO cfdi_global_sales (document_id, sale_id) SELECT ${document.id}, unnest(${saleIds}::int[])`);
  return document;
}

/**
 * Asks the PAC to cancel a stamped document with the SAT's motive. Motive 01 (errors, with
 * relation) first issues the invoice that replaces it; the cancellation goes once that one is
 * stamped, naming it. A document not stamped yet is cancelled as soon as it is.
 */
export async function requestCancel(
  tx: Db,
  issuer: IssuerContext,
  documentId: number,
  motive: '01' | '02' | '03' | '04',
  userId: number,
): Promise<{ substitute: NewDocument | null }> {
  const [document] = await rows<{ id: number; kind: CfdiKind; status: string; sale_id: number | null; cancel_motive: string | null }>(
    tx,
    sql`SELECT id, kind, status, sale_id, cancel_motive FROM cfdi_documents WHERE id = ${documentId} FOR UPDATE`,
  );
  if (!document) throw new HttpError(404, text.documentNotFound);
  if (document.status === 'cancelando' || document.cancel_motive) throw new HttpError(409, text.alreadyCanceling);
  if (document.status !== 'timbrado') throw new HttpError(409, text.cancelOnlyStamped);
  let substitute: NewDocument | null = null;
  if (motive === '01') {
    if (document.kind !== 'factura' || document.sale_id === null) throw new HttpError(409, text.cancelMotive01Invoice);
    // The receipts of payments to the replaced invoice name its UUID: they are cancelled (02, before
    // the invoice: the SAT's order), and each payment's receipt is issued again, naming the substitute.
    const receipts = await rows<{ id: number; collection_id: number }>(
      tx,
      sql`SELECT DISTINCT p.id, p.collection_id FROM cfdi_payment_lines l JOIN cfdi_documents p ON p.id = l.document_id
        WHERE l.invoice_id = ${document.id} AND p.status <> 'cancelado' AND p.cancel_motive IS NULL`,
    );
    for (const receipt of receipts)
      await tx.execute(
        sql`UPDATE cfdi_documents SET cancel_motive = '02', cancel_requested_at = now(), updated_at = now(), next_attempt_at = now(),
            pending = CASE WHEN status = 'timbrado' THEN 'cancelar' ELSE pending END
          WHERE id = ${receipt.id}`,
      );
    substitute = await requestInvoice(tx, issuer, document.sale_id, userId, { replacing: { id: document.id } });
    // What else those payments paid is stated again in a receipt of its own.
    for (const collectionId of new Set(receipts.map((receipt) => receipt.collection_id)))
      await requestPaymentReceipts(tx, issuer, collectionId, userId);
  }
  await tx.execute(
    sql`UPDATE cfdi_documents SET cancel_motive = ${motive}, cancel_requested_at = now(), pending = 'cancelar',
        next_attempt_at = now(), last_error = NULL, updated_at = now()
      WHERE id = ${documentId}`,
  );
  return { substitute };
}

/**
 * A cancelled sale, return or payment takes its CFDI with it (motive 02: issued, no relation).
 * A document still on its way is cancelled once stamped; one the PAC refused is simply dropped.
 */
export async function cancelDocumentsOf(tx: Db, of: { saleId?: number; collectionId?: number }): Promise<number> {
  // A sale's documents are its invoice, its credit notes and the payment receipts that paid its
  // invoice (the SAT cancels an invoice only once the documents related to it are cancelled).
  const where =
    of.saleId !== undefined
      ? sql`(sale_id = ${of.saleId} OR id IN (SELECT document_id FROM cfdi_payment_lines WHERE sale_id = ${of.saleId}))`
      : sql`collection_id = ${of.collectionId}`;
  await tx.execute(
    sql`UPDATE cfdi_documents SET status = 'cancelado', pending = NULL, canceled_at = now(), updated_at = now()
      WHERE ${where} AND status = 'error'`,
  );
  const updated = await rows<{ id: number }>(
    tx,
    sql`UPDATE cfdi_documents SET cancel_motive = '02', cancel_requested_at = now(), updated_at = now(),
        pending = CASE WHEN status = 'timbrado' THEN 'cancelar' ELSE pending END, next_attempt_at = now()
      WHERE ${where} AND status IN ('pendiente', 'timbrado') AND cancel_motive IS NULL RETURNING id`,
  );
  return updated.length;
}
