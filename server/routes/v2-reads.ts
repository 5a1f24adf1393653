import type { FastifyInstance } from 'fastify';
import { sql, type SQL } from 'drizzle-orm';
import { messages } from '../../domain/messages';
import { reportRangeError } from '../../domain/reports';
import { monterreyDate } from '../../domain/time';
import { SALE_SERIES } from '../../domain/sales';
import type { Db } from '../db/client';
import { HttpError, notFound, parseInput } from '../http-errors';
import { iso, LIVE_SALE_SQL, loadSaleDetail, OPEN_SALE_SQL, ORDER_STATUS_SQL } from '../repositories/sales';
import { guardedRoute } from '../route-access';
import { containsPattern, dateRange, idList, parseListQuery } from '../http/list-query';
import { idParamSchema } from '../http/params';
import { and, orderBy, page, rows } from '../db/sql-rows';

/**
 * The v2 reads of spec §7: paged lists answer `{ data, meta: { total } }` with the shared
 * query semantics; totals and reports answer `{ data }`. Dates are 'YYYY-MM-DD'.
 */


const SALE_SELECT = sql`s.id, s.kind, s.company_id, c.name AS company_name, c.razon_social, s.company_branch_id, b.name AS branch_name, s.user_id, u.name AS user_name, u.last AS user_last, u.email AS user_email,
  s.date, s.due_date, s.type, s.subtotal::float8 AS subtotal, s.iva::float8 AS iva, s.total::float8 AS total, s.due_balance::float8 AS due_balance, s.payment_status,
  s.sale_weight::float8 AS sale_weight, s.sale_total_weight::float8 AS sale_total_weight, s.note, s.internal_note, s.purchase_order, s.bar,
  ${iso(sql`s.created_at`)} AS created_at, ${iso(sql`s.updated_at`)} AS updated_at, ${iso(sql`s.canceled_at`)} AS canceled_at, s.cancel_reason, s.quotation_id,
  (SELECT made.id FROM sales made WHERE made.quotation_id = s.id AND made.deleted_at IS NULL) AS sale_id, ${ORDER_STATUS_SQL} AS order_status,
  (SELECT cu.name || ' ' || cu.last FROM users cu WHERE cu.id = s.canceled_by_user_id) AS canceled_by_name,
  (SELECT json_build_object('completed', d.completed, 'is_delivered', d.is_delivered) FROM shipping_details d JOIN shippings sh ON sh.id = d.shipping_id
    WHERE d.sale_id = s.id AND d.deleted_at IS NULL AND sh.deleted_at IS NULL ORDER BY sh.date DESC, d.id DESC LIMIT 1) AS delivery`;
const SALE_FROM = sql`sales s JOIN companies c ON c.id = s.company_id LEFT JOIN company_branches b ON b.id = s.company_branch_id JOIN users u ON u.id = s.user_id`;
const SALE_SORTS = { id: 's.id', date: 's.date', total: 's.total', due_balance: 's.due_balance', created_at: 's.created_at', company_name: 'c.name' };
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
    if (!(SALE_SERIES as readonly string[]).includes(filters.type)) throw new HttpError(400, messages.query.unknownFilter(`type=${filters.type.slice(0, 40)}`));
    conditions.push(sql`s.type = ${filters.type}`);
  }
  if (filters.company) {
    const pattern = containsPattern(filters.company);
    conditions.push(sql`(c.name ILIKE ${pattern} OR c.razon_social ILIKE ${pattern})`);
  }
  if (filters.order_status) {
    if (!ORDER_STATUSES.includes(filters.order_status))
      throw new HttpError(400, messages.query.unknownFilter(`order_status=${filters.order_status.slice(0, 40)}`));
    conditions.push(sql`${ORDER_STATUS_SQL} = ${filters.order_status}`);
  }
  if (filters.canceled === undefined || filters.canceled === '' || filters.canceled === '0') conditions.push(sql`s.canceled_at IS NULL`);
  else if (filters.canceled === '1') conditions.push(sql`s.canceled_at IS NOT NULL`);
  else throw new HttpError(400, messages.query.unknownFilter(`canceled=${filters.canceled.slice(0, 40)}`));
  return conditions;
}

const SALE_LIST_FILTERS = ['id', 'company_id', 'user_id', 'date_between', 'payment_status', 'type', 'company', 'canceled'] as const;

