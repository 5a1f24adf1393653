import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  balancePageSchema,
  collectionAnswerSchema,
  collectionListPageSchema,
  collectionListTotalsSchema,
  customerBalanceSchema,
  type Collection,
} from '../../domain/schemas/collections';
import { collectionsMessages } from '../../domain/messages/collections';
import { saleDetailAnswerSchema } from '../../domain/schemas/quotations';
import { addDays, monterreyDate } from '../../domain/time';
import { bearer, createTestApp, loginAs, type TestApp } from './test-app';

/**
 * Payments from customers and overdue balances through the real routes, on a
 * customer of each test's own whose sales are written straight into the database with the
 * totals, balances and due dates the case needs (due dates relative to today in Monterrey).
 */
let t: TestApp;
const tokens: Record<string, string> = {};
let method: number;
let otherMethod: number;
beforeAll(async () => {
  t = await createTestApp();
  for (const email of ['admin@demo.mx', 'ventas@demo.mx', 'oficina@demo.mx', 'consulta@demo.mx', 'chofer@demo.mx'])
    tokens[email] = await loginAs(t.app, email);
  const methods = await rows<{ id: number }>(sql`SELECT id FROM payment_methods ORDER BY id LIMIT 2`);
  [method, otherMethod] = methods.map((m) => m.id) as [number, number];
});
afterAll(() => t.close());

const rows = <T>(query: ReturnType<typeof sql>) => t.database.db.execute(query).then((r) => (r as unknown as { rows: T[] }).rows);
const today = () => monterreyDate(new Date());
const office = () => tokens['oficina@demo.mx']!;

type Method = 'GET' | 'POST';
let keys = 0;
/** Payment writes need an Idempotency-Key: each call gets a fresh one unless the test gives its own. */
const call = (method: Method, url: string, token = office(), payload?: object, headers: Record<string, string> = {}) =>
  t.app.inject({
    method,
    url,
    headers: { ...bearer(token), ...(method === 'POST' ? { 'idempotency-key': `prueba-cobro-${(keys += 1)}` } : {}), ...headers },
    ...(payload === undefined ? {} : { payload }),
  });

