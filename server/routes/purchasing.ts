import type { FastifyInstance } from 'fastify';
import { and, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import { messages } from '../../domain/messages';
import { reportRangeError } from '../../domain/reports';
import { roundCents } from '../../domain/sales';
import { providerPaymentInputSchema, salemanReportSchema, shoppingInputSchema, type ShoppingInput } from '../../domain/schemas/purchasing';
import type { Db } from '../db/client';
import { items, paymentMethods, providerPayments, providers, purchaseOrderItems, purchaseOrders } from '../db/schema';
import { HttpError, notFound, parseInput } from '../http-errors';
import { currentUser } from '../plugins/auth';
import { runMutation } from '../plugins/idempotency';
import { guardedRoute } from '../route-access';
import { LIVE_SALE_SQL } from '../repositories/sales';
import { dateRange, idList, parseListQuery } from './list-query';
import { idParamSchema } from './params';
import { orderBy, page, rows } from './sql-rows';

const text = messages.purchasing;

async function assertProvider(tx: Db, providerId: number): Promise<void> {
  const [row] = await tx
    .select({ id: providers.id })
    .from(providers)
    .where(and(eq(providers.id, providerId), isNull(providers.deleted_at)));
  if (!row) throw new HttpError(422, text.providerNotFound);
}

async function assertItems(tx: Db, itemIds: number[]): Promise<void> {
  const found = await tx
    .select({ id: items.id })
    .from(items)
    .where(and(inArray(items.id, itemIds), isNull(items.deleted_at)));
  if (new Set(found.map((row) => row.id)).size !== new Set(itemIds).size) throw new HttpError(422, text.itemNotFound);
}

async function loadShopping(tx: Db, id: number) {
  const [order] = await rows<Record<string, unknown>>(
    tx,
    sql`SELECT o.id, o.provider_id, p.name AS provider_name, o.total::float8 AS total, o.due_date, o.created_at, o.updated_at
    FROM purchase_orders o JOIN providers p ON p.id = o.provider_id WHERE o.id = ${id} AND o.deleted_at IS NULL`,
  );
  if (!order) return null;
  const lines = await rows(
    tx,
    sql`SELECT d.id, d.item_id, i.name AS item_name, d.quantity::float8 AS quantity, d.unit_cost::float8 AS unit_cost, d.total::float8 AS total
    FROM purchase_order_items d JOIN items i ON i.id = d.item_id WHERE d.purchase_order_id = ${id} ORDER BY d.id`,
  );
  return { ...order, items: lines };
}

function lineRows(orderId: number, input: ShoppingInput) {
  return input.items.map((line) => ({
    purchase_order_id: orderId,
    item_id: line.item_id,
    quantity: line.quantity,
    unit_cost: line.unit_cost,
    total: roundCents(line.quantity * line.unit_cost),
  }));
}

export function purchasingRoutes(app: FastifyInstance, db: Db): void {
  guardedRoute(
    app,
    'GET /api/v2/shoppings',
    async (request) => {
      const query = parseListQuery(request.query, {
        filters: ['provider_id', 'date_between'],
        sorts: ['id', 'created_at', 'total', 'due_date'],
      });
      const conditions: SQL[] = [sql`o.deleted_at IS NULL`];
      const providerIds = idList(query.filters.provider_id, 'provider_id');
      if (providerIds) conditions.push(sql`o.provider_id IN ${providerIds}`);
      const range = dateRange(query.filters.date_between);
      if (range) conditions.push(sql`o.created_at::date BETWEEN ${range[0]}::date AND ${range[1]}::date`);
      return page(
        db,
        sql`o.id, o.provider_id, p.name AS provider_name, o.total::float8 AS total, o.due_date, o.created_at`,
        sql`purchase_orders o JOIN providers p ON p.id = o.provider_id`,
        sql.join(conditions, sql` AND `),
        orderBy(query, { id: 'o.id', created_at: 'o.created_at', total: 'o.total', due_date: 'o.due_date' }, 'o.id DESC'),
        query,
      );
    },
    { acceptsQuery: true },
  );

  guardedRoute(app, 'POST /api/v2/shoppings', async (request, reply) => {
    const user = currentUser(request);
    const input = parseInput(shoppingInputSchema, request.body);
    return runMutation(db, request, reply, async (tx) => {
      await assertProvider(tx, input.provider_id);
      await assertItems(
        tx,
        input.items.map((line) => line.item_id),
      );
      const lines = lineRows(0, input);
      const [created] = await tx
        .insert(purchaseOrders)
        .values({
          provider_id: input.provider_id,
          due_date: input.due_date,
          total: roundCents(lines.reduce((sum, l) => sum + l.total, 0)),
          created_by_user_id: user.id,
        })
        .returning({ id: purchaseOrders.id });
      await tx.insert(purchaseOrderItems).values(lineRows(created!.id, input));
      return { status: 201, body: await loadShopping(tx, created!.id) };
    });
  });

  guardedRoute(app, 'PUT /api/v2/shoppings/:id', async (request, reply) => {
    const { id } = parseInput(idParamSchema, request.params, 404);
    const input = parseInput(shoppingInputSchema, request.body);
    return runMutation(db, request, reply, async (tx) => {
      if (!(await loadShopping(tx, id))) throw new HttpError(404, text.purchaseOrderNotFound);
      await assertProvider(tx, input.provider_id);
      await assertItems(
        tx,
        input.items.map((line) => line.item_id),
      );
      const lines = lineRows(id, input);
      await tx.delete(purchaseOrderItems).where(eq(purchaseOrderItems.purchase_order_id, id));
      await tx.insert(purchaseOrderItems).values(lines);
      await tx
        .update(purchaseOrders)
        .set({
          provider_id: input.provider_id,
          due_date: input.due_date,
          total: roundCents(lines.reduce((sum, l) => sum + l.total, 0)),
          updated_at: new Date().toISOString(),
        })
        .where(eq(purchaseOrders.id, id));
      return { status: 200, body: await loadShopping(tx, id) };
    });
  });

  guardedRoute(app, 'DELETE /api/v2/shoppings/:id', async (request, reply) => {
    const { id } = parseInput(idParamSchema, request.params, 404);
    return runMutation(db, request, reply, async (tx) => {
      const deleted = await tx
        .update(purchaseOrders)
        .set({ deleted_at: new Date().toISOString() })
        .where(and(eq(purchaseOrders.id, id), isNull(purchaseOrders.deleted_at)))
        .returning({ id: purchaseOrders.id });
      if (deleted.length === 0) throw notFound();
      return { status: 200, body: { id } };
    });
  });

  const PAYMENT_SELECT = sql`pp.id, pp.provider_id, p.name AS provider_name, pp.purchase_order_id, pp.date, pp.amount::float8 AS amount, pp.payment_method_id, m.name AS payment_method, pp.reference, pp.created_at`;
  const PAYMENT_FROM = sql`provider_payments pp JOIN providers p ON p.id = pp.provider_id LEFT JOIN payment_methods m ON m.id = pp.payment_method_id`;
  const loadPayment = async (tx: Db, id: number) =>
    (await rows(tx, sql`SELECT ${PAYMENT_SELECT} FROM ${PAYMENT_FROM} WHERE pp.id = ${id} AND pp.deleted_at IS NULL`))[0] ?? null;

  guardedRoute(
    app,
    'GET /api/v2/provider_payments',
    async (request) => {
      const query = parseListQuery(request.query, {
        filters: ['provider_id', 'date_between', 'purchase_order_id'],
        sorts: ['id', 'date', 'amount'],
      });
      const conditions: SQL[] = [sql`pp.deleted_at IS NULL`];
      const providerIds = idList(query.filters.provider_id, 'provider_id');
      if (providerIds) conditions.push(sql`pp.provider_id IN ${providerIds}`);
      const orderIds = idList(query.filters.purchase_order_id, 'purchase_order_id');
      if (orderIds) conditions.push(sql`pp.purchase_order_id IN ${orderIds}`);
      const range = dateRange(query.filters.date_between);
      if (range) conditions.push(sql`pp.date BETWEEN ${range[0]} AND ${range[1]}`);
      return page(
        db,
        PAYMENT_SELECT,
        PAYMENT_FROM,
        sql.join(conditions, sql` AND `),
        orderBy(query, { id: 'pp.id', date: 'pp.date', amount: 'pp.amount' }, 'pp.date DESC, pp.id DESC'),
        query,
      );
    },
    { acceptsQuery: true },
  );

  const paymentValues = async (tx: Db, input: ReturnType<typeof providerPaymentInputSchema.parse>) => {
    await assertProvider(tx, input.provider_id);
    if (input.purchase_order_id) {
      const [order] = await tx
        .select({ id: purchaseOrders.id })
        .from(purchaseOrders)
        .where(and(eq(purchaseOrders.id, input.purchase_order_id), isNull(purchaseOrders.deleted_at)));
      if (!order) throw new HttpError(422, text.purchaseOrderNotFound);
    }
    if (input.payment_method_id) {
      const [method] = await tx
        .select({ id: paymentMethods.id })
        .from(paymentMethods)
        .where(eq(paymentMethods.id, input.payment_method_id));
      if (!method) throw new HttpError(422, messages.api.invalidRequest);
    }
    return {
      provider_id: input.provider_id,
      purchase_order_id: input.purchase_order_id ?? null,
      date: input.date,
      amount: roundCents(input.amount),
      payment_method_id: input.payment_method_id ?? null,
      reference: input.reference ?? null,
    };
  };

  guardedRoute(app, 'POST /api/v2/provider_payments', async (request, reply) => {
    const user = currentUser(request);
    const input = parseInput(providerPaymentInputSchema, request.body);
    return runMutation(db, request, reply, async (tx) => {
      const [created] = await tx
        .insert(providerPayments)
        .values({ ...(await paymentValues(tx, input)), created_by_user_id: user.id })
        .returning({ id: providerPayments.id });
      return { status: 201, body: await loadPayment(tx, created!.id) };
    });
  });

  guardedRoute(app, 'PUT /api/v2/provider_payments/:id', async (request, reply) => {
    const { id } = parseInput(idParamSchema, request.params, 404);
    const input = parseInput(providerPaymentInputSchema, request.body);
    return runMutation(db, request, reply, async (tx) => {
      const updated = await tx
        .update(providerPayments)
        .set({ ...(await paymentValues(tx, input)), updated_at: new Date().toISOString() })
        .where(and(eq(providerPayments.id, id), isNull(providerPayments.deleted_at)))
        .returning({ id: providerPayments.id });
      if (updated.length === 0) throw notFound();
      return { status: 200, body: await loadPayment(tx, id) };
    });
  });

  guardedRoute(app, 'DELETE /api/v2/provider_payments/:id', async (request, reply) => {
    const { id } = parseInput(idParamSchema, request.params, 404);
    return runMutation(db, request, reply, async (tx) => {
      const deleted = await tx
        .update(providerPayments)
        .set({ deleted_at: new Date().toISOString() })
        .where(and(eq(providerPayments.id, id), isNull(providerPayments.deleted_at)))
        .returning({ id: providerPayments.id });
      if (deleted.length === 0) throw notFound();
      return { status: 200, body: { id } };
    });
  });

  /** Per seller: sales, amount sold, collected and still owed in a period (spec §7 saleman_report). */
  guardedRoute(app, 'POST /api/v2/saleman_report', async (request) => {
    const input = parseInput(salemanReportSchema, request.body);
    const problem = reportRangeError(input.date_from, input.date_to);
    if (problem) throw new HttpError(422, problem);
    const seller = input.user_id ? sql`AND s.user_id = ${input.user_id}` : sql``;
    return {
      data: await rows(
        db,
        sql`SELECT u.id AS user_id, u.name, u.last, count(s.id)::int AS sales_count, coalesce(sum(s.total), 0)::float8 AS sales_total,
        coalesce(sum(s.total - s.due_balance), 0)::float8 AS collected, coalesce(sum(s.due_balance), 0)::float8 AS due_balance
        FROM sales s JOIN users u ON u.id = s.user_id
        WHERE ${LIVE_SALE_SQL} AND s.date BETWEEN ${input.date_from} AND ${input.date_to} ${seller}
        GROUP BY u.id ORDER BY sales_total DESC`,
      ),
    };
  });
}
