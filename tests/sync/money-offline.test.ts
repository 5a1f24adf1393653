import { eq, sql, type SQL } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { shippingDetailSchema, shippingSchema } from '../../domain/schemas/shipping';
import { monterreyDate, monterreyMinute } from '../../domain/time';
import { collectionDetails, collections, items, sales, users } from '../../server/db/schema';
import { cartTotals, type Cart } from '../../domain/cart';
import type { Deployment } from '../../domain/deployment';
import type { CreateSale } from '../../sync/commands';
import { readMeta } from '../../sync/db';
import { readSyncStatus } from '../../sync/status';
import type { TestApp } from '../server/test-app';
import { bearer, loginAs } from '../server/test-app';
import { Clock, FaultyNetwork, openDevice, startServer, syncUntilQuiet, type Device } from './harness';

/**
 * Selling and collecting without a connection (issue 46), device and real server with faults
 * between them: a counter sale made offline reaches the server once whatever happens to the
 * app, two devices never collide, a price changed meanwhile is shown, a payment at the door
 * is applied oldest first on arrival, and the driver's cut follows the route's payments.
 */

let server: TestApp & { baseUrl: string };
let office: string;
const open: Device[] = [];

beforeAll(async () => {
  server = await startServer();
  office = await loginAs(server.app, 'oficina@demo.mx');
});
afterEach(async () => {
  await Promise.all(open.splice(0).map((d) => d.engine.stop()));
});
afterAll(() => server.close());

const db = () => server.database.db;
const rowsOf = async <T>(query: SQL) => ((await db().execute(query)) as unknown as { rows: T[] }).rows;

async function device(email: string, network = new FaultyNetwork(), clock = new Clock(), tabOf?: Device) {
  const d = await openDevice(server, email, { network, clock, tabOf, pushBatchSize: 25 });
  open.push(d);
  await d.engine.start();
  await d.engine.senderReady;
  return { d, network, clock };
}

async function waitFor(check: () => Promise<boolean>, timeoutMs = 5000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > until) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** The device's total for a cart of its items, priced as the sale screen prices it (domain/cart.ts). */
async function deviceTotals(d: Device, cart: Cart) {
  const deployment = (await readMeta<Deployment>(d.db, 'deployment'))!;
  return cartTotals(cart, 'Serie B', monterreyDate(new Date()), deployment.flags);
}

/** A counter sale of two of the device's items to one of its customers, as the sale screen queues it offline. */
async function offlineSale(d: Device, customerIndex = 0): Promise<{ payload: CreateSale; cart: Cart }> {
  const customers = await d.db.customers.orderBy('id').toArray();
  const customer = customers[customerIndex]!;
  const sellable = (await d.db.items.orderBy('id').toArray()).filter((item) => item.is_published !== false).slice(0, 2);
  const cart: Cart = sellable.map((item, index) => ({
    itemId: item.id,
    name: item.name,
    unit: item.unit,
    price: item.price,
    quantity: index + 1,
    ivaRate: item.iva_rate ?? null,
    iepsRate: item.ieps_rate ?? null,
  }));
  const lines = cart.map((line) => ({
    item_id: line.itemId,
    name: line.name,
    unit: line.unit,
    quantity: line.quantity,
    price: line.price,
    amount: Math.round(line.price * line.quantity * 100) / 100,
  }));
  const { total } = await deviceTotals(d, cart);
  const payload: CreateSale = {
    sale: {
      company_id: customer.id,
      company_branch_id: customer.branches[0]?.id ?? null,
      date: monterreyDate(new Date()),
      type: 'Serie B',
      note: null,
      internal_note: null,
      purchase_order: null,
      bar: true,
      items: lines.map((line) => ({ item_id: line.item_id, quantity: line.quantity })),
      // Blank, as the sale screen sends it: the outbox takes the device's next folio.
      offline: { made_at: new Date().toISOString(), provisional: '', device_total: total },
    },
    shown: { company: customer.name, branch: null, seller: 'Ventas', lines, subtotal: total, iva: 0, total, warnings: [] },
  };
  return { payload, cart };
}

/** Queues a sale: its outbox row, and the provisional folio the device gave it. */
async function sell(d: Device, payload: CreateSale) {
  const row = await d.engine.command('createSale', payload);
  const provisional = (await d.db.counterSales.get(row.id))!.provisional;
  expect(provisional).toMatch(/^V-[0-9A-F]{4}-\d{4}$/);
  return { row, provisional };
}

async function salesWithProvisional(provisional: string) {
  return db()
    .select({ id: sales.id, total: sales.total, warnings: sales.offline_warnings })
    .from(sales)
    .where(eq(sales.offline_provisional, provisional));
}

