import type { FastifyInstance } from 'fastify';
import { sql, type SQL } from 'drizzle-orm';
import { formatCalendarDate } from '../../domain/format';
import { reportsMessages } from '../../domain/messages/reports';
import { monthLabel, periodsInRange, reportRangeError, seriesGroupFor, type SeriesGroup } from '../../domain/reports';
import { currentMonth } from '../../domain/office-list';
import { monterreyDate } from '../../domain/time';
import {
  SERIES_GROUPS,
  type ItemsReportRow,
  itemsReportPageSchema,
  salesSeriesSchema,
  utilitiesSchema,
} from '../../domain/schemas/reports';
import type { Db } from '../db/client';
import { HttpError } from '../http-errors';
import {
  LIVE_SALE_SQL,
  NET_LINE_QUANTITY_SQL,
  RETURNED_LINES_JOIN,
  NET_SUBTOTAL_SQL,
  NET_TOTAL_SQL,
  OPEN_SALE_SQL,
} from '../repositories/sales';
import { dateRange, parseListQuery } from '../http/list-query';
import { orderBy, rows } from '../db/sql-rows';
import { collectionBySellerSchema, dueBalanceReportSchema, huecosSchema, indicatorsSchema } from '../../domain/schemas/reads';
import { permission } from '../plugins/auth';
import { guardedRoutes, LIST_QUERY, type RouteTable } from '../http/route-table';

/**
 * The report reads: utilities by month, sales and collections by day or month,
 * and the items sold in a period. Every amount is summed in SQL numeric and rounded to the
 * cent there; float8 only carries the finished figure to JSON.
 *
 * The period is `filter[date_between]=from,to` ('YYYY-MM-DD', Monterrey calendar days, as
 * sales, collections and expenses store their dates); without one, the current month
 * (spec §9: the default range of totals).
 */

/** The sales that count in a report: real sales, not cancelled, not deleted, scheduled in the period. */
const countedSales = (from: string, to: string) => sql`${LIVE_SALE_SQL} AND s.date BETWEEN ${from} AND ${to}`;

function reportPeriod(value: string | undefined, group: SeriesGroup = 'month'): [string, string] {
  const [from, to] = dateRange(value) ?? currentMonth(new Date());
  const problem = reportRangeError(from, to, group);
  if (problem) throw new HttpError(400, problem);
  return [from, to];
}

/**
 * Every day or every month of the period, as a VALUES list: the rows a series always has. Not
 * generate_series: PostgreSQL guesses 1,000 rows for it, and the joins on that guess looked
 * costly enough to be JIT-compiled, which took longer than the query (bench/reports.mjs).
 */
function periodRows(from: string, to: string, group: SeriesGroup): SQL {
  const periods = periodsInRange(from, to, group).map((period) => sql`(${period})`);
  return sql`SELECT period FROM (VALUES ${sql.join(periods, sql`, `)}) AS p(period)`;
}

interface UtilityRow {
  month: string | null;
  sales: number;
  cost_of_goods: number;
  gross_profit: number;
  expenses: number;
  net_profit: number;
}

/** What each route of this file needs (its access rule) and takes and answers (its OpenAPI entry). */
export const REPORTS_ROUTES = {
  'GET /api/v2/huecos': {
    access: permission('huecos'),
    summary: 'Huecos por cliente y mes (?year=)',
    response: huecosSchema,
  },
  'GET /api/v2/report/sum_total_indicators': {
    access: permission('reports'),
    summary: 'Indicadores del periodo',
    response: indicatorsSchema,
  },
  'GET /api/v2/report/due_balance_report': {
    access: permission('reports', 'balances'),
    summary: 'Saldos por cliente',
    response: dueBalanceReportSchema,
  },
  'GET /api/v2/report/collection_total': {
    access: permission('reports', 'collections'),
    summary: 'Cobranza por vendedor',
    response: collectionBySellerSchema,
  },
  /** Read by /utilities and by /costs. */
  'GET /api/v2/report/utilities': {
    access: permission('utilities'),
    summary:
      'Utilidades por mes: ventas (subtotal), costo de lo vendido (costo actual de cada producto), gastos; y totales del periodo (mes actual si no se indica)',
    response: utilitiesSchema,
    query: ['filter[date_between]'],
  },
  'GET /api/v2/report/sales_by_day': {
    access: permission('reports'),
    summary: 'Ventas y cobranza por día o por mes (group=day|month; por día hasta 62 días si no se indica), con ceros',
    response: salesSeriesSchema,
    query: ['filter[date_between]', 'group'],
  },
  /** /items-report, and the costliest items on /costs. */
  'GET /api/v2/report/items': {
    access: permission('inventoryReport', 'utilities'),
    summary: 'Productos vendidos en el periodo (paginado; sort amount|quantity|sales_count|cost|name; meta con los totales)',
    response: itemsReportPageSchema,
    query: [...LIST_QUERY, 'filter[date_between]'],
  },
} satisfies RouteTable;

