import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collectionsMessages } from '../../domain/messages/collections';
import { routeMoneyMessages as text } from '../../domain/messages/route-money';
import { shippingMessages } from '../../domain/messages/shipping';
import { cajaDaySchema } from '../../domain/schemas/caja';
import { collectionAnswerSchema, collectionListPageSchema, customerBalanceSchema, type Collection } from '../../domain/schemas/collections';
import { driverCutAnswerSchema, receivedDriverCutsSchema, type DriverCut } from '../../domain/schemas/route-money';
import { shippingDetailSchema, shippingSchema } from '../../domain/schemas/shipping';
import { addDays, monterreyDate, monterreyMinute } from '../../domain/time';
import { bearer, createTestApp, loginAs, type TestApp } from './test-app';

/**
 * The money a route brings back (issue 46) through the real routes: 'Cobrar' at a stop (the
 * driver's outbox command), applied as Nueva Cobranza applies a payment; the driver's cut of
 * the route; the office's receipt of it into its Caja. Each test has customers of its own whose
 * sales are written straight into the database with the balances and due dates it needs; the
 * routes and stops are made by the office, started by the driver, as the app does.
 */
let t: TestApp;
const tokens: Record<string, string> = {};
const people: Record<string, number> = {};
let cash: number;
let transfer: number;
const EMAILS = ['admin@demo.mx', 'oficina@demo.mx', 'ventas@demo.mx', 'chofer@demo.mx', 'chofer2@demo.mx', 'ejecutivo@demo.mx'];

const rows = <T>(query: ReturnType<typeof sql>) => t.database.db.execute(query).then((r) => (r as unknown as { rows: T[] }).rows);
const today = () => monterreyDate(new Date());
const now = () => monterreyMinute(new Date());

beforeAll(async () => {
  t = await createTestApp();
  for (const email of EMAILS) tokens[email] = await loginAs(t.app, email);
  for (const { id, email } of await rows<{ id: number; email: string }>(sql`SELECT id, email FROM users`)) people[email] = id;
  const methods = await rows<{ id: number; name: string }>(sql`SELECT id, name FROM payment_methods`);
  cash = methods.find((m) => m.name === 'Efectivo')!.id;
  transfer = methods.find((m) => m.name === 'Transferencia')!.id;
});
afterAll(() => t.close());

let keys = 0;
const freshKey = () => `ruta-cobro-${(keys += 1)}-${Date.now()}`;
/** Writes need an Idempotency-Key: each call gets a fresh one unless the test gives its own. */
const call = (method: 'GET' | 'POST' | 'PUT', url: string, email: string, payload?: object, key = freshKey()) =>
  t.app.inject({
    method,
    url,
    headers: { ...bearer(tokens[email]!), ...(method === 'GET' ? {} : { 'idempotency-key': key }) },
    ...(payload === undefined ? {} : { payload }),
  });

let customers = 0;
/** A customer of the test's own, with nothing owed yet. */
async function customer(): Promise<{ id: number; name: string }> {
  customers += 1;
  const name = `Cliente de ruta ${customers}`;
  const [row] = await rows<{ id: number }>(
    sql`INSERT INTO companies (name, razon_social, credit_days) VALUES (${name}, ${`Ruta ${customers} S.A. de C.V.`}, 15) RETURNING id`,
  );
  return { id: row!.id, name };
}

/** A sale of `company` with `total`, owing `balance` (all of it by default), due `dueIn` days from today. */
async function sale(company: number, total: number, dueIn: number, balance = total): Promise<number> {
  const status = balance === 0 ? 'Pagada' : balance === total ? 'Pendiente' : 'Parcial';
  const [row] = await rows<{ id: number }>(
    sql`INSERT INTO sales (kind, company_id, user_id, date, due_date, type, subtotal, iva, total, due_balance, payment_status, sale_total_weight, sale_weight)
    VALUES ('sale', ${company}, 2, ${addDays(today(), dueIn - 15)}, ${addDays(today(), dueIn)}, 'Serie B', ${total}, 0, ${total}, ${balance}, ${status}, 0, 0)
    RETURNING id`,
  );
  return row!.id;
}

