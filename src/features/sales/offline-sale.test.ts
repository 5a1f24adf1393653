import { syncMessages } from '../../../domain/messages/sync';
import 'fake-indexeddb/auto';
import { Dexie } from 'dexie';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cartTotals, type Cart } from '../../../domain/cart';
import { DEPLOYMENTS } from '../../../domain/deployment';
import { offlineMoneyMessages } from '../../../domain/messages/offline-money';
import type { CreatedSale, NewSale } from '../../../domain/schemas/new-sale';
import { saleTicketSchema } from '../../../domain/schemas/ticket';
import type { CreateSale } from '../../../sync/commands';
import { openSyncDatabase, type LocalItem, type SyncDatabase } from '../../../sync/db';
import { SyncEngine } from '../../../sync/engine';
import { acknowledge } from '../../../sync/local';
import { ApiError, NetworkError } from '../../lib/api';
import { readDeviceSales } from '../../sync/counter-reads';
import { deviceSaleTicket, queueSale, saveFailure, saveNewSale, shownLines, type ShownSale } from './offline-sale';

/**
 * Saving a new sale at the counter without a connection (issue 46): into the outbox as
 * 'createSale', under the direct attempt's key, with the provisional folio and what the screen
 * showed; warned of overdue balance and short stock, never refused for them.
 */
let db: SyncDatabase;
let engine: SyncEngine;

const rules = DEPLOYMENTS.frutas.flags;
const today = '2026-11-24';

beforeEach(async () => {
  db = openSyncDatabase(`counter-${crypto.randomUUID()}`);
  // Not started: a command is written to the device, nothing is sent.
  engine = new SyncEngine({ db, transport: { baseUrl: '', fetch: globalThis.fetch }, userId: 4, getToken: () => 'token' });
  const item = (id: number, name: string, stock: number | null): LocalItem => ({
    id,
    name,
    ean13: null,
    unit: 'kg',
    price: 60,
    weight: 1,
    iva_rate: 0.16,
    ieps_rate: null,
    is_published: true,
    stock,
    _gen: 1,
  });
  await db.items.bulkPut([item(5, 'Aguacate Hass', 3), item(6, 'Limón', 100), item(7, 'Mango', null)]);
  await db.customers.put({
    id: 3,
    name: 'Hotel Ancira',
    razon_social: 'Hotelera Ancira, S.A. de C.V.',
    rfc: null,
    credit_days: 30,
    branches: [{ id: 8, name: 'Centro' }],
    balance: 2500,
    overdue: 1250.5,
    _gen: 1,
  });
});
afterEach(async () => {
  await engine.stop();
  db.close();
  await Dexie.delete(db.name);
});

const cart: Cart = [
  { itemId: 5, name: 'Aguacate Hass', unit: 'kg', price: 60, quantity: 2.5, ivaRate: 0.16, iepsRate: null },
  { itemId: 6, name: 'Limón', unit: 'kg', price: 25, quantity: 4, ivaRate: 0.16, iepsRate: null },
];

const body = (items = cart): NewSale => ({
  company_id: 3,
  company_branch_id: 8,
  date: today,
  type: 'Serie A',
  note: 'Entregar por andén 2',
  internal_note: null,
  purchase_order: null,
  bar: true,
  items: items.map((line) => ({ item_id: line.itemId, quantity: line.quantity })),
});

const shown = (items = cart, series: 'Serie A' | 'Serie B' = 'Serie A'): ShownSale => ({
  company: 'Hotel Ancira',
  branch: 'Centro',
  seller: 'Luis Garza',
  lines: shownLines(items, series, today, rules),
  totals: cartTotals(items, series, today, rules),
});

const PROVISIONAL = /^V-[0-9A-F]{4}-0001$/;
const neverSent = () => Promise.reject(new Error('no direct request while offline'));

describe('saving a new sale without a connection', () => {
  it('queues one createSale with the provisional folio, the lines and totals the screen showed, and the warnings', async () => {
    const now = new Date('2026-11-24T16:05:00.000Z');
    const saved = await saveNewSale({
      online: false,
      send: neverSent,
      queue: () => queueSale(engine, db, { body: body(), key: 'clave-directa-1', shown: shown(), now }),
    });
    expect(saved.kind).toBe('offline');

    const rows = await db.outbox.toArray();
    expect(rows).toHaveLength(1);
    const row = rows[0]!;
    expect(row).toMatchObject({ id: 'clave-directa-1', command: 'createSale', lane: 'sales', state: 'pending', userId: 4 });
    const payload = row.payload as CreateSale;
    expect(payload.sale).toEqual({
      ...body(),
      offline: { made_at: '2026-11-24T16:05:00.000Z', provisional: expect.stringMatching(PROVISIONAL), device_total: 290 },
    });
    expect(payload.shown).toEqual({
      company: 'Hotel Ancira',
      branch: 'Centro',
      seller: 'Luis Garza',
      lines: [
        { item_id: 5, name: 'Aguacate Hass', unit: 'kg', quantity: 2.5, price: 60, amount: 150 },
        { item_id: 6, name: 'Limón', unit: 'kg', quantity: 4, price: 25, amount: 100 },
      ],
      subtotal: 250,
      iva: 40,
      total: 290,
      // 3 kg of avocado on the device, 2.5 sold: fine. The warnings are the customer's overdue balance…
      warnings: [offlineMoneyMessages.overdue(1250.5)],
    });
    expect(payload.shown.warnings[0]).toBe('El cliente tiene saldo vencido de $1,250.50 (último dato conocido).');

    // …and the sale is the device's at once, under the same key, with its folio.
    if (saved.kind !== 'offline') throw new Error('expected offline');
    expect(saved.sale).toMatchObject({ id: 'clave-directa-1', provisional: payload.sale.offline.provisional, total: 290, arrived: null });
  });

  it('warns of stock the sale takes below zero once the earlier unsent sales are counted, and still queues it', async () => {
    const avocado = (quantity: number): Cart => [{ ...cart[0]!, quantity }];
    await queueSale(engine, db, { body: body(avocado(2)), key: 'clave-a', shown: shown(avocado(2)), now: new Date() });
    // 3 kg on the device, 2 held by the first sale: 2 more leave it at −1.
    const second = await queueSale(engine, db, { body: body(avocado(2)), key: 'clave-b', shown: shown(avocado(2)), now: new Date() });
    expect(second.warnings).toEqual([offlineMoneyMessages.overdue(1250.5), offlineMoneyMessages.stockShort('Aguacate Hass')]);
    expect(second.provisional).toMatch(/^V-[0-9A-F]{4}-0002$/);
    // An item whose stock the device does not know is never called short.
    const mango: Cart = [{ itemId: 7, name: 'Mango', unit: 'kg', price: 30, quantity: 50, ivaRate: 0.16, iepsRate: null }];
    const third = await queueSale(engine, db, { body: body(mango), key: 'clave-c', shown: shown(mango), now: new Date() });
    expect(third.warnings).toEqual([offlineMoneyMessages.overdue(1250.5)]);
    expect(await db.outbox.count()).toBe(3);
  });

  it('keeps the prices of Serie B as shown, with their uplift', async () => {
    const sale = await queueSale(engine, db, {
      body: { ...body(), type: 'Serie B' },
      key: 'clave-b1',
      shown: shown(cart, 'Serie B'),
      now: new Date(),
    });
    expect(sale.lines.map((line) => [line.price, line.amount])).toEqual([
      [69.6, 174],
      [29, 116],
    ]);
    expect([sale.subtotal, sale.iva, sale.total]).toEqual([290, 0, 290]);
  });
});

