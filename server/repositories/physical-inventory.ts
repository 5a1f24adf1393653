import { sql } from 'drizzle-orm';
import { amountOf, toCents } from '../../domain/money';
import type { PhysicalDifferences, PhysicalInventory, PhysicalInventoryRow } from '../../domain/schemas/physical-inventory';
import type { Db } from '../db/client';
import { rows } from '../db/sql-rows';
import { signedQuantity } from './inventory';
import { iso } from './sales';

/** A count as every answer shows it, over the alias `p` of physical_inventories. */
export const PHYSICAL_INVENTORY_SELECT = sql`p.id, p.branch_id, b.name AS branch_name, p.status, p.note, p.zero_uncounted,
  ${iso(sql`p.created_at`)} AS created_at, nullif(trim(coalesce(u.name, '') || ' ' || coalesce(u.last, '')), '') AS created_by,
  CASE WHEN p.closed_at IS NULL THEN NULL ELSE ${iso(sql`p.closed_at`)} END AS closed_at,
  CASE WHEN p.applied_at IS NULL THEN NULL ELSE ${iso(sql`p.applied_at`)} END AS applied_at,
  (SELECT count(DISTINCT c.item_id) FROM physical_inventory_counts c WHERE c.physical_inventory_id = p.id)::int AS line_count`;
export const PHYSICAL_INVENTORY_FROM = sql`physical_inventories p JOIN branches b ON b.id = p.branch_id LEFT JOIN users u ON u.id = p.created_by_user_id`;

const idArray = (ids: readonly number[]) => sql`${`{${ids.join(',')}}`}::int[]`;

/** Counts with their lines, in the order of `ids` (missing ids are left out). */
export async function loadPhysicalInventories(tx: Db, ids: readonly number[]): Promise<PhysicalInventory[]> {
  if (ids.length === 0) return [];
  const heads = await rows<PhysicalInventoryRow>(
    tx,
    sql`SELECT ${PHYSICAL_INVENTORY_SELECT} FROM ${PHYSICAL_INVENTORY_FROM} WHERE p.id = ANY(${idArray(ids)})`,
  );
  const lines = await rows<PhysicalInventory['lines'][number] & { physical_inventory_id: number }>(
    tx,
    sql`SELECT c.physical_inventory_id, c.shelf, c.item_id, i.name AS item_name, un.name AS unit, c.quantity::float8 AS quantity,
          ${iso(sql`c.counted_at`)} AS counted_at, nullif(trim(coalesce(u.name, '') || ' ' || coalesce(u.last, '')), '') AS counted_by
        FROM physical_inventory_counts c JOIN items i ON i.id = c.item_id JOIN units un ON un.id = i.unit_id
        LEFT JOIN users u ON u.id = c.counted_by_user_id
        WHERE c.physical_inventory_id = ANY(${idArray(ids)}) ORDER BY c.shelf, i.name, c.item_id`,
  );
  const byId = new Map(heads.map((head) => [head.id, { ...head, lines: [] as PhysicalInventory['lines'] }]));
  for (const { physical_inventory_id: owner, ...line } of lines) byId.get(owner)?.lines.push(line);
  return ids.map((id) => byId.get(id)).filter((found): found is PhysicalInventory => found !== undefined);
}

interface DifferenceRow {
  item_id: number;
  name: string;
  unit: string;
  book: number;
  counted: number | null;
  unit_cost: number;
}

/**
 * Book stock in the branch against what was counted, now: each counted item (the sum of its
 * shelves), and apart the items not counted whose book stock is not zero. Over numeric, so
 * sums of 2-decimal quantities are exact.
 */
async function liveDifferences(tx: Db, inventoryId: number, branchId: number): Promise<DifferenceRow[]> {
  return rows<DifferenceRow>(
    tx,
    sql`WITH counted AS (
          SELECT item_id, sum(quantity) AS counted FROM physical_inventory_counts WHERE physical_inventory_id = ${inventoryId} GROUP BY item_id),
        book AS (
          SELECT m.item_id, sum(${signedQuantity}) AS book FROM inventory_movements m WHERE m.branch_id = ${branchId} GROUP BY m.item_id),
        wanted AS (
          SELECT item_id FROM counted UNION SELECT item_id FROM book WHERE book <> 0)
        SELECT i.id AS item_id, i.name, un.name AS unit, coalesce(b.book, 0)::float8 AS book, c.counted::float8 AS counted, i.cost::float8 AS unit_cost
        FROM wanted w JOIN items i ON i.id = w.item_id JOIN units un ON un.id = i.unit_id
        LEFT JOIN counted c ON c.item_id = w.item_id LEFT JOIN book b ON b.item_id = w.item_id
        ORDER BY i.name, i.id`,
  );
}

/**
 * After applying, the book stock of review time is what the count's own movements say:
 * counted − its 'Ajuste Inventario Físico', and −'Corte Ceros' for items not counted.
 */
async function appliedDifferences(tx: Db, inventoryId: number): Promise<DifferenceRow[]> {
  return rows<DifferenceRow>(
    tx,
    sql`WITH counted AS (
          SELECT item_id, sum(quantity) AS counted FROM physical_inventory_counts WHERE physical_inventory_id = ${inventoryId} GROUP BY item_id),
        moved AS (
          SELECT item_id, type, quantity, unit_cost FROM inventory_movements WHERE physical_inventory_id = ${inventoryId}),
        wanted AS (SELECT item_id FROM counted UNION SELECT item_id FROM moved)
        SELECT i.id AS item_id, i.name, un.name AS unit,
          (CASE WHEN c.counted IS NULL THEN -coalesce(mv.quantity, 0) ELSE c.counted - coalesce(mv.quantity, 0) END)::float8 AS book,
          c.counted::float8 AS counted, coalesce(mv.unit_cost, i.cost)::float8 AS unit_cost
        FROM wanted w JOIN items i ON i.id = w.item_id JOIN units un ON un.id = i.unit_id
        LEFT JOIN counted c ON c.item_id = w.item_id LEFT JOIN moved mv ON mv.item_id = w.item_id
        ORDER BY i.name, i.id`,
  );
}

const cents = (value: number) => Math.round(value * 100) / 100;

/** The differences of a count: live while it is open or closed, as applied once it is. */
export async function physicalDifferences(
  tx: Db,
  inventory: { id: number; branch_id: number; branch_name: string; status: PhysicalDifferences['status']; zero_uncounted: boolean },
): Promise<PhysicalDifferences> {
  const found =
    inventory.status === 'Aplicado'
      ? await appliedDifferences(tx, inventory.id)
      : await liveDifferences(tx, inventory.id, inventory.branch_id);
  const counted = found
    .filter((row) => row.counted !== null)
    .map((row) => {
      const difference = cents(row.counted! - row.book);
      return {
        item_id: row.item_id,
        name: row.name,
        unit: row.unit,
        book: cents(row.book),
        counted: cents(row.counted!),
        difference,
        unit_cost: row.unit_cost,
        value: amountOf(difference, row.unit_cost),
      };
    });
  const uncounted = found
    .filter((row) => row.counted === null && cents(row.book) !== 0)
    .map((row) => ({
      item_id: row.item_id,
      name: row.name,
      unit: row.unit,
      book: cents(row.book),
      unit_cost: row.unit_cost,
      value: amountOf(cents(row.book), row.unit_cost),
    }));
  return {
    id: inventory.id,
    status: inventory.status,
    branch_name: inventory.branch_name,
    zero_uncounted: inventory.zero_uncounted,
    counted,
    uncounted,
    total_value: counted.reduce((sum, row) => sum + toCents(row.value), 0) / 100,
  };
}
