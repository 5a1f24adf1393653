import type { FastifyInstance } from 'fastify';
import { sql, type SQL } from 'drizzle-orm';
import { queryMessages } from '../../domain/messages/api';
import { physicalInventoryMessages } from '../../domain/messages/physical-inventory';
import {
  PHYSICAL_INVENTORY_SORT_COLUMNS,
  PHYSICAL_INVENTORY_STATUSES,
  physicalApplySchema,
  physicalCountRemovalSchema,
  physicalCountSchema,
  physicalInventoryOpenSchema,
  type PhysicalInventoryRow,
  type PhysicalInventoryStatus,
  physicalApplyResultSchema,
  physicalDifferencesSchema,
  physicalInventoryPageSchema,
  physicalInventorySchema,
  physicalCountResultSchema,
  physicalInventoryRowSchema,
} from '../../domain/schemas/physical-inventory';
import type { Db } from '../db/client';
import { HttpError, parseInput } from '../http-errors';
import { currentUser, permission } from '../plugins/auth';
import { runMutation } from '../plugins/idempotency';
import { defaultBranchId, recordMovements, type MovementInput } from '../repositories/inventory';
import {
  loadPhysicalInventories,
  PHYSICAL_INVENTORY_FROM,
  PHYSICAL_INVENTORY_SELECT,
  physicalDifferences,
} from '../repositories/physical-inventory';
import { iso } from '../repositories/sales';
import { idList, parseListQuery } from '../http/list-query';
import { idParamSchema } from '../http/params';
import { orderBy, page, rows } from '../db/sql-rows';
import { guardedRoutes, LIST_QUERY, type RouteTable } from '../http/route-table';

const text = physicalInventoryMessages;
const SORTS: Record<(typeof PHYSICAL_INVENTORY_SORT_COLUMNS)[number], string> = { id: 'p.id', created_at: 'p.created_at' };

interface LockedInventory {
  id: number;
  branch_id: number;
  branch_name: string;
  status: PhysicalInventoryStatus;
  zero_uncounted: boolean;
}

/**
 * The count's row, locked for this transaction: counts, closing and applying of one count
 * take turns, so a count never lands after the close and two applies never both see 'Cerrado'.
 */
async function lockInventory(tx: Db, id: number): Promise<LockedInventory> {
  const [row] = await rows<LockedInventory>(
    tx,
    sql`SELECT p.id, p.branch_id, b.name AS branch_name, p.status, p.zero_uncounted
        FROM physical_inventories p JOIN branches b ON b.id = p.branch_id
        WHERE p.id = ${id} AND p.deleted_at IS NULL FOR UPDATE OF p`,
  );
  if (!row) throw new HttpError(404, text.notFound);
  return row;
}

async function inventoryRow(tx: Db, id: number): Promise<PhysicalInventoryRow> {
  const [row] = await rows<PhysicalInventoryRow>(
    tx,
    sql`SELECT ${PHYSICAL_INVENTORY_SELECT} FROM ${PHYSICAL_INVENTORY_FROM} WHERE p.id = ${id}`,
  );
  return row!;
}

/** A new number in the change stream: devices pull the count again, with its lines. */
async function touch(tx: Db, id: number): Promise<void> {
  await tx.execute(sql`UPDATE physical_inventories SET updated_at = now() WHERE id = ${id}`);
}

async function assertItem(tx: Db, itemId: number): Promise<void> {
  const [item] = await rows<{ id: number }>(tx, sql`SELECT id FROM items WHERE id = ${itemId} AND deleted_at IS NULL`);
  if (!item) throw new HttpError(422, text.itemNotFound);
}