describe('a direct save that never got an answer', () => {
  it('queues the sale under the key the direct attempt used', async () => {
    const keys: string[] = [];
    const saved = await saveNewSale({
      online: true,
      send: () => {
        keys.push('clave-directa-2');
        return Promise.reject(new NetworkError());
      },
      queue: () => queueSale(engine, db, { body: body(), key: 'clave-directa-2', shown: shown(), now: new Date() }),
    });
    expect(keys).toEqual(['clave-directa-2']);
    expect(saved.kind).toBe('offline');
    expect((await db.outbox.toArray()).map((row) => row.id)).toEqual(['clave-directa-2']);
  });

  it('is not queued when the server answered: a refusal is shown as before, and nothing waits', async () => {
    const refusal = saveNewSale({
      online: true,
      send: () => Promise.reject(new ApiError(422, 'Un producto no existe o no está a la venta.')),
      queue: () => queueSale(engine, db, { body: body(), key: 'clave-3', shown: shown(), now: new Date() }),
    });
    await expect(refusal).rejects.toThrow('Un producto no existe o no está a la venta.');
    await expect(refusal.catch(saveFailure)).resolves.toBe('Un producto no existe o no está a la venta.');
    expect(await db.outbox.count()).toBe(0);
  });

  it('saves online as before when the server answers', async () => {
    const created = { id: 120, date: today, type: 'Serie A', subtotal: 250, iva: 40, total: 290, items: [] } satisfies CreatedSale;
    const saved = await saveNewSale({ online: true, send: () => Promise.resolve(created), queue: neverSent });
    expect(saved).toEqual({ kind: 'online', saved: created });
    expect(await db.outbox.count()).toBe(0);
  });

  it('says why when the outbox cannot take the sale', async () => {
    const failure = await queueSale(engine, db, { body: body([]), key: 'clave-4', shown: shown([]), now: new Date() }).catch(saveFailure);
    expect(failure).toBe(syncMessages.emptySale);
  });
});

describe('the ticket of a sale made on the device', () => {
  it('prints the provisional folio before the sale arrives, and the real one, with the server’s prices, after', async () => {
    const sale = await queueSale(engine, db, { body: body(), key: 'clave-t', shown: shown(), now: new Date() });
    const before = saleTicketSchema.parse(deviceSaleTicket(sale, '2026-11-24 10:05'));
    expect(before).toMatchObject({ id: null, provisional: sale.provisional, total: 290, company: 'Hotel Ancira', branch: 'Centro' });
    expect(before.items[0]).toEqual({ name: 'Aguacate Hass', unit: 'kg', quantity: 2.5, price: 60, amount: 150 });

    const row = (await db.outbox.get('clave-t'))!;
    await acknowledge(db, row, {
      id: 4512,
      date: today,
      type: 'Serie A',
      subtotal: 262.5,
      iva: 42,
      total: 304.5,
      items: [
        { item_id: 5, name: 'Aguacate Hass', unit: 'kg', quantity: 2.5, price: 65, amount: 162.5 },
        { item_id: 6, name: 'Limón', unit: 'kg', quantity: 4, price: 25, amount: 100 },
      ],
      offline_warnings: ['El total cambió: el dispositivo mostró $290.00, el servidor cobró $304.50.'],
    });
    const [listed] = await readDeviceSales(db, 4);
    expect(listed).toMatchObject({
      state: 'sent',
      sale: { provisional: sale.provisional, total: 290, arrived: { id: 4512, total: 304.5 } },
    });
    const after = saleTicketSchema.parse(deviceSaleTicket(listed!.sale, '2026-11-24 11:00'));
    expect(after).toMatchObject({ id: 4512, provisional: sale.provisional, subtotal: 262.5, total: 304.5 });
    expect(after.items[0]).toMatchObject({ price: 65, amount: 162.5 });
  });
});
