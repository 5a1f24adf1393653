import 'fake-indexeddb/auto';
import { Dexie } from 'dexie';
import { describe, expect, it, vi } from 'vitest';
import { DATABASE_NAME, openSyncDatabase, SYNC_DATABASE_VERSION } from '../../sync/db';
import { getSyncDatabase } from './database';

describe('the device store', () => {
  it('is one connection per page, which closes and reloads when another tab opens a newer version', async () => {
    const reload = vi.fn();
    const db = getSyncDatabase(reload);
    expect(getSyncDatabase(reload)).toBe(db);
    await db.open();

    const newer = new Dexie(DATABASE_NAME);
    newer.version(100).stores({ meta: 'key' });
    await newer.open();

    expect(reload).toHaveBeenCalledTimes(1);
    expect(db.isOpen()).toBe(false);
    newer.close();
    await Dexie.delete(DATABASE_NAME);
  });

  it('opens a device still on the first version with every table, keeping its outbox and what it pulled', async () => {
    const name = 'frutas-sync-first-version';
    // The store as the first release declared it, with a command waiting and a route pulled.
    const first = new Dexie(name);
    first.version(1).stores({
      shippings: 'id, date, _gen',
      details: 'id, shipping_id',
      orders: 'id, date, _gen',
      vehicles: 'id, _gen',
      drivers: 'id, _gen',
      items: 'id, ean13, _gen',
      outbox: 'id, seq, state, lane, *records',
      evidence: 'id',
      serverCopies: 'key',
      meta: 'key',
    });
    await first.table('outbox').put({ id: 'c-1', seq: 1, state: 'pending', lane: 'shipping:7', records: ['shipping:7'] });
    await first.table('shippings').put({ id: 7, date: '2026-11-29', _gen: 1 });
    first.close();

    const db = openSyncDatabase(name);
    await db.open();
    expect(db.verno).toBe(SYNC_DATABASE_VERSION);
    expect((await db.outbox.get('c-1'))?.state).toBe('pending');
    expect(await db.outbox.where('records').equals('shipping:7').count()).toBe(1);
    expect((await db.shippings.get(7))?.date).toBe('2026-11-29');
    // The tables later versions added are there and take rows, indexes included.
    await db.positions.add({ shippingId: 7, userId: 3, recorded_at: '2026-11-29T10:00:00Z', latitude: 25.6, longitude: -100.3, accuracy: null, speed: null, heading: null });
    expect(await db.positions.where('[userId+shippingId]').equals([3, 7]).count()).toBe(1);
    expect(await db.customers.where('name').startsWith('A').count()).toBe(0);
    expect(db.tables.map((table) => table.name).sort()).toEqual(
      ['counterSales', 'customers', 'details', 'driverCuts', 'drivers', 'evidence', 'items', 'meta', 'orders', 'outbox', 'payments', 'physicalInventories', 'positions', 'serverCopies', 'shippings', 'vehicles'],
    );
    db.close();
    await Dexie.delete(name);
  });
});
