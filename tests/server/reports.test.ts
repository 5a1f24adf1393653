import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { itemsReportPageSchema, salesSeriesSchema, utilitiesSchema } from '../../domain/schemas/reports';
import { huecosSchema, indicatorsSchema, salemanReportResultSchema } from '../../domain/schemas/reads';
import { monterreyDate } from '../../domain/time';
import { collections, items, sales } from '../../server/db/schema';
import { rows } from '../../server/db/sql-rows';
import { bearer, createTestApp, loginAs, type TestApp } from './test-app';

/**
 * The report reads over periods no demo data reaches (the seed writes the last 60 days and the
 * next 7), filled here with known sales, item costs, payments and expenses.
 */
let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await loginAs(t.app, 'admin@demo.mx');
});
afterAll(() => t.close());

const call = (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object, token = admin) =>
  t.app.inject({ method, url, headers: bearer(token), ...(payload && { payload }) });
const get = async (url: string, token = admin) => {
  const response = await call('GET', url, undefined, token);
  expect(response.statusCode, `${url}: ${response.body.slice(0, 200)}`).toBe(200);
  return response.json<unknown>();
};

interface CreatedSale {
  id: number;
  subtotal: number;
  total: number;
  items: { item_id: number; quantity: number; price: number; amount: number }[];
}
async function sell(date: string, lines: { item_id: number; quantity: number }[], token = admin): Promise<CreatedSale> {
  const response = await call(
    'POST',
    '/api/v2/sales',
    {
      company_id: 1,
      company_branch_id: null,
      date,
      type: 'Serie A',
      note: null,
      internal_note: null,
      purchase_order: null,
      bar: false,
      items: lines,
    },
    token,
  );
  expect(response.statusCode, response.body).toBe(201);
  return response.json<CreatedSale>();
}
const expense = async (date: string, amount: number) => {
  const response = await call('POST', '/api/v2/expenses', { expense_type_id: 1, date, amount, description: `Gasto ${date}` });
  expect(response.statusCode).toBe(201);
  return response.json<{ id: number }>().id;
};
const cents = (n: number) => Math.round(n * 100) / 100;