describe('a counter sale made without a connection', () => {
  it('is kept across a kill mid-send, reaches the server once with its real folio, and its order reaches the warehouse', async () => {
    const { d: counter, network, clock } = await device('ventas@demo.mx');
    await counter.engine.pull();
    expect(await counter.db.customers.count()).toBeGreaterThan(0);
    const { payload } = await offlineSale(counter);

    network.online = false;
    const { row, provisional } = await sell(counter, payload);
    // The sale is on the device at once, with its provisional folio, before any answer.
    expect(await counter.db.counterSales.get(row.id)).toMatchObject({ provisional, arrived: null, total: payload.shown.total });

    // Coverage returns; the request reaches the server and the app dies before the answer.
    network.online = true;
    let release!: () => void;
    network.fail('POST', /\/api\/v2\/sync\/push$/, { kind: 'hold', released: new Promise<void>((resolve) => (release = resolve)) });
    counter.engine.wake();
    await waitFor(async () => network.log.some((e) => e.path === '/api/v2/sync/push'));
    await counter.engine.stop();
    release();

    // The app opens again: the same row goes again under the same key and the server answers the first sale.
    const { d: reopened } = await device('ventas@demo.mx', network, clock, counter);
    await syncUntilQuiet(reopened, clock);
    const made = await salesWithProvisional(provisional);
    expect(made).toHaveLength(1);
    expect(await reopened.db.outbox.count()).toBe(0);
    const arrived = await reopened.db.counterSales.get(row.id);
    expect(arrived?.arrived?.id).toBe(made[0]!.id);
    expect(arrived?.arrived?.total).toBe(payload.shown.total);
    expect(arrived?.arrived?.offline_warnings.some((w) => w.includes('total'))).toBe(false);

    // The warehouse tablet's next pull brings the order to fill.
    const { d: warehouse } = await device('almacen@demo.mx');
    await warehouse.engine.pull();
    expect((await warehouse.db.orders.get(made[0]!.id))?.id).toBe(made[0]!.id);
  });

  it('two devices sell offline at once: two sales with their own provisional folios, each arriving once', async () => {
    const { d: first, network: firstNet, clock: firstClock } = await device('ventas@demo.mx');
    const { d: second, network: secondNet, clock: secondClock } = await device('ventas@demo.mx');
    await Promise.all([first.engine.pull(), second.engine.pull()]);
    firstNet.online = false;
    secondNet.online = false;
    const a = await sell(first, (await offlineSale(first, 0)).payload);
    const b = await sell(second, (await offlineSale(second, 1)).payload);
    expect(a.provisional).not.toBe(b.provisional);
    firstNet.online = true;
    secondNet.online = true;
    await Promise.all([syncUntilQuiet(first, firstClock), syncUntilQuiet(second, secondClock)]);
    const [madeA, madeB] = [await salesWithProvisional(a.provisional), await salesWithProvisional(b.provisional)];
    expect(madeA).toHaveLength(1);
    expect(madeB).toHaveLength(1);
    expect(madeA[0]!.id).not.toBe(madeB[0]!.id);
  });

  it('a price changed in the office meanwhile: the server charges its price and the device shows the difference', async () => {
    const { d: counter, network, clock } = await device('ventas@demo.mx');
    await counter.engine.pull();
    network.online = false;
    const { payload, cart } = await offlineSale(counter);
    const changed = payload.sale.items[0]!.item_id;
    const [before] = await db().select({ price: items.price }).from(items).where(eq(items.id, changed));
    await db()
      .update(items)
      .set({ price: before!.price + 10 })
      .where(eq(items.id, changed));
    try {
      const { row, provisional } = await sell(counter, payload);
      network.online = true;
      await syncUntilQuiet(counter, clock);
      const [made] = await salesWithProvisional(provisional);
      // The server charges its new price: the cart's total with the first line 10 pesos dearer.
      const { total: charged } = await deviceTotals(
        counter,
        cart.map((line, index) => (index === 0 ? { ...line, price: line.price + 10 } : line)),
      );
      expect(charged).toBeGreaterThan(payload.shown.total);
      expect(Number(made!.total)).toBe(charged);
      const arrived = (await counter.db.counterSales.get(row.id))!.arrived!;
      expect(arrived.total).toBe(charged);
      expect(arrived.offline_warnings.some((warning) => warning.startsWith('El total cambió'))).toBe(true);
      expect(made!.warnings).toEqual(arrived.offline_warnings);
    } finally {
      await db().update(items).set({ price: before!.price }).where(eq(items.id, changed));
    }
  });

  it('a sale the server refuses stays on the device with its reason, in the sync panel and in the device’s sales', async () => {
    const { d: counter, network, clock } = await device('ventas@demo.mx');
    await counter.engine.pull();
    network.online = false;
    const { payload } = await offlineSale(counter);
    const row = await counter.engine.command('createSale', { ...payload, sale: { ...payload.sale, company_id: 2_000_000_000 } });
    network.online = true;
    await syncUntilQuiet(counter, clock);
    const status = await readSyncStatus(counter.db, counter.engine.userId);
    expect(status.rejected.map((r) => r.id)).toEqual([row.id]);
    expect(status.rejected[0]!.lastError).toBeTruthy();
    expect((await counter.db.counterSales.get(row.id))?.arrived).toBeNull();
  });
});