/** What each route of this file needs (its access rule) and takes and answers (its OpenAPI entry). */
export const PHYSICAL_INVENTORY_ROUTES = {
  'GET /api/v2/physical_inventories': {
    access: permission('physical_inventories'),
    summary: 'Conteos de inventario físico (paginado); filter[status]=Abierto,Cerrado,Aplicado; sort id|created_at',
    response: physicalInventoryPageSchema,
    query: [...LIST_QUERY, 'filter[status]', 'filter[branch_id]'],
  },
  'GET /api/v2/physical_inventories/:id': {
    access: permission('physical_inventories'),
    summary: 'Un conteo con sus líneas (anaquel, producto, cantidad)',
    response: physicalInventorySchema,
  },
  /** One 'Abierto' count per branch at a time. */
  'POST /api/v2/physical_inventories': {
    access: permission('physical_inventories'),
    summary: 'Abrir un conteo de la sucursal (la de la persona si no se indica); uno abierto por sucursal',
    body: physicalInventoryOpenSchema,
    response: physicalInventorySchema,
  },
  /** Sets (not adds) one shelf's quantity of an item; refused once the count is no longer 'Abierto'. */
  'PUT /api/v2/physical_inventories/:id/counts': {
    access: permission('physical_inventories'),
    summary: 'Fijar la cantidad contada de un producto en un anaquel (reemplaza la anterior; idempotente)',
    body: physicalCountSchema,
    response: physicalCountResultSchema,
  },
  'POST /api/v2/physical_inventories/:id/remove_count': {
    access: permission('physical_inventories'),
    summary: 'Quitar un producto del conteo de un anaquel',
    body: physicalCountRemovalSchema,
    response: physicalCountResultSchema,
  },
  'POST /api/v2/physical_inventories/:id/close': {
    access: permission('physical_inventories'),
    summary: 'Cerrar el conteo (ya no admite conteos)',
    response: physicalInventoryRowSchema,
  },
  /** The book stock beside the count: the office's review (adjustments); the tablet counts blind. */
  'GET /api/v2/physical_inventories/:id/differences': {
    access: permission('adjustments'),
    summary: 'Diferencias: existencia en sistema de la sucursal contra lo contado, valuadas al costo; los no contados aparte',
    response: physicalDifferencesSchema,
  },
  /**
   * Moves stock once: Cerrado → Aplicado in the transaction of its movements; a second apply is refused.
   * Applying adjusts stock, so it is the office's (adjustments): the tablet that counted does not approve its own count.
   */
  'POST /api/v2/physical_inventories/:id/apply': {
    access: permission('adjustments'),
    summary: 'Aplicar diferencias (Ajuste Inventario Físico; Corte Ceros de los no contados si se pide); una sola vez',
    body: physicalApplySchema,
    response: physicalApplyResultSchema,
  },
} satisfies RouteTable;

const guardedRoute = guardedRoutes(PHYSICAL_INVENTORY_ROUTES);

/**
 * Physical inventory (spec §2 /physical-inventory, §6 'physical_inventories'): open a
 * count of a branch (one open at a time), the tablet's counts (idempotent SETs, also replayed
 * from the outbox), close it, and the office's differences and their application, which
 * moves stock once: the row is locked, the status moves Cerrado → Aplicado in the same
 * transaction as the movements, and a unique index allows one movement per count and item.
 */