describe('utilities by month', () => {
  let apple: number;
  let melon: number;
  let may: CreatedSale;
  let june: CreatedSale;
  beforeAll(async () => {
    const [first, second] = await rows<{ id: number }>(
      t.database.db,
      sql`SELECT id FROM items WHERE is_published AND deleted_at IS NULL AND NOT is_raw_material ORDER BY id LIMIT 2`,
    );
    apple = first!.id;
    melon = second!.id;
    // Known costs: the report multiplies by the item's cost of today.
    await t.database.db.update(items).set({ cost: 10.25 }).where(eq(items.id, apple));
    await t.database.db.update(items).set({ cost: 3.5 }).where(eq(items.id, melon));
    may = await sell('2031-05-10', [
      { item_id: apple, quantity: 4 },
      { item_id: melon, quantity: 2.5 },
    ]);
    june = await sell('2031-06-05', [{ item_id: apple, quantity: 1 }]);
    const canceled = await sell('2031-06-20', [{ item_id: melon, quantity: 10 }]);
    await t.database.db
      .update(sales)
      .set({ canceled_at: sql`now()` })
      .where(eq(sales.id, canceled.id));
    await expense('2031-05-03', 1000);
    await expense('2031-06-30', 250.75);
    await expense('2031-07-01', 99.99);
    const deleted = await expense('2031-07-02', 5000);
    expect((await call('DELETE', `/api/v2/expenses/${deleted}`)).statusCode).toBe(200);
  });

  it('gives each month of the period its sales, cost of goods, expenses and profits, in Spanish, with totals', async () => {
    const report = utilitiesSchema.parse(await get('/api/v2/report/utilities?filter[date_between]=2031-05-01,2031-07-31'));
    expect(report.data.map((m) => [m.month, m.label])).toEqual([
      ['2031-05', 'Mayo 2031'],
      ['2031-06', 'Junio 2031'],
      ['2031-07', 'Julio 2031'],
    ]);
    const [mayRow, juneRow, julyRow] = report.data;
    // May: 4 × 10.25 + 2.5 × 3.5; June: 1 × 10.25 (the cancelled sale does not count).
    expect(mayRow).toMatchObject({ sales: may.subtotal, cost_of_goods: 49.75, expenses: 1000 });
    expect(mayRow!.gross_profit).toBe(cents(may.subtotal - 49.75));
    expect(mayRow!.net_profit).toBe(cents(may.subtotal - 49.75 - 1000));
    expect(juneRow).toMatchObject({
      sales: june.subtotal,
      cost_of_goods: 10.25,
      expenses: 250.75,
      net_profit: cents(june.subtotal - 10.25 - 250.75),
    });
    // A month without sales still shows, with its expenses (the deleted one does not count).
    expect(julyRow).toMatchObject({ sales: 0, cost_of_goods: 0, gross_profit: 0, expenses: 99.99, net_profit: -99.99 });
    expect(report.meta).toEqual({
      from: '2031-05-01',
      to: '2031-07-31',
      totals: {
        sales: cents(may.subtotal + june.subtotal),
        cost_of_goods: 60,
        gross_profit: cents(may.subtotal + june.subtotal - 60),
        expenses: 1350.74,
        net_profit: cents(may.subtotal + june.subtotal - 60 - 1350.74),
      },
    });
  });

  it('lists the items sold in the period by amount, with their sales and cost, paged', async () => {
    const url = '/api/v2/report/items?filter[date_between]=2031-05-01,2031-06-30';
    const report = itemsReportPageSchema.parse(await get(url));
    const line = (sale: CreatedSale, item: number) => sale.items.find((l) => l.item_id === item)!;
    const appleAmount = cents(line(may, apple).amount + line(june, apple).amount);
    const melonAmount = line(may, melon).amount;
    expect(
      report.data.map(({ item_id, quantity, amount, sales_count, cost }) => ({ item_id, quantity, amount, sales_count, cost })),
    ).toEqual(
      [
        { item_id: apple, quantity: 5, amount: appleAmount, sales_count: 2, cost: 51.25 },
        { item_id: melon, quantity: 2.5, amount: melonAmount, sales_count: 1, cost: 8.75 },
      ].sort((a, b) => b.amount - a.amount),
    );
    expect(report.meta).toEqual({ total: 2, amount: cents(appleAmount + melonAmount), cost: 60 });
    expect(report.data[0]!.unit).toEqual(expect.any(String));
    const byCost = itemsReportPageSchema.parse(await get(`${url}&sort=cost&itemsPerPage=1&page=2`));
    expect(byCost.data.map((r) => r.item_id)).toEqual([apple]);
    expect(byCost.meta).toEqual(report.meta);
    // Past the last page: no rows, the same totals.
    const beyond = itemsReportPageSchema.parse(await get(`${url}&itemsPerPage=1&page=5`));
    expect(beyond).toEqual({ data: [], meta: report.meta });
  });

  it('draws sales and collections day by day over the period, zeros included', async () => {
    await t.database.db.insert(collections).values([
      { company_id: 1, user_id: 1, date: '2031-05-12', amount: 500, reference: 'R-1' },
      { company_id: 1, user_id: 1, date: '2031-05-13', amount: 700, reference: 'R-2', canceled_at: sql`now()` as never },
    ]);
    const series = salesSeriesSchema.parse(await get('/api/v2/report/sales_by_day?filter[date_between]=2031-05-01,2031-05-31'));
    expect(series.meta).toEqual({ from: '2031-05-01', to: '2031-05-31', group: 'day' });
    expect(series.data).toHaveLength(31);
    expect(series.data[0]).toEqual({ period: '2031-05-01', label: '01/05/2031', sales_total: 0, sales_count: 0, collections_total: 0 });
    expect(series.data.find((d) => d.period === '2031-05-10')).toMatchObject({
      sales_total: may.total,
      sales_count: 1,
      collections_total: 0,
    });
    expect(series.data.find((d) => d.period === '2031-05-12')).toMatchObject({ sales_total: 0, collections_total: 500 });
    // A cancelled payment is no income.
    expect(series.data.find((d) => d.period === '2031-05-13')).toMatchObject({ collections_total: 0 });
    const indicators = indicatorsSchema.parse(
      await get('/api/v2/report/sum_total_indicators?filter[date_between]=2031-05-01,2031-05-31'),
    ).data;
    expect(cents(series.data.reduce((sum, d) => sum + d.sales_total, 0))).toBe(indicators.sales_total);
    expect(cents(series.data.reduce((sum, d) => sum + d.collections_total, 0))).toBe(indicators.collections_total);
  });

  it('goes by month over a longer period, every month present', async () => {
    const series = salesSeriesSchema.parse(await get('/api/v2/report/sales_by_day?filter[date_between]=2031-01-15,2031-12-31'));
    expect(series.meta.group).toBe('month');
    expect(series.data.map((m) => m.label)).toEqual([
      'Enero 2031',
      'Febrero 2031',
      'Marzo 2031',
      'Abril 2031',
      'Mayo 2031',
      'Junio 2031',
      'Julio 2031',
      'Agosto 2031',
      'Septiembre 2031',
      'Octubre 2031',
      'Noviembre 2031',
      'Diciembre 2031',
    ]);
    expect(series.data.find((m) => m.period === '2031-06')).toMatchObject({ sales_total: june.total, sales_count: 1 });
    const asked = salesSeriesSchema.parse(await get('/api/v2/report/sales_by_day?filter[date_between]=2031-05-01,2031-06-30&group=month'));
    expect(asked.data.map((m) => m.period)).toEqual(['2031-05', '2031-06']);
  });
});

