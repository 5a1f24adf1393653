/** Inventory movement types (spec §4): stock per item is the signed sum of its movements. */
export const STOCK_ADDING_TYPES = [
  'Entrada Producción',
  'Entrada Compra',
  'Ajuste Manual',
  'Creación de Producto',
  'Ajuste Inventario Físico',
  'Corte Ceros',
] as const;

export const STOCK_SUBTRACTING_TYPES = ['Salida Producción', 'Salida Venta', 'Devolución'] as const;

export type InventoryMovementType = (typeof STOCK_ADDING_TYPES)[number] | (typeof STOCK_SUBTRACTING_TYPES)[number];

export const INVENTORY_MOVEMENT_TYPES: readonly InventoryMovementType[] = [...STOCK_ADDING_TYPES, ...STOCK_SUBTRACTING_TYPES];

export function movementSign(type: InventoryMovementType): 1 | -1 {
  return (STOCK_SUBTRACTING_TYPES as readonly string[]).includes(type) ? -1 : 1;
}

/** Stock per item (spec §4): the signed sum of its movements, to 2 decimals as they are stored. */
export function stockByItem(movements: readonly { item_id: number; type: InventoryMovementType; quantity: number }[]): Map<number, number> {
  const stock = new Map<number, number>();
  for (const movement of movements) {
    const next = (stock.get(movement.item_id) ?? 0) + movementSign(movement.type) * movement.quantity;
    stock.set(movement.item_id, Math.round(next * 100) / 100);
  }
  return stock;
}

/**
 * What caused a movement, so each screen lists its own: purchase receipts,
 * production, sales, manual adjustments, waste ('mermas'), transfers between branches,
 * physical counts, a product's opening stock, a file brought in by 'Importar', a cancelled
 * sale's goods coming back, a customer's return of some of them, and rented goods picked up after the event.
 */
export const MOVEMENT_SOURCES = [
  'compra',
  'produccion',
  'venta',
  'ajuste',
  'merma',
  'traspaso',
  'fisico',
  'alta',
  'importacion',
  'cancelacion',
  'devolucion',
  'recoleccion',
] as const;
export type MovementSource = (typeof MOVEMENT_SOURCES)[number];
