import type { FastifyInstance } from 'fastify';
import { and, eq, sql } from 'drizzle-orm';
import type { Deployment } from '../../domain/deployment';
import { quotationsMessages } from '../../domain/messages/quotations';
import {
  quotationCancelSchema,
  quotationInputSchema,
  quotationToSaleSchema,
  type QuotationInput,
  quotationWriteAnswerSchema,
} from '../../domain/schemas/quotations';
import type { SaleSeries } from '../../domain/sales';
import { monterreyDate } from '../../domain/time';
import type { Db } from '../db/client';
import type { InvoicingHooks } from '../cfdi/hooks';
import { contacts, saleItems, sales } from '../db/schema';
import { HttpError, parseInput } from '../http-errors';
import { currentUser, permission } from '../plugins/auth';
import { runMutation, type MutationResult } from '../plugins/idempotency';
import { priceCart, type PricedCart } from '../repositories/pricing';
import { insertSale, insertSaleLines, loadSaleDetail } from '../repositories/sales';
import { idParamSchema } from '../http/params';
import { listAll, rows } from '../db/sql-rows';
import { saleItemListSchema, saleListSchema } from '../../domain/schemas/reads';
import { guardedRoutes, type RouteTable } from '../http/route-table';

/**
 * Quotation writes: create, edit, cancel, and turn into a sale. A quotation is a
 * row of `sales` with kind 'quotation'; it is priced by the same rule as a new sale and, once
 * sold or cancelled, it is final. Every write answers the saved record in full.
 */

const text = quotationsMessages;

interface QuotationRow {
  id: number;
  kind: string;
  company_id: number;
  company_branch_id: number | null;
  contact_id: number | null;
  user_id: number;
  date: string;
  type: SaleSeries;
  subtotal: number;
  iva: number;
  total: number;
  sale_weight: number;
  note: string | null;
  internal_note: string | null;
  purchase_order: string | null;
  bar: boolean;
  canceled: boolean;
  created_on: string;
  credit_days: number;
  /** The sale made from it, deleted or not: the unique index on quotation_id counts them all. */
  sale_id: number | null;
}

/**
 * The quotation, locked until `tx` ends so concurrent edits, cancellations and sales of it
 * run one after another (on PostgreSQL; PGlite has one connection anyway). A sale or an
 * unknown id is a 404.
 */
async function lockQuotation(tx: Db, id: number): Promise<QuotationRow> {
  const [row] = await rows<QuotationRow>(
    tx,
    sql`SELECT s.id, s.kind, s.company_id, s.company_branch_id, s.contact_id, s.user_id, s.date, s.type,
      s.subtotal::float8 AS subtotal, s.iva::float8 AS iva, s.total::float8 AS total, s.sale_weight::float8 AS sale_weight,
      s.note, s.internal_note, s.purchase_order, s.bar, s.canceled_at IS NOT NULL AS canceled,
      to_char(s.created_at AT TIME ZONE 'America/Monterrey', 'YYYY-MM-DD') AS created_on, c.credit_days
    FROM sales s JOIN companies c ON c.id = s.company_id
    WHERE s.id = ${id} AND s.deleted_at IS NULL
    FOR UPDATE OF s`,
  );
  if (!row || row.kind !== 'quotation') throw new HttpError(404, text.notFound);
  // Asked in a statement of its own, after the lock: under READ COMMITTED it then sees a sale
  // that a concurrent call committed while this one waited (the locking statement would not).
  const [made] = await rows<{ id: number }>(tx, sql`SELECT id FROM sales WHERE quotation_id = ${id}`);
  return { ...row, sale_id: made?.id ?? null };
}

/** A quotation that is sold or cancelled is final: it can no longer be edited, cancelled or sold. */
function refuseIfFinal(quotation: QuotationRow, alreadyCanceledMessage: string): void {
  if (quotation.sale_id !== null) throw new HttpError(409, text.alreadySold(quotation.sale_id));
  if (quotation.canceled) throw new HttpError(409, alreadyCanceledMessage);
}

/** A validity that already ended would make a quotation nobody can honour. */
function checkValidity(body: QuotationInput, today: string): void {
  if (body.due_date < today) throw new HttpError(422, text.validityBeforeToday);
}

/** The contact the quotation is for must work at its company (checked once the company is known to exist). */
async function checkContact(tx: Db, body: QuotationInput): Promise<void> {
  if (body.contact_id === null) return;
  const [contact] = await tx
    .select({ id: contacts.id })
    .from(contacts)
    .where(and(eq(contacts.id, body.contact_id), eq(contacts.company_id, body.company_id)));
  if (!contact) throw new HttpError(422, text.contactNotFound);
}

/** What a quotation keeps of its input and its pricing: the same columns on create and on edit. */
function quotationColumns(body: QuotationInput, { company, totals, weight }: PricedCart) {
  return {
    company_id: company.id,
    company_branch_id: body.company_branch_id,
    contact_id: body.contact_id,
    date: body.date,
    due_date: body.due_date,
    type: body.type,
    subtotal: totals.subtotal,
    iva: totals.iva,
    total: totals.total,
    sale_total_weight: weight,
    sale_weight: weight,
    note: body.note,
    internal_note: body.internal_note,
    purchase_order: body.purchase_order,
  };
}

