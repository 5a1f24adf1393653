import type { FastifyInstance } from 'fastify';
import { sql, type SQL } from 'drizzle-orm';
import type { Deployment } from '../../domain/deployment';
import { queryMessages } from '../../domain/messages/api';
import { salesMessages } from '../../domain/messages/sales';
import { SALE_SERIES } from '../../domain/sales';
import { newSaleSchema, createdSaleSchema, saleEditSchema } from '../../domain/schemas/new-sale';
import { monterreyDate } from '../../domain/time';
import type { Db } from '../db/client';
import type { InvoicingHooks } from '../cfdi/hooks';
import { HttpError, notFound, parseInput } from '../http-errors';
import { currentUser, permission } from '../plugins/auth';
import { fingerprint, runMutation } from '../plugins/idempotency';
import { offlineArrivalWarnings } from '../repositories/offline-arrival';
import { priceCart } from '../repositories/pricing';
import { insertSale, iso, loadSaleDetail, NET_SUBTOTAL_SQL, NET_TOTAL_SQL, ORDER_STATUS_SQL } from '../repositories/sales';
import { containsPattern, dateRange, idList, parseListQuery } from '../http/list-query';
import { idParamSchema } from '../http/params';
import { and, orderBy, page, rows } from '../db/sql-rows';
import { salePageSchema, saleTotalsSchema } from '../../domain/schemas/reads';
import { quotationCancelSchema as saleCancelSchema, saleDetailAnswerSchema } from '../../domain/schemas/quotations';
import { assertOwnBranch, cancelSale, editSale, loadSaleReturns, lockSale, recordSaleReturn } from '../repositories/sale-corrections';
import { assertNotPickedUp } from '../repositories/rentals';
import { saleReturnAnswerSchema, saleReturnInputSchema, saleReturnListSchema } from '../../domain/schemas/sale-returns';
import { asFilter, guardedRoutes, LIST_QUERY, type RouteTable } from '../http/route-table';

const SALE_SELECT = sql`s.id, s.kind, s.company_id, c.name AS company_name, c.razon_social, s.company_branch_id, b.name AS branch_name, s.user_id, u.name AS user_name, u.last AS user_last, u.email AS user_email,
  s.date, s.due_date, s.type, s.subtotal::float8 AS subtotal, s.iva::float8 AS iva, s.total::float8 AS total, s.returned::float8 AS returned, s.due_balance::float8 AS due_balance, s.payment_status,
  s.sale_weight::float8 AS sale_weight, s.sale_total_weight::float8 AS sale_total_weight, s.note, s.internal_note, s.purchase_order, s.bar,
  ${iso(sql`s.created_at`)} AS created_at, ${iso(sql`s.updated_at`)} AS updated_at, ${iso(sql`s.canceled_at`)} AS canceled_at, s.cancel_reason, s.quotation_id,
  coalesce(jsonb_array_length(s.offline_warnings) > 0, false) AS offline_warned,
  (SELECT made.id FROM sales made WHERE made.quotation_id = s.id AND made.deleted_at IS NULL) AS sale_id, ${ORDER_STATUS_SQL} AS order_status,
  (SELECT cu.name || ' ' || cu.last FROM users cu WHERE cu.id = s.canceled_by_user_id) AS canceled_by_name,
  (SELECT json_build_object('completed', d.completed, 'is_delivered', d.is_delivered) FROM shipping_details d JOIN shippings sh ON sh.id = d.shipping_id
    WHERE d.sale_id = s.id AND d.deleted_at IS NULL AND sh.deleted_at IS NULL ORDER BY sh.date DESC, d.id DESC LIMIT 1) AS delivery`;
const SALE_FROM = sql`sales s JOIN companies c ON c.id = s.company_id LEFT JOIN company_branches b ON b.id = s.company_branch_id JOIN users u ON u.id = s.user_id`;
const SALE_SORTS = {
  id: 's.id',
  date: 's.date',
  total: 's.total',
  due_balance: 's.due_balance',
  created_at: 's.created_at',
  company_name: 'c.name',
};
const ORDER_STATUSES = ['nuevo', 'en_produccion', 'surtido'];

