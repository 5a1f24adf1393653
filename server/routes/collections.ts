import type { FastifyInstance } from 'fastify';
import { sql, type SQL } from 'drizzle-orm';
import { agingBoundaries, agingBucket, daysOverdue } from '../../domain/aging';
import { decimalToCents } from '../../domain/collections';
import { fromCents } from '../../domain/money';
import { queryMessages } from '../../domain/messages/api';
import { collectionsMessages } from '../../domain/messages/collections';
import {
  collectionCancelSchema,
  creditApplySchema,
  collectionInputSchema,
  type CustomerBalance,
  collectionListPageSchema,
  collectionListTotalsSchema,
  customerBalanceSchema,
  balancePageSchema,
  collectionAnswerSchema,
} from '../../domain/schemas/collections';
import { monterreyDate } from '../../domain/time';
import type { Db } from '../db/client';
import type { InvoicingHooks } from '../cfdi/hooks';
import { HttpError, parseInput } from '../http-errors';
import { currentUser, permission } from '../plugins/auth';
import { runMutation, type MutationResult } from '../plugins/idempotency';
import { applyCredit, cancelPayment, loadCollection, recordPayment } from '../repositories/collections';
import { iso, OPEN_SALE_SQL } from '../repositories/sales';
import { containsPattern, dateRange, idList, parseListQuery } from '../http/list-query';
import { idParamSchema } from '../http/params';
import { and, listAll, orderBy, page, rows } from '../db/sql-rows';
import { collectionDetailPageSchema, collectionListSchema } from '../../domain/schemas/reads';
import { asFilter, guardedRoutes, LIST_QUERY, type RouteTable } from '../http/route-table';

/**
 * Collections and overdue balances: record a payment and apply it to the
 * customer's sales, read it back as its receipt, cancel it; and who owes what since when, by
 * customer and by aging bucket. 'Today' is the server's Monterrey date.
 */

const text = collectionsMessages;

/** The payment as its receipt shows it, read inside the transaction that wrote it. */
async function answer(tx: Db, id: number, status: number): Promise<MutationResult> {
  return { status, body: { data: await loadCollection(tx, id) } };
}

/** An open sale of a customer: a sale, not cancelled or deleted, that still owes something. */

/**
 * Sums of balances by aging bucket as seen from `today`, over the alias `s` (domain/aging.ts
 * splits them; a boundary day belongs to the younger bucket). Numeric sums, sent as numbers.
 */
function bucketSums(today: string): SQL {
  const { overdue, over30, over60, over90 } = agingBoundaries(today);
  const sum = (condition: SQL) => sql`coalesce(sum(s.due_balance) FILTER (WHERE ${condition}), 0)`;
  return sql`${sum(sql`s.due_date IS NULL OR s.due_date >= ${overdue}`)} AS current,
    ${sum(sql`s.due_date < ${overdue} AND s.due_date >= ${over30}`)} AS days_0_30,
    ${sum(sql`s.due_date < ${over30} AND s.due_date >= ${over60}`)} AS days_31_60,
    ${sum(sql`s.due_date < ${over60} AND s.due_date >= ${over90}`)} AS days_61_90,
    ${sum(sql`s.due_date < ${over90}`)} AS days_over_90`;
}

const BUCKET_COLUMNS = ['current', 'days_0_30', 'days_31_60', 'days_61_90', 'days_over_90'] as const;
const BALANCE_SORTS: Record<string, string> = {
  company_name: 'company_name',
  credit_days: 'credit_days',
  count: 'count',
  total: 'total',
  oldest_due_date: 'oldest_due_date',
  ...Object.fromEntries(BUCKET_COLUMNS.map((column) => [column, column])),
};

/** The filters of the collections list and of its totals. */
const COLLECTION_FILTERS = ['date_between', 'company_id', 'user_id', 'company', 'payment_method_id', 'canceled'];

