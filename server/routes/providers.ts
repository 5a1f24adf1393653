import type { FastifyInstance } from 'fastify';
import { eq, sql, type SQL } from 'drizzle-orm';
import { queryMessages } from '../../domain/messages/api';
import { purchasingMessages } from '../../domain/messages/purchasing';
import { reportRangeError } from '../../domain/reports';
import {
  providerInputSchema,
  type ProviderInput,
  providerRowSchema,
  providerDetailSchema,
  providerPageSchema,
  shoppingItemsSchema,
  shoppingReportSchema,
} from '../../domain/schemas/purchasing';
import type { Db } from '../db/client';
import { providers } from '../db/schema';
import { HttpError, parseInput } from '../http-errors';
import { runMutation } from '../plugins/idempotency';
import {
  loadProvider,
  PAYMENT_FROM,
  PAYMENT_SELECT,
  PROVIDER_FROM,
  PROVIDER_SELECT,
  SHOPPING_FROM,
  SHOPPING_SELECT,
} from '../repositories/purchasing';
import { dateRange, parseListQuery } from '../http/list-query';
import { idParamSchema } from '../http/params';
import { orderBy, page, rows } from '../db/sql-rows';
import { permission } from '../plugins/auth';
import { guardedRoutes, type RouteTable, LIST_QUERY } from '../http/route-table';

const text = purchasingMessages;
/** A provider's page lists this many of its latest orders and payments; its balance counts them all. */
const PAGE_LISTS = 100;

const providerValues = (input: ProviderInput) => ({
  name: input.name,
  rfc: input.rfc ?? null,
  phone: input.phone ?? null,
  email: input.email ?? null,
  address: input.address ?? null,
  contact_name: input.contact_name ?? null,
  credit_days: input.credit_days,
});

/** What each route of this file needs (its access rule) and takes and answers (its OpenAPI entry). */
export const PROVIDERS_ROUTES = {
  /** The catalogue with each item's cost, for the purchase order form. */
  'GET /api/v2/shopping_items': {
    access: permission('shoppings'),
    summary: 'Productos con su costo, para la orden de compra',
    response: shoppingItemsSchema,
  },
  'GET /api/v2/shopping_report': {
    access: permission('shopping_report'),
    summary: 'Compras del periodo por proveedor y por producto',
    response: shoppingReportSchema,
    query: ['filter[date_between]'],
  },
  'GET /api/v2/providers': {
    access: permission('providers', 'shoppings', 'provider_payments'),
    summary: 'Proveedores (paginado) con su saldo por pagar; sort name|credit_days|balance',
    response: providerPageSchema,
    query: [...LIST_QUERY, 'filter[name]', 'filter[id]'],
  },
  'GET /api/v2/providers/:id': {
    access: permission('providers', 'shoppings', 'provider_payments'),
    summary: 'Un proveedor: saldo, órdenes de compra y pagos',
    response: providerDetailSchema,
  },
  'POST /api/v2/providers': {
    access: permission('providers'),
    summary: 'Nuevo proveedor',
    body: providerInputSchema,
    response: providerRowSchema,
  },
  'PUT /api/v2/providers/:id': {
    access: permission('providers'),
    summary: 'Editar proveedor',
    body: providerInputSchema,
    response: providerRowSchema,
  },
} satisfies RouteTable;

const guardedRoute = guardedRoutes(PROVIDERS_ROUTES);

/**
 * Providers (spec §2 /providers, /providers/{id}), the catalogue a purchase order
 * picks from (with each item's cost), and the purchases report by provider and by item.
 */