/** The record as GET /api/v2/sales/{id} shows it, read inside the transaction that saved it. */
async function answer(tx: Db, id: number, status: number): Promise<MutationResult> {
  return { status, body: { data: await loadSaleDetail(tx, id) } };
}

const SALE_COLUMNS = sql`s.id, s.kind, s.company_id, c.name AS company_name, s.company_branch_id, s.user_id, s.created_by_user_id, s.date, s.due_date, s.type,
  s.subtotal::float8 AS subtotal, s.iva::float8 AS iva, s.total::float8 AS total, s.due_balance::float8 AS due_balance, s.payment_status,
  s.sale_weight::float8 AS sale_weight, s.note, s.purchase_order, s.bar, s.canceled_at IS NOT NULL AS canceled`;

/** What each route of this file needs (its access rule) and takes and answers (its OpenAPI entry). */
export const QUOTATIONS_ROUTES = {
  'POST /api/v2/quotations': {
    access: permission('quotations'),
    summary: 'Nueva cotización (precios del servidor)',
    body: quotationInputSchema,
    response: quotationWriteAnswerSchema,
  },
  'PUT /api/v2/quotations/:id': {
    access: permission('quotations'),
    summary: 'Editar cotización (ni cancelada ni vendida)',
    body: quotationInputSchema,
    response: quotationWriteAnswerSchema,
  },
  'POST /api/v2/quotations/:id/cancel': {
    access: permission('quotations', 'cancelations'),
    summary: 'Cancelar cotización',
    body: quotationCancelSchema,
    response: quotationWriteAnswerSchema,
    status: 200,
  },
  /** The sale gets an order to fill and order.created, as a new sale does; a retry returns the same sale. */
  'POST /api/v2/quotations/:id/sale': {
    access: permission('quotations', 'sales'),
    summary: 'Convertir en venta (pedido por surtir; avisa order.created; repetir devuelve la misma venta)',
    body: quotationToSaleSchema,
    response: quotationWriteAnswerSchema,
  },
  'GET /api/v1/quotation/all': {
    access: permission('quotations', 'sales'),
    summary: 'Cotizaciones y ventas',
    response: saleListSchema,
  },
  'GET /api/v1/quotation/quotations': {
    access: permission('quotations'),
    summary: 'Cotizaciones',
    response: saleListSchema,
  },
  'GET /api/v1/quotation/cancellations': {
    access: permission('cancelations'),
    summary: 'Cancelaciones',
    response: saleListSchema,
  },
  'GET /api/v1/qi': {
    access: permission('quotations', 'sales'),
    summary: 'Partidas de cotizaciones y ventas',
    response: saleItemListSchema,
  },
} satisfies RouteTable;

const guardedRoute = guardedRoutes(QUOTATIONS_ROUTES);