describe('report periods', () => {
  it('refuse a reversed, impossible, or too long period, and an unknown grouping, in Spanish', async () => {
    const message = async (url: string) => {
      const response = await call('GET', url);
      expect(response.statusCode).toBe(400);
      return response.json<{ message: string }>().message;
    };
    expect(await message('/api/v2/report/utilities?filter[date_between]=2031-05-31,2031-05-01')).toBe(
      'La fecha inicial no puede ser posterior a la final.',
    );
    expect(await message('/api/v2/report/items?filter[date_between]=2031-02-01,2031-02-30')).toBe('La fecha no existe en el calendario.');
    expect(await message('/api/v2/report/sales_by_day?filter[date_between]=2031-01-01,2032-06-30&group=day')).toBe(
      'Por día se pueden ver hasta 366 días: agrupa por mes.',
    );
    expect(await message('/api/v2/report/utilities?filter[date_between]=2020-01-01,2031-01-01')).toBe(
      'El periodo puede abarcar hasta 10 años.',
    );
    expect(await message('/api/v2/report/sales_by_day?group=week')).toBe('La agrupación debe ser day o month.');
    expect(await message('/api/v2/report/sales_by_day?filter[date_between]=mayo')).toBe('Indica las fechas desde y hasta (AAAA-MM-DD).');
    expect(await message('/api/v2/report/sum_total_indicators?filter[date_between]=2031-05-31,2031-05-01')).toBe(
      'La fecha inicial no puede ser posterior a la final.',
    );
    const saleman = await call('POST', '/api/v2/saleman_report', { date_from: '2031-05-31', date_to: '2031-05-01' });
    expect(saleman.json()).toEqual({ message: 'La fecha inicial no puede ser posterior a la final.' });
  });

  it('default to the current month in Monterrey', async () => {
    const today = monterreyDate(new Date());
    const series = salesSeriesSchema.parse(await get('/api/v2/report/sales_by_day'));
    expect(series.meta.from).toBe(`${today.slice(0, 7)}-01`);
    expect(series.meta.group).toBe('day');
    expect(series.data.map((d) => d.period)).toContain(today);
    const utilities = utilitiesSchema.parse(await get('/api/v2/report/utilities'));
    expect(utilities.data.map((m) => m.month)).toEqual([today.slice(0, 7)]);
  });
});