const guardedRoute = guardedRoutes(REPORTS_ROUTES);

export function reportRoutes(app: FastifyInstance, db: Db): void {
  guardedRoute(
    app,
    'GET /api/v2/report/utilities',
    async (request) => {
      const query = parseListQuery(request.query, { filters: ['date_between'], sorts: [] });
      const [from, to] = reportPeriod(query.filters.date_between);
      // Cost of goods is each line's quantity × the item's cost today: the items table keeps no
      // history of costs. Each month is rounded to the cent, and the totals add the rounded months.
      const result = await rows<UtilityRow>(
        db,
        sql`
      WITH months AS (${periodRows(from, to, 'month')}),
      sold AS (
        SELECT substr(s.date, 1, 7) AS month, sum(${NET_SUBTOTAL_SQL}) AS sales FROM sales s WHERE ${countedSales(from, to)} GROUP BY 1),
      costs AS (
        SELECT substr(s.date, 1, 7) AS month, round(sum(${NET_LINE_QUANTITY_SQL} * i.cost), 2) AS cost
        FROM sales s JOIN sale_items si ON si.sale_id = s.id ${RETURNED_LINES_JOIN} JOIN items i ON i.id = si.item_id
        WHERE ${countedSales(from, to)} GROUP BY 1),
      spent AS (
        SELECT substr(e.date, 1, 7) AS month, sum(e.amount) AS expenses FROM expenses e
        WHERE e.deleted_at IS NULL AND e.date BETWEEN ${from} AND ${to} GROUP BY 1),
      by_month AS (
        SELECT m.period AS month, coalesce(sold.sales, 0) AS sales, coalesce(costs.cost, 0) AS cost_of_goods, coalesce(spent.expenses, 0) AS expenses
        FROM months m LEFT JOIN sold ON sold.month = m.period LEFT JOIN costs ON costs.month = m.period LEFT JOIN spent ON spent.month = m.period)
      SELECT month, sales::float8 AS sales, cost_of_goods::float8 AS cost_of_goods, (sales - cost_of_goods)::float8 AS gross_profit,
        expenses::float8 AS expenses, (sales - cost_of_goods - expenses)::float8 AS net_profit FROM by_month
      UNION ALL
      SELECT NULL, coalesce(sum(sales), 0)::float8, coalesce(sum(cost_of_goods), 0)::float8, coalesce(sum(sales - cost_of_goods), 0)::float8,
        coalesce(sum(expenses), 0)::float8, coalesce(sum(sales - cost_of_goods - expenses), 0)::float8 FROM by_month
      ORDER BY month NULLS LAST`,
      );
      const { month: _total, ...totals } = result.at(-1)!;
      const data = result.slice(0, -1).map((row) => ({ ...row, month: row.month!, label: monthLabel(row.month!) }));
      return { data, meta: { from, to, totals } };
    },
    { acceptsQuery: true },
  );

  guardedRoute(
    app,
    'GET /api/v2/report/sales_by_day',
    async (request) => {
      const { group: rawGroup, ...rest } = request.query as Record<string, unknown>;
      const query = parseListQuery(rest, { filters: ['date_between'], sorts: [] });
      if (rawGroup !== undefined && !(SERIES_GROUPS as readonly unknown[]).includes(rawGroup))
        throw new HttpError(400, reportsMessages.invalidGroup);
      const range = dateRange(query.filters.date_between) ?? currentMonth(new Date());
      const group = (rawGroup as SeriesGroup | undefined) ?? seriesGroupFor(range[0], range[1]);
      const [from, to] = reportPeriod(`${range[0]},${range[1]}`, group);
      const length = group === 'day' ? 10 : 7;
      const data = await rows<{ period: string; sales_total: number; sales_count: number; collections_total: number }>(
        db,
        sql`
      WITH periods AS (${periodRows(from, to, group)}),
      sold AS (
        SELECT substr(s.date, 1, ${length}) AS period, sum(${NET_TOTAL_SQL}) AS total, count(*) AS count FROM sales s WHERE ${countedSales(from, to)} GROUP BY 1),
      collected AS (
        SELECT substr(k.date, 1, ${length}) AS period, sum(k.amount) AS total FROM collections k
        WHERE k.canceled_at IS NULL AND k.date BETWEEN ${from} AND ${to} GROUP BY 1)
      SELECT p.period, coalesce(sold.total, 0)::float8 AS sales_total, coalesce(sold.count, 0)::int AS sales_count,
        coalesce(collected.total, 0)::float8 AS collections_total
      FROM periods p LEFT JOIN sold ON sold.period = p.period LEFT JOIN collected ON collected.period = p.period
      ORDER BY p.period`,
      );
      return {
        data: data.map((row) => ({ ...row, label: group === 'day' ? formatCalendarDate(row.period) : monthLabel(row.period) })),
        meta: { from, to, group },
      };
    },
    { acceptsQuery: true },
  );

  const ITEM_SORTS = { amount: 'amount', quantity: 'quantity', sales_count: 'sales_count', cost: 'cost', name: 'name' };
  guardedRoute(
    app,
    'GET /api/v2/report/items',
    async (request) => {
      const query = parseListQuery(request.query, { filters: ['date_between'], sorts: Object.keys(ITEM_SORTS) });
      const [from, to] = reportPeriod(query.filters.date_between);
      const lines = sql`sale_items si JOIN sales s ON s.id = si.sale_id ${RETURNED_LINES_JOIN} JOIN items i ON i.id = si.item_id`;
      // A line's amount is its quantity × its price to the cent, as a sale's lines count it. A
      // sale has each item once (a cart refuses a repeated item), so its lines count its sales.
      // The period's totals come with the page (window sums over every item), in one scan.
      const found = await rows<ItemsReportRow & { total_items: number; total_amount: number; total_cost: number }>(
        db,
        sql`WITH per_item AS (
          SELECT i.id AS item_id, i.name, un.name AS unit, sum(${NET_LINE_QUANTITY_SQL}) AS quantity, sum(round(${NET_LINE_QUANTITY_SQL} * si.price, 2)) AS amount,
            count(*) AS sales_count, round(sum(${NET_LINE_QUANTITY_SQL} * i.cost), 2) AS cost
          FROM ${lines} JOIN units un ON un.id = i.unit_id WHERE ${countedSales(from, to)} GROUP BY i.id, i.name, un.name)
        SELECT item_id, name, unit, quantity::float8 AS quantity, amount::float8 AS amount, sales_count::int AS sales_count, cost::float8 AS cost,
          (count(*) OVER ())::int AS total_items, (sum(amount) OVER ())::float8 AS total_amount, (sum(cost) OVER ())::float8 AS total_cost
        FROM per_item ORDER BY ${orderBy(query, ITEM_SORTS, 'amount DESC, 1 DESC')} LIMIT ${query.itemsPerPage} OFFSET ${query.offset}`,
      );
      const data = found.map(({ total_items: _n, total_amount: _a, total_cost: _c, ...row }) => row);
      const first = found[0];
      // A page past the end has no rows to carry the totals: they are asked apart.
      const [totals] = first
        ? [{ total: first.total_items, amount: first.total_amount, cost: first.total_cost }]
        : await rows<{ total: number; amount: number; cost: number }>(
            db,
            sql`SELECT count(*)::int AS total, coalesce(sum(amount), 0)::float8 AS amount, coalesce(sum(cost), 0)::float8 AS cost
            FROM (SELECT sum(round(${NET_LINE_QUANTITY_SQL} * si.price, 2)) AS amount, round(sum(${NET_LINE_QUANTITY_SQL} * i.cost), 2) AS cost
              FROM ${lines} WHERE ${countedSales(from, to)} GROUP BY si.item_id) AS per_item`,
          );
      return { data, meta: totals! };
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
      if (typeof year !== 'string' || !/^\d{4}$/.test(year)) throw new HttpError(400, reportsMessages.invalidYear);
      const totals = await rows<{ company_id: number; name: string; month: number; total: number }>(
        db,
        sql`
      SELECT c.id AS company_id, c.name, extract(month FROM s.date::date)::int AS month, sum(${NET_TOTAL_SQL})::float8 AS total
      FROM companies c JOIN sales s ON s.company_id = c.id AND ${LIVE_SALE_SQL}
        AND s.date BETWEEN ${`${year}-01-01`} AND ${`${year}-12-31`}
      GROUP BY c.id, month ORDER BY c.name, c.id`,
      );
      const months = reportsMessages.monthNames;
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
    'GET /api/v2/report/sum_total_indicators',
    async (request) => {
      const query = parseListQuery(request.query, { filters: ['date_between'], sorts: [] });
      const [from, to] = dateRange(query.filters.date_between, true)!;
      const problem = reportRangeError(from, to);
      if (problem) throw new HttpError(400, problem);
      // Cancelled sales and payments and deleted expenses do not count.
      const [data] = await rows(
        db,
        sql`SELECT
      (SELECT coalesce(sum(${NET_TOTAL_SQL}), 0)::float8 FROM sales s WHERE ${countedSales(from, to)}) AS sales_total,
      (SELECT count(*)::int FROM sales s WHERE ${countedSales(from, to)}) AS sales_count,
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