/** What each route of this file needs (its access rule) and takes and answers (its OpenAPI entry). */
export const COLLECTIONS_ROUTES = {
  'GET /api/v1/collection/all': {
    access: permission('collections'),
    summary: 'Cobranza',
    response: collectionListSchema,
  },
  'GET /api/v2/collections': {
    access: permission('collections'),
    summary: 'Cobranza (paginado; sin los cancelados salvo filter[canceled]=1; sort id|date|amount|company_name)',
    response: collectionListPageSchema,
    query: [...LIST_QUERY, ...COLLECTION_FILTERS.map(asFilter)],
  },
  'GET /api/v2/collection_details': {
    access: permission('collections'),
    summary: 'Detalle de cobranza',
    response: collectionDetailPageSchema,
  },
  'GET /api/v2/collection/totals': {
    access: permission('collections', 'reports'),
    summary: 'Totales de cobranza con los filtros de la lista, y por forma de pago',
    response: collectionListTotalsSchema,
    query: COLLECTION_FILTERS.map(asFilter),
  },
  /** One transaction that locks the customer's open sales; a retry under the same Idempotency-Key answers the same payment. */
  'POST /api/v2/collections': {
    access: permission('collections'),
    summary:
      "Registrar un cobro y aplicarlo: a las ventas más antiguas (apply 'oldest', por omisión) o por venta (lines); lo que sobra queda como saldo a favor",
    body: collectionInputSchema,
    response: collectionAnswerSchema,
  },
  /** The payment as its receipt shows it. */
  'GET /api/v2/collections/:id': {
    access: permission('collections'),
    summary: 'Un cobro con las ventas que pagó (su recibo)',
    response: collectionAnswerSchema,
  },
  /** Who records payments cancels them (from /collections); the balances of its sales come back. */
  'POST /api/v2/collections/:id/cancel': {
    access: permission('collections'),
    summary: 'Cancelar un cobro: los saldos de sus ventas se restauran',
    recordRule: 'Only the person who recorded the payment, on the day they recorded it, or a holder of cancelations (403).',
    body: collectionCancelSchema,
    response: collectionAnswerSchema,
    status: 200,
  },
  /** A customer's credit (docs/decisions/013) is spent as any payment is applied, from the oldest payment that left some. */
  'POST /api/v2/balances/:id/credit': {
    access: permission('collections'),
    summary: 'Aplicar el saldo a favor del cliente a sus ventas con saldo: las más antiguas primero, o por venta (lines)',
    body: creditApplySchema,
    response: customerBalanceSchema,
    status: 200,
  },
  'GET /api/v2/balances': {
    access: permission('balances', 'collections'),
    summary: 'Saldos vencidos por cliente con su antigüedad (paginado; meta.totals de todos los clientes)',
    response: balancePageSchema,
    query: [...LIST_QUERY, 'filter[company]', 'filter[company_id]', 'filter[user_id]'],
  },
  /** A customer's open sales: the payment form reads them, /balances expands a customer with them. */
  'GET /api/v2/balances/:id': {
    access: permission('balances', 'collections'),
    summary: 'Ventas con saldo de un cliente, la de vencimiento más antiguo primero, con días vencidos y antigüedad',
    response: customerBalanceSchema,
    query: ['filter[user_id]'],
  },
} satisfies RouteTable;

const guardedRoute = guardedRoutes(COLLECTIONS_ROUTES);