describe('the seller report', () => {
  it('totals each seller’s sales, collected and owed amounts in the period', async () => {
    const laura = await loginAs(t.app, 'ventas@demo.mx');
    const ana = await loginAs(t.app, 'ventas2@demo.mx');
    const [item] = await rows<{ id: number }>(
      t.database.db,
      sql`SELECT id FROM items WHERE is_published AND deleted_at IS NULL AND NOT is_raw_material ORDER BY id LIMIT 1`,
    );
    const first = await sell('2032-02-03', [{ item_id: item!.id, quantity: 2 }], laura);
    const second = await sell('2032-02-10', [{ item_id: item!.id, quantity: 3 }], laura);
    const third = await sell('2032-02-11', [{ item_id: item!.id, quantity: 1 }], ana);
    // Laura's first sale is paid in full, as the office records a payment.
    const [method] = await rows<{ id: number }>(t.database.db, sql`SELECT id FROM payment_methods ORDER BY id LIMIT 1`);
    const paid = await t.app.inject({
      method: 'POST',
      url: '/api/v2/collections',
      headers: { ...bearer(admin), 'idempotency-key': `vendedor-pago-${Date.now()}` },
      payload: {
        company_id: 1,
        date: monterreyDate(new Date()),
        amount: first.total,
        payment_method_id: method!.id,
        lines: [{ sale_id: first.id, amount: first.total }],
      },
    });
    expect(paid.statusCode, paid.body).toBe(201);
    const report = salemanReportResultSchema.parse(
      (await call('POST', '/api/v2/saleman_report', { date_from: '2032-02-01', date_to: '2032-02-29' })).json(),
    );
    expect(
      report.data.map(({ name, sales_count, sales_total, collected, due_balance }) => ({
        name,
        sales_count,
        sales_total,
        collected,
        due_balance,
      })),
    ).toEqual([
      { name: 'Laura', sales_count: 2, sales_total: cents(first.total + second.total), collected: first.total, due_balance: second.total },
      { name: 'Ana', sales_count: 1, sales_total: third.total, collected: 0, due_balance: third.total },
    ]);
    const onlyAna = salemanReportResultSchema.parse(
      (await call('POST', '/api/v2/saleman_report', { date_from: '2032-02-01', date_to: '2032-02-29', user_id: 8 })).json(),
    );
    expect(onlyAna.data.map((r) => r.name)).toEqual(['Ana']);
  });
});

describe('huecos', () => {
  it('names the months in Spanish and counts the months a customer did not buy', async () => {
    const [item] = await rows<{ id: number }>(
      t.database.db,
      sql`SELECT id FROM items WHERE is_published AND deleted_at IS NULL AND NOT is_raw_material ORDER BY id LIMIT 1`,
    );
    const january = await sell('2019-01-15', [{ item_id: item!.id, quantity: 2 }]);
    const march = await sell('2019-03-20', [{ item_id: item!.id, quantity: 1 }]);
    const body = huecosSchema.parse(await get('/api/v2/huecos?year=2019'));
    expect(body.data).toHaveLength(1);
    const [customer] = body.data;
    expect(customer!.company_id).toBe(1);
    expect(customer!.months).toEqual({
      Enero: january.total,
      Febrero: 0,
      Marzo: march.total,
      Abril: 0,
      Mayo: 0,
      Junio: 0,
      Julio: 0,
      Agosto: 0,
      Septiembre: 0,
      Octubre: 0,
      Noviembre: 0,
      Diciembre: 0,
    });
    expect(customer!.huecos).toBe(10);
  });

  it('does not count as gaps the months that have not come yet', async () => {
    const today = monterreyDate(new Date());
    const body = huecosSchema.parse(await get(`/api/v2/huecos?year=${today.slice(0, 4)}`));
    const month = Number(today.slice(5, 7));
    expect(body.data.length).toBeGreaterThan(0);
    for (const customer of body.data) {
      const values = body.meta.months.map((name) => customer.months[name]);
      expect(values.slice(month).every((v) => v === null)).toBe(true);
      expect(values.slice(0, month).every((v) => v !== null)).toBe(true);
      expect(customer.huecos).toBe(values.filter((v) => v === 0).length);
    }
  });
});

describe('who may read the reports', () => {
  it('lets sellers with reports see the series, and keeps utilities and the items report to their permissions', async () => {
    const seller = await loginAs(t.app, 'ventas@demo.mx');
    expect((await call('GET', '/api/v2/report/sales_by_day', undefined, seller)).statusCode).toBe(200);
    expect((await call('GET', '/api/v2/report/utilities', undefined, seller)).statusCode).toBe(403);
    expect((await call('GET', '/api/v2/report/items', undefined, seller)).statusCode).toBe(403);
    const driver = await loginAs(t.app, 'chofer@demo.mx');
    expect((await call('GET', '/api/v2/report/sales_by_day', undefined, driver)).statusCode).toBe(403);
  });
});