export function providerRoutes(app: FastifyInstance, db: Db): void {
  guardedRoute(
    app,
    'GET /api/v2/providers',
    async (request) => {
      const query = parseListQuery(request.query, { filters: ['name', 'id'], sorts: ['name', 'credit_days', 'balance'] });
      const conditions: SQL[] = [sql`p.deleted_at IS NULL`];
      const name = query.filters.name?.trim();
      if (name) conditions.push(sql`p.name ILIKE ${`%${name.replace(/[\\%_]/g, (c) => `\\${c}`)}%`}`);
      if (query.filters.id) {
        if (!/^\d{1,9}$/.test(query.filters.id))
          throw new HttpError(400, queryMessages.unknownFilter(`id=${query.filters.id.slice(0, 40)}`));
        conditions.push(sql`p.id = ${Number(query.filters.id)}`);
      }
      return page(
        db,
        PROVIDER_SELECT,
        PROVIDER_FROM,
        sql.join(conditions, sql` AND `),
        orderBy(query, { name: 'p.name', credit_days: 'p.credit_days', balance: 'balance' }, 'p.name ASC'),
        query,
      );
    },
    { acceptsQuery: true },
  );

  guardedRoute(app, 'GET /api/v2/providers/:id', async (request) => {
    const { id } = parseInput(idParamSchema, request.params, 404);
    const provider = await loadProvider(db, id);
    if (!provider) throw new HttpError(404, text.providerNotFound);
    const [orders, payments] = await Promise.all([
      rows(
        db,
        sql`SELECT ${SHOPPING_SELECT} FROM ${SHOPPING_FROM} WHERE o.provider_id = ${id} AND o.deleted_at IS NULL ORDER BY o.id DESC LIMIT ${PAGE_LISTS}`,
      ),
      rows(
        db,
        sql`SELECT ${PAYMENT_SELECT} FROM ${PAYMENT_FROM} WHERE pp.provider_id = ${id} AND pp.deleted_at IS NULL ORDER BY pp.date DESC, pp.id DESC LIMIT ${PAGE_LISTS}`,
      ),
    ]);
    return { ...provider, orders, payments };
  });

  guardedRoute(app, 'POST /api/v2/providers', async (request, reply) => {
    const input = parseInput(providerInputSchema, request.body);
    return runMutation(db, request, reply, async (tx) => {
      const [created] = await tx.insert(providers).values(providerValues(input)).returning({ id: providers.id });
      return { status: 201, body: await loadProvider(tx, created!.id) };
    });
  });

  guardedRoute(app, 'PUT /api/v2/providers/:id', async (request, reply) => {
    const { id } = parseInput(idParamSchema, request.params, 404);
    const input = parseInput(providerInputSchema, request.body);
    return runMutation(db, request, reply, async (tx) => {
      if (!(await loadProvider(tx, id))) throw new HttpError(404, text.providerNotFound);
      await tx
        .update(providers)
        .set({ ...providerValues(input), updated_at: new Date().toISOString() })
        .where(eq(providers.id, id));
      return { status: 200, body: await loadProvider(tx, id) };
    });
  });

  guardedRoute(app, 'GET /api/v2/shopping_items', async () => ({
    data: await rows(
      db,
      sql`SELECT i.id, i.name, u.name AS unit, i.cost::float8 AS cost, i.ean13 FROM items i JOIN units u ON u.id = i.unit_id
      WHERE i.deleted_at IS NULL ORDER BY i.name`,
    ),
  }));

  /**
   * Purchases over a period (the orders created in it, in Monterrey days): by provider (orders
   * and amount) and by item (quantity ordered, quantity received so far, amount), and the total.
   */
  guardedRoute(
    app,
    'GET /api/v2/shopping_report',
    async (request) => {
      const query = parseListQuery(request.query, { filters: ['date_between'], sorts: [] });
      const [from, to] = dateRange(query.filters.date_between, true)!;
      const problem = reportRangeError(from, to);
      if (problem) throw new HttpError(422, problem);
      const inPeriod = sql`o.deleted_at IS NULL AND (o.created_at AT TIME ZONE 'America/Monterrey')::date BETWEEN ${from}::date AND ${to}::date`;
      const [byProvider, byItem] = await Promise.all([
        rows<{ total: number }>(
          db,
          sql`SELECT p.id AS provider_id, p.name, count(o.id)::int AS orders, sum(o.total)::float8 AS total
          FROM purchase_orders o JOIN providers p ON p.id = o.provider_id WHERE ${inPeriod}
          GROUP BY p.id ORDER BY sum(o.total) DESC, p.name`,
        ),
        rows(
          db,
          sql`SELECT i.id AS item_id, i.name, u.name AS unit, sum(d.quantity)::float8 AS quantity,
            sum(d.received_quantity)::float8 AS received_quantity, sum(d.total)::float8 AS total
          FROM purchase_order_items d JOIN purchase_orders o ON o.id = d.purchase_order_id
            JOIN items i ON i.id = d.item_id JOIN units u ON u.id = i.unit_id
          WHERE ${inPeriod} GROUP BY i.id, u.name ORDER BY sum(d.total) DESC, i.name`,
        ),
      ]);
      const total = byProvider.reduce((sum, row) => sum + Math.round(row.total * 100), 0) / 100;
      return { data: { from, to, providers: byProvider, items: byItem, total } };
    },
    { acceptsQuery: true },
  );
}
