import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { messages } from '../domain/messages';
import type { Shipping } from '../domain/schemas/shipping';
import type { SyncPull } from '../domain/schemas/sync';
import { openSyncDatabase, type SyncDatabase } from './db';
import { acknowledge, applyPullPage, CommandRefused, enqueue, reject, retryRejected } from './local';

let db: SyncDatabase;
beforeEach(() => {
  db = openSyncDatabase('unit', { indexedDB: new IDBFactory(), IDBKeyRange });
});
afterEach(() => db.close());

function route(id: number, changes: Partial<Shipping> = {}, details: number[] = []): Shipping {
  return {
    id,
    date: '2026-11-22',
    driver_id: 7,
    driver: { id: 7, name: 'Juan', last: 'Pérez' },
    vehicle_id: 1,
    vehicle: { id: 1, name: 'Nissan' },
    initial_km: null,
    final_km: null,
    km_capture_time_start: null,
    km_capture_time: null,
    route: null,
    weight: 0,
    note: null,
    created_at: '2026-11-21T10:00:00.000Z',
    updated_at: '2026-11-21T10:00:00.000Z',
    created_by_user_id: 2,
    last_updated_by_user_id: 2,
    user_id: 2,
    shipping_details: details.map((detailId) => ({
      id: detailId,
      sale_id: detailId * 10,
      shipping_id: id,
      company_id: 1,
      completed: false,
      is_delivered: false,
      delivery_rejection_comment: null,
      delivered_at: null,
      invoice: null,
      pdf: null,
      sale: {
        id: detailId * 10,
        company_name: 'Abarrotes La Esperanza',
        contact: null,
        company_branch: null,
        sale_items: [],
        sale_weight: 12.5,
        sale_due_balance: 0,
        company: { delivery_address: 'Av. Constitución 100, Monterrey' },
        user: { name: 'Ana', last: 'López' },
      },
    })),
    ...changes,
  };
}

function page(changes: Partial<SyncPull>): SyncPull {
  return {
    cursor: 'c',
    has_more: false,
    reset: false,
    shippings: [],
    orders: [],
    vehicles: [],
    drivers: [],
    items: [],
    removed: { shippings: [], orders: [], vehicles: [], drivers: [], items: [] },
    ...changes,
  };
}

const start = (shippingId: number, km: number) => ({ shippingId, initial_km: km, km_capture_time_start: '2026-11-22 08:00' });

describe('local store', () => {
  it('a command writes its change and its outbox row together, numbered per device', async () => {
    await applyPullPage(db, page({ reset: true, shippings: [route(1), route(2)] }));
    const first = await enqueue(db, 'startRoute', start(1, 100), { userId: 7, now: 1 });
    const second = await enqueue(db, 'startRoute', start(2, 200), { userId: 7, now: 2 });
    expect([first.seq, second.seq]).toEqual([1, 2]);
    expect(first.id).not.toBe(second.id);
    expect((await db.shippings.get(1))?.initial_km).toBe(100);
    expect(await db.outbox.count()).toBe(2);
  });

  it('a refused command leaves nothing behind', async () => {
    await applyPullPage(db, page({ reset: true, shippings: [route(1)] }));
    await expect(enqueue(db, 'finishRoute', { shippingId: 1, final_km: 5, km_capture_time: '2026-11-22 09:00' }, { userId: 7, now: 1 })).rejects.toThrow(
      new CommandRefused(messages.shipping.finalWithoutInitial),
    );
    await expect(enqueue(db, 'startRoute', start(99, 1), { userId: 7, now: 1 })).rejects.toThrow(messages.sync.recordMissing);
    expect(await db.outbox.count()).toBe(0);
    expect(await db.serverCopies.count()).toBe(0);
  });

  it('a pull under a pending command shows the server’s news with the pending change on top', async () => {
    await applyPullPage(db, page({ reset: true, shippings: [route(1)] }));
    await enqueue(db, 'startRoute', start(1, 100), { userId: 7, now: 1 });
    await applyPullPage(db, page({ shippings: [route(1, { note: 'Llevar hielera', initial_km: null })] }));
    expect(await db.shippings.get(1)).toMatchObject({ note: 'Llevar hielera', initial_km: 100 });
  });

  it('a rejected command gives way to the server’s version; a retry shows it again', async () => {
    await applyPullPage(db, page({ reset: true, shippings: [route(1, { initial_km: 50 })] }));
    const row = await enqueue(db, 'finishRoute', { shippingId: 1, final_km: 100, km_capture_time: '2026-11-22 18:00' }, { userId: 7, now: 1 });
    expect((await db.shippings.get(1))?.final_km).toBe(100);
    await reject(db, row, 'No');
    expect((await db.shippings.get(1))?.final_km).toBeNull();
    await retryRejected(db, row.id);
    expect((await db.shippings.get(1))).toMatchObject({ final_km: 100, route: 50 });
    expect((await db.outbox.get(row.id))?.state).toBe('pending');
  });

  it('an acknowledged command is removed with its evidence; the change stays', async () => {
    await applyPullPage(db, page({ reset: true, shippings: [route(1, {}, [11])] }));
    const evidence = { id: 'ev1', data: new ArrayBuffer(4), type: 'image/jpeg', name: 'f.jpg', size: 4, sha256: 'x', uploadUrl: null, storedName: null };
    const row = await enqueue(
      db,
      'completeDelivery',
      { detailId: 11, shippingId: 1, delivered_at: '2026-11-22 10:00', evidenceId: 'ev1', position: null },
      { userId: 7, now: 1, evidence },
    );
    expect(await db.evidence.count()).toBe(1);
    await acknowledge(db, row, { ...route(1, {}, [11]).shipping_details[0], completed: true, is_delivered: true, pdf: 'abc.jpg' });
    expect(await db.outbox.count()).toBe(0);
    expect(await db.evidence.count()).toBe(0);
    expect(await db.serverCopies.count()).toBe(0);
    expect(await db.details.get(11)).toMatchObject({ completed: true, is_delivered: true, pdf: 'abc.jpg' });
  });

  it('a route sent again replaces its deliveries; removed routes go with their deliveries', async () => {
    await applyPullPage(db, page({ reset: true, shippings: [route(1, {}, [11, 12]), route(2, {}, [21])] }));
    await applyPullPage(db, page({ shippings: [route(1, {}, [12])], removed: { shippings: [2], orders: [], vehicles: [], drivers: [], items: [] } }));
    expect((await db.details.toArray()).map((d) => d.id)).toEqual([12]);
    expect((await db.shippings.toArray()).map((s) => s.id)).toEqual([1]);
  });

  it('a reset keeps what its pages brought and drops the rest once it ends', async () => {
    await applyPullPage(db, page({ reset: true, shippings: [route(1), route(2), route(3)], vehicles: [{ id: 1, name: 'Nissan' }] }));
    await applyPullPage(db, page({ reset: true, has_more: true, shippings: [route(2)] }));
    expect(await db.shippings.count()).toBe(3);
    await applyPullPage(db, page({ shippings: [route(3)] }));
    expect((await db.shippings.toArray()).map((s) => s.id)).toEqual([2, 3]);
    expect(await db.vehicles.count()).toBe(0);
    expect((await db.meta.get('cursor'))?.value).toBe('c');
  });
});
