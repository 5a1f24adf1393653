import { stockByItem, type InventoryMovementType } from '../../domain/inventory';
import type { Db } from '../db/client';
import * as t from '../db/schema';

type Movement = typeof t.inventoryMovements.$inferInsert;

/**
 * The physical inventory's demo row: yesterday's count of the warehouse, closed by
 * the tablet and waiting for the office to review and apply its differences. Two shelves,
 * six items with stock, counted a little over or under the book stock. It moves no stock
 * (only applying does), and it draws nothing from the seed's random stream.
 */
export async function seedPhysicalInventory(
  db: Db,
  seed: { branchId: number; movements: readonly Movement[]; warehouse: number; day: (offset: number) => string },
): Promise<void> {
  const { branchId, warehouse, day } = seed;
  const stock = stockByItem(
    seed.movements
      .filter((m) => m.branch_id === branchId)
      .map((m) => ({ item_id: m.item_id, type: m.type as InventoryMovementType, quantity: Number(m.quantity) })),
  );
  const counted = [...stock.entries()]
    .filter(([, quantity]) => quantity >= 10)
    .sort(([a], [b]) => a - b)
    .slice(0, 6);
  const at = (offset: number, time: string) => `${day(offset)} ${time}:00-06`;
  const [inventory] = await db
    .insert(t.physicalInventories)
    .values({
      branch_id: branchId,
      status: 'Cerrado',
      note: 'Conteo mensual de anaqueles',
      created_by_user_id: warehouse,
      created_at: at(-1, '07:30'),
      closed_at: at(-1, '11:10'),
      closed_by_user_id: warehouse,
    })
    .returning();
  // Over, under, exact: what a real count finds (whole units, as crates and pieces are counted).
  const drift = [-2, 0, 1.5, -0.5, 0, 3];
  await db.insert(t.physicalInventoryCounts).values(
    counted.map(([itemId, quantity], index) => ({
      physical_inventory_id: inventory!.id,
      item_id: itemId,
      shelf: index < 3 ? 'A-1' : 'B-2',
      quantity: Math.max(0, Math.round((quantity + drift[index]!) * 100) / 100),
      counted_by_user_id: warehouse,
      counted_at: at(-1, `0${8 + Math.floor(index / 2)}:${String(10 + index * 7).padStart(2, '0')}`),
    })),
  );
}