export function quotationRoutes(app: FastifyInstance, db: Db, deployment: Deployment, invoicing: InvoicingHooks): void {
  guardedRoute(app, 'POST /api/v2/quotations', async (request, reply) => {
    const user = currentUser(request);
    const body = parseInput(quotationInputSchema, request.body);
    return runMutation(db, request, reply, async (tx) => {
      const today = monterreyDate(new Date());
      checkValidity(body, today);
      const priced = await priceCart(tx, body, deployment.flags, today);
      await checkContact(tx, body);
      const [created] = await tx
        .insert(sales)
        .values({
          ...quotationColumns(body, priced),
          kind: 'quotation',
          user_id: user.id,
          created_by_user_id: user.id,
          // Nothing is owed on a quotation: the balance starts when it becomes a sale.
          due_balance: 0,
          payment_status: 'Cotización',
        })
        .returning({ id: sales.id });
      await insertSaleLines(tx, created!.id, priced.lines);
      return answer(tx, created!.id, 201);
    });
  });

  guardedRoute(app, 'PUT /api/v2/quotations/:id', async (request, reply) => {
    const { id } = parseInput(idParamSchema, request.params, 404);
    const body = parseInput(quotationInputSchema, request.body);
    return runMutation(db, request, reply, async (tx) => {
      const quotation = await lockQuotation(tx, id);
      refuseIfFinal(quotation, text.isCanceled);
      checkValidity(body, monterreyDate(new Date()));
      // Re-priced from today's list prices; the series rule keeps the quotation's creation day.
      const priced = await priceCart(tx, body, deployment.flags, quotation.created_on);
      await checkContact(tx, body);
      await tx
        .update(sales)
        .set({ ...quotationColumns(body, priced), updated_at: new Date().toISOString() })
        .where(eq(sales.id, id));
      await tx.delete(saleItems).where(eq(saleItems.sale_id, id));
      await insertSaleLines(tx, id, priced.lines);
      return answer(tx, id, 200);
    });
  });

  guardedRoute(app, 'POST /api/v2/quotations/:id/cancel', async (request, reply) => {
    const { id } = parseInput(idParamSchema, request.params, 404);
    const body = parseInput(quotationCancelSchema, request.body);
    const user = currentUser(request);
    return runMutation(db, request, reply, async (tx) => {
      const quotation = await lockQuotation(tx, id);
      // A second cancel without the first's Idempotency-Key is a mistake worth saying so.
      refuseIfFinal(quotation, text.alreadyCanceled);
      const now = new Date().toISOString();
      await tx
        .update(sales)
        .set({ canceled_at: now, cancel_reason: body.reason, canceled_by_user_id: user.id, updated_at: now })
        .where(eq(sales.id, id));
      return answer(tx, id, 200);
    });
  });

  guardedRoute(app, 'POST /api/v2/quotations/:id/sale', async (request, reply) => {
    const { id } = parseInput(idParamSchema, request.params, 404);
    parseInput(quotationToSaleSchema, request.body ?? {});
    const user = currentUser(request);
    return runMutation(db, request, reply, async (tx) => {
      const quotation = await lockQuotation(tx, id);
      // Idempotent by nature, not only by key: a quotation becomes one sale (unique
      // sales.quotation_id), and asking again answers that sale without a second order.
      if (quotation.sale_id !== null) {
        const existing = await loadSaleDetail(tx, quotation.sale_id);
        if (!existing) throw new HttpError(409, text.alreadySold(quotation.sale_id));
        return { status: 200, body: { data: existing } };
      }
      if (quotation.canceled) throw new HttpError(409, text.isCanceled);
      const lines = await tx
        .select({
          item_id: saleItems.item_id,
          quantity: saleItems.quantity,
          price: saleItems.price,
          objeto_imp: saleItems.objeto_imp,
          iva_rate: saleItems.iva_rate,
          ieps_rate: saleItems.ieps_rate,
        })
        .from(saleItems)
        .where(eq(saleItems.sale_id, id))
        .orderBy(saleItems.id);
      const today = monterreyDate(new Date());
      const saleId = await insertSale(tx, {
        company: { id: quotation.company_id, credit_days: quotation.credit_days },
        company_branch_id: quotation.company_branch_id,
        contact_id: quotation.contact_id,
        // The sale counts for the seller who quoted it; who pressed the button is its creator.
        user_id: quotation.user_id,
        created_by_user_id: user.id,
        // An order cannot be filled in the past: a quotation scheduled for a day gone by is sold for today.
        date: quotation.date < today ? today : quotation.date,
        type: quotation.type,
        note: quotation.note,
        internal_note: quotation.internal_note,
        purchase_order: quotation.purchase_order,
        bar: quotation.bar,
        quotation_id: id,
        // Sold as quoted: the quoted prices, taxes and totals, not today's list or today's product.
        lines: lines.map((line) => ({
          item_id: line.item_id,
          quantity: Number(line.quantity),
          price: Number(line.price),
          objeto_imp: line.objeto_imp,
          iva_rate: line.iva_rate,
          ieps_rate: line.ieps_rate,
        })),
        totals: { subtotal: quotation.subtotal, iva: quotation.iva, total: quotation.total },
        weight: quotation.sale_weight,
      });
      await invoicing.saleCreated(tx, saleId, user.id);
      // The queue looks a moment later, once this transaction has committed (claim-loop.ts).
      invoicing.committed();
      // Lists and devices see the quotation's new state (its sale_id).
      await tx.update(sales).set({ updated_at: new Date().toISOString() }).where(eq(sales.id, id));
      return answer(tx, saleId, 201);
    });
  });

  guardedRoute(
    app,
    'GET /api/v1/quotation/all',
    listAll(
      db,
      sql`SELECT ${SALE_COLUMNS} FROM sales s JOIN companies c ON c.id = s.company_id WHERE s.deleted_at IS NULL ORDER BY s.id DESC`,
    ),
  );
  guardedRoute(
    app,
    'GET /api/v1/quotation/quotations',
    listAll(
      db,
      sql`SELECT ${SALE_COLUMNS} FROM sales s JOIN companies c ON c.id = s.company_id WHERE s.kind = 'quotation' AND s.deleted_at IS NULL ORDER BY s.id DESC`,
    ),
  );
  guardedRoute(
    app,
    'GET /api/v1/quotation/cancellations',
    listAll(
      db,
      sql`SELECT ${SALE_COLUMNS}, s.canceled_at FROM sales s JOIN companies c ON c.id = s.company_id WHERE s.canceled_at IS NOT NULL ORDER BY s.canceled_at DESC`,
    ),
  );
  guardedRoute(
    app,
    'GET /api/v1/qi',
    listAll(
      db,
      sql`SELECT si.id, si.sale_id, si.item_id, i.name AS item_name, u.name AS unit, si.quantity::float8 AS quantity, si.price::float8 AS price FROM sale_items si JOIN items i ON i.id = si.item_id JOIN units u ON u.id = i.unit_id ORDER BY si.sale_id DESC, si.id`,
    ),
  );
}