/** A route of `driver` made by the office, with a stop for each sale (delivered when asked), started by its driver unless told. */
async function route(driver: string, sales: { id: number; delivered?: boolean }[], started = true) {
  const created = await call('POST', '/api/v1/shipping/create', 'oficina@demo.mx', { date: today(), driver_id: people[driver] });
  expect(created.statusCode, created.body).toBe(201);
  const id = shippingSchema.parse(created.json()).id;
  const stops: number[] = [];
  for (const stop of sales) {
    const detail = await call('POST', '/api/v1/shipping_detail/create', 'oficina@demo.mx', {
      sale_id: stop.id,
      shipping_id: id,
      completed: stop.delivered ?? false,
    });
    expect(detail.statusCode, detail.body).toBe(201);
    stops.push(shippingDetailSchema.parse(detail.json()).id);
  }
  if (started) {
    const start = await call('PUT', '/api/v1/shipping/update', driver, { id, initial_km: 1000, km_capture_time_start: now() });
    expect(start.statusCode, start.body).toBe(200);
  }
  return { id, stops };
}

const payment = (amount: number, extra: Record<string, unknown> = {}) => ({
  amount,
  payment_method_id: cash,
  reference: null,
  collected_at: now(),
  provisional: `P-7F3A-${String((keys += 1)).padStart(4, '0')}`,
  ...extra,
});
const collect = (stop: number, email: string, body: object, key?: string) =>
  call('POST', `/api/v2/shipping_details/${stop}/payments`, email, body, key);
async function collected(stop: number, email: string, body: object): Promise<Collection> {
  const response = await collect(stop, email, body);
  expect(response.statusCode, response.body).toBe(201);
  return collectionAnswerSchema.parse(response.json()).data;
}
const applied = (collection: Collection) => collection.details.map((d) => [d.sale_id, d.amount, d.balance_after, d.payment_status]);

async function balance(company: number) {
  const response = await call('GET', `/api/v2/balances/${company}`, 'oficina@demo.mx');
  expect(response.statusCode, response.body).toBe(200);
  const { meta } = customerBalanceSchema.parse(response.json());
  return { owes: meta.totals.total, credit: meta.credit };
}

const cutOf = async (shippingId: number, email = 'oficina@demo.mx'): Promise<DriverCut> => {
  const response = await call('GET', `/api/v2/shippings/${shippingId}/driver_cut`, email);
  expect(response.statusCode, response.body).toBe(200);
  return driverCutAnswerSchema.parse(response.json()).data;
};
const submit = (shippingId: number, email: string, body: object, key?: string) =>
  call('POST', `/api/v2/shippings/${shippingId}/driver_cut`, email, body, key);
const cutBody = (counted: { payment_method_id: number; amount: number }[], note: string | null = null) => ({
  counted,
  note,
  submitted_at: now(),
});
const receive = (shippingId: number, body: object, email = 'oficina@demo.mx') =>
  call('POST', `/api/v2/shippings/${shippingId}/driver_cut/receive`, email, body);

