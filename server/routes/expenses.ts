import type { FastifyInstance } from 'fastify';
import { and, eq, isNull, sql, type SQL } from 'drizzle-orm';
import { expensesMessages } from '../../domain/messages/expenses';
import { roundCents } from '../../domain/sales';
import { expenseInputSchema, expenseDeletedSchema, expensePageSchema, expenseRowSchema } from '../../domain/schemas/expenses';
import type { Db } from '../db/client';
import { expenses, expenseTypes, paymentMethods } from '../db/schema';
import { HttpError, parseInput } from '../http-errors';
import { currentUser, permission } from '../plugins/auth';
import { runMutation } from '../plugins/idempotency';
import { dateRange, idList, parseListQuery } from '../http/list-query';
import { idParamSchema } from '../http/params';
import { iso } from '../repositories/sales';
import { listAll, orderBy, page, rows } from '../db/sql-rows';
import { expenseListSchema, expenseSummarySchema } from '../../domain/schemas/reads';
import { guardedRoutes, LIST_QUERY, type RouteTable } from '../http/route-table';

const text = expensesMessages;

const EXPENSE_SELECT = sql`e.id, e.expense_type_id, t.name AS type, e.date, e.amount::float8 AS amount, e.description, e.payment_method_id, m.name AS payment_method,
  e.user_id, u.name || ' ' || u.last AS user_name, ${iso(sql`e.created_at`)} AS created_at`;
const EXPENSE_FROM = sql`expenses e JOIN expense_types t ON t.id = e.expense_type_id JOIN users u ON u.id = e.user_id LEFT JOIN payment_methods m ON m.id = e.payment_method_id`;
const EXPENSE_SORTS = { date: 'e.date', amount: 'e.amount', id: 'e.id' };

/** What each route of this file needs (its access rule) and takes and answers (its OpenAPI entry). */
export const EXPENSES_ROUTES = {
  'GET /api/v1/expense/all': {
    access: permission('expenses'),
    summary: 'Gastos',
    response: expenseListSchema,
  },
  /** Read by /expenses and, as expenses by type, by /costs. */
  'GET /api/v2/expenses-summary': {
    access: permission('expenses', 'reports', 'utilities'),
    summary: 'Gastos por tipo',
    response: expenseSummarySchema,
  },
  'GET /api/v2/expenses': {
    access: permission('expenses'),
    summary: 'Gastos (paginado, sin los eliminados); sort date|amount|id',
    response: expensePageSchema,
    query: [...LIST_QUERY, 'filter[date_between]', 'filter[expense_type_id]', 'filter[payment_method_id]'],
  },
  /** A retry under the same Idempotency-Key answers the first expense; no second row. */
  'POST /api/v2/expenses': {
    access: permission('expenses'),
    summary: 'Registrar gasto',
    body: expenseInputSchema,
    response: expenseRowSchema,
  },
  /** Soft delete: no read counts it any more (list, expenses-summary, indicators, utilities). */
  'DELETE /api/v2/expenses/:id': {
    access: permission('expenses'),
    summary: 'Eliminar gasto (deja de contar en listas y reportes)',
    response: expenseDeletedSchema,
  },
} satisfies RouteTable;

const guardedRoute = guardedRoutes(EXPENSES_ROUTES);

/**
 * Expenses (spec §2 /expenses, §6 'expenses'): the paged list, recording one (an
 * idempotent write) and deleting one. A deleted expense keeps its row (deleted_at) and no
 * read counts it any more: the list, expenses-summary, the indicators and utilities.
 */
export function expenseRoutes(app: FastifyInstance, db: Db): void {
  guardedRoute(
    app,
    'GET /api/v2/expenses',
    async (request) => {
      const query = parseListQuery(request.query, {
        filters: ['date_between', 'expense_type_id', 'payment_method_id'],
        sorts: Object.keys(EXPENSE_SORTS),
      });
      const conditions: SQL[] = [sql`e.deleted_at IS NULL`];
      const range = dateRange(query.filters.date_between);
      if (range) conditions.push(sql`e.date BETWEEN ${range[0]} AND ${range[1]}`);
      const types = idList(query.filters.expense_type_id, 'expense_type_id');
      if (types) conditions.push(sql`e.expense_type_id IN ${types}`);
      const methods = idList(query.filters.payment_method_id, 'payment_method_id');
      if (methods) conditions.push(sql`e.payment_method_id IN ${methods}`);
      return page(
        db,
        EXPENSE_SELECT,
        EXPENSE_FROM,
        sql.join(conditions, sql` AND `),
        orderBy(query, EXPENSE_SORTS, 'e.date DESC, e.id DESC'),
        query,
      );
    },
    { acceptsQuery: true },
  );

  guardedRoute(app, 'POST /api/v2/expenses', async (request, reply) => {
    const user = currentUser(request);
    const input = parseInput(expenseInputSchema, request.body);
    return runMutation(db, request, reply, async (tx) => {
      const [type] = await tx.select({ id: expenseTypes.id }).from(expenseTypes).where(eq(expenseTypes.id, input.expense_type_id));
      if (!type) throw new HttpError(422, text.typeNotFound);
      if (input.payment_method_id) {
        const [method] = await tx
          .select({ id: paymentMethods.id })
          .from(paymentMethods)
          .where(eq(paymentMethods.id, input.payment_method_id));
        if (!method) throw new HttpError(422, text.paymentMethodNotFound);
      }
      const [created] = await tx
        .insert(expenses)
        .values({
          expense_type_id: input.expense_type_id,
          user_id: user.id,
          date: input.date,
          // Already checked to have at most two decimals: this only drops float noise.
          amount: roundCents(input.amount),
          description: input.description,
          payment_method_id: input.payment_method_id ?? null,
        })
        .returning({ id: expenses.id });
      const [row] = await rows(tx, sql`SELECT ${EXPENSE_SELECT} FROM ${EXPENSE_FROM} WHERE e.id = ${created!.id}`);
      return { status: 201, body: row };
    });
  });

  guardedRoute(app, 'DELETE /api/v2/expenses/:id', async (request, reply) => {
    const { id } = parseInput(idParamSchema, request.params, 404);
    return runMutation(db, request, reply, async (tx) => {
      const deleted = await tx
        .update(expenses)
        .set({ deleted_at: new Date().toISOString() })
        .where(and(eq(expenses.id, id), isNull(expenses.deleted_at)))
        .returning({ id: expenses.id });
      if (deleted.length === 0) throw new HttpError(404, text.notFound);
      return { status: 200, body: { id } };
    });
  });

  guardedRoute(
    app,
    'GET /api/v1/expense/all',
    listAll(
      db,
      sql`SELECT e.id, e.expense_type_id, t.name AS type, e.user_id, e.date, e.amount::float8 AS amount, e.description FROM expenses e JOIN expense_types t ON t.id = e.expense_type_id WHERE e.deleted_at IS NULL ORDER BY e.date DESC, e.id DESC`,
    ),
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
}
