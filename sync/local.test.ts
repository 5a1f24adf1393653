import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { shippingMessages } from '../domain/messages/shipping';
import { syncMessages } from '../domain/messages/sync';
import { openSyncDatabase, type SyncDatabase } from './db';
import { CommandRefused } from './command-refused';
import { acknowledge, applyPullPage, enqueue, KEEP_ARRIVED_MS, reject, retryRejected } from './local';
import { pullPage, shippingFixture } from './test-fixtures';

let db: SyncDatabase;
beforeEach(() => {
  db = openSyncDatabase('unit', { indexedDB: new IDBFactory(), IDBKeyRange });
});
afterEach(() => db.close());

const route = shippingFixture;
const page = pullPage;

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
    await expect(
      enqueue(db, 'finishRoute', { shippingId: 1, final_km: 5, km_capture_time: '2026-11-22 09:00' }, { userId: 7, now: 1 }),
    ).rejects.toThrow(new CommandRefused(shippingMessages.finalWithoutInitial));
    await expect(enqueue(db, 'startRoute', start(99, 1), { userId: 7, now: 1 })).rejects.toThrow(syncMessages.recordMissing);
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
    const row = await enqueue(
      db,
      'finishRoute',
      { shippingId: 1, final_km: 100, km_capture_time: '2026-11-22 18:00' },
      { userId: 7, now: 1 },
    );
    expect((await db.shippings.get(1))?.final_km).toBe(100);
    await reject(db, row, 'No');
    expect((await db.shippings.get(1))?.final_km).toBeNull();
    await retryRejected(db, row.id);
    expect(await db.shippings.get(1)).toMatchObject({ final_km: 100, route: 50 });
    expect((await db.outbox.get(row.id))?.state).toBe('pending');
  });

  it('an acknowledged command is removed with its evidence; the change stays', async () => {
    await applyPullPage(db, page({ reset: true, shippings: [route(1, {}, [11])] }));
    const evidence = {
      id: 'ev1',
      data: new ArrayBuffer(4),
      type: 'image/jpeg',
      name: 'f.jpg',
      size: 4,
      sha256: 'x',
      uploadUrl: null,
      storedName: null,
    };
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

  it('a partial delivery with a signature: the stop shows it at once without the signature, the server’s answer replaces it', async () => {
    await applyPullPage(db, page({ reset: true, shippings: [route(1, {}, [11])] }));
    const signature = `data:image/png;base64,${'A'.repeat(4000)}`;
    const returned = [{ item_id: 31, quantity: 2, reason: 'Equivocado' as const }];
    const row = await enqueue(
      db,
      'completeDelivery',
      { detailId: 11, shippingId: 1, delivered_at: '2026-11-22 10:00', evidenceId: 'ev1', position: null, received_by: 'Ana', signature, returned },
      { userId: 7, now: 1 },
    );
    const shown = await db.details.get(11);
    expect(shown).toMatchObject({ completed: true, received_by: 'Ana', partial: true, returned });
    expect(JSON.stringify(shown)).not.toContain(signature);
    expect((await db.outbox.get(row.id))?.payload).toMatchObject({ signature });
    // A pull meanwhile keeps the pending change on top (the server's copy does not know it yet).
    await applyPullPage(db, page({ shippings: [route(1, { note: 'Tocar el timbre' }, [11])] }));
    expect(await db.details.get(11)).toMatchObject({ received_by: 'Ana', partial: true });
    const answer = { ...route(1, {}, [11]).shipping_details[0], completed: true, is_delivered: true, received_by: 'Ana', partial: true, signature: 'firma-11.png', return_id: 5 };
    await acknowledge(db, row, answer);
    const stored = await db.details.get(11);
    expect(stored).toMatchObject({ received_by: 'Ana', partial: true, signature: 'firma-11.png', return_id: 5 });
    expect(stored?.returned ?? null).toBeNull();
  });

  it('a route sent again replaces its deliveries; removed routes go with their deliveries', async () => {
    await applyPullPage(db, page({ reset: true, shippings: [route(1, {}, [11, 12]), route(2, {}, [21])] }));
    await applyPullPage(
      db,
      page({ shippings: [route(1, {}, [12])], removed: { shippings: [2], orders: [], vehicles: [], drivers: [], items: [] } }),
    );
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

  it('a sale made on the device is kept with its outbox row, gets the server’s answer, and leaves a month after arriving', async () => {
    const sale = (provisional: string) => ({
      sale: {
        company_id: 3,
        company_branch_id: null,
        date: '2026-11-22',
        type: 'Serie A' as const,
        note: null,
        internal_note: null,
        purchase_order: null,
        bar: true,
        items: [{ item_id: 1, quantity: 2 }],
        offline: { made_at: '2026-11-22T14:00:00.000Z', provisional, device_total: 116 },
      },
      shown: {
        company: 'Abarrotes',
        branch: null,
        seller: 'Ana',
        lines: [{ item_id: 1, name: 'Aguacate', unit: 'kg', quantity: 2, price: 50, amount: 100 }],
        subtotal: 100,
        iva: 16,
        total: 116,
        warnings: [],
      },
    });
    const old = Date.now() - KEEP_ARRIVED_MS - 1000;
    const arrived = await enqueue(db, 'createSale', sale('V-AAAA-0001'), { userId: 7, now: old });
    const waiting = await enqueue(db, 'createSale', sale('V-AAAA-0002'), { userId: 7, now: old });
    expect(await db.counterSales.get(arrived.id)).toMatchObject({ provisional: 'V-AAAA-0001', total: 116, arrived: null });
    const answer = {
      id: 900,
      date: '2026-11-22',
      type: 'Serie A',
      subtotal: 110,
      iva: 17.6,
      total: 127.6,
      items: [],
      offline_warnings: ['El total cambió'],
    };
    await acknowledge(db, arrived, answer);
    expect(await db.counterSales.get(arrived.id)).toMatchObject({
      arrived: { id: 900, total: 127.6, offline_warnings: ['El total cambió'] },
      acknowledged: true,
    });
    // The next day's reset forgets what arrived a month ago; what never arrived stays.
    await applyPullPage(db, page({ reset: true }));
    expect(await db.counterSales.get(arrived.id)).toBeUndefined();
    expect((await db.counterSales.get(waiting.id))?.provisional).toBe('V-AAAA-0002');
  });

  it('a folio left blank is the device’s next, per kind, taken in the command’s own transaction', async () => {
    await db.meta.put({ key: 'deviceId', value: '7f3a0000-0000-4000-8000-000000000000' });
    const payment = (provisional: string) => ({
      shippingId: 1,
      detailId: 2,
      saleId: 3,
      company: 'Abarrotes',
      amount: 50,
      paymentMethod: { id: 1, name: 'Efectivo' },
      reference: null,
      collected_at: '2026-11-22 10:00',
      provisional,
    });
    const first = await enqueue(db, 'collectPayment', payment(''), { userId: 7, now: 1 });
    const second = await enqueue(db, 'collectPayment', payment(''), { userId: 7, now: 2 });
    expect([(first.payload as { provisional: string }).provisional, (second.payload as { provisional: string }).provisional]).toEqual([
      'C-7F3A-0001',
      'C-7F3A-0002',
    ]);
    expect((await db.payments.get(second.id))?.provisional).toBe('C-7F3A-0002');
    // A refused command takes a number it never uses: the next one skips it, never repeats it.
    await expect(enqueue(db, 'collectPayment', { ...payment(''), amount: 0 }, { userId: 7, now: 3 })).rejects.toThrow(CommandRefused);
    const third = await enqueue(db, 'collectPayment', payment(''), { userId: 7, now: 4 });
    expect((third.payload as { provisional: string }).provisional).toMatch(/^C-7F3A-000[34]$/);
    // A folio already given is kept.
    const given = await enqueue(db, 'collectPayment', payment('C-7F3A-0099'), { userId: 7, now: 5 });
    expect((given.payload as { provisional: string }).provisional).toBe('C-7F3A-0099');
  });
});