/** The WHERE of the sales and quotations lists (and of their totals). Cancelled rows show only with canceled=1. */
function saleFilters(filters: Partial<Record<string, string>>): SQL[] {
  const conditions: SQL[] = [sql`s.deleted_at IS NULL`];
  const ids = idList(filters.id, 'id');
  if (ids) conditions.push(sql`s.id IN ${ids}`);
  const companies = idList(filters.company_id, 'company_id');
  if (companies) conditions.push(sql`s.company_id IN ${companies}`);
  const sellers = idList(filters.user_id, 'user_id');
  if (sellers) conditions.push(sql`s.user_id IN ${sellers}`);
  const range = dateRange(filters.date_between);
  if (range) conditions.push(sql`s.date BETWEEN ${range[0]} AND ${range[1]}`);
  if (filters.payment_status) conditions.push(sql`s.payment_status = ${filters.payment_status}`);
  if (filters.type) {
    if (!(SALE_SERIES as readonly string[]).includes(filters.type))
      throw new HttpError(400, queryMessages.unknownFilter(`type=${filters.type.slice(0, 40)}`));
    conditions.push(sql`s.type = ${filters.type}`);
  }
  if (filters.company) {
    const pattern = containsPattern(filters.company);
    conditions.push(sql`(c.name ILIKE ${pattern} OR c.razon_social ILIKE ${pattern})`);
  }
  if (filters.order_status) {
    if (!ORDER_STATUSES.includes(filters.order_status))
      throw new HttpError(400, queryMessages.unknownFilter(`order_status=${filters.order_status.slice(0, 40)}`));
    conditions.push(sql`${ORDER_STATUS_SQL} = ${filters.order_status}`);
  }
  if (filters.canceled === undefined || filters.canceled === '' || filters.canceled === '0') conditions.push(sql`s.canceled_at IS NULL`);
  else if (filters.canceled === '1') conditions.push(sql`s.canceled_at IS NOT NULL`);
  else throw new HttpError(400, queryMessages.unknownFilter(`canceled=${filters.canceled.slice(0, 40)}`));
  return conditions;
}

const SALE_LIST_FILTERS = ['id', 'company_id', 'user_id', 'date_between', 'payment_status', 'type', 'company', 'canceled'] as const;

/** What each route of this file needs (its access rule) and takes and answers (its OpenAPI entry). */
export const SALES_ROUTES = {
  /**
   * A new sale is an order to fill: the warehouse hears of it live (order.created). One made
   * without a connection (`offline`, from the device's outbox) is priced by the server all the
   * same; what changed since the device (total, stock, overdue balance) is answered and kept.
   */
  'POST /api/v2/sales': {
    access: permission('sales'),
    summary: 'Nueva venta (pedido por surtir; avisa order.created); con offline, la venta hecha sin conexión y sus avisos al llegar',
    body: newSaleSchema,
    response: createdSaleSchema,
  },
  /** Corrections (docs/decisions/013): while its order is not filled; priced again by the server; the tablets hear of it (order.changed). */
  'PUT /api/v2/sales/:id': {
    access: permission('sales'),
    summary: 'Editar una venta cuyo pedido no se ha surtido (partidas, fecha, sucursal, notas; precios del servidor; avisa order.changed)',
    recordRule: 'Only sales made by someone of the editor’s own branch (user 1, and people or sellers without a branch, are not limited).',
    body: saleEditSchema,
    response: saleDetailAnswerSchema,
  },
  /** Stock back as 'Devolución', off routes not yet delivered, payments applied to it become the customer's credit. */
  'POST /api/v2/sales/:id/cancel': {
    access: permission('cancelations'),
    summary:
      "Cancelar una venta con su motivo: el inventario surtido regresa ('Devolución'), sale de los envíos sin entregar, lo cobrado queda como saldo a favor",
    body: saleCancelSchema,
    response: saleDetailAnswerSchema,
    status: 200,
  },
  /** A credit note: some lines of a filled sale come back; its balance goes down; what was paid of them becomes credit. */
  'POST /api/v2/sales/:id/returns': {
    access: permission('cancelations'),
    summary:
      "Registrar la devolución de parte de una venta surtida (nota de crédito): inventario de vuelta ('Devolución'), saldo menor, lo pagado como saldo a favor",
    body: saleReturnInputSchema,
    response: saleReturnAnswerSchema,
  },
  'GET /api/v2/sales/:id/returns': {
    access: permission('sales', 'cancelations'),
    summary: 'Devoluciones (notas de crédito) de una venta',
    response: saleReturnListSchema,
  },
  /** /canceled lists cancelled quotations too. */
  'GET /api/v2/q': {
    access: permission('quotations', 'cancelations'),
    summary: 'Cotizaciones (paginado; sin las canceladas salvo filter[canceled]=1)',
    response: salePageSchema,
    query: [...LIST_QUERY, ...SALE_LIST_FILTERS.map(asFilter)],
  },
  /** Read by /sales, the calendar of scheduled sales, /pedidos and /canceled. */
  'GET /api/v2/sales': {
    access: permission('sales', 'scheduled_sales', 'pedidos', 'cancelations'),
    summary: 'Ventas (paginado; sin las canceladas salvo filter[canceled]=1)',
    response: salePageSchema,
    query: [...LIST_QUERY, ...SALE_LIST_FILTERS.map(asFilter), 'filter[order_status]'],
  },
  /** A sale's page and its quotation's print: internal notes, contacts and collections, so not for route staff alone. */
  'GET /api/v2/sales/:id': {
    access: permission('sales', 'quotations'),
    summary: 'Una cotización o venta completa: partidas, pedido, entregas y cobros',
    response: saleDetailAnswerSchema,
  },
  'GET /api/v2/company/sales': {
    access: permission('companies', 'sales'),
    summary: 'Ventas de una empresa (?id=)',
    response: salePageSchema,
  },
  'GET /api/v2/sale/totals': {
    access: permission('sales', 'reports', 'scheduled_sales', 'pedidos'),
    summary: 'Totales de ventas',
    response: saleTotalsSchema,
  },
} satisfies RouteTable;