export function v2ReadRoutes(app: FastifyInstance, db: Db): void {
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
        sql`SELECT count(*)::int AS count, coalesce(sum(s.subtotal), 0)::float8 AS subtotal, coalesce(sum(s.iva), 0)::float8 AS iva,
      coalesce(sum(s.total), 0)::float8 AS total, coalesce(sum(s.due_balance), 0)::float8 AS due_balance, coalesce(sum(s.sale_weight), 0)::float8 AS weight
      FROM sales s JOIN companies c ON c.id = s.company_id WHERE ${and([...saleFilters(query.filters), sql`s.kind = 'sale'`])}`,
      );
      return { data: totals };
    },
    { acceptsQuery: true },
  );

  // Collections (issue 13): the list and its totals read the same rows, cancelled ones only with canceled=1.
  const COLLECTION_SORTS = { id: 'k.id', date: 'k.date', amount: 'k.amount', company_name: 'c.name' };
  const COLLECTION_FILTERS = ['date_between', 'company_id', 'user_id', 'company', 'payment_method_id', 'canceled'];
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
    else throw new HttpError(400, messages.query.unknownFilter(`canceled=${filters.canceled.slice(0, 40)}`));
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
        (SELECT cu.name || ' ' || cu.last FROM users cu WHERE cu.id = k.canceled_by_user_id) AS canceled_by_name`,
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

  guardedRoute(
    app,
    'GET /api/v2/expenses-summary',
    async (request) => {
      const query = parseListQuery(request.query, { filters: ['date_between'], sorts: [] });
      const range = dateRange(query.filters.date_between);
      return {
        data: await rows(
          db,
          sql`SELECT t.id AS expense_type_id, t.name, count(e.id)::int AS count, coalesce(sum(e.amount), 0)::float8 AS total
        FROM expense_types t LEFT JOIN expenses e ON e.expense_type_id = t.id AND e.deleted_at IS NULL ${range ? sql`AND e.date BETWEEN ${range[0]} AND ${range[1]}` : sql``}
        GROUP BY t.id ORDER BY total DESC, t.name`,
        ),
      };
    },
    { acceptsQuery: true },
  );

  guardedRoute(
    app,
    'GET /api/v2/payroll/totals',
    async (request) => {
      const query = parseListQuery(request.query, { filters: ['date_between'], sorts: [] });
      const range = dateRange(query.filters.date_between);
      const [totals] = await rows(
        db,
        sql`SELECT count(*)::int AS count, coalesce(sum(sum), 0)::float8 AS perceptions, coalesce(sum(rest), 0)::float8 AS deductions, coalesce(sum(total), 0)::float8 AS total
      FROM payrolls WHERE ${range ? sql`date BETWEEN ${range[0]} AND ${range[1]}` : sql`TRUE`}`,
      );
      return { data: totals };
    },
    { acceptsQuery: true },
  );

  // GET /api/v2/inventory_report (card and detail, with period, branch, item and paging) lives in inventory-moves.ts.

  guardedRoute(
    app,
    'GET /api/v2/inventories',
    async (request) => {
      const query = parseListQuery(request.query, { filters: ['item_id', 'type'], sorts: ['id', 'created_at'] });
      const conditions: SQL[] = [];
      const items = idList(query.filters.item_id, 'item_id');
      if (items) conditions.push(sql`m.item_id IN ${items}`);
      if (query.filters.type) conditions.push(sql`m.type = ${query.filters.type}`);
      return page(
        db,
        sql`m.id, m.item_id, i.name AS item_name, m.type, m.quantity::float8 AS quantity, m.created_by_user_id, m.created_at`,
        sql`inventory_movements m JOIN items i ON i.id = m.item_id`,
        and(conditions),
        orderBy(query, { id: 'm.id', created_at: 'm.created_at' }, 'm.id DESC'),
        query,
      );
    },
    { acceptsQuery: true },
  );

  guardedRoute(
    app,
    'GET /api/v2/productioms',
    async (request) => {
      const query = parseListQuery(request.query, { filters: ['status', 'sale_id'], sorts: ['id', 'created_at'] });
      const conditions: SQL[] = [];
      if (query.filters.status) conditions.push(sql`p.status = ${query.filters.status}`);
      const sales = idList(query.filters.sale_id, 'sale_id');
      if (sales) conditions.push(sql`p.sale_id IN ${sales}`);
      return page(
        db,
        sql`p.id, p.sale_id, p.status, p.created_by_user_id, p.created_at, p.finished_at, c.name AS company_name,
        (SELECT coalesce(json_agg(json_build_object('item_id', d.item_id, 'name', i.name, 'quantity', d.quantity::float8) ORDER BY d.id), '[]') FROM production_details d JOIN items i ON i.id = d.item_id WHERE d.production_id = p.id) AS items`,
        sql`productions p LEFT JOIN sales s ON s.id = p.sale_id LEFT JOIN companies c ON c.id = s.company_id`,
        and(conditions),
        orderBy(query, { id: 'p.id', created_at: 'p.created_at' }, 'p.id DESC'),
        query,
      );
    },
    { acceptsQuery: true },
  );

  /**
   * Huecos: per customer, what they bought each month of a year; empty months are the gaps.
   * Months that have not come yet (Monterrey) are null and are no gap.
   */
  guardedRoute(
    app,
    'GET /api/v2/huecos',
    async (request) => {
      const { year, ...rest } = request.query as Record<string, unknown>;
      parseListQuery(rest, { filters: [], sorts: [] });
      if (typeof year !== 'string' || !/^\d{4}$/.test(year)) throw new HttpError(400, messages.reports.invalidYear);
      const totals = await rows<{ company_id: number; name: string; month: number; total: number }>(
        db,
        sql`
      SELECT c.id AS company_id, c.name, extract(month FROM s.date::date)::int AS month, sum(s.total)::float8 AS total
      FROM companies c JOIN sales s ON s.company_id = c.id AND ${LIVE_SALE_SQL}
        AND s.date BETWEEN ${`${year}-01-01`} AND ${`${year}-12-31`}
      GROUP BY c.id, month ORDER BY c.name, c.id`,
      );
      const months = messages.reports.monthNames;
      const thisMonth = monterreyDate(new Date()).slice(0, 7);
      const started = months.map((_, index) => `${year}-${String(index + 1).padStart(2, '0')}` <= thisMonth);
      const byCompany = new Map<number, { company_id: number; name: string; months: Record<string, number | null>; huecos: number }>();
      for (const row of totals) {
        // A sale scheduled for a month that has not come yet is no purchase of that month yet.
        if (!started[row.month - 1]) continue;
        const entry = byCompany.get(row.company_id) ?? {
          company_id: row.company_id,
          name: row.name,
          months: Object.fromEntries(months.map((m, index) => [m, started[index] ? 0 : null])),
          huecos: 0,
        };
        entry.months[months[row.month - 1]!] = row.total;
        byCompany.set(row.company_id, entry);
      }
      const data = [...byCompany.values()].map((entry) => ({
        ...entry,
        huecos: Object.values(entry.months).filter((total) => total === 0).length,
      }));
      return { data, meta: { year: Number(year), months } };
    },
    { acceptsQuery: true },
  );

  guardedRoute(
    app,
    'GET /api/v2/item/pos',
    async (request) => {
      const query = parseListQuery(request.query, { filters: ['is_published', 'pos', 'name', 'ean13'], sorts: ['name', 'id', 'price'] });
      const conditions: SQL[] = [sql`i.deleted_at IS NULL`];
      if (query.filters.is_published !== undefined)
        conditions.push(sql`i.is_published = ${query.filters.is_published === '1' || query.filters.is_published === 'true'}`);
      if (query.filters.pos !== undefined) conditions.push(sql`i.pos = ${query.filters.pos === '1' || query.filters.pos === 'true'}`);
      if (query.filters.name) conditions.push(sql`i.name ILIKE ${containsPattern(query.filters.name)}`);
      if (query.filters.ean13) conditions.push(sql`i.ean13 = ${query.filters.ean13}`);
      return page(
        db,
        sql`i.id, i.name, i.macro, i.ean13, i.price::float8 AS price, i.weight::float8 AS weight, i.is_published, i.pos, json_build_object('id', un.id, 'name', un.name) AS unit`,
        sql`items i JOIN units un ON un.id = i.unit_id`,
        and(conditions),
        orderBy(query, { name: 'i.name', id: 'i.id', price: 'i.price' }, 'i.name ASC'),
        query,
      );
    },
    { acceptsQuery: true },
  );

  guardedRoute(app, 'GET /api/v2/funnels', async () => ({ data: await rows(db, sql`SELECT id, name FROM funnels ORDER BY name`) }));
  guardedRoute(
    app,
    'GET /api/v2/funnel_phases',
    async (request) => {
      const query = parseListQuery(request.query, { filters: ['funnel_id'], sorts: [] });
      const funnels = idList(query.filters.funnel_id, 'funnel_id');
      return {
        data: await rows(
          db,
          sql`SELECT id, funnel_id, name, position FROM funnel_phases WHERE ${funnels ? sql`funnel_id IN ${funnels}` : sql`TRUE`} ORDER BY funnel_id, position`,
        ),
      };
    },
    { acceptsQuery: true },
  );
  guardedRoute(
    app,
    'GET /api/v2/leads',
    async (request) => {
      const query = parseListQuery(request.query, {
        filters: ['funnel_id', 'funnel_phase_id', 'user_id'],
        sorts: ['id', 'created_at', 'name'],
      });
      const conditions: SQL[] = [];
      for (const field of ['funnel_id', 'funnel_phase_id', 'user_id'] as const) {
        const ids = idList(query.filters[field], field);
        if (ids) conditions.push(sql`l.${sql.raw(field)} IN ${ids}`);
      }
      return page(
        db,
        sql`l.id, l.name, l.company_name, l.phone, l.email, l.funnel_id, l.funnel_phase_id, p.name AS phase, l.origin_id, l.user_id, l.created_at`,
        sql`leads l LEFT JOIN funnel_phases p ON p.id = l.funnel_phase_id`,
        and(conditions),
        orderBy(query, { id: 'l.id', created_at: 'l.created_at', name: 'l.name' }, 'l.id DESC'),
        query,
      );
    },
    { acceptsQuery: true },
  );
  guardedRoute(app, 'GET /api/v2/raw_materials', async () => ({
    data: await rows(
      db,
      sql`SELECT i.id, i.name, un.name AS unit, i.cost::float8 AS cost FROM items i JOIN units un ON un.id = i.unit_id WHERE i.is_raw_material AND i.deleted_at IS NULL ORDER BY i.name`,
    ),
  }));
  guardedRoute(app, 'GET /api/v2/roles', async () => ({
    data: await rows(
      db,
      sql`SELECT r.id, r.name, coalesce(array_agg(p.name ORDER BY p.name) FILTER (WHERE p.name IS NOT NULL), '{}') AS permissions
      FROM roles r LEFT JOIN role_permissions rp ON rp.role_id = r.id LEFT JOIN permissions p ON p.id = rp.permission_id GROUP BY r.id ORDER BY r.name`,
    ),
  }));
  guardedRoute(app, 'GET /api/v2/permissions', async () => ({ data: await rows(db, sql`SELECT id, name FROM permissions ORDER BY name`) }));

  guardedRoute(
    app,
    'GET /api/v2/report/sum_total_indicators',
    async (request) => {
      const query = parseListQuery(request.query, { filters: ['date_between'], sorts: [] });
      const [from, to] = dateRange(query.filters.date_between, true)!;
      const problem = reportRangeError(from, to);
      if (problem) throw new HttpError(400, problem);
      // Cancelled sales and payments and deleted expenses do not count (issue 13).
      const [data] = await rows(
        db,
        sql`SELECT
      (SELECT coalesce(sum(total), 0)::float8 FROM sales WHERE kind = 'sale' AND canceled_at IS NULL AND deleted_at IS NULL AND date BETWEEN ${from} AND ${to}) AS sales_total,
      (SELECT count(*)::int FROM sales WHERE kind = 'sale' AND canceled_at IS NULL AND deleted_at IS NULL AND date BETWEEN ${from} AND ${to}) AS sales_count,
      (SELECT count(*)::int FROM sales WHERE kind = 'quotation' AND deleted_at IS NULL AND date BETWEEN ${from} AND ${to}) AS quotations_count,
      (SELECT coalesce(sum(amount), 0)::float8 FROM collections WHERE canceled_at IS NULL AND date BETWEEN ${from} AND ${to}) AS collections_total,
      (SELECT coalesce(sum(amount), 0)::float8 FROM expenses WHERE deleted_at IS NULL AND date BETWEEN ${from} AND ${to}) AS expenses_total,
      (SELECT coalesce(sum(total), 0)::float8 FROM purchase_orders WHERE deleted_at IS NULL AND created_at::date BETWEEN ${from}::date AND ${to}::date) AS purchases_total`,
      );
      return { data };
    },
    { acceptsQuery: true },
  );

  guardedRoute(
    app,
    'GET /api/v2/report/due_balance_report',
    async (request) => {
      parseListQuery(request.query, { filters: [], sorts: [] });
      return {
        data: await rows(
          db,
          sql`SELECT c.id AS company_id, c.name, c.credit_days, count(s.id)::int AS sales, sum(s.due_balance)::float8 AS due_balance,
        min(s.due_date) AS oldest_due_date
        FROM sales s JOIN companies c ON c.id = s.company_id
        WHERE ${OPEN_SALE_SQL}
        GROUP BY c.id ORDER BY due_balance DESC`,
        ),
      };
    },
    { acceptsQuery: true },
  );

  guardedRoute(
    app,
    'GET /api/v2/report/collection_total',
    async (request) => {
      const query = parseListQuery(request.query, { filters: ['date_between'], sorts: [] });
      const range = dateRange(query.filters.date_between);
      return {
        data: await rows(
          db,
          sql`SELECT k.user_id, u.name, u.last, count(*)::int AS count, sum(k.amount)::float8 AS total
        FROM collections k JOIN users u ON u.id = k.user_id WHERE k.canceled_at IS NULL AND ${range ? sql`k.date BETWEEN ${range[0]} AND ${range[1]}` : sql`TRUE`}
        GROUP BY k.user_id, u.name, u.last ORDER BY total DESC`,
        ),
      };
    },
    { acceptsQuery: true },
  );
}
