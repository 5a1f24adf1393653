import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { monterreyDateOffset } from '../../domain/time';
import { DEMO_USERS } from '../../server/demo/demo-users';
import { ROUTE_ACCESS, type RouteKey } from '../../server/route-access';
import { rows } from '../../server/db/sql-rows';
import { bearer, createTestApp, loginAs, type TestApp } from './test-app';
import { PERMISSIONS } from '../../domain/permissions';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await loginAs(t.app, 'admin@demo.mx');
});
afterAll(() => t.close());

const get = (url: string) => t.app.inject({ method: 'GET', url, headers: bearer(admin) });
const json = async <T = { data: Record<string, unknown>[]; meta?: { total: number } }>(url: string) => {
  const response = await get(url);
  expect(response.statusCode, `${url}: ${response.body.slice(0, 200)}`).toBe(200);
  return response.json<T>();
};
const month = `${monterreyDateOffset(new Date(), -30)},${monterreyDateOffset(new Date(), 0)}`;

describe('v1 and v2 reads', () => {
  it('answers every v1 …/all read with data from the database', async () => {
    const keys = (Object.keys(ROUTE_ACCESS) as RouteKey[]).filter((key) => /^GET \/api\/v1\/.+\/all/.test(key) || key === 'GET /api/v1/qi');
    for (const key of keys) {
      const url = key.slice(4).replace(':id', '1');
      const body = await json(url);
      expect(Array.isArray(body.data), url).toBe(true);
    }
    const quotations = await json('/api/v1/quotation/quotations');
    expect(quotations.data.length).toBeGreaterThan(0);
    expect(quotations.data.every((q) => q.kind === 'quotation')).toBe(true);
    const cancellations = await json('/api/v1/quotation/cancellations');
    expect(cancellations.data.every((q) => q.canceled === true)).toBe(true);
    const messages = await json('/api/v1/message/all/1');
    expect(messages.data.every((m) => m.conversation_id === 1)).toBe(true);
  });

  it('pages sales and quotations with filters and meta.total', async () => {
    const sales = await json(`/api/v2/sales?filter[date_between]=${month}&itemsPerPage=5&sort=-total`);
    const [expected] = await rows<{ n: number }>(
      t.database.db,
      sql`SELECT count(*)::int AS n FROM sales WHERE kind = 'sale' AND canceled_at IS NULL AND date BETWEEN ${month.split(',')[0]} AND ${month.split(',')[1]}`,
    );
    expect(sales.meta!.total).toBe(expected!.n);
    const totals = sales.data.map((s) => s.total as number);
    expect([...totals].sort((a, b) => b - a)).toEqual(totals);
    const one = await json<{ data: { id: number; items: unknown[] } }>(`/api/v2/sales/${sales.data[0]!.id}`);
    expect(one.data.items.length).toBeGreaterThan(0);
    const byId = await json(`/api/v2/sales?filter[id]=${sales.data[0]!.id}`);
    expect(byId.data.map((s) => s.id)).toEqual([sales.data[0]!.id]);
    const quotations = await json('/api/v2/q?itemsPerPage=50');
    expect(quotations.data.every((q) => q.kind === 'quotation')).toBe(true);
    const companySales = await json(`/api/v2/company/sales?id=${sales.data[0]!.company_id}`);
    expect(companySales.data.every((s) => s.company_id === sales.data[0]!.company_id)).toBe(true);
    expect((await get('/api/v2/sales/99999999')).statusCode).toBe(404);
  });

  it('adds up sales, collections, expenses and payroll over a range', async () => {
    const sales = await json<{ data: { total: number; count: number } }>(`/api/v2/sale/totals?filter[date_between]=${month}`);
    const [expected] = await rows<{ total: number }>(
      t.database.db,
      sql`SELECT coalesce(sum(total), 0)::float8 AS total FROM sales WHERE kind = 'sale' AND canceled_at IS NULL AND date BETWEEN ${month.split(',')[0]} AND ${month.split(',')[1]}`,
    );
    expect(sales.data.total).toBeCloseTo(expected!.total, 2);
    const collections = await json<{ data: { total: number } }>(`/api/v2/collection/totals?filter[date_between]=${month}`);
    const listed = await json(`/api/v2/collections?filter[date_between]=${month}&itemsPerPage=100000`);
    expect(collections.data.total).toBeCloseTo(
      listed.data.reduce((sum, c) => sum + (c.amount as number), 0),
      2,
    );
    const indicators = await json<{ data: Record<string, number> }>(`/api/v2/report/sum_total_indicators?filter[date_between]=${month}`);
    expect(indicators.data.sales_total).toBeCloseTo(sales.data.total, 2);
    expect(indicators.data.collections_total).toBeCloseTo(collections.data.total, 2);
    const expenses = await json(`/api/v2/expenses-summary?filter[date_between]=${month}`);
    expect(expenses.data.reduce((sum, e) => sum + (e.total as number), 0)).toBeCloseTo(indicators.data.expenses_total!, 2);
    const payroll = await json<{ data: { count: number } }>('/api/v2/payroll/totals');
    // Four payroll slips per demo person.
    expect(payroll.data.count).toBe(DEMO_USERS.length * 4);
    expect((await get('/api/v2/report/sum_total_indicators')).statusCode).toBe(400);
  });

  it('reports the huecos of a year with Spanish month names', async () => {
    const year = monterreyDateOffset(new Date(), 0).slice(0, 4);
    const body = await json<{ data: { months: Record<string, number>; huecos: number }[]; meta: { months: string[] } }>(
      `/api/v2/huecos?year=${year}`,
    );
    expect(body.meta.months).toEqual([
      'Enero',
      'Febrero',
      'Marzo',
      'Abril',
      'Mayo',
      'Junio',
      'Julio',
      'Agosto',
      'Septiembre',
      'Octubre',
      'Noviembre',
      'Diciembre',
    ]);
    expect(body.data.length).toBeGreaterThan(0);
    expect(Object.keys(body.data[0]!.months)).toEqual(body.meta.months);
    expect(body.data[0]!.huecos).toBe(Object.values(body.data[0]!.months).filter((v) => v === 0).length);
    expect((await get('/api/v2/huecos?year=26')).json()).toEqual({ message: 'El año debe tener cuatro dígitos.' });
  });

  it('reports inventory as a card per item or movement detail', async () => {
    const card = await json('/api/v2/inventory_report?type=card');
    const all = await json('/api/v1/inventory/all');
    expect(card.data.map((c) => c.stock)).toEqual(all.data.map((c) => c.stock));
    const detail = await json('/api/v2/inventory_report?type=detail&itemsPerPage=10');
    expect(detail.meta!.total).toBeGreaterThan(10);
    expect((await get('/api/v2/inventory_report?type=otro')).statusCode).toBe(400);
  });

  it('lists point-of-sale items, production, leads, roles and permissions', async () => {
    const pos = await json('/api/v2/item/pos?filter[is_published]=1&filter[pos]=1&itemsPerPage=100');
    expect(pos.data.length).toBeGreaterThan(0);
    expect(pos.data.every((i) => i.pos === true && i.is_published === true)).toBe(true);
    const productions = await json('/api/v2/productioms');
    expect(productions.meta!.total).toBeGreaterThan(0);
    const leads = await json('/api/v2/leads');
    expect(leads.meta!.total).toBe(12);
    const roles = await json('/api/v2/roles');
    expect(roles.data.find((r) => r.name === 'Chofer')!.permissions).toEqual(['printShippings', 'shipping_details', 'shippings']);
    const permissions = await json('/api/v2/permissions');
    expect(permissions.data.map((p) => p.name).sort()).toEqual([...PERMISSIONS].sort());
    const phases = await json(`/api/v2/funnel_phases?filter[funnel_id]=1`);
    expect(phases.data.map((p) => p.name)).toEqual(['Contacto', 'Cotización', 'Negociación', 'Cierre']);
  });
});