export function collectionRoutes(app: FastifyInstance, db: Db, invoicing: InvoicingHooks): void {
  guardedRoute(app, 'POST /api/v2/balances/:id/credit', async (request, reply) => {
    const { id } = parseInput(idParamSchema, request.params, 404);
    const body = parseInput(creditApplySchema, request.body ?? {});
    const user = currentUser(request);
    const answer = await runMutation(
      db,
      request,
      reply,
      async (tx) => {
        await applyCredit(tx, id, body.lines);
        await invoicing.creditApplied(tx, id, user.id);
        return { status: 200, body: await customerBalance(tx, id) };
      },
      { keyRequired: true },
    );
    invoicing.committed();
    return answer;
  });

  guardedRoute(app, 'POST /api/v2/collections', async (request, reply) => {
    const user = currentUser(request);
    const body = parseInput(collectionInputSchema, request.body);
    const answered = await runMutation(
      db,
      request,
      reply,
      async (tx) => {
        if (body.date > monterreyDate(new Date())) throw new HttpError(422, text.dateInFuture);
        const id = await recordPayment(tx, body, user.id);
        await invoicing.paymentRecorded(tx, id, user.id);
        return answer(tx, id, 201);
      },
      { keyRequired: true },
    );
    invoicing.committed();
    return answered;
  });

  guardedRoute(app, 'GET /api/v2/collections/:id', async (request) => {
    const { id } = parseInput(idParamSchema, request.params, 404);
    const collection = await loadCollection(db, id);
    if (!collection) throw new HttpError(404, text.notFound);
    return { data: collection };
  });

  guardedRoute(app, 'POST /api/v2/collections/:id/cancel', async (request, reply) => {
    const { id } = parseInput(idParamSchema, request.params, 404);
    const body = parseInput(collectionCancelSchema, request.body);
    const user = currentUser(request);
    const answered = await runMutation(
      db,
      request,
      reply,
      async (tx) => {
        await cancelPayment(tx, id, user, body.reason);
        await invoicing.paymentCanceled(tx, id);
        return answer(tx, id, 200);
      },
      { keyRequired: true },
    );
    invoicing.committed();
    return answered;
  });

  /** Per customer with something past due: its overdue sales, their total, the buckets, the oldest due date. */
  guardedRoute(
    app,
    'GET /api/v2/balances',
    async (request) => {
      const query = parseListQuery(request.query, { filters: ['company', 'company_id', 'user_id'], sorts: Object.keys(BALANCE_SORTS) });
      const today = monterreyDate(new Date());
      const conditions: SQL[] = [OPEN_SALE_SQL];
      if (query.filters.company) {
        const pattern = containsPattern(query.filters.company);
        conditions.push(sql`(c.name ILIKE ${pattern} OR c.razon_social ILIKE ${pattern})`);
      }
      const companies = idList(query.filters.company_id, 'company_id');
      if (companies) conditions.push(sql`s.company_id IN ${companies}`);
      const sellers = idList(query.filters.user_id, 'user_id');
      if (sellers) conditions.push(sql`s.user_id IN ${sellers}`);
      const overdue = sql`s.due_date < ${today}`;
      const grouped = sql`WITH grouped AS (
        SELECT c.id AS company_id, c.name AS company_name, c.credit_days,
          count(*) FILTER (WHERE ${overdue})::int AS count,
          coalesce(sum(s.due_balance) FILTER (WHERE ${overdue}), 0) AS total,
          ${bucketSums(today)},
          min(s.due_date) FILTER (WHERE ${overdue}) AS oldest_due_date
        FROM sales s JOIN companies c ON c.id = s.company_id
        WHERE ${and(conditions)}
        GROUP BY c.id
        HAVING count(*) FILTER (WHERE ${overdue}) > 0)`;
      const money = sql.join(
        ['total', ...BUCKET_COLUMNS].map((column) => sql.raw(`${column}::float8 AS ${column}`)),
        sql`, `,
      );
      const totals = sql.join(
        ['total', ...BUCKET_COLUMNS].map((column) => sql.raw(`coalesce(sum(${column}), 0)::float8 AS ${column}`)),
        sql`, `,
      );
      const [data, [summary]] = await Promise.all([
        rows(
          db,
          sql`${grouped} SELECT company_id, company_name, credit_days, count, ${money}, oldest_due_date,
            (SELECT coalesce(sum(k.unapplied), 0) FROM collections k WHERE k.company_id = grouped.company_id AND k.canceled_at IS NULL)::float8 AS credit FROM grouped
          ORDER BY ${orderBy(query, BALANCE_SORTS, 'total DESC, company_id')} LIMIT ${query.itemsPerPage} OFFSET ${query.offset}`,
        ),
        rows<{ customers: number; count: number }>(
          db,
          sql`${grouped} SELECT count(*)::int AS customers, coalesce(sum(count), 0)::int AS count, ${totals} FROM grouped`,
        ),
      ]);
      return { data, meta: { total: summary!.customers, today, totals: summary } };
    },
    { acceptsQuery: true },
  );

  /** One customer's open sales, oldest due first, each with its days overdue and bucket: the payment form and the drill-down. */
  guardedRoute(
    app,
    'GET /api/v2/balances/:id',
    async (request) => {
      const { id } = parseInput(idParamSchema, request.params, 404);
      const query = parseListQuery(request.query, { filters: ['user_id'], sorts: [] });
      const sellers = idList(query.filters.user_id, 'user_id');
      return customerBalance(db, id, sellers);
    },
    { acceptsQuery: true },
  );

  guardedRoute(
    app,
    'GET /api/v1/collection/all',
    listAll(
      db,
      sql`SELECT k.id, k.company_id, c.name AS company_name, k.user_id, k.date, k.amount::float8 AS amount, k.payment_method_id, k.reference FROM collections k JOIN companies c ON c.id = k.company_id WHERE k.canceled_at IS NULL ORDER BY k.date DESC, k.id DESC`,
    ),
  );
  // Collections: the list and its totals read the same rows, cancelled ones only with canceled=1.
  const COLLECTION_SORTS = { id: 'k.id', date: 'k.date', amount: 'k.amount', company_name: 'c.name' };
  const COLLECTION_FROM = sql`collections k JOIN companies c ON c.id = k.company_id JOIN users u ON u.id = k.user_id LEFT JOIN payment_methods m ON m.id = k.payment_method_id`;
  const collectionFilters = (filters: Partial<Record<string, string>>): SQL[] => {
    const conditions: SQL[] = [];
    const range = dateRange(filters.date_between);
    if (range) conditions.push(sql`k.date BETWEEN ${range[0]} AND ${range[1]}`);
    const companies = idList(filters.company_id, 'company_id');
    if (companies) conditions.push(sql`k.company_id IN ${companies}`);
    const users = idList(filters.user_id, 'user_id');
    if (users) conditions.push(sql`k.user_id IN ${users}`);
    const methods = idList(filters.payment_method_id, 'payment_method_id');
    if (methods) conditions.push(sql`k.payment_method_id IN ${methods}`);
    if (filters.company) {
      const pattern = containsPattern(filters.company);
      conditions.push(sql`(c.name ILIKE ${pattern} OR c.razon_social ILIKE ${pattern})`);
    }
    if (filters.canceled === undefined || filters.canceled === '' || filters.canceled === '0') conditions.push(sql`k.canceled_at IS NULL`);
    else if (filters.canceled === '1') conditions.push(sql`k.canceled_at IS NOT NULL`);
    else throw new HttpError(400, queryMessages.unknownFilter(`canceled=${filters.canceled.slice(0, 40)}`));
    return conditions;
  };
  guardedRoute(
    app,
    'GET /api/v2/collections',
    async (request) => {
      const query = parseListQuery(request.query, { filters: COLLECTION_FILTERS, sorts: Object.keys(COLLECTION_SORTS) });
      return page(
        db,
        sql`k.id, k.company_id, c.name AS company_name, k.user_id, u.name || ' ' || u.last AS user_name, k.date, k.amount::float8 AS amount,
        k.unapplied::float8 AS unapplied, k.payment_method_id, m.name AS payment_method, k.reference, k.note, ${iso(sql`k.created_at`)} AS created_at,
        ${iso(sql`k.canceled_at`)} AS canceled_at, k.cancel_reason,
        (SELECT cu.name || ' ' || cu.last FROM users cu WHERE cu.id = k.canceled_by_user_id) AS canceled_by_name, k.shipping_id`,
        COLLECTION_FROM,
        and(collectionFilters(query.filters)),
        orderBy(query, COLLECTION_SORTS, 'k.date DESC, k.id DESC'),
        query,
      );
    },
    { acceptsQuery: true },
  );
  guardedRoute(
    app,
    'GET /api/v2/collection_details',
    async (request) => {
      const query = parseListQuery(request.query, { filters: ['collection_id', 'sale_id'], sorts: ['id'] });
      const conditions: SQL[] = [];
      const collectionIds = idList(query.filters.collection_id, 'collection_id');
      if (collectionIds) conditions.push(sql`d.collection_id IN ${collectionIds}`);
      const saleIds = idList(query.filters.sale_id, 'sale_id');
      if (saleIds) conditions.push(sql`d.sale_id IN ${saleIds}`);
      return page(
        db,
        sql`d.id, d.collection_id, d.sale_id, d.amount::float8 AS amount`,
        // A cancelled payment's amounts went back to the sales: they are no longer money received.
        sql`collection_details d JOIN collections k ON k.id = d.collection_id AND k.canceled_at IS NULL`,
        and(conditions),
        sql`d.id DESC`,
        query,
      );
    },
    { acceptsQuery: true },
  );
  guardedRoute(
    app,
    'GET /api/v2/collection/totals',
    async (request) => {
      const query = parseListQuery(request.query, { filters: COLLECTION_FILTERS, sorts: [] });
      const where = and(collectionFilters(query.filters));
      const [[totals], byMethod] = await Promise.all([
        rows<{ count: number; total: number; unapplied: number }>(
          db,
          sql`SELECT count(*)::int AS count, coalesce(sum(k.amount), 0)::float8 AS total, coalesce(sum(k.unapplied), 0)::float8 AS unapplied
          FROM ${COLLECTION_FROM} WHERE ${where}`,
        ),
        rows(
          db,
          sql`SELECT k.payment_method_id, m.name, count(*)::int AS count, sum(k.amount)::float8 AS total
          FROM ${COLLECTION_FROM} WHERE ${where} GROUP BY k.payment_method_id, m.name ORDER BY total DESC, m.name`,
        ),
      ]);
      return { data: { ...totals!, by_payment_method: byMethod } };
    },
    { acceptsQuery: true },
  );
}

