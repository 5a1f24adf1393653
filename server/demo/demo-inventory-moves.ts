import { stockByItem, type InventoryMovementType } from '../../domain/inventory';
import { mermaReasonText } from '../../domain/inventory-moves';
import type { Db } from '../db/client';
import * as t from '../db/schema';

type Movement = typeof t.inventoryMovements.$inferInsert;

/**
 * The inventory screens' demo rows: a second branch ('Bodega Guadalupe') with two
 * transfers into it, waste for each reason and manual adjustments with their reason. Picked
 * without the seed's random stream (the rows after it stay as they were), only from items
 * with stock to spare, so no branch goes below zero because of them.
 */
export async function seedInventoryMoves(
  db: Db,
  seed: { branchId: number; movements: readonly Movement[]; admin: number; warehouse: number; day: (offset: number) => string },
): Promise<void> {
  const { branchId, admin, warehouse, day } = seed;
  const [second] = await db
    .insert(t.branches)
    .values({
      name: 'Bodega Guadalupe',
      address: 'Av. Benito Juárez 1450, Centro, Guadalupe, N.L.',
      phone: '81 8367 2210',
      rfc: 'FNO150312AB1',
      razon_social: 'Bodega Guadalupe',
      email: 'guadalupe@demo.mx',
    })
    .returning();
  const stock = stockByItem(
    seed.movements.map((m) => ({ item_id: m.item_id, type: m.type as InventoryMovementType, quantity: Number(m.quantity) })),
  );
  // Items with plenty on hand, in id order: each is picked once, never moved below a quarter of it.
  const spare = [...stock.entries()]
    .filter(([, quantity]) => quantity >= 60)
    .sort(([a], [b]) => a - b)
    .map(([itemId, quantity]) => ({ itemId, quarter: Math.floor(quantity / 4) }));
  const pick = (n: number) => spare[n % spare.length]!;
  const at = (offset: number, time: string) => `${day(offset)} ${time}:00-06`;

  const movements: Movement[] = [];
  const transfers = [
    { offset: -12, note: 'Surtido inicial de la bodega de Guadalupe', lines: [0, 1, 2] },
    { offset: -4, note: 'Reposición de fin de semana', lines: [3, 4] },
  ];
  for (const transfer of transfers) {
    const [row] = await db
      .insert(t.inventoryTransfers)
      .values({
        from_branch_id: branchId,
        to_branch_id: second!.id,
        note: transfer.note,
        created_by_user_id: admin,
        created_at: at(transfer.offset, '10:30'),
      })
      .returning();
    for (const line of transfer.lines) {
      const { itemId, quarter } = pick(line);
      const quantity = Math.min(quarter, 10 + line * 3);
      for (const [branch, signed] of [
        [branchId, -quantity],
        [second!.id, quantity],
      ] as const) {
        movements.push({
          item_id: itemId,
          branch_id: branch,
          type: 'Ajuste Manual',
          source: 'traspaso',
          quantity: signed,
          reason: transfer.note,
          transfer_id: row!.id,
          created_by_user_id: admin,
          created_at: at(transfer.offset, '10:30'),
        });
      }
    }
  }
  const mermas = [
    { line: 5, quantity: 3, reason: mermaReasonText('Caducidad'), offset: -9 },
    { line: 6, quantity: 2.5, reason: mermaReasonText('Daño'), offset: -6 },
    { line: 7, quantity: 4, reason: mermaReasonText('Maduración excesiva'), offset: -2 },
    { line: 8, quantity: 1.5, reason: mermaReasonText('Otro', 'Cámara fría sin corriente por la noche'), offset: -1 },
  ];
  for (const merma of mermas) {
    movements.push({
      item_id: pick(merma.line).itemId,
      branch_id: branchId,
      type: 'Ajuste Manual',
      source: 'merma',
      quantity: -merma.quantity,
      reason: merma.reason,
      created_by_user_id: warehouse,
      created_at: at(merma.offset, '18:15'),
    });
  }
  const adjustments = [
    { line: 9, quantity: 3, reason: 'Error de captura', offset: -8 },
    { line: 10, quantity: -2, reason: 'Conteo físico', offset: -5 },
    { line: 11, quantity: 1.5, reason: 'Error de captura', offset: -1 },
  ];
  for (const adjustment of adjustments) {
    movements.push({
      item_id: pick(adjustment.line).itemId,
      branch_id: branchId,
      type: 'Ajuste Manual',
      source: 'ajuste',
      quantity: adjustment.quantity,
      reason: adjustment.reason,
      created_by_user_id: admin,
      created_at: at(adjustment.offset, '12:40'),
    });
  }
  await db.insert(t.inventoryMovements).values(movements);
}