describe("'Cobrar' at a stop", () => {
  it("applies the driver's payment as Nueva Cobranza does: the customer's oldest sales first, and remembers the route, the stop and the provisional number", async () => {
    const { id: company } = await customer();
    const older = await sale(company, 300, -20);
    const atTheStop = await sale(company, 200, -5);
    const { id: shippingId, stops } = await route('chofer@demo.mx', [{ id: atTheStop }]);

    const body = payment(400, { reference: 'Billetes de 200' });
    const collection = await collected(stops[0]!, 'chofer@demo.mx', body);
    expect(applied(collection)).toEqual([
      [older, 300, 0, 'Pagada'],
      [atTheStop, 100, 100, 'Parcial'],
    ]);
    expect(collection).toMatchObject({
      amount: 400,
      applied: 400,
      unapplied: 0,
      date: today(),
      reference: 'Billetes de 200',
      company: { id: company },
      user: { id: people['chofer@demo.mx'], name: 'Miguel' },
      payment_method: { id: cash, name: 'Efectivo' },
      shipping_id: shippingId,
      provisional: body.provisional,
    });
    expect(await balance(company)).toEqual({ owes: 100, credit: 0 });

    // The office reads it as any payment, and its list says it was collected on the route.
    const read = await call('GET', `/api/v2/collections/${collection.id}`, 'oficina@demo.mx');
    expect(collectionAnswerSchema.parse(read.json()).data).toEqual(collection);
    const list = await call('GET', `/api/v2/collections?filter[company_id]=${company}`, 'oficina@demo.mx');
    expect(collectionListPageSchema.parse(list.json()).data.map((row) => [row.id, row.shipping_id, row.user_id])).toEqual([
      [collection.id, shippingId, people['chofer@demo.mx']],
    ]);
  });

  it('takes the day the driver collected, not the day it arrived', async () => {
    const { id: company } = await customer();
    const { stops } = await route('chofer@demo.mx', [{ id: await sale(company, 100, 0) }]);
    const yesterday = addDays(today(), -1);
    const collection = await collected(stops[0]!, 'chofer@demo.mx', payment(50, { collected_at: `${yesterday} 18:40` }));
    expect(collection.date).toBe(yesterday);
    const tomorrow = await collect(stops[0]!, 'chofer@demo.mx', payment(50, { collected_at: `${addDays(today(), 1)} 09:00` }));
    expect(tomorrow.statusCode).toBe(422);
    expect(tomorrow.json()).toMatchObject({ message: text.collectedInFuture });
  });

  it('arrives once: the outbox sending it again under the same key gets the same payment', async () => {
    const { id: company } = await customer();
    const { stops } = await route('chofer@demo.mx', [{ id: await sale(company, 500, -3) }]);
    const body = payment(120);
    const key = freshKey();
    const first = await collect(stops[0]!, 'chofer@demo.mx', body, key);
    const again = await collect(stops[0]!, 'chofer@demo.mx', body, key);
    expect(first.statusCode, first.body).toBe(201);
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual(first.json());
    const [count] = await rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM collections WHERE shipping_detail_id = ${stops[0]}`);
    expect(count!.n).toBe(1);
    expect(await balance(company)).toEqual({ owes: 380, credit: 0 });
  });

  it("is the route's driver's alone: another driver 403, an unknown stop 404", async () => {
    const { id: company } = await customer();
    const { stops } = await route('chofer@demo.mx', [{ id: await sale(company, 100, 0) }]);
    const other = await collect(stops[0]!, 'chofer2@demo.mx', payment(50));
    expect(other.statusCode).toBe(403);
    expect(other.json()).toMatchObject({ message: text.notYourStop });
    // The office collects through Nueva Cobranza, not at a stop.
    expect((await collect(stops[0]!, 'oficina@demo.mx', payment(50))).statusCode).toBe(403);
    const unknown = await collect(999_999, 'chofer@demo.mx', payment(50));
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ message: shippingMessages.detailNotFound });
    expect(await balance(company)).toEqual({ owes: 100, credit: 0 });
  });

  it('is refused before the route started', async () => {
    const { id: company } = await customer();
    const { stops } = await route('chofer@demo.mx', [{ id: await sale(company, 100, 0) }], false);
    const response = await collect(stops[0]!, 'chofer@demo.mx', payment(50));
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({ message: text.routeNotStarted });
  });

  it('is refused on a stop whose sale was cancelled, with an unknown payment method, or an amount that is no amount', async () => {
    const { id: company } = await customer();
    const canceled = await sale(company, 100, 0);
    const live = await sale(company, 80, 0);
    const { stops } = await route('chofer@demo.mx', [{ id: canceled }, { id: live }]);
    await t.database.db.execute(sql`UPDATE sales SET canceled_at = now() WHERE id = ${canceled}`);
    const onCanceled = await collect(stops[0]!, 'chofer@demo.mx', payment(50));
    expect(onCanceled.statusCode).toBe(422);
    expect(onCanceled.json()).toMatchObject({ message: text.saleCanceled(`V-${canceled}`) });
    const method = await collect(stops[1]!, 'chofer@demo.mx', payment(50, { payment_method_id: 999_999 }));
    expect(method.statusCode).toBe(422);
    expect(method.json()).toMatchObject({ message: collectionsMessages.paymentMethodNotFound });
    for (const [amount, message] of [
      [0, collectionsMessages.amountPositive],
      [10.005, collectionsMessages.amountCents],
      [100_000_000, collectionsMessages.amountTooLarge],
    ] as const) {
      const response = await collect(stops[1]!, 'chofer@demo.mx', payment(amount));
      expect(response.statusCode, String(amount)).toBe(422);
      expect(response.json()).toMatchObject({ message });
    }
    expect(await balance(company)).toEqual({ owes: 80, credit: 0 });
  });

  it("lets a Chofer Repartidor collect only while the stop's customer owes; a Chofer Ejecutivo's payment then becomes credit", async () => {
    const { id: company, name } = await customer();
    const paid = await sale(company, 250, -2, 0);
    const repartidor = await route('chofer@demo.mx', [{ id: paid }]);
    const refused = await collect(repartidor.stops[0]!, 'chofer@demo.mx', payment(100));
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({ message: text.nothingOwed(name) });
    expect(await balance(company)).toEqual({ owes: 0, credit: 0 });

    const ejecutivo = await route('ejecutivo@demo.mx', [{ id: paid }]);
    const credit = await collected(ejecutivo.stops[0]!, 'ejecutivo@demo.mx', payment(100));
    expect(credit).toMatchObject({ amount: 100, applied: 0, unapplied: 100, details: [], shipping_id: ejecutivo.id });
    expect(await balance(company)).toEqual({ owes: 0, credit: 100 });
  });

  it('lets a Chofer Repartidor take more than is owed while the customer owes: the rest is its credit', async () => {
    const { id: company } = await customer();
    const owing = await sale(company, 60, -1);
    const { stops } = await route('chofer@demo.mx', [{ id: owing }]);
    const collection = await collected(stops[0]!, 'chofer@demo.mx', payment(100));
    expect(collection).toMatchObject({ applied: 60, unapplied: 40 });
    expect(await balance(company)).toEqual({ owes: 0, credit: 40 });
  });
});

describe("the driver's cut", () => {
  it('adds up what the office expects and what was collected by method, before and after the driver closes it, once', async () => {
    const first = await customer();
    const second = await customer();
    const firstSale = await sale(first.id, 500, -1);
    const secondSale = await sale(second.id, 300, -1);
    // An older sale of the second customer, not on the route: the payment pays it first, but it is not the route's.
    const olderElsewhere = await sale(second.id, 100, -30);
    const pending = await sale(second.id, 70, 5);
    const { id: shippingId, stops } = await route('chofer@demo.mx', [
      { id: firstSale, delivered: true },
      { id: secondSale, delivered: true },
      { id: pending },
    ]);
    await collected(stops[0]!, 'chofer@demo.mx', payment(400));
    const transferred = await collected(stops[1]!, 'chofer@demo.mx', payment(150, { payment_method_id: transfer, reference: 'SPEI 123' }));
    expect(applied(transferred)).toEqual([
      [olderElsewhere, 100, 0, 'Pagada'],
      [secondSale, 50, 250, 'Parcial'],
    ]);

    const open = await cutOf(shippingId);
    expect(open).toMatchObject({
      shipping_id: shippingId,
      driver_id: people['chofer@demo.mx'],
      driver_name: 'Miguel Hernández',
      state: 'open',
      // The delivered stops' sales as they stood before the route's payments: 500 + 300.
      expected: 800,
      collected_total: 550,
      collected_cash: 400,
      counted: null,
      counted_total: null,
      submitted_at: null,
      received_at: null,
      difference: null,
    });
    expect(open.collected).toEqual([
      { payment_method_id: cash, name: 'Efectivo', amount: 400 },
      { payment_method_id: transfer, name: 'Transferencia', amount: 150 },
    ]);
    // The driver reads their own route's cut; another Chofer Repartidor does not see it.
    expect((await cutOf(shippingId, 'chofer@demo.mx')).collected_total).toBe(550);
    expect((await call('GET', `/api/v2/shippings/${shippingId}/driver_cut`, 'chofer2@demo.mx')).statusCode).toBe(404);
    // Who records payments reads it without the routes' permission.
    expect((await cutOf(shippingId, 'ventas@demo.mx')).expected).toBe(800);

    const body = cutBody(
      [
        { payment_method_id: cash, amount: 390 },
        { payment_method_id: transfer, amount: 150 },
      ],
      'Faltan 10 de cambio',
    );
    const key = freshKey();
    const submitted = await submit(shippingId, 'chofer@demo.mx', body, key);
    expect(submitted.statusCode, submitted.body).toBe(201);
    const cut = driverCutAnswerSchema.parse(submitted.json()).data;
    expect(cut).toMatchObject({
      state: 'submitted',
      counted: [
        { payment_method_id: cash, name: 'Efectivo', amount: 390 },
        { payment_method_id: transfer, name: 'Transferencia', amount: 150 },
      ],
      counted_total: 540,
      submitted_at: body.submitted_at,
      note: 'Faltan 10 de cambio',
      expected: 800,
      collected_total: 550,
    });
    expect(await cutOf(shippingId)).toEqual(cut);

    // The outbox sending it again replays; another cut of the same route is refused.
    const replay = await submit(shippingId, 'chofer@demo.mx', body, key);
    expect(replay.statusCode).toBe(201);
    expect(replay.json()).toEqual(submitted.json());
    const second_ = await submit(shippingId, 'chofer@demo.mx', cutBody([{ payment_method_id: cash, amount: 400 }]));
    expect(second_.statusCode).toBe(409);
    expect(second_.json()).toMatchObject({ message: text.cutAlreadySubmitted });

    // Once the cut is closed, the route takes no more payments.
    const late = await collect(stops[0]!, 'chofer@demo.mx', payment(10));
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({ message: text.cutClosedForPayments });
  });

  it("is the route's driver's to close, once the route started, each payment method once", async () => {
    const { id: company } = await customer();
    const notStarted = await route('chofer@demo.mx', [{ id: await sale(company, 100, 0) }], false);
    const before = await submit(notStarted.id, 'chofer@demo.mx', cutBody([]));
    expect(before.statusCode).toBe(422);
    expect(before.json()).toMatchObject({ message: text.cutRouteNotStarted });

    const started = await route('chofer@demo.mx', [{ id: await sale(company, 100, 0) }]);
    const other = await submit(started.id, 'chofer2@demo.mx', cutBody([]));
    expect(other.statusCode).toBe(403);
    expect(other.json()).toMatchObject({ message: text.notYourCut });
    const twice = await submit(
      started.id,
      'chofer@demo.mx',
      cutBody([
        { payment_method_id: cash, amount: 1 },
        { payment_method_id: cash, amount: 2 },
      ]),
    );
    expect(twice.statusCode).toBe(422);
    expect(twice.json()).toMatchObject({ message: text.countedRepeated });
    const negative = await submit(started.id, 'chofer@demo.mx', cutBody([{ payment_method_id: cash, amount: -1 }]));
    expect(negative.statusCode).toBe(422);
    expect(negative.json()).toMatchObject({ message: text.countedNegative });
    const unknownMethod = await submit(started.id, 'chofer@demo.mx', cutBody([{ payment_method_id: 999_999, amount: 1 }]));
    expect(unknownMethod.statusCode).toBe(422);
    expect(unknownMethod.json()).toMatchObject({ message: collectionsMessages.paymentMethodNotFound });
    expect((await submit(999_999, 'chofer@demo.mx', cutBody([]))).statusCode).toBe(404);
    // Nothing collected, nothing counted: an empty cut closes the route.
    const empty = await submit(started.id, 'chofer@demo.mx', cutBody([]));
    expect(empty.statusCode, empty.body).toBe(201);
    expect(driverCutAnswerSchema.parse(empty.json()).data).toMatchObject({ state: 'submitted', counted: [], counted_total: 0 });
  });

  it("is received by the office once: the difference against the cash collected, and the cash enters the receiver's Caja", async () => {
    const { id: company } = await customer();
    const { id: shippingId, stops } = await route('chofer@demo.mx', [{ id: await sale(company, 1000, -1), delivered: true }]);
    await collected(stops[0]!, 'chofer@demo.mx', payment(700));
    await collected(stops[0]!, 'chofer@demo.mx', payment(200, { payment_method_id: transfer }));

    const early = await receive(shippingId, { received_cash: 700, note: null });
    expect(early.statusCode).toBe(409);
    expect(early.json()).toMatchObject({ message: text.cutNotSubmitted });

    const submitted = await submit(shippingId, 'chofer@demo.mx', cutBody([{ payment_method_id: cash, amount: 700 }]));
    expect(submitted.statusCode, submitted.body).toBe(201);
    // Receiving needs the collections permission.
    expect((await receive(shippingId, { received_cash: 700, note: null }, 'chofer@demo.mx')).statusCode).toBe(403);

    const cajaBefore = cajaDaySchema.parse((await call('GET', '/api/v2/caja', 'oficina@demo.mx')).json()).data;
    const received = await receive(shippingId, { received_cash: 690.5, note: 'Faltaron 9.50' });
    expect(received.statusCode, received.body).toBe(200);
    const cut = driverCutAnswerSchema.parse(received.json()).data;
    expect(cut).toMatchObject({
      state: 'received',
      collected_cash: 700,
      received_cash: 690.5,
      difference: -9.5,
      received_by_name: 'Jorge Treviño Leal',
      received_note: 'Faltaron 9.50',
    });
    expect(cut.received_at).not.toBeNull();
    expect(await cutOf(shippingId)).toEqual(cut);

    // The receiver's drawer: an 'entrada' of the cash, counted in what the drawer should hold.
    const caja = cajaDaySchema.parse((await call('GET', '/api/v2/caja', 'oficina@demo.mx')).json()).data;
    expect(caja.movements.filter((m) => m.reason === text.cashMovementReason(shippingId))).toMatchObject([
      { kind: 'entrada', amount: 690.5 },
    ]);
    expect(caja.cash_in).toBeCloseTo(cajaBefore.cash_in + 690.5, 2);
    expect(caja.expected_cash).toBeCloseTo(cajaBefore.expected_cash + 690.5, 2);
    const list = receivedDriverCutsSchema.parse((await call('GET', '/api/v2/caja/driver_cuts', 'oficina@demo.mx')).json()).data;
    expect(list.find((row) => row.shipping_id === shippingId)).toMatchObject({
      driver_name: 'Miguel Hernández',
      collected_cash: 700,
      received_cash: 690.5,
      difference: -9.5,
    });
    // Another person's Caja does not list it.
    const theirs = receivedDriverCutsSchema.parse((await call('GET', '/api/v2/caja/driver_cuts', 'ventas@demo.mx')).json()).data;
    expect(theirs.some((row) => row.shipping_id === shippingId)).toBe(false);

    const again = await receive(shippingId, { received_cash: 10, note: null });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ message: text.cutAlreadyReceived });
    const [movements] = await rows<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM cash_movements WHERE reason = ${text.cashMovementReason(shippingId)}`,
    );
    expect(movements!.n).toBe(1);
  });

  it('refuses a receipt with no amount or a negative one, and one into a drawer already cut today', async () => {
    const { id: company } = await customer();
    const { id: shippingId, stops } = await route('chofer@demo.mx', [{ id: await sale(company, 100, -1), delivered: true }]);
    await collected(stops[0]!, 'chofer@demo.mx', payment(100));
    expect((await submit(shippingId, 'chofer@demo.mx', cutBody([{ payment_method_id: cash, amount: 100 }]))).statusCode).toBe(201);
    const missing = await receive(shippingId, { note: null });
    expect(missing.statusCode).toBe(422);
    expect(missing.json()).toMatchObject({ message: text.receivedRequired });
    const negative = await receive(shippingId, { received_cash: -5, note: null });
    expect(negative.statusCode).toBe(422);
    expect(negative.json()).toMatchObject({ message: text.receivedNegative });

    // ventas@demo.mx records payments and cuts their drawer; after that no cash enters it today.
    const drawerCut = await call('POST', '/api/v2/cash_cuts', 'ventas@demo.mx', { counted: 0, note: null });
    expect(drawerCut.statusCode, drawerCut.body).toBe(201);
    const intoCutDrawer = await receive(shippingId, { received_cash: 100, note: null }, 'ventas@demo.mx');
    expect(intoCutDrawer.statusCode).toBe(409);
    expect(intoCutDrawer.json()).toMatchObject({ message: text.cajaAlreadyCut });
    expect((await cutOf(shippingId)).state).toBe('submitted');
  });

  it('a route’s cash is not its driver’s drawer until the office receives the cut, and nobody receives their own cut', async () => {
    const buyer = await customer();
    const owed = await sale(buyer.id, 300, 5);
    const { id: shippingId, stops } = await route('ejecutivo@demo.mx', [{ id: owed, delivered: true }]);
    // The route is driven by someone who also takes payments at a counter (holds sales and collections).
    await rows(sql`UPDATE shippings SET driver_id = ${people['admin@demo.mx']} WHERE id = ${shippingId}`);
    const drawerBefore = cajaDaySchema.parse((await call('GET', '/api/v2/caja', 'admin@demo.mx')).json()).data;
    await collected(stops[0]!, 'admin@demo.mx', payment(300));
    const drawer = cajaDaySchema.parse((await call('GET', '/api/v2/caja', 'admin@demo.mx')).json()).data;
    expect(drawer.payments.cash).toBeCloseTo(drawerBefore.payments.cash, 2);
    expect(drawer.expected_cash).toBeCloseTo(drawerBefore.expected_cash, 2);

    const submitted = await submit(shippingId, 'admin@demo.mx', cutBody([{ payment_method_id: cash, amount: 300 }]));
    expect(submitted.statusCode, submitted.body).toBe(201);
    const own = await receive(shippingId, { received_cash: 300, note: null }, 'admin@demo.mx');
    expect(own.statusCode).toBe(403);
    expect(own.json()).toMatchObject({ message: text.ownCut });
    expect((await receive(shippingId, { received_cash: 300, note: null })).statusCode).toBe(200);
  });
});