/** A customer's open sales, oldest due first, with their aging, totals and credit (GET /api/v2/balances/{id}). */
async function customerBalance(db: Db, id: number, sellers?: number[]): Promise<CustomerBalance> {
  const [company] = await rows<CustomerBalance['meta']['company']>(
    db,
    sql`SELECT id, name, razon_social, credit_days FROM companies WHERE id = ${id} AND deleted_at IS NULL`,
  );
  if (!company) throw new HttpError(404, text.companyNotFound);
  const today = monterreyDate(new Date());
  const [sales, [credit]] = await Promise.all([
    rows<{
      id: number;
      date: string;
      due_date: string | null;
      total: number;
      balance: string;
      payment_status: string;
      user_name: string;
    }>(
      db,
      sql`SELECT s.id, s.date, s.due_date, s.total::float8 AS total, s.due_balance::text AS balance, s.payment_status, u.name || ' ' || u.last AS user_name
      FROM sales s JOIN users u ON u.id = s.user_id
      WHERE s.company_id = ${id} AND ${OPEN_SALE_SQL} ${sellers ? sql`AND s.user_id IN ${sellers}` : sql``}
      ORDER BY s.due_date NULLS LAST, s.id`,
    ),
    rows<{ credit: string }>(
      db,
      sql`SELECT coalesce(sum(unapplied), 0)::text AS credit FROM collections WHERE company_id = ${id} AND canceled_at IS NULL`,
    ),
  ]);
  // Added up in cents from the database's own digits.
  const cents = { total: 0, overdue: 0, current: 0, days_0_30: 0, days_31_60: 0, days_61_90: 0, days_over_90: 0 };
  const data = sales.map(({ balance, ...sale }) => {
    const balanceCents = decimalToCents(balance);
    const bucket = sale.due_date ? agingBucket(sale.due_date, today) : 'current';
    cents.total += balanceCents;
    cents[bucket] += balanceCents;
    if (bucket !== 'current') cents.overdue += balanceCents;
    return {
      ...sale,
      due_balance: fromCents(balanceCents),
      days_overdue: sale.due_date ? daysOverdue(sale.due_date, today) : 0,
      bucket,
    };
  });
  const totals = Object.fromEntries(Object.entries(cents).map(([key, value]) => [key, fromCents(value)])) as Record<
    keyof typeof cents,
    number
  >;
  return {
    data,
    meta: { today, company, totals: { count: data.length, ...totals }, credit: fromCents(decimalToCents(credit!.credit)) },
  } satisfies CustomerBalance;
}
