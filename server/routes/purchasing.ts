import type { FastifyInstance } from 'fastify';
import { and, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import { formatMoney, formatQuantity } from '../../domain/format';
import { queryMessages } from '../../domain/messages/api';
import { purchasingMessages } from '../../domain/messages/purchasing';
import { lineTotal, pendingQuantity, purchaseOrderStatus, PURCHASE_ORDER_STATUSES } from '../../domain/purchasing';
import { reportRangeError } from '../../domain/reports';
import { roundCents } from '../../domain/sales';
import {
  providerPaymentInputSchema,
  receiveInputSchema,
  salemanReportSchema,
  shoppingInputSchema,
  type ProviderPaymentInput,
  type ShoppingInput,
  deletedSchema as purchasingDeletedSchema,
  shoppingDetailSchema,
  shoppingPageSchema,
  providerPaymentPageSchema,
  providerPaymentRowSchema,
} from '../../domain/schemas/purchasing';
import type { Db } from '../db/client';
import { items, paymentMethods, providerPayments, purchaseOrderItems, purchaseOrders } from '../db/schema';
import { HttpError, notFound, parseInput } from '../http-errors';
import { currentUser, permission } from '../plugins/auth';
import { runMutation } from '../plugins/idempotency';
import { recordMovements } from '../repositories/inventory';
import {
  loadPayment,
  loadShopping,
  owedCents,
  PAYMENT_FROM,
  PAYMENT_SELECT,
  SHOPPING_FROM,
  SHOPPING_SELECT,
  shoppingLines,
} from '../repositories/purchasing';
import { LIVE_SALE_SQL, NET_TOTAL_SQL } from '../repositories/sales';
import { dateRange, idList, parseListQuery } from '../http/list-query';
import { idParamSchema } from '../http/params';
import { listAll, orderBy, page, rows } from '../db/sql-rows';
import {
  providerPaymentListSchema,
  salemanReportResultSchema,
  shoppingDetailListSchema,
  shoppingListSchema,
  supplyListSchema,
} from '../../domain/schemas/reads';
import { guardedRoutes, LIST_QUERY, type RouteTable } from '../http/route-table';

const text = purchasingMessages;

async function assertProvider(tx: Db, providerId: number, lock = false): Promise<void> {
  // The provider's row is locked while a payment is checked against its balance: two payments at once wait in turn.
  const [row] = await rows<{ id: number }>(
    tx,
    sql`SELECT id FROM providers WHERE id = ${providerId} AND deleted_at IS NULL ${lock ? sql`FOR UPDATE` : sql``}`,
  );
  if (!row) throw new HttpError(422, text.providerNotFound);
}

async function assertItems(tx: Db, itemIds: number[]): Promise<void> {
  const found = await tx
    .select({ id: items.id })
    .from(items)
    .where(and(inArray(items.id, itemIds), isNull(items.deleted_at)));
  if (new Set(found.map((row) => row.id)).size !== new Set(itemIds).size) throw new HttpError(422, text.itemNotFound);
}

function lineRows(orderId: number, input: ShoppingInput) {
  return input.items.map((line) => ({
    purchase_order_id: orderId,
    item_id: line.item_id,
    quantity: line.quantity,
    unit_cost: line.unit_cost,
    // The same rule the form's live total uses, so what it shows is what is saved.
    total: lineTotal(line.quantity, line.unit_cost),
  }));
}

/** The order's row, locked for the rest of the transaction (edits and receipts of one order go one at a time). */
async function lockOrder(tx: Db, id: number): Promise<{ id: number; status: string; received: number } | null> {
  const [order] = await rows<{ id: number; status: string }>(
    tx,
    sql`SELECT id, status FROM purchase_orders WHERE id = ${id} AND deleted_at IS NULL FOR UPDATE`,
  );
  if (!order) return null;
  const [received] = await rows<{ received: number }>(
    tx,
    sql`SELECT coalesce(sum(received_quantity), 0)::float8 AS received FROM purchase_order_items WHERE purchase_order_id = ${id}`,
  );
  return { ...order, received: received?.received ?? 0 };
}

const STATUS_LIST = new Set<string>(PURCHASE_ORDER_STATUSES);

/** What each route of this file needs (its access rule) and takes and answers (its OpenAPI entry). */
export const PURCHASING_ROUTES = {
  'GET /api/v1/supply/all': {
    access: permission('raw_material', 'shoppings'),
    summary: 'Entradas de materia prima',
    response: supplyListSchema,
  },
  'GET /api/v1/shopping/all': {
    access: permission('shoppings'),
    summary: 'Órdenes de compra',
    response: shoppingListSchema,
  },
  'GET /api/v1/shopping_detail/all': {
    access: permission('shoppings'),
    summary: 'Partidas de órdenes de compra',
    response: shoppingDetailListSchema,
  },
  'GET /api/v1/provider_payment/all': {
    access: permission('provider_payments'),
    summary: 'Pagos a proveedores',
    response: providerPaymentListSchema,
  },
  'GET /api/v2/shoppings': {
    access: permission('shoppings'),
    summary: 'Órdenes de compra (paginado) con su estado y lo pagado; sort id|created_at|total|due_date',
    response: shoppingPageSchema,
    query: [...LIST_QUERY, 'filter[provider_id]', 'filter[date_between]', 'filter[status]'],
  },
  'POST /api/v2/shoppings': {
    access: permission('shoppings'),
    summary: 'Nueva orden de compra (el total lo calcula el servidor)',
    body: shoppingInputSchema,
    response: shoppingDetailSchema,
  },
  /** Only while nothing of it has been received. */
  'PUT /api/v2/shoppings/:id': {
    access: permission('shoppings'),
    summary: 'Editar orden de compra (solo si nada se ha recibido)',
    body: shoppingInputSchema,
    response: shoppingDetailSchema,
    recordRule: 'Only while nothing of the order has been received (422 after).',
  },
  /** Only while nothing of it has been received. */
  'DELETE /api/v2/shoppings/:id': {
    access: permission('shoppings'),
    summary: 'Eliminar orden de compra (solo si nada se ha recibido)',
    response: purchasingDeletedSchema,
    recordRule: 'Only while nothing of the order has been received (422 after).',
  },
  'GET /api/v2/shoppings/:id': {
    access: permission('shoppings'),
    summary: 'Una orden de compra con sus renglones, lo recibido y su proveedor',
    response: shoppingDetailSchema,
  },
  /** 'Entrada Compra' of what arrived and the items' cost, in one transaction; Idempotency-Key required. */
  'POST /api/v2/shoppings/:id/receive': {
    access: permission('shoppings'),
    summary: "Recibir mercancía: 'Entrada Compra' por lo que llegó, costo del producto y estado (Idempotency-Key requerida)",
    body: receiveInputSchema,
    response: shoppingDetailSchema,
    status: 200,
    recordRule: 'Never more than a line still has pending (422); Idempotency-Key required: a repeat moves no stock.',
  },
  'GET /api/v2/provider_payments': {
    access: permission('provider_payments'),
    summary: 'Pagos a proveedores (paginado)',
    response: providerPaymentPageSchema,
    query: [...LIST_QUERY, 'filter[provider_id]', 'filter[date_between]', 'filter[purchase_order_id]'],
  },
  /** Never above what is owed (to the provider, and of the order named); Idempotency-Key required. */
  'POST /api/v2/provider_payments': {
    access: permission('provider_payments'),
    summary: 'Nuevo pago a proveedor (nunca más de lo que se debe; Idempotency-Key requerida)',
    body: providerPaymentInputSchema,
    response: providerPaymentRowSchema,
    recordRule: 'Never more than the provider is owed, nor than the order named is owed (422); the order must be the provider’s.',
  },
  'PUT /api/v2/provider_payments/:id': {
    access: permission('provider_payments'),
    summary: 'Editar pago a proveedor',
    body: providerPaymentInputSchema,
    response: providerPaymentRowSchema,
  },
  'DELETE /api/v2/provider_payments/:id': {
    access: permission('provider_payments'),
    summary: 'Eliminar pago a proveedor',
    response: purchasingDeletedSchema,
  },
  'POST /api/v2/saleman_report': {
    access: permission('reports'),
    summary: 'Reporte por vendedor',
    body: salemanReportSchema,
    response: salemanReportResultSchema,
  },
} satisfies RouteTable;

const guardedRoute = guardedRoutes(PURCHASING_ROUTES);

export function purchasingRoutes(app: FastifyInstance, db: Db): void {
  guardedRoute(
    app,
    'GET /api/v2/shoppings',
    async (request) => {
      const query = parseListQuery(request.query, {
        filters: ['provider_id', 'date_between', 'status'],
        sorts: ['id', 'created_at', 'total', 'due_date'],
      });
      const conditions: SQL[] = [sql`o.deleted_at IS NULL`];
      const providerIds = idList(query.filters.provider_id, 'provider_id');
      if (providerIds) conditions.push(sql`o.provider_id IN ${providerIds}`);
      const range = dateRange(query.filters.date_between);
      if (range)
        conditions.push(sql`(o.created_at AT TIME ZONE 'America/Monterrey')::date BETWEEN ${range[0]}::date AND ${range[1]}::date`);
      if (query.filters.status) {
        const statuses = query.filters.status.split(',');
        if (!statuses.every((status) => STATUS_LIST.has(status)))
          throw new HttpError(400, queryMessages.unknownFilter(`status=${query.filters.status.slice(0, 40)}`));
        conditions.push(sql`o.status IN ${statuses}`);
      }
      return page(
        db,
        SHOPPING_SELECT,
        SHOPPING_FROM,
        sql.join(conditions, sql` AND `),
        orderBy(query, { id: 'o.id', created_at: 'o.created_at', total: 'o.total', due_date: 'o.due_date' }, 'o.id DESC'),
        query,
      );
    },
    { acceptsQuery: true },
  );

  guardedRoute(app, 'GET /api/v2/shoppings/:id', async (request) => {
    const { id } = parseInput(idParamSchema, request.params, 404);
    const order = await loadShopping(db, id);
    if (!order) throw new HttpError(404, text.purchaseOrderNotFound);
    return order;
  });

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
          note: input.note ?? null,
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
      const order = await lockOrder(tx, id);
      if (!order) throw new HttpError(404, text.purchaseOrderNotFound);
      // What arrived was recorded against these lines and their costs: they are history now.
      if (order.status !== 'Pendiente' || order.received > 0) throw new HttpError(422, text.editAfterReceipt);
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
          note: input.note ?? null,
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
      const order = await lockOrder(tx, id);
      if (!order) throw notFound();
      if (order.status !== 'Pendiente' || order.received > 0) throw new HttpError(422, text.deleteAfterReceipt);
      await tx.update(purchaseOrders).set({ deleted_at: new Date().toISOString() }).where(eq(purchaseOrders.id, id));
      return { status: 200, body: { id } };
    });
  });

  /**
   * Receiving: what arrived of each line becomes an 'Entrada Compra' at the line's
   * unit cost, the item's cost becomes that unit cost, and the order's status follows its
   * lines. All of it commits together or not at all, and the Idempotency-Key is required:
   * a repeated receipt (a retry after a lost answer) answers the first one and moves no stock.
   */
  guardedRoute(app, 'POST /api/v2/shoppings/:id/receive', async (request, reply) => {
    const user = currentUser(request);
    const { id } = parseInput(idParamSchema, request.params, 404);
    const input = parseInput(receiveInputSchema, request.body);
    return runMutation(
      db,
      request,
      reply,
      async (tx) => {
        const order = await lockOrder(tx, id);
        if (!order) throw new HttpError(404, text.purchaseOrderNotFound);
        if (order.status === 'Recibida') throw new HttpError(422, text.alreadyReceived);
        const lines = await shoppingLines(tx, id);
        const byId = new Map(lines.map((line) => [line.id, line]));
        // The same line named twice counts once, with both quantities (in hundredths, no float drift).
        const arriving = new Map<number, number>();
        for (const entry of input.items) {
          if (!byId.has(entry.id)) throw new HttpError(422, text.lineNotInOrder);
          arriving.set(entry.id, (arriving.get(entry.id) ?? 0) + Math.round(entry.quantity * 100));
        }
        for (const [lineId, hundredths] of arriving) {
          const line = byId.get(lineId)!;
          const pending = pendingQuantity(line);
          if (hundredths > Math.round(pending * 100))
            throw new HttpError(422, text.receiveBeyond(line.item_name, `${formatQuantity(pending)} ${line.unit}`));
        }
        const now = new Date().toISOString();
        for (const [lineId, hundredths] of arriving) {
          const line = byId.get(lineId)!;
          line.received_quantity = (Math.round(line.received_quantity * 100) + hundredths) / 100;
          await tx.update(purchaseOrderItems).set({ received_quantity: line.received_quantity }).where(eq(purchaseOrderItems.id, lineId));
          // The last purchase price is the item's cost from now on (inventory valued at cost, margins).
          await tx.update(items).set({ cost: line.unit_cost, updated_at: now }).where(eq(items.id, line.item_id));
        }
        await recordMovements(
          tx,
          [...arriving].map(([lineId, hundredths]) => {
            const line = byId.get(lineId)!;
            return {
              item_id: line.item_id,
              type: 'Entrada Compra' as const,
              quantity: hundredths / 100,
              source: 'compra' as const,
              unit_cost: line.unit_cost,
              purchase_order_id: id,
            };
          }),
          user.id,
        );
        await tx
          .update(purchaseOrders)
          .set({ status: purchaseOrderStatus(lines), updated_at: now })
          .where(eq(purchaseOrders.id, id));
        return { status: 200, body: await loadShopping(tx, id) };
      },
      { keyRequired: true },
    );
  });

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

  /**
   * A payment's row, checked: the order (if any) is the provider's, and the amount is not
   * more than what is owed — to the provider, and of that order. `exceptPaymentId` is the
   * payment being edited, whose old amount does not count against it.
   */
  const paymentValues = async (tx: Db, input: ProviderPaymentInput, exceptPaymentId: number | null) => {
    await assertProvider(tx, input.provider_id, true);
    if (input.purchase_order_id) {
      const [order] = await tx
        .select({ id: purchaseOrders.id, provider_id: purchaseOrders.provider_id })
        .from(purchaseOrders)
        .where(and(eq(purchaseOrders.id, input.purchase_order_id), isNull(purchaseOrders.deleted_at)));
      if (!order) throw new HttpError(422, text.purchaseOrderNotFound);
      if (order.provider_id !== input.provider_id) throw new HttpError(422, text.orderOfOtherProvider);
    }
    if (input.payment_method_id) {
      const [method] = await tx
        .select({ id: paymentMethods.id })
        .from(paymentMethods)
        .where(eq(paymentMethods.id, input.payment_method_id));
      if (!method) throw new HttpError(422, text.paymentMethodNotFound);
    }
    const amount = roundCents(input.amount);
    const owed = await owedCents(tx, input.provider_id, input.purchase_order_id ?? null, exceptPaymentId);
    const cents = Math.round(amount * 100);
    if (cents > owed.provider) throw new HttpError(422, text.overpaid(formatMoney(Math.max(0, owed.provider) / 100)));
    if (owed.order !== null && cents > owed.order) throw new HttpError(422, text.overpaidOrder(formatMoney(Math.max(0, owed.order) / 100)));
    return {
      provider_id: input.provider_id,
      purchase_order_id: input.purchase_order_id ?? null,
      date: input.date,
      amount,
      payment_method_id: input.payment_method_id ?? null,
      reference: input.reference?.trim() || null,
    };
  };

  guardedRoute(app, 'POST /api/v2/provider_payments', async (request, reply) => {
    const user = currentUser(request);
    const input = parseInput(providerPaymentInputSchema, request.body);
    return runMutation(
      db,
      request,
      reply,
      async (tx) => {
        const [created] = await tx
          .insert(providerPayments)
          .values({ ...(await paymentValues(tx, input, null)), created_by_user_id: user.id })
          .returning({ id: providerPayments.id });
        return { status: 201, body: await loadPayment(tx, created!.id) };
        // Money moves once: a payment without its key could be recorded twice by a blind retry.
      },
      { keyRequired: true },
    );
  });

  guardedRoute(app, 'PUT /api/v2/provider_payments/:id', async (request, reply) => {
    const { id } = parseInput(idParamSchema, request.params, 404);
    const input = parseInput(providerPaymentInputSchema, request.body);
    return runMutation(db, request, reply, async (tx) => {
      const [existing] = await tx
        .select({ id: providerPayments.id })
        .from(providerPayments)
        .where(and(eq(providerPayments.id, id), isNull(providerPayments.deleted_at)));
      if (!existing) throw notFound();
      await tx
        .update(providerPayments)
        .set({ ...(await paymentValues(tx, input, id)), updated_at: new Date().toISOString() })
        .where(eq(providerPayments.id, id));
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
        // Collected is what payments that stand applied to the sales, never what credit notes took off.
        sql`SELECT u.id AS user_id, u.name, u.last, count(s.id)::int AS sales_count, coalesce(sum(${NET_TOTAL_SQL}), 0)::float8 AS sales_total,
        coalesce(sum((SELECT sum(d.amount) FROM collection_details d JOIN collections k ON k.id = d.collection_id
          WHERE d.sale_id = s.id AND k.canceled_at IS NULL)), 0)::float8 AS collected, coalesce(sum(s.due_balance), 0)::float8 AS due_balance
        FROM sales s JOIN users u ON u.id = s.user_id
        WHERE ${LIVE_SALE_SQL} AND s.date BETWEEN ${input.date_from} AND ${input.date_to} ${seller}
        GROUP BY u.id ORDER BY sales_total DESC`,
      ),
    };
  });

  guardedRoute(
    app,
    'GET /api/v1/supply/all',
    listAll(
      db,
      sql`SELECT s.id, s.item_id, i.name AS item_name, s.provider_id, s.date, s.quantity::float8 AS quantity, s.cost::float8 AS cost FROM supplies s JOIN items i ON i.id = s.item_id ORDER BY s.date DESC, s.id DESC`,
    ),
  );
  guardedRoute(
    app,
    'GET /api/v1/shopping/all',
    listAll(
      db,
      sql`SELECT o.id, o.provider_id, p.name AS provider_name, o.total::float8 AS total, o.due_date, o.created_at FROM purchase_orders o JOIN providers p ON p.id = o.provider_id WHERE o.deleted_at IS NULL ORDER BY o.id DESC`,
    ),
  );
  guardedRoute(
    app,
    'GET /api/v1/shopping_detail/all',
    listAll(
      db,
      sql`SELECT d.id, d.purchase_order_id, d.item_id, i.name AS item_name, d.quantity::float8 AS quantity, d.unit_cost::float8 AS unit_cost, d.total::float8 AS total FROM purchase_order_items d JOIN items i ON i.id = d.item_id ORDER BY d.purchase_order_id DESC, d.id`,
    ),
  );
  guardedRoute(
    app,
    'GET /api/v1/provider_payment/all',
    listAll(
      db,
      sql`SELECT pp.id, pp.provider_id, p.name AS provider_name, pp.purchase_order_id, pp.date, pp.amount::float8 AS amount, pp.payment_method_id, pp.reference FROM provider_payments pp JOIN providers p ON p.id = pp.provider_id WHERE pp.deleted_at IS NULL ORDER BY pp.date DESC, pp.id DESC`,
    ),
  );
}
