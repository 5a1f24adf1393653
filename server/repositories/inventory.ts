import { sql, type SQL } from 'drizzle-orm';
import { STOCK_SUBTRACTING_TYPES, type InventoryMovementType, type MovementSource } from '../../domain/inventory';
import type { Db } from '../db/client';
import { inventoryMovements } from '../db/schema';
import { rows } from '../db/sql-rows';

/**
 * The one way stock moves: every flow — purchase receipts, production, sales,
 * adjustments, waste, transfers, physical counts — records movements through here, so each
 * one carries its branch, who, why and what caused it. Stock is never stored: it is the
 * signed sum of these (spec §4), read with `signedQuantity`.
 */
export interface MovementInput {
  item_id: number;
  type: InventoryMovementType;
  /** As the type reads it: subtracting types take a positive quantity out; adjusting types may be negative. */
  quantity: number;
  source: MovementSource;
  /** Omitted: the branch of the person who moves it, else the first branch. */
  branch_id?: number;
  reason?: string | null;
  unit_cost?: number | null;
  purchase_order_id?: number;
  production_id?: number;
  sale_id?: number;
  transfer_id?: number;
  physical_inventory_id?: number;
}

/** Below what a movement's numeric(12, 2) quantity holds. */
export const MAX_MOVEMENT_QUANTITY = 10_000_000_000;

/** The signed quantity of movement row `m` (subtracting types count against stock). */
export const signedQuantity: SQL = sql.raw(
  `CASE WHEN m.type IN (${STOCK_SUBTRACTING_TYPES.map((type) => `'${type.replaceAll("'", "''")}'`).join(', ')}) THEN -m.quantity ELSE m.quantity END`,
);

/** The branch a person's movements belong to when none is named: theirs, else the first. */
export async function defaultBranchId(tx: Db, userId: number): Promise<number> {
  const [row] = await rows<{ id: number }>(
    tx,
    sql`SELECT coalesce((SELECT branch_id FROM users WHERE id = ${userId}), (SELECT min(id) FROM branches)) AS id`,
  );
  if (row?.id == null) throw new Error('No branch to record inventory movements in');
  return row.id;
}

const twoDecimals = (value: number) => Math.round(value * 100) / 100;

/** Records the movements (a zero quantity moves nothing and is skipped); answers the new rows' ids. */
export async function recordMovements(tx: Db, movements: readonly MovementInput[], userId: number): Promise<number[]> {
  const moving = movements.filter((movement) => twoDecimals(movement.quantity) !== 0);
  if (moving.length === 0) return [];
  const fallbackBranch = moving.some((movement) => movement.branch_id === undefined) ? await defaultBranchId(tx, userId) : 0;
  const created = await tx
    .insert(inventoryMovements)
    .values(
      moving.map((movement) => ({
        item_id: movement.item_id,
        branch_id: movement.branch_id ?? fallbackBranch,
        type: movement.type,
        quantity: twoDecimals(movement.quantity),
        source: movement.source,
        reason: movement.reason ?? null,
        unit_cost: movement.unit_cost ?? null,
        purchase_order_id: movement.purchase_order_id ?? null,
        production_id: movement.production_id ?? null,
        sale_id: movement.sale_id ?? null,
        transfer_id: movement.transfer_id ?? null,
        physical_inventory_id: movement.physical_inventory_id ?? null,
        created_by_user_id: userId,
      })),
    )
    .returning({ id: inventoryMovements.id });
  return created.map((row) => row.id);
}

/** Stock of the given items (in one branch, or all), as the signed sum of their movements. */
export async function stockOf(tx: Db, itemIds: readonly number[], branchId?: number): Promise<Map<number, number>> {
  if (itemIds.length === 0) return new Map();
  const branch = branchId === undefined ? sql`` : sql`AND m.branch_id = ${branchId}`;
  const found = await rows<{ item_id: number; stock: number }>(
    tx,
    sql`SELECT m.item_id, coalesce(sum(${signedQuantity}), 0)::float8 AS stock FROM inventory_movements m
      WHERE m.item_id IN (${sql.join(
        itemIds.map((id) => sql`${id}`),
        sql`, `,
      )}) ${branch} GROUP BY m.item_id`,
  );
  const stock = new Map<number, number>(itemIds.map((id) => [id, 0]));
  for (const row of found) stock.set(row.item_id, row.stock);
  return stock;
}
