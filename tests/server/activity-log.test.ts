import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activityLogPageSchema, type ActivityLogRow } from '../../domain/schemas/activity-log';
import { expenseRowSchema } from '../../domain/schemas/expenses';
import { bearer, createTestApp, loginAs, type TestApp } from './test-app';

let t: TestApp;
let admin: string;
let office: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await loginAs(t.app, 'admin@demo.mx');
  // Despacho: no 'activityLog' permission.
  office = await loginAs(t.app, 'oficina@demo.mx');
});
afterAll(() => t.close());

const BROWSER = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36';
const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, headers: Record<string, string> = {}, token = admin) =>
  t.app.inject({ method, url, headers: { ...bearer(token), 'user-agent': BROWSER, ...headers }, ...(payload && { payload }) });

const expense = (description: string) => ({ expense_type_id: 1, date: '2031-04-10', amount: 812.4, description, payment_method_id: 1 });

async function logOf(entity: string, id: number): Promise<ActivityLogRow[]> {
  const response = await call('GET', `/api/v2/logs?filter[entity]=${entity}&filter[entity_id]=${id}&sort=created_at`);
  expect(response.statusCode, response.body).toBe(200);
  return activityLogPageSchema.parse(response.json()).data;
}

describe('the activity log', () => {
  it('records who created a row, from which route and device, with the values, once per request', async () => {
    const headers = { 'idempotency-key': 'bitacora-gasto-0001' };
    const first = await call('POST', '/api/v2/expenses', expense('Llantas de la unidad 2'), headers);
    expect(first.statusCode).toBe(201);
    // A retry answered from the idempotency record changes nothing, so it logs nothing.
    expect((await call('POST', '/api/v2/expenses', expense('Llantas de la unidad 2'), headers)).statusCode).toBe(201);
    const { id } = expenseRowSchema.parse(first.json());
    const [entry, ...more] = await logOf('expenses', id);
    expect(more).toEqual([]);
    expect(entry).toMatchObject({
      user_id: 1,
      user_name: expect.any(String),
      action: 'create',
      entity: 'expenses',
      entity_id: id,
      route: 'POST /api/v2/expenses',
      device: BROWSER,
      before: null,
    });
    expect(entry!.after).toMatchObject({ id, description: 'Llantas de la unidad 2', amount: 812.4, date: '2031-04-10', user_id: 1 });
    expect(entry!.request_id).toEqual(expect.any(String));
    expect(entry!.ip).toEqual(expect.any(String));
  });

  it("logs a route's own change but not its renumbering when one of its deliveries changes", async () => {
    const route = await call('POST', '/api/v1/shipping/create', { date: '2031-04-10', note: 'Ruta norte' });
    expect(route.statusCode, route.body).toBe(201);
    const { id } = route.json() as { id: number };
    expect((await call('PUT', '/api/v1/shipping/update', { id, note: 'Ruta norte y centro' })).statusCode).toBe(200);
    const sale = await t.database.db.execute(sql`
      SELECT s.id FROM sales s WHERE s.kind = 'sale' AND s.canceled_at IS NULL AND s.deleted_at IS NULL
        AND NOT EXISTS (SELECT 1 FROM shipping_details d WHERE d.sale_id = s.id AND d.deleted_at IS NULL) ORDER BY s.id LIMIT 1`);
    const saleId = (sale as unknown as { rows: { id: number }[] }).rows[0]!.id;
    const detail = await call('POST', '/api/v1/shipping_detail/create', { sale_id: saleId, shipping_id: id });
    expect(detail.statusCode, detail.body).toBe(201);
    const entries = await logOf('shippings', id);
    expect(entries.map((e) => [e.action, e.route])).toEqual([
      ['create', 'POST /api/v1/shipping/create'],
      ['update', 'PUT /api/v1/shipping/update'],
    ]);
    expect(entries[1]).toMatchObject({ before: { note: 'Ruta norte' }, after: { note: 'Ruta norte y centro' } });
  });

  it('records an update with only the fields that changed, before and after', async () => {
    const { id } = expenseRowSchema.parse((await call('POST', '/api/v2/expenses', expense('Refacciones'))).json());
    expect((await call('DELETE', `/api/v2/expenses/${id}`)).statusCode).toBe(200);
    const [, removal] = await logOf('expenses', id);
    expect(removal).toMatchObject({ action: 'update', route: 'DELETE /api/v2/expenses/:id', before: { deleted_at: null } });
    expect(Object.keys(removal!.after ?? {})).toEqual(['deleted_at']);
    expect(removal!.after!.deleted_at).toEqual(expect.any(String));
  });

  it('names the outbox device of a phone', async () => {
    const device = '6f1c2a9e-3b4d-4c5e-8f70-112233445566';
    const response = await call('POST', '/api/v2/expenses', expense('Casetas'), {
      'idempotency-key': 'bitacora-gasto-0002',
      'x-device-id': device,
      'x-device-seq': '7',
    });
    const [entry] = await logOf('expenses', expenseRowSchema.parse(response.json()).id);
    expect(entry!.device).toBe(device);
  });

  it('keeps no entry of a change that failed: the log is written in the same transaction', async () => {
    const before = await countLogs();
    // The change's last step fails after its row was written (and logged).
    await t.database.db.execute(sql`CREATE FUNCTION refuse_expense() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN IF NEW.description = 'Falla al final' THEN RAISE EXCEPTION 'falla inyectada'; END IF; RETURN NULL; END $$`);
    await t.database.db.execute(
      sql`CREATE TRIGGER z_refuse_expense AFTER INSERT ON expenses FOR EACH ROW EXECUTE FUNCTION refuse_expense()`,
    );
    try {
      const failed = await call('POST', '/api/v2/expenses', expense('Falla al final'), { 'idempotency-key': 'bitacora-falla-0001' });
      expect(failed.statusCode).toBe(500);
      expect(failed.json()).toMatchObject({ message: 'Error interno del servidor. Intenta de nuevo más tarde.' });
    } finally {
      await t.database.db.execute(sql`DROP TRIGGER z_refuse_expense ON expenses`);
    }
    expect(await countLogs()).toBe(before);
  });

  it('cannot be edited or emptied row by row, not even by the database user', async () => {
    await expect(t.database.db.execute(sql`UPDATE logs SET action = 'create'`)).rejects.toThrow();
    await expect(t.database.db.execute(sql`DELETE FROM logs`)).rejects.toThrow();
  });

  it('logs nothing done outside the API, such as the seed', async () => {
    // The demo seed wrote thousands of rows without a person behind them.
    expect(await countLogs('WHERE route IS NULL')).toBe(0);
  });

  it('filters by day, person, entity and kind of change, and refuses unknown words', async () => {
    const page = async (query: string) => activityLogPageSchema.parse((await call('GET', `/api/v2/logs?${query}`)).json());
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Monterrey' }).format(new Date());
    const todays = await page(`filter[date_between]=${today},${today}&filter[user_id]=1&filter[action]=create&itemsPerPage=100`);
    expect(todays.meta.total).toBeGreaterThanOrEqual(3);
    expect(todays.data.every((row) => row.action === 'create' && row.user_id === 1)).toBe(true);
    expect((await page('filter[date_between]=2020-01-01,2020-01-02')).meta.total).toBe(0);
    expect((await call('GET', '/api/v2/logs?filter[entity]=passwords')).statusCode).toBe(400);
    expect((await call('GET', '/api/v2/logs?filter[action]=print')).statusCode).toBe(400);
  });

  it('is read only by people with the activityLog permission', async () => {
    expect((await call('GET', '/api/v2/logs', undefined, {}, office)).statusCode).toBe(403);
  });
});

async function countLogs(where = ''): Promise<number> {
  const result = await t.database.db.execute(sql.raw(`SELECT count(*)::int AS n FROM logs ${where}`));
  return (result as unknown as { rows: { n: number }[] }).rows[0]!.n;
}
