import { describe, expect, it } from 'vitest';
import { INVENTORY_MOVEMENT_TYPES, movementSign, stockByItem, STOCK_SUBTRACTING_TYPES } from './inventory';

describe('stock as a signed sum of movements', () => {
  it('adds the entries and subtracts Salida Producción, Salida Venta and Devolución', () => {
    const stock = stockByItem([
      { item_id: 1, type: 'Creación de Producto', quantity: 100 },
      { item_id: 1, type: 'Salida Venta', quantity: 12.5 },
      { item_id: 1, type: 'Ajuste Manual', quantity: 2 },
      { item_id: 2, type: 'Entrada Producción', quantity: 40 },
      { item_id: 2, type: 'Salida Producción', quantity: 15.25 },
      { item_id: 2, type: 'Devolución', quantity: 0.75 },
    ]);
    expect(Object.fromEntries(stock)).toEqual({ 1: 89.5, 2: 24 });
  });

  it('gives every type of spec §4 a sign, subtracting exactly three', () => {
    expect(INVENTORY_MOVEMENT_TYPES.filter((type) => movementSign(type) === -1)).toEqual([...STOCK_SUBTRACTING_TYPES]);
    expect(INVENTORY_MOVEMENT_TYPES).toHaveLength(9);
  });

  it('keeps sums to the gram, without float dust', () => {
    const stock = stockByItem([
      { item_id: 3, type: 'Entrada Compra', quantity: 0.1 },
      { item_id: 3, type: 'Entrada Compra', quantity: 0.2 },
    ]);
    expect(stock.get(3)).toBe(0.3);
  });
});
