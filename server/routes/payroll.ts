import type { FastifyInstance } from 'fastify';
import { sql, type SQL } from 'drizzle-orm';
import { formatCalendarDate } from '../../domain/format';
import { payrollMessages } from '../../domain/messages/payroll';
import { payrollTotals } from '../../domain/payroll';
import { payrollInputSchema, type PayrollInput, payrollPageSchema, payrollRowSchema } from '../../domain/schemas/payroll';
import type { Db } from '../db/client';
import { HttpError, parseInput } from '../http-errors';
import { runMutation } from '../plugins/idempotency';
import { dateRange, idList, parseListQuery } from '../http/list-query';
import { idParamSchema } from '../http/params';
import { and, orderBy, page, rows } from '../db/sql-rows';
import { payrollTotalsSchema } from '../../domain/schemas/reads';
import { permission } from '../plugins/auth';
import { guardedRoutes, LIST_QUERY, type RouteTable } from '../http/route-table';

const text = payrollMessages;

const PAYROLL_SELECT = sql`p.id, p.user_id, u.name || ' ' || u.last AS employee, p.date, p.job_position, p.sub_job_position,
  p.daily_salary::float8 AS daily_salary, p.amount::float8 AS amount, p.extra_time::float8 AS extra_time,
  p.punctuality_award::float8 AS punctuality_award, p.performance_award::float8 AS performance_award,
  p.production_award::float8 AS production_award, p.holidays::float8 AS holidays, p.prima_vacacional::float8 AS prima_vacacional,
  p.benefits::float8 AS benefits, p.imss::float8 AS imss, p.infonavit::float8 AS infonavit, p.absence::float8 AS absence,
  p.loan::float8 AS loan, p.sum::float8 AS sum, p.rest::float8 AS rest, p.total::float8 AS total`;
const PAYROLL_FROM = sql`payrolls p JOIN users u ON u.id = p.user_id`;
const PAYROLL_SORTS = { date: 'p.date', employee: "u.name || ' ' || u.last", total: 'p.total' };

const readReceipt = async (tx: Db, id: number) =>
  (await rows(tx, sql`SELECT ${PAYROLL_SELECT} FROM ${PAYROLL_FROM} WHERE p.id = ${id}`))[0];

/**
 * The values stored for a receipt: what was typed, the positions the employee holds when
 * none was typed, and the totals computed here (never taken from the client). Deductions
 * above perceptions are refused: a receipt never asks the employee to pay.
 */
async function receiptValues(tx: Db, input: PayrollInput) {
  const [employee] = await rows<{ name: string; job_position: string | null; sub_job_position: string | null }>(
    tx,
    sql`SELECT u.name || ' ' || u.last AS name, j.name AS job_position, u.sub_job_position
        FROM users u LEFT JOIN job_positions j ON j.id = u.job_position_id WHERE u.id = ${input.user_id}`,
  );
  if (!employee) throw new HttpError(422, text.employeeNotFound);
  const totals = payrollTotals(input);
  if (totals.total < 0) throw new HttpError(422, text.deductionsOverPerceptions);
  const { user_id, date, daily_salary, job_position, sub_job_position, ...amounts } = input;
  return {
    employee: employee.name,
    values: {
      user_id,
      date,
      daily_salary,
      job_position: job_position || employee.job_position,
      sub_job_position: sub_job_position || employee.sub_job_position,
      ...amounts,
      ...totals,
    },
  };
}

const COLUMNS = [
  'user_id',
  'date',
  'daily_salary',
  'job_position',
  'sub_job_position',
  'amount',
  'extra_time',
  'punctuality_award',
  'performance_award',
  'production_award',
  'holidays',
  'prima_vacacional',
  'benefits',
  'imss',
  'infonavit',
  'absence',
  'loan',
  'sum',
  'rest',
  'total',
] as const;
type ReceiptValues = Awaited<ReturnType<typeof receiptValues>>['values'];
const columnList = sql.raw(COLUMNS.join(', '));
const valueList = (values: ReceiptValues) =>
  sql.join(
    COLUMNS.map((column) => sql`${values[column]}`),
    sql`, `,
  );