describe('a payment at the door and the driver’s cut', () => {
  it('collected offline at a stop, it arrives once and pays the customer’s oldest sale first; the cut follows it', async () => {
    const [driver] = await db().select({ id: users.id }).from(users).where(eq(users.email, 'chofer@demo.mx'));
    // A customer with two open sales: the older one is not on the route, the newer one is the stop's.
    const [customer] = await rowsOf<{ id: number }>(sql`
      SELECT company_id AS id FROM sales WHERE kind = 'sale' AND canceled_at IS NULL AND deleted_at IS NULL AND due_balance > 0
      GROUP BY company_id HAVING count(*) >= 2 ORDER BY company_id LIMIT 1`);
    const owed = await rowsOf<{ id: number; due: number }>(sql`
      SELECT id, due_balance::float8 AS due FROM sales WHERE company_id = ${customer!.id} AND kind = 'sale' AND canceled_at IS NULL
        AND deleted_at IS NULL AND due_balance > 0 ORDER BY due_date, date, id`);
    const oldest = owed[0]!;
    const stopSale = owed[owed.length - 1]!;
    const created = await server.app.inject({
      method: 'POST',
      url: '/api/v1/shipping/create',
      headers: bearer(office),
      payload: { date: monterreyDate(new Date()), driver_id: driver!.id },
    });
    const route = shippingSchema.parse(created.json());
    const detail = shippingDetailSchema.parse(
      (
        await server.app.inject({
          method: 'POST',
          url: '/api/v1/shipping_detail/create',
          headers: bearer(office),
          payload: { sale_id: stopSale.id, shipping_id: route.id },
        })
      ).json(),
    );

    const { d: phone, network, clock } = await device('chofer@demo.mx');
    await phone.engine.pull();
    const methods = ((await phone.db.meta.get('paymentMethods'))?.value ?? []) as { id: number; name: string }[];
    const cash = methods.find((method) => method.name === 'Efectivo')!;
    expect(cash).toBeTruthy();

    network.online = false;
    await phone.engine.command('startRoute', { shippingId: route.id, initial_km: 100, km_capture_time_start: monterreyMinute(new Date()) });
    const amount = Math.min(oldest.due, 50);
    const paid = await phone.engine.command('collectPayment', {
      shippingId: route.id,
      detailId: detail.id,
      saleId: stopSale.id,
      company: 'Cliente',
      amount,
      paymentMethod: cash,
      reference: null,
      collected_at: monterreyMinute(new Date()),
      provisional: '',
    });
    // The receipt's number, given by the device in the command's own transaction.
    const provisional = (await phone.db.payments.get(paid.id))!.provisional;
    expect(provisional).toMatch(/^C-[0-9A-F]{4}-0001$/);
    await phone.engine.command('submitDriverCut', {
      shippingId: route.id,
      counted: [{ payment_method_id: cash.id, name: cash.name, amount }],
      note: null,
      submitted_at: monterreyMinute(new Date()),
    });
    // The payment's answer is lost once after the server committed it: the retry is answered, not applied again.
    network.online = true;
    network.fail('POST', /\/api\/v2\/sync\/push$/, { kind: 'lose-reply' });
    await syncUntilQuiet(phone, clock);
    expect(await phone.db.outbox.count()).toBe(0);

    const taken = await db().select().from(collections).where(eq(collections.provisional, provisional));
    expect(taken).toHaveLength(1);
    expect(taken[0]).toMatchObject({ shipping_id: route.id, shipping_detail_id: detail.id, user_id: driver!.id });
    const applied = await db().select().from(collectionDetails).where(eq(collectionDetails.collection_id, taken[0]!.id));
    // Oldest first, as Nueva Cobranza applies a payment.
    expect(applied.map((line) => [line.sale_id, Number(line.amount)])).toEqual([[oldest.id, amount]]);
    const local = await phone.db.payments.get(paid.id);
    expect(local?.arrived).toMatchObject({ id: taken[0]!.id, applications: [{ sale_id: oldest.id, amount }] });

    const cut = await server.app.inject({ method: 'GET', url: `/api/v2/shippings/${route.id}/driver_cut`, headers: bearer(office) });
    const figures = cut.json<{ data: { collected_total: number; counted: { amount: number }[] | null } }>().data;
    expect(figures.collected_total).toBe(amount);
    expect(figures.counted?.map((line) => line.amount)).toEqual([amount]);
    expect((await phone.db.driverCuts.get(route.id))?.arrived).toBe(true);
  });
});