const guardedRoute = guardedRoutes(SALES_ROUTES);

/** A new sale's body without how it travelled offline. */
function withoutOffline(body: unknown): unknown {
  if (!body || typeof body !== 'object' || !('offline' in body)) return body;
  const { offline: _offline, ...sale } = body as Record<string, unknown>;
  return sale;
}

export function saleRoutes(app: FastifyInstance, db: Db, deployment: Deployment, invoicing: InvoicingHooks): void {
  guardedRoute(app, 'POST /api/v2/sales', async (request, reply) => {
    const user = currentUser(request);
    const body = parseInput(newSaleSchema, request.body);
    const create = async (tx: Db) => {
      // Prices are the server's: the list price, with the series rules of the deployment.
      const { company, lines, totals, weight } = await priceCart(tx, body, deployment.flags, monterreyDate(new Date()));
      // Made without a connection: what changed since the device priced it, for the office (never a refusal).
      const offline = body.offline && {
        ...body.offline,
        warnings: await offlineArrivalWarnings(tx, {
          user_id: user.id,
          company_id: company.id,
          date: body.date,
          lines,
          device_total: body.offline.device_total,
          server_total: totals.total,
          made_at: body.offline.made_at,
        }),
      };
      const id = await insertSale(tx, {
        company,
        company_branch_id: body.company_branch_id,
        contact_id: null,
        user_id: user.id,
        created_by_user_id: user.id,
        date: body.date,
        type: body.type,
        note: body.note,
        internal_note: body.internal_note,
        purchase_order: body.purchase_order,
        bar: body.bar,
        quotation_id: null,
        lines,
        totals,
        weight,
        offline,
      });
      await invoicing.saleCreated(tx, id, user.id);
      const created = { id, date: body.date, type: body.type, ...totals, items: lines };
      return { status: 201, body: offline ? { ...created, offline_warnings: offline.warnings } : created };
    };
    // The key stands for the sale without `offline`: a counter whose direct save lost its answer queues
    // the same sale under the same key with `offline` added, and must get that first answer, not a refusal.
    const answer = await runMutation(db, request, reply, create, { requestHash: fingerprint(request, withoutOffline(request.body)) });
    invoicing.committed();
    return answer;
  });

  guardedRoute(app, 'PUT /api/v2/sales/:id', async (request, reply) => {
    const { id } = parseInput(idParamSchema, request.params, 404);
    // How the sale arrived is not edited: `offline` is dropped unread.
    const body = parseInput(saleEditSchema, request.body);
    const user = currentUser(request);
    return runMutation(db, request, reply, async (tx) => {
      const sale = await lockSale(tx, id);
      await assertOwnBranch(tx, id, user.id);
      await invoicing.saleEditing(tx, id);
      // Re-priced from today's list; the series rule keeps the sale's creation day.
      await editSale(tx, sale, body, await priceCart(tx, body, deployment.flags, sale.created_on));
      return { status: 200, body: { data: await loadSaleDetail(tx, id) } };
    });
  });

  guardedRoute(app, 'POST /api/v2/sales/:id/cancel', async (request, reply) => {
    const { id } = parseInput(idParamSchema, request.params, 404);
    const body = parseInput(saleCancelSchema, request.body);
    const user = currentUser(request);
    const answer = await runMutation(db, request, reply, async (tx) => {
      const sale = await lockSale(tx, id);
      await assertOwnBranch(tx, id, user.id, salesMessages.corrections.otherBranchCancel);
      await assertNotPickedUp(tx, id);
      await cancelSale(tx, sale, body.reason, user.id);
      await invoicing.saleCanceled(tx, id);
      return { status: 200, body: { data: await loadSaleDetail(tx, id) } };
    });
    invoicing.committed();
    return answer;
  });

  guardedRoute(app, 'POST /api/v2/sales/:id/returns', async (request, reply) => {
    const { id } = parseInput(idParamSchema, request.params, 404);
    const body = parseInput(saleReturnInputSchema, request.body);
    const user = currentUser(request);
    const answer = await runMutation(db, request, reply, async (tx) => {
      const sale = await lockSale(tx, id);
      await assertOwnBranch(tx, id, user.id, salesMessages.corrections.otherBranchReturn);
      await assertNotPickedUp(tx, id);
      const returnId = await recordSaleReturn(tx, sale, body, user.id);
      await invoicing.returnRecorded(tx, returnId, user.id);
      const [saved] = await loadSaleReturns(tx, sql`r.id = ${returnId}`);
      return { status: 201, body: { data: saved } };
    });
    invoicing.committed();
    return answer;
  });

  guardedRoute(app, 'GET /api/v2/sales/:id/returns', async (request) => {
    const { id } = parseInput(idParamSchema, request.params, 404);
    return { data: await loadSaleReturns(db, sql`r.sale_id = ${id}`) };
  });

  // Quotations and sales are one table: the two lists differ only in which rows they show.
  const saleList = (key: 'GET /api/v2/q' | 'GET /api/v2/sales', only: SQL[], filters: readonly string[]) =>
    guardedRoute(
      app,
      key,
      async (request) => {
        const query = parseListQuery(request.query, { filters, sorts: Object.keys(SALE_SORTS) });
        return page(
          db,
          SALE_SELECT,
          SALE_FROM,
          and([...saleFilters(query.filters), ...only]),
          orderBy(query, SALE_SORTS, 's.id DESC'),
          query,
        );
      },
      { acceptsQuery: true },
    );
  saleList('GET /api/v2/q', [sql`s.kind = 'quotation'`], SALE_LIST_FILTERS);
  // /pedidos lists sales by where their order stands.
  saleList('GET /api/v2/sales', [sql`s.kind = 'sale'`], [...SALE_LIST_FILTERS, 'order_status']);
  guardedRoute(app, 'GET /api/v2/sales/:id', async (request) => {
    const { id } = parseInput(idParamSchema, request.params, 404);
    const sale = await loadSaleDetail(db, id);
    if (!sale) throw notFound();
    return { data: sale };
  });
  guardedRoute(
    app,
    'GET /api/v2/company/sales',
    async (request) => {
      const { id: rawId, ...rest } = request.query as Record<string, unknown>;
      const query = parseListQuery(rest, { filters: ['date_between'], sorts: Object.keys(SALE_SORTS) });
      const { id } = parseInput(idParamSchema, { id: rawId }, 400);
      return page(
        db,
        SALE_SELECT,
        SALE_FROM,
        and([...saleFilters(query.filters), sql`s.company_id = ${id}`, sql`s.kind = 'sale'`]),
        orderBy(query, SALE_SORTS, 's.date DESC'),
        query,
      );
    },
    { acceptsQuery: true },
  );
  guardedRoute(
    app,
    'GET /api/v2/sale/totals',
    async (request) => {
      // The same filters as the sales list, so the totals are those of the rows it shows.
      const query = parseListQuery(request.query, { filters: [...SALE_LIST_FILTERS, 'order_status'], sorts: [] });
      const [totals] = await rows(
        db,
        // Amounts net of credit notes (cancelled sales are listed, and summed, only on their own list).
        sql`SELECT count(*)::int AS count, coalesce(sum(${NET_SUBTOTAL_SQL}), 0)::float8 AS subtotal,
      coalesce(sum(${NET_TOTAL_SQL} - ${NET_SUBTOTAL_SQL}), 0)::float8 AS iva, coalesce(sum(${NET_TOTAL_SQL}), 0)::float8 AS total,
      coalesce(sum(s.due_balance), 0)::float8 AS due_balance, coalesce(sum(s.sale_weight), 0)::float8 AS weight
      FROM sales s JOIN companies c ON c.id = s.company_id WHERE ${and([...saleFilters(query.filters), sql`s.kind = 'sale'`])}`,
      );
      return { data: totals };
    },
    { acceptsQuery: true },
  );
}
