import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openSyncDatabase, type LocalCustomer, type LocalItem, type LocalSale, type SyncDatabase } from '../../sync/db';
import { acknowledge, applyPullPage, enqueue, reject } from '../../sync/local';
import { pullPage } from '../../sync/test-fixtures';
import {
  catalogueIsMissing,
  deviceStock,
  findCustomers,
  findItems,
  indexCustomers,
  indexItems,
  itemOfCode,
  readDeviceSales,
  readPendingHolds,
  searchKey,
} from './counter-reads';

let db: SyncDatabase;
beforeEach(() => {
  db = openSyncDatabase('counter', { indexedDB: new IDBFactory(), IDBKeyRange });
});
afterEach(() => db.close());

const customer = (id: number, name: string, razon_social: string | null = null, changes: Partial<LocalCustomer> = {}): LocalCustomer => ({
  id,
  name,
  razon_social,
  rfc: null,
  credit_days: 15,
  branches: [{ id: id * 10, name: 'Matriz' }],
  balance: 0,
  overdue: 0,
  _gen: 1,
  ...changes,
});
const item = (id: number, name: string, changes: Partial<LocalItem> = {}): LocalItem => ({
  id,
  name,
  ean13: null,
  unit: 'kg',
  price: 40,
  weight: 1,
  iva_rate: 0,
  ieps_rate: null,
  is_published: true,
  stock: 10,
  _gen: 1,
  ...changes,
});

const sale = (items: { item_id: number; quantity: number }[], provisional: string) => ({
  sale: {
    company_id: 3,
    company_branch_id: null,
    date: '2026-11-24',
    type: 'Serie A' as const,
    note: null,
    internal_note: null,
    purchase_order: null,
    bar: true,
    items,
    offline: { made_at: '2026-11-24T16:00:00.000Z', provisional, device_total: 80 },
  },
  shown: {
    company: 'Frutería Doña Rosa',
    branch: null,
    seller: 'Luis Garza',
    lines: items.map((line) => ({ ...line, name: `Producto ${line.item_id}`, unit: 'kg', price: 40, amount: 40 * line.quantity })),
    subtotal: 80,
    iva: 0,
    total: 80,
    warnings: [],
  },
});

describe("the counter's searches on the device", () => {
  const customers = indexCustomers([
    customer(1, 'Frutería Doña Rosa', 'Rosa Peña Treviño'),
    customer(2, 'Hotel Ancira', 'Hotelera Ancira, S.A. de C.V.'),
    customer(3, 'ABARROTES LA ESPERANZA'),
    ...Array.from({ length: 30 }, (_, n) => customer(100 + n, `Cocina Económica ${String(n).padStart(2, '0')}`)),
  ]);

  it('find a customer by any part of its name or legal name, whatever the accents and case', () => {
    expect(findCustomers(customers, 'fruteria').map((c) => c.id)).toEqual([1]);
    expect(findCustomers(customers, 'DOÑA').map((c) => c.id)).toEqual([1]);
    expect(findCustomers(customers, 'pena trevino').map((c) => c.id)).toEqual([1]);
    expect(findCustomers(customers, 'hotelera').map((c) => c.id)).toEqual([2]);
    expect(findCustomers(customers, 'esperanza').map((c) => c.id)).toEqual([3]);
    expect(findCustomers(customers, 'zzz')).toEqual([]);
  });

  it('show twenty customers at most, by name', () => {
    const found = findCustomers(customers, 'economica');
    expect(found).toHaveLength(20);
    expect(found[0]!.name).toBe('Cocina Económica 00');
    expect(found[19]!.name).toBe('Cocina Económica 19');
  });

  it('find items on sale by name, accents aside, and a typed code by its EAN', () => {
    const items = indexItems([
      item(5, 'Limón sin semilla', { ean13: '7501234567890' }),
      item(6, 'Limón persa'),
      item(7, 'Limonada de garrafa', { is_published: false }),
      item(8, 'Aguacate Hass'),
    ]);
    expect(findItems(items, 'limon').map((i) => i.name)).toEqual(['Limón persa', 'Limón sin semilla']);
    expect(findItems(items, 'LIMÓN S').map((i) => i.id)).toEqual([5]);
    expect(findItems(items, '7501234567890').map((i) => i.id)).toEqual([5]);
    // Not on sale: never offered.
    expect(findItems(items, 'garrafa')).toEqual([]);
  });

  it('stay quick over 5,000 items and 2,000 customers: indexed once, each keystroke an array filter', () => {
    const manyItems = Array.from({ length: 5000 }, (_, n) => item(n + 1, `Producto número ${n} de la lista`));
    const manyCustomers = Array.from({ length: 2000 }, (_, n) => customer(n + 1, `Cliente Núñez ${n}`, `Razón Social ${n}, S.A.`));
    const items = indexItems(manyItems);
    const customers = indexCustomers(manyCustomers);
    expect(findItems(items, 'numero 4999').map((i) => i.id)).toEqual([5000]);
    expect(findCustomers(customers, 'nunez 1999').map((c) => c.id)).toEqual([2000]);
    // A search that matches nothing walks the whole array: the worst keystroke.
    expect(findItems(items, 'inexistente')).toEqual([]);
    expect(findCustomers(customers, 'inexistente')).toEqual([]);
  });

  it('fold accents and case the same way on both sides', () => {
    expect(searchKey('  Doña PEÑA Ávila ')).toBe('dona pena avila');
  });
});