/** What each route of this file needs (its access rule) and takes and answers (its OpenAPI entry). */
export const PAYROLL_ROUTES = {
  'GET /api/v2/payroll/totals': {
    access: permission('pay_rolls'),
    summary: 'Totales de nómina',
    response: payrollTotalsSchema,
  },
  /** Payroll receipts: totals computed by the server, one per employee and pay date. */
  'GET /api/v2/payrolls': {
    access: permission('pay_rolls'),
    summary: 'Recibos de nómina (paginado); sort date|employee|total',
    response: payrollPageSchema,
    query: [...LIST_QUERY, 'filter[date_between]', 'filter[user_id]'],
  },
  'POST /api/v2/payrolls': {
    access: permission('pay_rolls'),
    summary: 'Registrar recibo de nómina (el servidor calcula percepciones, deducciones y total)',
    body: payrollInputSchema,
    response: payrollRowSchema,
  },
  'PUT /api/v2/payrolls/:id': {
    access: permission('pay_rolls'),
    summary: 'Editar recibo de nómina',
    body: payrollInputSchema,
    response: payrollRowSchema,
  },
} satisfies RouteTable;

const guardedRoute = guardedRoutes(PAYROLL_ROUTES);

/**
 * Payroll (spec §2 /payroll, §3 Payroll, §6 'pay_rolls'): the receipts paged by
 * period and employee, and creating or editing one as idempotent writes whose totals the
 * server computes. One receipt per employee and pay date (a unique index stands behind it).
 */
export function payrollRoutes(app: FastifyInstance, db: Db): void {
  guardedRoute(
    app,
    'GET /api/v2/payrolls',
    async (request) => {
      const query = parseListQuery(request.query, { filters: ['date_between', 'user_id'], sorts: Object.keys(PAYROLL_SORTS) });
      const conditions: SQL[] = [];
      const range = dateRange(query.filters.date_between);
      if (range) conditions.push(sql`p.date BETWEEN ${range[0]} AND ${range[1]}`);
      const users = idList(query.filters.user_id, 'user_id');
      if (users) conditions.push(sql`p.user_id IN ${users}`);
      return page(db, PAYROLL_SELECT, PAYROLL_FROM, and(conditions), orderBy(query, PAYROLL_SORTS, 'p.date DESC, employee, p.id'), query);
    },
    { acceptsQuery: true },
  );

  guardedRoute(app, 'POST /api/v2/payrolls', async (request, reply) => {
    const input = parseInput(payrollInputSchema, request.body);
    return runMutation(db, request, reply, async (tx) => {
      const { employee, values } = await receiptValues(tx, input);
      // A receipt for the same employee and day, even one written a moment ago by another office, is refused.
      const [created] = await rows<{ id: number }>(
        tx,
        sql`INSERT INTO payrolls (${columnList}) VALUES (${valueList(values)}) ON CONFLICT (user_id, date) DO NOTHING RETURNING id`,
      );
      if (!created) throw new HttpError(409, text.duplicate(employee, formatCalendarDate(input.date)));
      return { status: 201, body: await readReceipt(tx, created.id) };
    });
  });

  guardedRoute(app, 'PUT /api/v2/payrolls/:id', async (request, reply) => {
    const { id } = parseInput(idParamSchema, request.params, 404);
    const input = parseInput(payrollInputSchema, request.body);
    return runMutation(db, request, reply, async (tx) => {
      const [current] = await rows<{ id: number }>(tx, sql`SELECT id FROM payrolls WHERE id = ${id} FOR UPDATE`);
      if (!current) throw new HttpError(404, text.notFound);
      const { employee, values } = await receiptValues(tx, input);
      const [taken] = await rows<{ id: number }>(
        tx,
        sql`SELECT id FROM payrolls WHERE user_id = ${values.user_id} AND date = ${values.date} AND id <> ${id}`,
      );
      if (taken) throw new HttpError(409, text.duplicate(employee, formatCalendarDate(input.date)));
      const assignments = sql.join(
        COLUMNS.map((column) => sql`${sql.raw(column)} = ${values[column]}`),
        sql`, `,
      );
      await tx.execute(sql`UPDATE payrolls SET ${assignments} WHERE id = ${id}`);
      return { status: 200, body: await readReceipt(tx, id) };
    });
  });

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
}