export function physicalInventoryRoutes(app: FastifyInstance, db: Db): void {
  guardedRoute(
    app,
    'GET /api/v2/physical_inventories',
    async (request) => {
      const query = parseListQuery(request.query, { filters: ['status', 'branch_id'], sorts: PHYSICAL_INVENTORY_SORT_COLUMNS });
      const conditions: SQL[] = [sql`p.deleted_at IS NULL`];
      if (query.filters.status) {
        const statuses = query.filters.status.split(',');
        if (statuses.some((status) => !(PHYSICAL_INVENTORY_STATUSES as readonly string[]).includes(status))) {
          throw new HttpError(400, queryMessages.unknownFilter(`status=${query.filters.status.slice(0, 40)}`));
        }
        conditions.push(sql`p.status IN ${statuses}`);
      }
      const branches = idList(query.filters.branch_id, 'branch_id');
      if (branches) conditions.push(sql`p.branch_id IN ${branches}`);
      return page(
        db,
        PHYSICAL_INVENTORY_SELECT,
        PHYSICAL_INVENTORY_FROM,
        sql.join(conditions, sql` AND `),
        orderBy(query, SORTS, 'p.id DESC'),
        query,
      );
    },
    { acceptsQuery: true },
  );

  guardedRoute(app, 'GET /api/v2/physical_inventories/:id', async (request) => {
    const { id } = parseInput(idParamSchema, request.params, 404);
    const [found] = await loadPhysicalInventories(db, [id]);
    if (!found) throw new HttpError(404, text.notFound);
    return found;
  });

  guardedRoute(app, 'POST /api/v2/physical_inventories', async (request, reply) => {
    const user = currentUser(request);
    const input = parseInput(physicalInventoryOpenSchema, request.body ?? {});
    return runMutation(db, request, reply, async (tx) => {
      const branchId = input.branch_id ?? (await defaultBranchId(tx, user.id));
      // The branch row is the turnstile: two openings for one branch take turns, and the second sees the first.
      const [branch] = await rows<{ id: number }>(tx, sql`SELECT id FROM branches WHERE id = ${branchId} FOR UPDATE`);
      if (!branch) throw new HttpError(422, text.branchNotFound);
      const [open] = await rows<{ id: number }>(
        tx,
        sql`SELECT id FROM physical_inventories WHERE branch_id = ${branchId} AND status = 'Abierto' AND deleted_at IS NULL LIMIT 1`,
      );
      if (open) throw new HttpError(422, text.alreadyOpen(open.id));
      const [created] = await rows<{ id: number }>(
        tx,
        sql`INSERT INTO physical_inventories (branch_id, note, created_by_user_id) VALUES (${branchId}, ${input.note || null}, ${user.id}) RETURNING id`,
      );
      const [found] = await loadPhysicalInventories(tx, [created!.id]);
      return { status: 201, body: found };
    });
  });

  guardedRoute(app, 'PUT /api/v2/physical_inventories/:id/counts', async (request, reply) => {
    const user = currentUser(request);
    const { id } = parseInput(idParamSchema, request.params, 404);
    const input = parseInput(physicalCountSchema, request.body);
    return runMutation(db, request, reply, async (tx) => {
      const inventory = await lockInventory(tx, id);
      if (inventory.status !== 'Abierto') throw new HttpError(422, text.notOpen);
      await assertItem(tx, input.item_id);
      // A SET, not an ADD: counting the same shelf and item again replaces the quantity, so a replay changes nothing.
      const [saved] = await rows<{ quantity: number; counted_at: string }>(
        tx,
        sql`INSERT INTO physical_inventory_counts (physical_inventory_id, item_id, shelf, quantity, counted_by_user_id, counted_at)
            VALUES (${id}, ${input.item_id}, ${input.shelf}, ${input.quantity}, ${user.id}, ${input.counted_at})
            ON CONFLICT (physical_inventory_id, shelf, item_id) DO UPDATE SET quantity = EXCLUDED.quantity,
              counted_by_user_id = EXCLUDED.counted_by_user_id, counted_at = EXCLUDED.counted_at, updated_at = now()
            RETURNING quantity::float8 AS quantity, ${iso(sql`counted_at`)} AS counted_at`,
      );
      await touch(tx, id);
      return {
        status: 200,
        body: {
          physical_inventory_id: id,
          shelf: input.shelf,
          item_id: input.item_id,
          quantity: saved!.quantity,
          counted_at: saved!.counted_at,
        },
      };
    });
  });

  guardedRoute(app, 'POST /api/v2/physical_inventories/:id/remove_count', async (request, reply) => {
    const { id } = parseInput(idParamSchema, request.params, 404);
    const input = parseInput(physicalCountRemovalSchema, request.body);
    return runMutation(db, request, reply, async (tx) => {
      const inventory = await lockInventory(tx, id);
      if (inventory.status !== 'Abierto') throw new HttpError(422, text.notOpen);
      // Removing what is not there is already done: a replay answers the same.
      await tx.execute(
        sql`DELETE FROM physical_inventory_counts WHERE physical_inventory_id = ${id} AND shelf = ${input.shelf} AND item_id = ${input.item_id}`,
      );
      await touch(tx, id);
      return { status: 200, body: { physical_inventory_id: id, shelf: input.shelf, item_id: input.item_id } };
    });
  });

  guardedRoute(app, 'POST /api/v2/physical_inventories/:id/close', async (request, reply) => {
    const user = currentUser(request);
    const { id } = parseInput(idParamSchema, request.params, 404);
    return runMutation(db, request, reply, async (tx) => {
      const inventory = await lockInventory(tx, id);
      if (inventory.status === 'Aplicado') throw new HttpError(422, text.alreadyApplied);
      // Closing a closed count changes nothing: the tablet's close may arrive after the office's.
      if (inventory.status === 'Abierto') {
        await tx.execute(
          sql`UPDATE physical_inventories SET status = 'Cerrado', closed_at = now(), closed_by_user_id = ${user.id}, updated_at = now() WHERE id = ${id}`,
        );
      }
      return { status: 200, body: await inventoryRow(tx, id) };
    });
  });

  guardedRoute(app, 'GET /api/v2/physical_inventories/:id/differences', async (request) => {
    const { id } = parseInput(idParamSchema, request.params, 404);
    const [inventory] = await rows<LockedInventory>(
      db,
      sql`SELECT p.id, p.branch_id, b.name AS branch_name, p.status, p.zero_uncounted
          FROM physical_inventories p JOIN branches b ON b.id = p.branch_id WHERE p.id = ${id} AND p.deleted_at IS NULL`,
    );
    if (!inventory) throw new HttpError(404, text.notFound);
    return physicalDifferences(db, inventory);
  });

  guardedRoute(app, 'POST /api/v2/physical_inventories/:id/apply', async (request, reply) => {
    const user = currentUser(request);
    const { id } = parseInput(idParamSchema, request.params, 404);
    const input = parseInput(physicalApplySchema, request.body);
    return runMutation(db, request, reply, async (tx) => {
      const inventory = await lockInventory(tx, id);
      if (inventory.status === 'Aplicado') throw new HttpError(422, text.alreadyApplied);
      if (inventory.status === 'Abierto') throw new HttpError(422, text.closeFirst);
      // The book stock is read under the lock, in the transaction that moves it.
      const differences = await physicalDifferences(tx, inventory);
      const common = { source: 'fisico', branch_id: inventory.branch_id, physical_inventory_id: id, reason: text.folio(id) } as const;
      const movements: MovementInput[] = differences.counted.map((row) => ({
        ...common,
        item_id: row.item_id,
        type: 'Ajuste Inventario Físico',
        quantity: row.difference,
        unit_cost: row.unit_cost,
      }));
      if (input.zero_uncounted) {
        for (const row of differences.uncounted) {
          movements.push({ ...common, item_id: row.item_id, type: 'Corte Ceros', quantity: -row.book, unit_cost: row.unit_cost });
        }
      }
      const recorded = await recordMovements(tx, movements, user.id);
      const [applied] = await rows<{ applied_at: string }>(
        tx,
        sql`UPDATE physical_inventories SET status = 'Aplicado', zero_uncounted = ${input.zero_uncounted}, applied_at = now(),
              applied_by_user_id = ${user.id}, updated_at = now()
            WHERE id = ${id} AND status = 'Cerrado' RETURNING ${iso(sql`applied_at`)} AS applied_at`,
      );
      return { status: 200, body: { id, status: 'Aplicado', applied_at: applied!.applied_at, movements: recorded.length } };
    });
  });
}