describe("the device's catalogue", () => {
  it('says when it has no item yet, and finds a scanned code by its index (items on sale only)', async () => {
    expect(await catalogueIsMissing(db, 'items')).toBe(true);
    await applyPullPage(
      db,
      pullPage({
        reset: true,
        items: [
          { ...item(5, 'Limón', { ean13: '7501234567890' }), _gen: undefined } as never,
          { ...item(6, 'Naranja', { ean13: '7509999999999', is_published: false }), _gen: undefined } as never,
        ],
      }),
    );
    expect(await catalogueIsMissing(db, 'items')).toBe(false);
    expect((await itemOfCode(db, '7501234567890'))?.name).toBe('Limón');
    expect(await itemOfCode(db, '7509999999999')).toBeNull();
    expect(await itemOfCode(db, '0000000000000')).toBeNull();
  });

  it("counts the stock the device's unsent sales hold, until they arrive or are discarded", async () => {
    await db.items.bulkPut([item(5, 'Limón', { stock: 10 }), item(6, 'Naranja', { stock: null })]);
    const first = await enqueue(db, 'createSale', sale([{ item_id: 5, quantity: 3 }], 'V-AAAA-0001'), { userId: 4, now: 1 });
    await enqueue(db, 'createSale', sale([{ item_id: 5, quantity: 2.5 }], 'V-AAAA-0002'), { userId: 4, now: 2 });
    let holds = await readPendingHolds(db);
    expect(holds.get(5)).toBe(5.5);
    expect(deviceStock((await db.items.get(5))!, holds)).toBe(4.5);
    expect(deviceStock((await db.items.get(6))!, holds)).toBeNull();
    await acknowledge(db, first, { id: 900, total: 120, subtotal: 120, iva: 0, items: [] });
    holds = await readPendingHolds(db);
    expect(holds.get(5)).toBe(2.5);
  });
});

describe("the person's sales made on this device", () => {
  it('are listed newest first: pending, then sent with the real folio, refused with the reason, or discarded', async () => {
    const a = await enqueue(db, 'createSale', sale([{ item_id: 5, quantity: 1 }], 'V-AAAA-0001'), { userId: 4, now: 1 });
    const b = await enqueue(db, 'createSale', sale([{ item_id: 5, quantity: 1 }], 'V-AAAA-0002'), { userId: 4, now: 2 });
    const c = await enqueue(db, 'createSale', sale([{ item_id: 5, quantity: 1 }], 'V-AAAA-0003'), { userId: 4, now: 3 });
    await enqueue(db, 'createSale', sale([{ item_id: 5, quantity: 1 }], 'V-BBBB-0001'), { userId: 9, now: 4 });
    const d = await enqueue(db, 'createSale', sale([{ item_id: 5, quantity: 1 }], 'V-AAAA-0004'), { userId: 4, now: 5 });
    await acknowledge(db, a, { id: 901, subtotal: 82, iva: 0, total: 82, items: [], offline_warnings: ['El total cambió.'] });
    await reject(db, b, 'La empresa no existe.');
    await reject(db, c, 'No');
    await db.outbox.delete(c.id);

    const listed = await readDeviceSales(db, 4);
    expect(listed.map((entry) => [entry.sale.provisional, entry.state, entry.reason])).toEqual([
      ['V-AAAA-0004', 'pending', null],
      ['V-AAAA-0003', 'discarded', null],
      ['V-AAAA-0002', 'refused', 'La empresa no existe.'],
      ['V-AAAA-0001', 'sent', null],
    ]);
    expect((listed[3]!.sale as LocalSale).arrived).toMatchObject({ id: 901, total: 82, offline_warnings: ['El total cambió.'] });
    expect(d.id).toBe(listed[0]!.sale.id);
  });

  it('keep every sale not on the server, and only the latest that are', async () => {
    const rows = [];
    for (let n = 1; n <= 4; n++)
      rows.push(await enqueue(db, 'createSale', sale([{ item_id: 5, quantity: 1 }], `V-AAAA-000${n}`), { userId: 4, now: n }));
    for (const row of rows.slice(1)) await acknowledge(db, row, { id: 900 + row.seq, subtotal: 40, iva: 0, total: 40, items: [] });
    expect((await readDeviceSales(db, 4, 2)).map((entry) => entry.sale.provisional)).toEqual(['V-AAAA-0004', 'V-AAAA-0003', 'V-AAAA-0001']);
  });
});
