import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { homeSchema } from '../../domain/schemas/home';
import { eventTicketSchema } from '../../domain/schemas/events';
import { addDays, monterreyDate, monterreyDayBounds } from '../../domain/time';
import { notes, sales, shippingDetails, shippings, users } from '../../server/db/schema';
import { openEventStream } from './sse-client';
import { bearer, createTestApp, loginAs, type TestApp } from './test-app';

let t: TestApp;
let base: string;
beforeAll(async () => {
  t = await createTestApp();
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => t.close());

async function home(email: string) {
  const response = await t.app.inject({ method: 'GET', url: '/api/v2/home', headers: bearer(await loginAs(t.app, email)) });
  expect(response.statusCode).toBe(200);
  return homeSchema.parse(response.json()).data;
}

/** The day's figures counted here from the rows, not by the route's SQL. */
async function expectedFigures(email: string) {
  const db = t.database.db;
  const today = monterreyDate(new Date());
  const liveSales = (await db.select().from(sales)).filter((s) => s.kind === 'sale' && s.canceled_at === null && s.deleted_at === null);
  const madeOn = (date: string, until: Date) => {
    const [from, end] = monterreyDayBounds(date);
    const to = until < end ? until : end;
    const made = liveSales.filter((s) => new Date(s.created_at) >= from && new Date(s.created_at) < to);
    return { count: made.length, total: made.reduce((sum, s) => sum + Number(s.total), 0) };
  };
  const forToday = liveSales.filter((s) => s.date === today);
  const orders = {
    nuevo: forToday.filter((s) => !s.dispatched_at && !s.is_in_production).length,
    en_produccion: forToday.filter((s) => !s.dispatched_at && s.is_in_production).length,
    surtido: forToday.filter((s) => s.dispatched_at).length,
  };
  const overdueSales = liveSales.filter((s) => Number(s.due_balance) > 0 && s.due_date !== null && s.due_date < today);
  const routes = await db
    .select()
    .from(shippings)
    .where(and(eq(shippings.date, today), isNull(shippings.deleted_at)));
  const details = await db.select().from(shippingDetails).where(isNull(shippingDetails.deleted_at));
  const [person] = await db.select().from(users).where(eq(users.email, email));
  const unseen = (await db.select().from(notes).where(eq(notes.user_id, person!.id))).filter((n) => n.seen === 0).length;
  return {
    today,
    sales: { today: madeOn(today, new Date()), last_week: madeOn(addDays(today, -7), new Date(Date.now() - 7 * 24 * 60 * 60 * 1000)) },
    orders,
    overdue: { total: overdueSales.reduce((sum, s) => sum + Number(s.due_balance), 0), customers: new Set(overdueSales.map((s) => s.company_id)).size },
    routes: routes
      .map((route) => {
        const mine = details.filter((d) => d.shipping_id === route.id);
        return {
          id: route.id,
          delivered: mine.filter((d) => d.completed && d.is_delivered).length,
          rejected: mine.filter((d) => d.completed && !d.is_delivered).length,
          pending: mine.filter((d) => !d.completed).length,
        };
      })
      .sort((a, b) => a.id - b.id),
    unseen,
  };
}

describe('the office Inicio (GET /api/v2/home)', () => {
  it('gives the day’s sales (against last week’s same day up to this time), orders, routes, overdue balances and unseen notes as the rows count them', async () => {
    const figures = await home('admin@demo.mx');
    const expected = await expectedFigures('admin@demo.mx');
    expect(figures.date).toBe(expected.today);
    expect(figures.last_week_date).toBe(addDays(expected.today, -7));
    expect(figures.sales!.today.count).toBe(expected.sales.today.count);
    expect(figures.sales!.today.total).toBeCloseTo(expected.sales.today.total, 2);
    expect(figures.sales!.last_week.count).toBe(expected.sales.last_week.count);
    expect(figures.sales!.last_week.total).toBeCloseTo(expected.sales.last_week.total, 2);
    expect(figures.orders).toEqual(expected.orders);
    expect(figures.overdue!.customers).toBe(expected.overdue.customers);
    expect(figures.overdue!.total).toBeCloseTo(expected.overdue.total, 2);
    expect(figures.routes!.map(({ id, delivered, rejected, pending }) => ({ id, delivered, rejected, pending }))).toEqual(expected.routes);
    expect(figures.unseen_notes).toBe(expected.unseen);
    // The demo has a working day: something to show in each section.
    expect(expected.routes.length).toBeGreaterThan(0);
    expect(expected.overdue.customers).toBeGreaterThan(0);
  });

  it('shows each section only to whoever may open its screen; a driver’s own routes are not the office’s day', async () => {
    const driver = await home('chofer@demo.mx');
    expect(driver.sales).toBeUndefined();
    expect(driver.orders).toBeUndefined();
    expect(driver.routes).toBeUndefined();
    expect(driver.overdue).toBeUndefined();
    expect(driver.unseen_notes).toBe((await expectedFigures('chofer@demo.mx')).unseen);
    expect((await t.app.inject({ method: 'GET', url: '/api/v2/home' })).statusCode).toBe(401);
  });

  it('tells the office live when a route’s delivery changes, not the drivers, and the route’s progress moves', async () => {
    const token = await loginAs(t.app, 'oficina@demo.mx');
    const ticket = eventTicketSchema.parse((await t.app.inject({ method: 'POST', url: '/api/v2/events/ticket', headers: bearer(token) })).json()).ticket;
    const stream = await openEventStream(`${base}/api/v2/events?ticket=${ticket}`);
    const driverToken = await loginAs(t.app, 'chofer2@demo.mx');
    const driverTicket = eventTicketSchema.parse(
      (await t.app.inject({ method: 'POST', url: '/api/v2/events/ticket', headers: bearer(driverToken) })).json(),
    ).ticket;
    const driverStream = await openEventStream(`${base}/api/v2/events?ticket=${driverTicket}`);
    try {
      await stream.waitFor((text) => text.includes(': conectado'));
      await driverStream.waitFor((text) => text.includes(': conectado'));
      const before = await home('oficina@demo.mx');
      const route = before.routes!.find((r) => r.pending > 0)!;
      const [pending] = await t.database.db
        .select()
        .from(shippingDetails)
        .where(and(eq(shippingDetails.shipping_id, route.id), eq(shippingDetails.completed, false), isNull(shippingDetails.deleted_at)));
      const rejection = await t.app.inject({
        method: 'PATCH',
        url: `/api/v2/shipping_details/${pending!.id}`,
        headers: bearer(token),
        payload: { completed: true, is_delivered: false, delivery_rejection_comment: 'Cerrado' },
      });
      expect(rejection.statusCode).toBe(200);
      await stream.waitFor((text) => text.includes('event: shipping.changed'));
      expect(JSON.parse(stream.received.at(-1)!.data)).toEqual({ type: 'shipping.changed', shipping_id: route.id, date: before.date });
      const after = (await home('oficina@demo.mx')).routes!.find((r) => r.id === route.id)!;
      expect(after.rejected).toBe(route.rejected + 1);
      expect(after.pending).toBe(route.pending - 1);
      // A driver hears nothing of the office's routes (checked after the office heard it).
      expect(driverStream.received).toEqual([]);
    } finally {
      stream.close();
      driverStream.close();
    }
  });
});
