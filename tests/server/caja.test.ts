import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cajaDaySchema } from '../../domain/schemas/caja';
import { monterreyDate } from '../../domain/time';
import { bearer, createTestApp, loginAs, type TestApp } from './test-app';

let t: TestApp;
let cashier: string;
let driver: string;
beforeAll(async () => {
  t = await createTestApp();
  // ventas2@demo.mx: a seller whose counter day starts empty in every run.
  cashier = await loginAs(t.app, 'ventas2@demo.mx');
  driver = await loginAs(t.app, 'chofer@demo.mx');
});
afterAll(() => t.close());

const call = (method: 'GET' | 'POST', url: string, payload?: object, token = cashier, headers: Record<string, string> = {}) =>
  t.app.inject({ method, url, headers: { ...bearer(token), ...headers }, ...(payload && { payload }) });
const day = async () => cajaDaySchema.parse((await call('GET', '/api/v2/caja')).json()).data;
const query = async <T>(text: string) => ((await t.database.db.execute(sql.raw(text))) as unknown as { rows: T[] }).rows;

describe('the counter’s day', () => {
  it('adds up the counter sales, the payments by method and the cash in and out into the cash expected, then cuts once', async () => {
    const before = await day();
    expect(before.date).toBe(monterreyDate(new Date()));
    expect(before.cut).toBeNull();

    const [company] = await query<{ id: number }>('SELECT id FROM companies ORDER BY id LIMIT 1');
    const [item] = await query<{ id: number }>('SELECT id FROM items WHERE is_published AND deleted_at IS NULL ORDER BY id LIMIT 1');
    const sale = await call('POST', '/api/v2/sales', {
      company_id: company!.id,
      company_branch_id: null,
      date: monterreyDate(new Date()),
      type: 'Serie A',
      note: null,
      internal_note: null,
      purchase_order: null,
      bar: true,
      items: [{ item_id: item!.id, quantity: 2 }],
    });
    expect(sale.statusCode, sale.body).toBe(201);
    const methods = await query<{ id: number; name: string }>('SELECT id, name FROM payment_methods');
    const method = (name: string) => methods.find((m) => m.name === name)!.id;
    const pay = (amount: number, name: string) =>
      call(
        'POST',
        '/api/v2/collections',
        { company_id: company!.id, date: monterreyDate(new Date()), amount, payment_method_id: method(name), reference: null, note: null },
        cashier,
        {
          'idempotency-key': `caja-${name}-${amount * 100}`,
        },
      );
    expect((await pay(350.5, 'Efectivo')).statusCode).toBe(201);
    expect((await pay(1000, 'Transferencia')).statusCode).toBe(201);
    expect((await call('POST', '/api/v2/cash_movements', { kind: 'entrada', amount: 500, reason: 'Fondo de caja' })).statusCode).toBe(201);
    expect(
      (await call('POST', '/api/v2/cash_movements', { kind: 'salida', amount: 120.25, reason: 'Pago de garrafones' })).statusCode,
    ).toBe(201);

    const now = await day();
    expect(now.counter_sales.count).toBe(before.counter_sales.count + 1);
    expect(now.payments.by_method.find((row) => row.method === 'Efectivo')!.total).toBe(350.5);
    expect(now.payments.cash).toBe(350.5);
    expect(now.payments.total).toBe(1350.5);
    expect([now.cash_in, now.cash_out]).toEqual([500, 120.25]);
    // 350.50 + 500 − 120.25
    expect(now.expected_cash).toBe(730.25);

    const cut = await call('POST', '/api/v2/cash_cuts', { counted: 720, note: 'Faltó cambio' }, cashier, {
      'idempotency-key': 'corte-caja-0001',
    });
    expect(cut.statusCode, cut.body).toBe(201);
    expect(cut.json()).toMatchObject({ expected: 730.25, counted: 720, difference: -10.25, note: 'Faltó cambio' });
    // The same request again answers the same cut; another cut or a later movement is refused.
    expect(
      (
        await call('POST', '/api/v2/cash_cuts', { counted: 720, note: 'Faltó cambio' }, cashier, { 'idempotency-key': 'corte-caja-0001' })
      ).json(),
    ).toEqual(cut.json());
    const again = await call('POST', '/api/v2/cash_cuts', { counted: 730.25 });
    expect([again.statusCode, again.json<{ message: string }>().message]).toEqual([409, 'La caja de hoy ya se cortó.']);
    expect((await call('POST', '/api/v2/cash_movements', { kind: 'salida', amount: 1, reason: 'Tarde' })).statusCode).toBe(409);
    expect((await day()).cut).toMatchObject({ difference: -10.25 });
  });

  it('says in Spanish what is wrong, and is kept to people who sell', async () => {
    const message = async (body: object) => (await call('POST', '/api/v2/cash_movements', body)).json<{ message: string }>().message;
    expect(await message({ kind: 'entrada', amount: 0, reason: 'x' })).toBe('El monto debe ser mayor que cero.');
    expect(await message({ kind: 'otra', amount: 5, reason: 'x' })).toBe('Elige entrada o salida.');
    expect(await message({ kind: 'salida', amount: 5, reason: ' ' })).toBe('Escribe el motivo.');
    expect(await message({ kind: 'salida', amount: 5.555, reason: 'x' })).toBe('El monto admite hasta dos decimales.');
    expect((await call('GET', '/api/v2/caja', undefined, driver)).statusCode).toBe(403);
  });
});
