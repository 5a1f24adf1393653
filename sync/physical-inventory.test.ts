import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { physicalInventoryMessages } from '../domain/messages/physical-inventory';
import { syncMessages } from '../domain/messages/sync';
import type { PhysicalInventory } from '../domain/schemas/physical-inventory';
import { COMMANDS, type ShelfCount } from './commands';
import { openSyncDatabase, type SyncDatabase } from './db';
import { CommandRefused } from './command-refused';
import { acknowledge, applyPullPage, enqueue, reject } from './local';
import { pullPage } from './test-fixtures';

let db: SyncDatabase;
beforeEach(() => {
  db = openSyncDatabase('physical-unit', { indexedDB: new IDBFactory(), IDBKeyRange });
});
afterEach(() => db.close());

function inventory(id: number, changes: Partial<PhysicalInventory> = {}): PhysicalInventory {
  return {
    id,
    branch_id: 1,
    branch_name: 'Central de Abastos',
    status: 'Abierto',
    note: null,
    zero_uncounted: false,
    created_at: '2026-11-22T14:00:00.000Z',
    created_by: 'Rosa Almacén',
    closed_at: null,
    applied_at: null,
    line_count: 0,
    lines: [],
    ...changes,
  };
}
const line = (shelf: string, itemId: number, quantity: number) => ({
  shelf,
  item_id: itemId,
  item_name: `Producto ${itemId}`,
  unit: 'kg',
  quantity,
  counted_at: '2026-11-22T15:00:00.000Z',
  counted_by: 'Rosa Almacén',
});
const counting = (shelf: string, itemId: number, quantity: number): ShelfCount => ({
  inventoryId: 5,
  shelf,
  item_id: itemId,
  item_name: `Producto ${itemId}`,
  unit: 'kg',
  quantity,
  counted_at: '2026-11-22T15:10:00.000Z',
});
const quantities = async () => (await db.physicalInventories.get(5))!.lines.map((l) => [l.shelf, l.item_id, l.quantity]);

describe('physical count commands', () => {
  it('a count sets (not adds) the shelf’s quantity on the device, in the count’s lane, as a PUT of the SET', async () => {
    await applyPullPage(db, pullPage({ reset: true, physical_inventories: [inventory(5)] }));
    const row = await enqueue(db, 'countShelfItem', counting('A-1', 10, 4), { userId: 7, now: 1 });
    await enqueue(db, 'countShelfItem', counting('A-1', 10, 6.5), { userId: 7, now: 2 });
    await enqueue(db, 'countShelfItem', counting('B-2', 10, 1), { userId: 7, now: 3 });
    expect(await quantities()).toEqual([
      ['A-1', 10, 6.5],
      ['B-2', 10, 1],
    ]);
    expect((await db.physicalInventories.get(5))!.line_count).toBe(1);
    expect(row.lane).toBe('physical:5');
    expect(row.records).toEqual(['physical:5']);
    expect(COMMANDS.countShelfItem.request(counting(' A-1 ', 10, 4), null)).toEqual({
      method: 'PUT',
      path: '/api/v2/physical_inventories/5/counts',
      body: { shelf: 'A-1', item_id: 10, quantity: 4, counted_at: '2026-11-22T15:10:00.000Z' },
    });
  });

  it('refuses on the device a bad quantity, a count not on the device and a closed count', async () => {
    await applyPullPage(db, pullPage({ reset: true, physical_inventories: [inventory(5)] }));
    await expect(enqueue(db, 'countShelfItem', counting('A-1', 10, -1), { userId: 7, now: 1 })).rejects.toThrow(
      new CommandRefused(physicalInventoryMessages.quantityInvalid),
    );
    await expect(enqueue(db, 'countShelfItem', counting('A-1', 10, 1.234), { userId: 7, now: 1 })).rejects.toThrow(
      physicalInventoryMessages.quantityInvalid,
    );
    await expect(enqueue(db, 'countShelfItem', { ...counting('A-1', 10, 1), inventoryId: 6 }, { userId: 7, now: 1 })).rejects.toThrow(
      syncMessages.recordMissing,
    );
    await enqueue(db, 'closePhysicalInventory', { inventoryId: 5, closed_at: '2026-11-22T16:00:00.000Z' }, { userId: 7, now: 2 });
    expect((await db.physicalInventories.get(5))!.status).toBe('Cerrado');
    await expect(enqueue(db, 'countShelfItem', counting('A-1', 10, 1), { userId: 7, now: 3 })).rejects.toThrow(
      physicalInventoryMessages.notOpen,
    );
    expect(await db.outbox.count()).toBe(1);
  });

  it('a pull with another device’s lines keeps this device’s pending count on top; removing a line takes it off', async () => {
    await applyPullPage(
      db,
      pullPage({ reset: true, physical_inventories: [inventory(5, { lines: [line('A-1', 10, 2)], line_count: 1 })] }),
    );
    const pending = await enqueue(db, 'countShelfItem', counting('A-1', 10, 9), { userId: 7, now: 1 });
    await applyPullPage(
      db,
      pullPage({ physical_inventories: [inventory(5, { lines: [line('A-1', 10, 2), line('C-1', 11, 3)], line_count: 2 })] }),
    );
    expect(await quantities()).toEqual([
      ['A-1', 10, 9],
      ['C-1', 11, 3],
    ]);
    await acknowledge(db, pending, { physical_inventory_id: 5, shelf: 'A-1', item_id: 10, quantity: 9 });
    expect(await db.serverCopies.count()).toBe(0);
    await enqueue(db, 'removeShelfCount', { inventoryId: 5, shelf: 'C-1', item_id: 11 }, { userId: 7, now: 2 });
    expect(await quantities()).toEqual([['A-1', 10, 9]]);
  });

  it('a count the server refuses (closed in the office) is shown as refused and the device shows the server’s lines', async () => {
    await applyPullPage(db, pullPage({ reset: true, physical_inventories: [inventory(5, { lines: [line('A-1', 10, 2)] })] }));
    const row = await enqueue(db, 'countShelfItem', counting('A-1', 10, 9), { userId: 7, now: 1 });
    await reject(db, row, physicalInventoryMessages.notOpen);
    expect(await quantities()).toEqual([['A-1', 10, 2]]);
    expect(await db.outbox.get(row.id)).toMatchObject({ state: 'rejected', lastError: physicalInventoryMessages.notOpen });
    // The count closed on the server leaves the device.
    await applyPullPage(
      db,
      pullPage({ removed: { shippings: [], orders: [], vehicles: [], drivers: [], items: [], physical_inventories: [5] } }),
    );
    expect(await db.physicalInventories.get(5)).toBeUndefined();
  });
});
