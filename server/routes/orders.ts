import type { FastifyInstance } from 'fastify';
import { and, asc, desc, eq, ilike, inArray, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import { queryMessages } from '../../domain/messages/api';
import { ordersMessages } from '../../domain/messages/orders';
import type { Deployment } from '../../domain/deployment';
import {
  orderActionSchema,
  companySearchSchema,
  dispatchedOrdersSchema,
  ordersToDispatchSchema,
  vehicleListSchema,
} from '../../domain/schemas/orders';
import type { Db } from '../db/client';
import { companies, itemComponents, productionDetails, productions, saleItems, sales, vehicles } from '../db/schema';
import { HttpError, parseInput } from '../http-errors';
import { currentUser, permission } from '../plugins/auth';
import { runMutation } from '../plugins/idempotency';
import { recordMovements, type MovementInput } from '../repositories/inventory';
import { fillOrder, loadOrders, orderLines, toFill } from '../repositories/orders';
import { containsPattern, dateRange, parseListQuery } from '../http/list-query';
import { guardedRoutes, LIST_QUERY, type RouteTable } from '../http/route-table';

/** What each route of this file needs (its access rule) and takes and answers (its OpenAPI entry). */
export const ORDERS_ROUTES = {
  'GET /api/v2/vehicles': {
    access: permission('shippings', 'editShippings'),
    summary: 'Unidades',
    response: vehicleListSchema,
  },
  /** Also the customer search of the payment form (/new-collections). */
  'GET /api/v2/company_p': {
    access: permission('companies', 'shippings', 'sales', 'quotations', 'collections'),
    summary: 'Buscar empresas',
    response: companySearchSchema,
    query: [...LIST_QUERY, 'filter[name]'],
  },
  'GET /api/v2/orders/orders_to_dispatch': {
    access: permission('orders'),
    summary: 'Pedidos por surtir',
    response: ordersToDispatchSchema,
    query: [...LIST_QUERY, 'filter[date_between]'],
  },
  'GET /api/v2/orders/dispatched_orders': {
    access: permission('editShippingDetails', 'orders_ready'),
    summary: 'Pedidos surtidos (renta de mobiliario: rentas por entregar, o con filter[route_kind]=recoleccion por recoger)',
    response: dispatchedOrdersSchema,
    query: [...LIST_QUERY, 'filter[id]', 'filter[razon_social]', 'filter[search]', 'filter[route_kind]'],
  },
  'POST /api/v2/orders/start_order_production': {
    access: permission('orders'),
    summary: 'Comenzar producción',
    body: orderActionSchema,
  },
  'POST /api/v2/orders/dispatch_sale_order': {
    access: permission('orders'),
    summary: 'Marcar surtido',
    body: orderActionSchema,
  },
} satisfies RouteTable;

const guardedRoute = guardedRoutes(ORDERS_ROUTES);

/**
 * A rental business loads its rentals onto routes without filling them first (docs/decisions/014):
 * a delivery route takes those not yet out on one, a pick-up route those that went out and have
 * not come back or been put on another pick-up route.
 */
function rentalsFor(routeKind: string | undefined): SQL[] {
  const kind = routeKind ?? 'entrega';
  if (kind !== 'entrega' && kind !== 'recoleccion')
    throw new HttpError(400, queryMessages.unknownFilter(`route_kind=${kind.slice(0, 20)}`));
  const onRoute = sql`EXISTS (SELECT 1 FROM shipping_details d JOIN shippings sh ON sh.id = d.shipping_id
    WHERE d.sale_id = ${sales.id} AND d.deleted_at IS NULL AND sh.deleted_at IS NULL AND sh.kind = ${kind})`;
  const pickedUp = sql`EXISTS (SELECT 1 FROM rental_pickups p WHERE p.sale_id = ${sales.id})`;
  return [sql`NOT ${onRoute}`, sql`NOT ${pickedUp}`, ...(kind === 'recoleccion' ? [isNotNull(sales.dispatched_at)] : [])];
}

export function orderRoutes(app: FastifyInstance, db: Db, deployment: Deployment): void {
  guardedRoute(
    app,
    'GET /api/v2/company_p',
    async (request) => {
      const query = parseListQuery(request.query, { filters: ['name'], sorts: ['name', 'id'] });
      const conditions: SQL[] = [isNull(companies.deleted_at)];
      if (query.filters.name) {
        const pattern = containsPattern(query.filters.name);
        conditions.push(or(ilike(companies.name, pattern), ilike(companies.razon_social, pattern))!);
      }
      const where = and(...conditions);
      const order =
        query.sort?.field === 'id'
          ? query.sort.descending
            ? desc(companies.id)
            : asc(companies.id)
          : query.sort?.descending
            ? desc(companies.name)
            : asc(companies.name);
      const [data, [count]] = await Promise.all([
        db
          .select({
            id: companies.id,
            name: companies.name,
            macro: companies.macro,
            razon_social: companies.razon_social,
            credit_days: companies.credit_days,
            delivery_address: companies.delivery_address,
            delivery_references: companies.delivery_references,
            delivery_time: companies.delivery_time,
            // Where a new sale can go (spec §2 new sale: company and branch).
            branches: sql<
              { id: number; name: string }[]
            >`coalesce((SELECT json_agg(json_build_object('id', b.id, 'name', b.name) ORDER BY b.name) FROM company_branches b WHERE b.company_id = companies.id), '[]')`,
          })
          .from(companies)
          .where(where)
          .orderBy(order)
          .limit(query.itemsPerPage)
          .offset(query.offset),
        db
          .select({ total: sql<number>`count(*)::int` })
          .from(companies)
          .where(where),
      ]);
      return { data, meta: { total: count?.total ?? 0 } };
    },
    { acceptsQuery: true },
  );

  guardedRoute(app, 'GET /api/v2/vehicles', async () => ({
    data: await db
      .select({ id: vehicles.id, name: vehicles.name })
      .from(vehicles)
      .where(isNull(vehicles.deleted_at))
      .orderBy(asc(vehicles.name)),
  }));

  guardedRoute(
    app,
    'GET /api/v2/orders/orders_to_dispatch',
    async (request) => {
      const query = parseListQuery(request.query, { filters: ['date_between'], sorts: ['date', 'id'] });
      const range = dateRange(query.filters.date_between);
      const where = and(toFill, range ? sql`${sales.date} BETWEEN ${range[0]} AND ${range[1]}` : undefined);
      const order =
        query.sort?.field === 'id'
          ? query.sort.descending
            ? desc(sales.id)
            : asc(sales.id)
          : query.sort?.descending
            ? desc(sales.date)
            : asc(sales.date);
      const [page, [count]] = await Promise.all([
        db.select({ id: sales.id }).from(sales).where(where).orderBy(order, asc(sales.id)).limit(query.itemsPerPage).offset(query.offset),
        db
          .select({ total: sql<number>`count(*)::int` })
          .from(sales)
          .where(where),
      ]);
      const data = await loadOrders(
        db,
        page.map((row) => row.id),
      );
      return { data, meta: { total: count?.total ?? 0 } };
    },
    { acceptsQuery: true },
  );

  guardedRoute(
    app,
    'GET /api/v2/orders/dispatched_orders',
    async (request) => {
      const query = parseListQuery(request.query, { filters: ['id', 'razon_social', 'search', 'route_kind'], sorts: ['id', 'date'] });
      const conditions: SQL[] = [
        eq(sales.kind, 'sale'),
        isNull(sales.deleted_at),
        isNull(sales.canceled_at),
        // An opening balance brought in by 'Importar' was delivered before the business came onto the product.
        isNull(sales.folio),
        ...(deployment.flags.rentsGoods ? rentalsFor(query.filters.route_kind) : [isNotNull(sales.dispatched_at)]),
      ];
      const search = query.filters.search ?? query.filters.razon_social;
      if (query.filters.id) {
        if (!/^\d{1,9}$/.test(query.filters.id))
          throw new HttpError(400, queryMessages.unknownFilter(`id=${query.filters.id.slice(0, 20)}`));
        conditions.push(eq(sales.id, Number(query.filters.id)));
      }
      if (search) {
        const pattern = containsPattern(search);
        const asId = /^\d{1,9}$/.test(search.trim()) ? eq(sales.id, Number(search.trim())) : undefined;
        conditions.push(or(ilike(companies.razon_social, pattern), ilike(companies.name, pattern), asId)!);
      }
      const where = and(...conditions);
      const order =
        query.sort?.field === 'date'
          ? query.sort.descending
            ? desc(sales.date)
            : asc(sales.date)
          : query.sort && !query.sort.descending
            ? asc(sales.id)
            : desc(sales.id);
      const [rows, [count]] = await Promise.all([
        db
          .select({ id: sales.id, date: sales.date, razon_social: companies.razon_social })
          .from(sales)
          .innerJoin(companies, eq(companies.id, sales.company_id))
          .where(where)
          .orderBy(order)
          .limit(query.itemsPerPage)
          .offset(query.offset),
        db
          .select({ total: sql<number>`count(*)::int` })
          .from(sales)
          .innerJoin(companies, eq(companies.id, sales.company_id))
          .where(where),
      ]);
      return {
        data: rows.map((r) => ({ id: r.id, date: r.date, company: { razon_social: r.razon_social } })),
        meta: { total: count?.total ?? 0 },
      };
    },
    { acceptsQuery: true },
  );

  guardedRoute(app, 'POST /api/v2/orders/start_order_production', async (request, reply) => {
    const user = currentUser(request);
    const body = parseInput(orderActionSchema, request.body);
    return runMutation(db, request, reply, async (tx) => {
      const order = await lockOrderToFill(tx, body.id);
      if (order.is_in_production) throw new HttpError(422, ordersMessages.alreadyInProduction);
      await assertItemsOfOrder(
        tx,
        body.id,
        body.quotation_items.map((i) => i.item_id),
      );
      const [production] = await tx
        .insert(productions)
        .values({ sale_id: body.id, status: 'En proceso', started_at: new Date().toISOString(), created_by_user_id: user.id })
        .returning({ id: productions.id });
      // Stock moves by what the order holds, not by what a device says it holds.
      const lines = await orderLines(tx, body.id);
      if (lines.length > 0) {
        await tx
          .insert(productionDetails)
          .values(lines.map((line) => ({ production_id: production!.id, item_id: line.item_id, quantity: line.quantity })));
        await recordProduction(tx, lines, production!.id, user.id);
      }
      await tx
        .update(sales)
        .set({ is_in_production: true, production_id: production!.id, updated_at: new Date().toISOString() })
        .where(eq(sales.id, body.id));
      return { status: 200, body: { id: body.id, is_in_production: true, production_id: production!.id } };
    });
  });

  guardedRoute(app, 'POST /api/v2/orders/dispatch_sale_order', async (request, reply) => {
    const user = currentUser(request);
    const body = parseInput(orderActionSchema, request.body);
    return runMutation(db, request, reply, async (tx) => {
      await lockOrderToFill(tx, body.id);
      await assertItemsOfOrder(
        tx,
        body.id,
        body.quotation_items.map((i) => i.item_id),
      );
      const dispatchedAt = await fillOrder(tx, body.id, user.id);
      return { status: 200, body: { id: body.id, dispatched_at: dispatchedAt } };
    });
  });
}

/**
 * Producing takes each product's raw material out of stock ('Salida Producción', by its
 * recipe) and puts the product in ('Entrada Producción'). Items without a recipe are picked
 * from stock, not produced: they move only when the order is filled.
 */
async function recordProduction(
  tx: Db,
  lines: { item_id: number; quantity: number }[],
  productionId: number,
  userId: number,
): Promise<void> {
  const produced = lines.filter((line) => line.quantity > 0);
  if (produced.length === 0) return;
  const recipes = await tx
    .select({ item_id: itemComponents.item_id, component_id: itemComponents.component_id, quantity: itemComponents.quantity })
    .from(itemComponents)
    .where(
      inArray(
        itemComponents.item_id,
        produced.map((line) => line.item_id),
      ),
    );
  const movements = produced.flatMap((line) => {
    const parts = recipes.filter((recipe) => recipe.item_id === line.item_id);
    if (parts.length === 0) return [];
    return [
      ...parts.map((part): MovementInput => ({
        item_id: part.component_id,
        type: 'Salida Producción',
        quantity: part.quantity * line.quantity,
        source: 'produccion',
        production_id: productionId,
      })),
      {
        item_id: line.item_id,
        type: 'Entrada Producción',
        quantity: line.quantity,
        source: 'produccion',
        production_id: productionId,
      } satisfies MovementInput,
    ];
  });
  await recordMovements(tx, movements, userId);
}

/** The order row, locked for this transaction so two tablets cannot act on it at once. */
async function lockOrderToFill(tx: Db, id: number) {
  const [order] = await tx
    .select()
    .from(sales)
    .where(and(eq(sales.id, id), eq(sales.kind, 'sale'), isNull(sales.deleted_at), isNull(sales.canceled_at)))
    .for('update');
  if (!order) throw new HttpError(422, ordersMessages.notFound);
  if (order.dispatched_at !== null) throw new HttpError(422, ordersMessages.alreadyDispatched);
  return order;
}

async function assertItemsOfOrder(tx: Db, saleId: number, itemIds: number[]): Promise<void> {
  if (itemIds.length === 0) return;
  const rows = await tx.select({ item_id: saleItems.item_id }).from(saleItems).where(eq(saleItems.sale_id, saleId));
  const inOrder = new Set(rows.map((r) => r.item_id));
  if (itemIds.some((itemId) => !inOrder.has(itemId))) throw new HttpError(422, ordersMessages.itemNotInOrder);
}