let customers = 0;
/** A customer of the test's own, with nothing owed yet. */
async function customer(credit_days = 15): Promise<number> {
  customers += 1;
  const [row] = await rows<{ id: number }>(
    sql`INSERT INTO companies (name, razon_social, credit_days) VALUES (${`Cliente de cobranza ${customers}`}, ${`Cobranza ${customers} S.A. de C.V.`}, ${credit_days}) RETURNING id`,
  );
  return row!.id;
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

async function saleState(id: number) {
  const response = await call('GET', `/api/v2/sales/${id}`, tokens['admin@demo.mx']);
  const { due_balance, payment_status } = saleDetailAnswerSchema.parse(response.json()).data;
  return { due_balance, payment_status };
}

const payment = (company: number, amount: number, extra: Record<string, unknown> = {}) => ({
  company_id: company,
  date: today(),
  amount,
  payment_method_id: method,
  reference: 'TRF-001',
  note: null,
  ...extra,
});

async function pay(body: object, token = office(), headers: Record<string, string> = {}): Promise<Collection> {
  const response = await call('POST', '/api/v2/collections', token, body, headers);
  expect(response.statusCode, response.body).toBe(201);
  return collectionAnswerSchema.parse(response.json()).data;
}

const applied = (collection: Collection) => collection.details.map((d) => [d.sale_id, d.amount, d.balance_after, d.payment_status]);

describe('applying a payment to what a customer owes', () => {
  it('pays the oldest due date first, then the oldest sale, and leaves the rest owing', async () => {
    const company = await customer();
    const older = await sale(company, 250.5, -10);
    const oldest = await sale(company, 100, -40);
    // Due the same day as `older`, but a later sale (higher id): it waits.
    const sameDueNewer = await sale(company, 60, -10);
    const notDue = await sale(company, 80, 5);
    const collection = await pay(payment(company, 300));
    expect(applied(collection)).toEqual([
      [oldest, 100, 0, 'Pagada'],
      [older, 200, 50.5, 'Parcial'],
    ]);
    expect(collection).toMatchObject({
      amount: 300,
      applied: 300,
      unapplied: 0,
      company: { id: company },
      user: { name: 'Jorge' },
      payment_method: { id: method },
    });
    expect(await saleState(oldest)).toEqual({ due_balance: 0, payment_status: 'Pagada' });
    expect(await saleState(older)).toEqual({ due_balance: 50.5, payment_status: 'Parcial' });
    expect(await saleState(sameDueNewer)).toEqual({ due_balance: 60, payment_status: 'Pendiente' });
    expect(await saleState(notDue)).toEqual({ due_balance: 80, payment_status: 'Pendiente' });
  });

  it('counts in cents: a partial payment leaves exactly the cents owed', async () => {
    const company = await customer();
    const first = await sale(company, 0.3, -3);
    const second = await sale(company, 1000.1, -2);
    const collection = await pay(payment(company, 0.3));
    expect(applied(collection)).toEqual([[first, 0.3, 0, 'Pagada']]);
    // 1000.10 − 999.99 in floating point is 0.10999999999990905; in cents it is 11.
    const next = await pay(payment(company, 999.99));
    expect(applied(next)).toEqual([[second, 999.99, 0.11, 'Parcial']]);
    expect(await saleState(second)).toEqual({ due_balance: 0.11, payment_status: 'Parcial' });
  });

  it('applies chosen lines as chosen and keeps what they leave as the customer’s credit', async () => {
    const company = await customer();
    const old = await sale(company, 500, -60);
    const recent = await sale(company, 120, -1);
    const collection = await pay(
      payment(company, 200, {
        lines: [
          { sale_id: recent, amount: 120 },
          { sale_id: old, amount: 50 },
        ],
      }),
    );
    expect(collection.details.map((d) => [d.sale_id, d.amount])).toEqual([
      [old, 50],
      [recent, 120],
    ]);
    expect(collection).toMatchObject({ applied: 170, unapplied: 30 });
    expect(await saleState(old)).toEqual({ due_balance: 450, payment_status: 'Parcial' });
    expect(await saleState(recent)).toEqual({ due_balance: 0, payment_status: 'Pagada' });
    // No lines at all: the whole payment is credit.
    const credit = await pay(payment(company, 40, { apply: 'lines', lines: [] }));
    expect(credit).toMatchObject({ applied: 0, unapplied: 40, details: [] });
  });

  it('keeps an overpayment as credit once every sale is paid', async () => {
    const company = await customer();
    const a = await sale(company, 130.25, -5);
    const b = await sale(company, 300.25, 10);
    const collection = await pay(payment(company, 1000));
    expect(applied(collection)).toEqual([
      [a, 130.25, 0, 'Pagada'],
      [b, 300.25, 0, 'Pagada'],
    ]);
    expect(collection).toMatchObject({ amount: 1000, applied: 430.5, unapplied: 569.5 });
    const balance = customerBalanceSchema.parse((await call('GET', `/api/v2/balances/${company}`)).json());
    expect(balance.data).toEqual([]);
    expect(balance.meta.credit).toBe(569.5);
  });

  it('refuses a line above its sale’s balance, naming the sale, and writes nothing', async () => {
    const company = await customer();
    const owing = await sale(company, 1500, -20, 1200);
    const before = await rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM collections WHERE company_id = ${company}`);
    const response = await call(
      'POST',
      '/api/v2/collections',
      office(),
      payment(company, 1300, { lines: [{ sale_id: owing, amount: 1200.01 }] }),
    );
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ message: `La venta ${owing} solo debe $1,200.00.` });
    expect(await rows(sql`SELECT count(*)::int AS n FROM collections WHERE company_id = ${company}`)).toEqual(before);
    expect(await saleState(owing)).toEqual({ due_balance: 1200, payment_status: 'Parcial' });
  });

  it('refuses a sale of another customer, a paid one, a repeated one, and lines above the amount', async () => {
    const company = await customer();
    const mine = await sale(company, 100, -3);
    const paid = await sale(company, 100, -3, 0);
    const other = await sale(await customer(), 100, -3);
    const refusal = async (lines: { sale_id: number; amount: number }[], amount = 100) => {
      const response = await call('POST', '/api/v2/collections', office(), payment(company, amount, { lines }));
      return [response.statusCode, response.json<{ message: string }>().message];
    };
    expect(await refusal([{ sale_id: other, amount: 10 }])).toEqual([422, `La venta ${other} no es de este cliente.`]);
    expect(await refusal([{ sale_id: paid, amount: 10 }])).toEqual([409, `La venta ${paid} no tiene saldo pendiente.`]);
    expect(await refusal([{ sale_id: 99_999_999, amount: 10 }])).toEqual([422, 'La venta 99999999 no existe.']);
    expect(
      await refusal([
        { sale_id: mine, amount: 10 },
        { sale_id: mine, amount: 10 },
      ]),
    ).toEqual([422, `La venta ${mine} está dos veces en el cobro.`]);
    expect(await refusal([{ sale_id: mine, amount: 60 }], 50)).toEqual([
      422,
      'Lo aplicado a las ventas ($60.00) pasa del monto del cobro ($50.00).',
    ]);
    expect(await saleState(mine)).toEqual({ due_balance: 100, payment_status: 'Pendiente' });
  });

  it('says in Spanish what is wrong with the payment itself', async () => {
    const company = await customer();
    const refusal = async (body: object) => {
      const response = await call('POST', '/api/v2/collections', office(), body);
      return [response.statusCode, response.json<{ message: string }>().message];
    };
    expect(await refusal(payment(company, 0))).toEqual([422, 'El monto debe ser mayor que cero.']);
    expect(await refusal(payment(company, 10.005))).toEqual([422, 'El monto admite hasta dos decimales.']);
    expect(await refusal({ ...payment(company, 10), payment_method_id: undefined })).toEqual([422, 'Elige la forma de pago.']);
    expect(await refusal(payment(company, 10, { payment_method_id: 99_999 }))).toEqual([422, 'La forma de pago no existe.']);
    expect(await refusal(payment(99_999_999, 10))).toEqual([422, 'El cliente no existe.']);
    expect(await refusal(payment(company, 10, { date: addDays(today(), 1) }))).toEqual([
      422,
      'La fecha del cobro no puede ser posterior a hoy.',
    ]);
    expect(await refusal(payment(company, 10, { date: '2026-02-30' }))).toEqual([422, 'Indica la fecha del cobro (AAAA-MM-DD).']);
    expect(await refusal(payment(company, 10, { apply: 'oldest', lines: [] }))).toEqual([
      422,
      'Elige aplicar a las más antiguas o elegir por venta, no ambas.',
    ]);
    expect(await refusal(payment(company, 10, { reference: 'x'.repeat(61) }))).toEqual([422, 'La referencia admite hasta 60 caracteres.']);
  });
});

describe('a retried payment and a cancelled one', () => {
  it('refuses to record or cancel a payment without an Idempotency-Key, and records nothing', async () => {
    const company = await customer();
    const owing = await sale(company, 100, -5);
    const noKey = await t.app.inject({
      method: 'POST',
      url: '/api/v2/collections',
      headers: bearer(office()),
      payload: payment(company, 40),
    });
    expect(noKey.statusCode).toBe(400);
    expect(noKey.json().message).toBe('Falta la clave Idempotency-Key: sin ella, un reintento podría registrar el cobro dos veces.');
    expect(await saleState(owing)).toEqual({ due_balance: 100, payment_status: 'Pendiente' });
    const collection = await pay(payment(company, 40));
    const cancel = await t.app.inject({
      method: 'POST',
      url: `/api/v2/collections/${collection.id}/cancel`,
      headers: bearer(office()),
      payload: { reason: 'Sin clave' },
    });
    expect(cancel.statusCode).toBe(400);
    expect(await saleState(owing)).toEqual({ due_balance: 60, payment_status: 'Parcial' });
  });

  it('answers a retry under the same Idempotency-Key with the same payment, written once', async () => {
    const company = await customer();
    const owing = await sale(company, 400, -8);
    const headers = { 'idempotency-key': `cobro-${company}-retry` };
    const first = await pay(payment(company, 150), office(), headers);
    const again = await call('POST', '/api/v2/collections', office(), payment(company, 150), headers);
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(collectionAnswerSchema.parse(again.json()).data.id).toBe(first.id);
    expect(await rows(sql`SELECT count(*)::int AS n FROM collections WHERE company_id = ${company}`)).toEqual([{ n: 1 }]);
    expect(await saleState(owing)).toEqual({ due_balance: 250, payment_status: 'Parcial' });
    // The same key with another payment is refused.
    const reused = await call('POST', '/api/v2/collections', office(), payment(company, 151), headers);
    expect(reused.statusCode).toBe(422);
  });

  it('lets only its recorder cancel a payment, the same day, or someone who may cancel (cancelations)', async () => {
    const company = await customer();
    const owed = await sale(company, 80, -5);
    const cancel = (id: number, token: string) => call('POST', `/api/v2/collections/${id}/cancel`, token, { reason: 'Error de captura' });
    // Someone else's payment: refused to the office (no cancelations), nothing undone.
    const byAdmin = await pay(payment(company, 30), tokens['admin@demo.mx']);
    const foreign = await cancel(byAdmin.id, office());
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json()).toEqual({ message: collectionsMessages.cancelOwnSameDay });
    expect(await saleState(owed)).toEqual({ due_balance: 50, payment_status: 'Parcial' });
    // Its own payment, recorded yesterday: refused too; the administrator may.
    const own = await pay(payment(company, 20));
    await t.database.db.execute(sql`UPDATE collections SET created_at = created_at - interval '1 day' WHERE id = ${own.id}`);
    expect((await cancel(own.id, office())).statusCode).toBe(403);
    expect((await cancel(own.id, tokens['admin@demo.mx']!)).statusCode).toBe(200);
    expect((await cancel(byAdmin.id, tokens['admin@demo.mx']!)).statusCode).toBe(200);
    expect(await saleState(owed)).toEqual({ due_balance: 80, payment_status: 'Pendiente' });
  });

  it('restores every balance and payment status when cancelled, once', async () => {
    const company = await customer();
    const a = await sale(company, 100, -30);
    const b = await sale(company, 200, -20, 150);
    const c = await sale(company, 50, -10);
    const collection = await pay(payment(company, 220));
    expect(applied(collection)).toEqual([
      [a, 100, 0, 'Pagada'],
      [b, 120, 30, 'Parcial'],
    ]);
    const paymentsOf = async (id: number) =>
      saleDetailAnswerSchema
        .parse((await call('GET', `/api/v2/sales/${id}`, tokens['admin@demo.mx'])).json())
        .data.collections.map((c) => c.collection_id);
    expect(await paymentsOf(a)).toEqual([collection.id]);
    const headers = { 'idempotency-key': `cancel-${collection.id}` };
    const cancel = await call('POST', `/api/v2/collections/${collection.id}/cancel`, office(), { reason: 'Cheque sin fondos' }, headers);
    expect(cancel.statusCode, cancel.body).toBe(200);
    const canceled = collectionAnswerSchema.parse(cancel.json()).data;
    expect(canceled).toMatchObject({ cancel_reason: 'Cheque sin fondos', canceled_by: { name: 'Jorge' } });
    expect(canceled.canceled_at).not.toBeNull();
    expect(await saleState(a)).toEqual({ due_balance: 100, payment_status: 'Pendiente' });
    expect(await saleState(b)).toEqual({ due_balance: 150, payment_status: 'Parcial' });
    expect(await saleState(c)).toEqual({ due_balance: 50, payment_status: 'Pendiente' });
    // The sale's page no longer counts it among its payments.
    expect(await paymentsOf(a)).toEqual([]);
    // The same request again answers the same; another cancellation is refused.
    const repeat = await call('POST', `/api/v2/collections/${collection.id}/cancel`, office(), { reason: 'Cheque sin fondos' }, headers);
    expect([repeat.statusCode, repeat.json()]).toEqual([200, cancel.json()]);
    const twice = await call('POST', `/api/v2/collections/${collection.id}/cancel`, office(), { reason: 'Otra vez' });
    expect([twice.statusCode, twice.json()]).toEqual([409, { message: 'El cobro ya estaba cancelado.' }]);
    expect(await saleState(a)).toEqual({ due_balance: 100, payment_status: 'Pendiente' });
    // The list leaves it out unless cancelled ones are asked for.
    const listed = collectionListPageSchema.parse((await call('GET', `/api/v2/collections?filter[company_id]=${company}`)).json());
    expect(listed.data).toEqual([]);
    const canceledList = collectionListPageSchema.parse(
      (await call('GET', `/api/v2/collections?filter[company_id]=${company}&filter[canceled]=1`)).json(),
    );
    expect(canceledList.data.map((row) => [row.id, row.cancel_reason, row.canceled_by_name])).toEqual([
      [collection.id, 'Cheque sin fondos', 'Jorge Treviño Leal'],
    ]);
  });

  it('requires a reason to cancel and says when the payment does not exist', async () => {
    const company = await customer();
    await sale(company, 10, -1);
    const collection = await pay(payment(company, 10));
    const noReason = await call('POST', `/api/v2/collections/${collection.id}/cancel`, office(), { reason: '  ' });
    expect([noReason.statusCode, noReason.json()]).toEqual([422, { message: 'Escribe el motivo de la cancelación.' }]);
    const missing = await call('POST', '/api/v2/collections/99999999/cancel', office(), { reason: 'No existe' });
    expect([missing.statusCode, missing.json()]).toEqual([404, { message: 'El cobro no existe.' }]);
    expect((await call('GET', '/api/v2/collections/99999999')).json()).toEqual({ message: 'El cobro no existe.' });
  });

  it('lets only one of two payments of the same sale’s whole balance through at once', async () => {
    const company = await customer();
    const owing = await sale(company, 700, -15);
    const body = payment(company, 700, { lines: [{ sale_id: owing, amount: 700 }] });
    const [first, second] = await Promise.all([
      call('POST', '/api/v2/collections', office(), body, { 'idempotency-key': `race-${owing}-a` }),
      call('POST', '/api/v2/collections', tokens['ventas@demo.mx'], body, { 'idempotency-key': `race-${owing}-b` }),
    ]);
    expect([first.statusCode, second.statusCode].sort()).toEqual([201, 409]);
    const refused = first.statusCode === 409 ? first : second;
    expect(refused.json()).toEqual({ message: `La venta ${owing} no tiene saldo pendiente.` });
    expect(await saleState(owing)).toEqual({ due_balance: 0, payment_status: 'Pagada' });
    expect(await rows(sql`SELECT count(*)::int AS n FROM collection_details WHERE sale_id = ${owing}`)).toEqual([{ n: 1 }]);
  });
});

describe('the collections list and its totals', () => {
  it('filters by customer name, payment method and cancelled, and its totals add up the same rows', async () => {
    const company = await customer();
    await sale(company, 1000, -5);
    const cash = await pay(payment(company, 100, { note: 'Pago en mostrador' }));
    await pay(payment(company, 250.75, { payment_method_id: otherMethod }));
    const dropped = await pay(payment(company, 40));
    await call('POST', `/api/v2/collections/${dropped.id}/cancel`, office(), { reason: 'Capturado dos veces' });
    const name = `Cliente de cobranza ${customers}`;
    const list = collectionListPageSchema.parse(
      (await call('GET', `/api/v2/collections?filter[company]=${encodeURIComponent(name)}&sort=amount`)).json(),
    );
    expect(list.data.map((row) => row.amount)).toEqual([100, 250.75]);
    expect(list.data[0]).toMatchObject({
      id: cash.id,
      note: 'Pago en mostrador',
      unapplied: 0,
      user_name: 'Jorge Treviño Leal',
      canceled_at: null,
      company_name: name,
    });
    const byMethod = collectionListPageSchema.parse(
      (await call('GET', `/api/v2/collections?filter[company_id]=${company}&filter[payment_method_id]=${otherMethod}`)).json(),
    );
    expect(byMethod.data.map((row) => row.amount)).toEqual([250.75]);

    const totals = collectionListTotalsSchema.parse(
      (await call('GET', `/api/v2/collection/totals?filter[company_id]=${company}`)).json(),
    ).data;
    expect(totals).toMatchObject({ count: 2, total: 350.75, unapplied: 0 });
    expect(totals.by_payment_method.map((m) => [m.payment_method_id, m.count, m.total]).sort()).toEqual(
      [
        [method, 1, 100],
        [otherMethod, 1, 250.75],
      ].sort(),
    );
    const canceledTotals = collectionListTotalsSchema.parse(
      (await call('GET', `/api/v2/collection/totals?filter[company_id]=${company}&filter[canceled]=1`)).json(),
    ).data;
    expect(canceledTotals).toMatchObject({ count: 1, total: 40 });
    expect((await call('GET', '/api/v2/collections?filter[canceled]=2')).statusCode).toBe(400);
  });
});

describe('overdue balances by customer', () => {
  it('puts each sale in its aging bucket around the boundaries', async () => {
    const company = await customer(30);
    // Days past due → bucket: a boundary day belongs to the younger bucket; due today is not overdue.
    const cases: [number, string][] = [
      [0, 'current'],
      [1, 'days_0_30'],
      [30, 'days_0_30'],
      [31, 'days_31_60'],
      [60, 'days_31_60'],
      [61, 'days_61_90'],
      [90, 'days_61_90'],
      [91, 'days_over_90'],
    ];
    const ids: number[] = [];
    for (const [i, [days]] of cases.entries()) ids.push(await sale(company, 2 ** i, -days));
    const detail = customerBalanceSchema.parse((await call('GET', `/api/v2/balances/${company}`)).json());
    expect(detail.data.map((s) => [s.id, s.days_overdue, s.bucket])).toEqual(
      // Oldest due date first.
      cases.map(([days, bucket], i) => [ids[i], days, bucket]).reverse(),
    );
    // Amounts are powers of two, so each bucket's sum says which sales fell in it.
    expect(detail.meta.totals).toEqual({
      count: 8,
      total: 255,
      overdue: 254,
      current: 1,
      days_0_30: 6,
      days_31_60: 24,
      days_61_90: 96,
      days_over_90: 128,
    });

    const page = balancePageSchema.parse((await call('GET', `/api/v2/balances?filter[company_id]=${company}`)).json());
    expect(page.meta.today).toBe(today());
    expect(page.data).toEqual([
      {
        company_id: company,
        company_name: `Cliente de cobranza ${customers}`,
        credit_days: 30,
        count: 7,
        total: 254,
        current: 1,
        days_0_30: 6,
        days_31_60: 24,
        days_61_90: 96,
        days_over_90: 128,
        oldest_due_date: addDays(today(), -91),
        credit: 0,
      },
    ]);
  });

  it('leaves out customers with nothing past due, and totals every customer, not only the page', async () => {
    const notYet = await customer();
    await sale(notYet, 500, 3);
    await sale(notYet, 500, 0);
    const all = balancePageSchema.parse((await call('GET', '/api/v2/balances?itemsPerPage=100000')).json());
    expect(all.data.some((row) => row.company_id === notYet)).toBe(false);
    expect(all.meta.total).toBe(all.data.length);
    const sum = (key: 'total' | 'count' | 'days_0_30' | 'days_over_90') =>
      Math.round(all.data.reduce((acc, row) => acc + row[key], 0) * 100) / 100;
    expect(all.meta.totals).toMatchObject({
      customers: all.data.length,
      count: sum('count'),
      total: sum('total'),
      days_0_30: sum('days_0_30'),
      days_over_90: sum('days_over_90'),
    });
    // The demo data owes in every bucket.
    for (const bucket of ['days_0_30', 'days_31_60', 'days_61_90', 'days_over_90'] as const)
      expect(all.meta.totals[bucket]).toBeGreaterThan(0);
    const totals = all.data.map((row) => row.total);
    expect(totals).toEqual([...totals].sort((a, b) => b - a));

    const first = balancePageSchema.parse((await call('GET', '/api/v2/balances?itemsPerPage=2&page=2&sort=company_name')).json());
    expect(first.meta.totals).toEqual(all.meta.totals);
    expect(first.data.map((row) => row.company_name)).toEqual(
      all.data
        .map((row) => row.company_name)
        .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))
        .slice(2, 4),
    );
    const found = balancePageSchema.parse((await call('GET', '/api/v2/balances?filter[company]=fonda')).json());
    expect(found.data.map((row) => [row.company_name, row.count])).toEqual([['Fonda Doña Chela', 3]]);
  });

  it('shows the demo customer’s three overdue sales, one per older bucket, and no payment dated ahead', async () => {
    const [fonda] = await rows<{ id: number }>(sql`SELECT id FROM companies WHERE name = 'Fonda Doña Chela'`);
    const detail = customerBalanceSchema.parse((await call('GET', `/api/v2/balances/${fonda!.id}`)).json());
    expect(detail.data.map((s) => s.bucket)).toEqual(['days_over_90', 'days_61_90', 'days_31_60']);
    expect(detail.meta.company.name).toBe('Fonda Doña Chela');
    // Orders the demo customer paid ahead were paid today, not on their delivery day.
    expect(await rows(sql`SELECT count(*)::int AS n FROM collections WHERE date > ${today()}`)).toEqual([{ n: 0 }]);
    expect((await call('GET', '/api/v2/balances/99999999')).json()).toEqual({ message: 'El cliente no existe.' });
  });
});

describe('who may collect', () => {
  it('refuses payments and balances to roles without collections or balances', async () => {
    const company = await customer();
    for (const email of ['consulta@demo.mx', 'chofer@demo.mx']) {
      const token = tokens[email]!;
      expect((await call('POST', '/api/v2/collections', token, payment(company, 10))).statusCode).toBe(403);
      expect((await call('GET', '/api/v2/balances', token)).statusCode).toBe(403);
      expect((await call('GET', `/api/v2/balances/${company}`, token)).statusCode).toBe(403);
      expect((await call('GET', '/api/v2/collections', token)).statusCode).toBe(403);
      expect((await call('POST', '/api/v2/collections/1/cancel', token, { reason: 'x' })).statusCode).toBe(403);
    }
    expect((await t.app.inject({ method: 'POST', url: '/api/v2/collections', payload: payment(company, 10) })).statusCode).toBe(401);
    // A seller collects too, and finds the customer with the sale cart's search.
    expect((await call('GET', '/api/v2/balances', tokens['ventas@demo.mx'])).statusCode).toBe(200);
  });
});
