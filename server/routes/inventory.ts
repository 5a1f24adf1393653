import type { FastifyInstance } from 'fastify';
import { and, eq, isNull, sql, type SQL } from 'drizzle-orm';
import { inventoryMessages } from '../../domain/messages/inventory';
import { adjustmentSchema, itemStockListSchema, adjustmentResultSchema } from '../../domain/schemas/adjustment';
import type { Db } from '../db/client';
import { items } from '../db/schema';
import { HttpError, parseInput } from '../http-errors';
import { currentUser, permission } from '../plugins/auth';
import { runMutation } from '../plugins/idempotency';
import { recordMovements, signedQuantity, stockOf } from '../repositories/inventory';
import { and as allOf, orderBy, page, rows } from '../db/sql-rows';
import { idList, parseListQuery } from '../http/list-query';
import { inventoryMovementPageSchema } from '../../domain/schemas/reads';
import { guardedRoutes, type RouteTable } from '../http/route-table';

/** What each route of this file needs (its access rule) and takes and answers (its OpenAPI entry). */
export const INVENTORY_ROUTES = {
  'GET /api/v2/inventory/stock': {
    access: permission('inventory', 'adjustments'),
    summary: 'Existencia por producto (suma con signo de sus movimientos)',
    response: itemStockListSchema,
  },
  /** 'Ajuste Manual' of one item's stock. */
  'POST /api/v2/inventories': {
    access: permission('inventory', 'adjustments'),
    summary: 'Ajuste Manual de existencia',
    body: adjustmentSchema,
    response: adjustmentResultSchema,
  },
  'GET /api/v2/inventories': {
    access: permission('inventory'),
    summary: 'Movimientos de inventario',
    response: inventoryMovementPageSchema,
  },
} satisfies RouteTable;

const guardedRoute = guardedRoutes(INVENTORY_ROUTES);

export function inventoryRoutes(app: FastifyInstance, db: Db): void {
  guardedRoute(app, 'GET /api/v2/inventory/stock', async () => ({
    data: await rows(
      db,
      sql`SELECT i.id AS item_id, i.name, un.name AS unit, coalesce(sum(${signedQuantity}), 0)::float8 AS stock
        FROM items i JOIN units un ON un.id = i.unit_id LEFT JOIN inventory_movements m ON m.item_id = i.id
        WHERE i.deleted_at IS NULL GROUP BY i.id, un.name ORDER BY i.name`,
    ),
  }));

  guardedRoute(app, 'POST /api/v2/inventories', async (request, reply) => {
    const user = currentUser(request);
    const body = parseInput(adjustmentSchema, request.body);
    return runMutation(db, request, reply, async (tx) => {
      const [item] = await tx
        .select({ id: items.id })
        .from(items)
        .where(and(eq(items.id, body.item_id), isNull(items.deleted_at)));
      if (!item) throw new HttpError(422, inventoryMessages.itemNotFound);
      const [movementId] = await recordMovements(
        tx,
        [{ item_id: item.id, type: 'Ajuste Manual', quantity: body.quantity, source: 'ajuste' }],
        user.id,
      );
      // The stock after it, as the signed sum of the item's movements (spec §4).
      const stock = await stockOf(tx, [item.id]);
      return { status: 201, body: { id: movementId!, item_id: item.id, stock: stock.get(item.id) ?? 0 } };
    });
  });

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
        allOf(conditions),
        orderBy(query, { id: 'm.id', created_at: 'm.created_at' }, 'm.id DESC'),
        query,
      );
    },
    { acceptsQuery: true },
  );
}
