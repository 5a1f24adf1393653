import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expensePageSchema, expenseRowSchema } from '../../domain/schemas/expenses';
import { expenseSummarySchema, indicatorsSchema } from '../../domain/schemas/reads';
import { expenses } from '../../server/db/schema';
import { bearer, createTestApp, loginAs, type TestApp } from './test-app';

let t: TestApp;
let admin: string;
let office: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await loginAs(t.app, 'admin@demo.mx');
  // Despacho: reports, but not expenses.
  office = await loginAs(t.app, 'oficina@demo.mx');
});
afterAll(() => t.close());

const call = (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object, headers: Record<string, string> = {}, token = admin) =>
  t.app.inject({ method, url, headers: { ...bearer(token), ...headers }, ...(payload && { payload }) });

// A month no demo expense reaches (the seed writes the last 60 days).
const MONTH = '2031-03-01,2031-03-31';
const fuel = { expense_type_id: 1, date: '2031-03-10', amount: 1234.56, description: 'Diésel de la unidad 3', payment_method_id: 1 };

describe('recording an expense', () => {
  it('records it under a key once, however often the request is repeated, and lists it', async () => {
    const headers = { 'idempotency-key': 'gasto-diesel-0001' };
    const first = await call('POST', '/api/v2/expenses', fuel, headers);
    const again = await call('POST', '/api/v2/expenses', fuel, headers);
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual(first.json());
    const expense = expenseRowSchema.parse(first.json());
    expect(expense).toMatchObject({
      type: 'Combustible',
      date: '2031-03-10',
      amount: 1234.56,
      description: 'Diésel de la unidad 3',
      payment_method_id: 1,
      user_id: 1,
    });
    expect(expense.payment_method).toEqual(expect.any(String));
    expect(await t.database.db.select().from(expenses).where(eq(expenses.description, 'Diésel de la unidad 3'))).toHaveLength(1);

    const listed = expensePageSchema.parse((await call('GET', `/api/v2/expenses?filter[date_between]=${MONTH}`)).json());
    expect(listed.data.map((e) => e.id)).toContain(expense.id);
    // The same key with another expense is refused, not applied.
    const reused = await call('POST', '/api/v2/expenses', { ...fuel, amount: 99 }, headers);
    expect(reused.statusCode).toBe(422);
  });

  it('says in Spanish what is wrong with the input', async () => {
    const message = async (body: object) => (await call('POST', '/api/v2/expenses', body)).json<{ message: string }>().message;
    expect(await message({ ...fuel, amount: 0 })).toBe('El monto debe ser mayor que cero.');
    expect(await message({ ...fuel, amount: -5 })).toBe('El monto debe ser mayor que cero.');
    expect(await message({ ...fuel, amount: 10.555 })).toBe('El monto admite hasta dos decimales.');
    expect(await message({ ...fuel, amount: undefined })).toBe('Captura el monto.');
    expect(await message({ ...fuel, expense_type_id: undefined })).toBe('Elige el tipo de gasto.');
    expect(await message({ ...fuel, expense_type_id: 999 })).toBe('El tipo de gasto no existe.');
    expect(await message({ ...fuel, payment_method_id: 999 })).toBe('La forma de pago no existe.');
    expect(await message({ ...fuel, date: '' })).toBe('Fecha (date): Campo requerido');
    expect(await message({ ...fuel, date: '2031-02-30' })).toBe('La fecha no existe o no tiene el formato AAAA-MM-DD.');
    expect(await message({ ...fuel, description: '   ' })).toBe('Describe el gasto.');
    expect(await message({ ...fuel, description: 'x'.repeat(301) })).toBe('La descripción admite hasta 300 caracteres.');
    expect((await call('POST', '/api/v2/expenses', { ...fuel, amount: 0 })).statusCode).toBe(422);
  });

  it('pages, filters by type and sorts by amount', async () => {
    for (const [n, amount] of [300, 150.5, 975].entries()) {
      expect(
        (await call('POST', '/api/v2/expenses', { expense_type_id: 2, date: `2031-04-0${n + 1}`, amount, description: `Refacción ${n}` }))
          .statusCode,
      ).toBe(201);
    }
    const april = '2031-04-01,2031-04-30';
    const page = expensePageSchema.parse(
      (await call('GET', `/api/v2/expenses?filter[date_between]=${april}&filter[expense_type_id]=2&sort=-amount&itemsPerPage=2`)).json(),
    );
    expect(page.meta.total).toBe(3);
    expect(page.data.map((e) => e.amount)).toEqual([975, 300]);
    const byDate = expensePageSchema.parse((await call('GET', `/api/v2/expenses?filter[date_between]=${april}&sort=date`)).json());
    expect(byDate.data.map((e) => e.date)).toEqual(['2031-04-01', '2031-04-02', '2031-04-03']);
    expect((await call('GET', '/api/v2/expenses?sort=description')).json()).toEqual({ message: 'No se puede ordenar por description.' });
  });
});

describe('deleting an expense', () => {
  it('leaves it out of the list, the summary by type and the indicators', async () => {
    const created = expenseRowSchema.parse(
      (
        await call('POST', '/api/v2/expenses', { expense_type_id: 3, date: '2031-05-15', amount: 8000, description: 'Renta de mayo' })
      ).json(),
    );
    const may = '2031-05-01,2031-05-31';
    const rent = async () =>
      expenseSummarySchema
        .parse((await call('GET', `/api/v2/expenses-summary?filter[date_between]=${may}`)).json())
        .data.find((row) => row.expense_type_id === 3)!;
    const indicators = async () =>
      indicatorsSchema.parse((await call('GET', `/api/v2/report/sum_total_indicators?filter[date_between]=${may}`)).json()).data;
    expect(await rent()).toMatchObject({ count: 1, total: 8000 });
    expect((await indicators()).expenses_total).toBe(8000);

    const deleted = await call('DELETE', `/api/v2/expenses/${created.id}`, undefined, { 'idempotency-key': 'borrar-renta-0001' });
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual({ id: created.id });
    expect((await call('GET', `/api/v2/expenses?filter[date_between]=${may}`)).json()).toEqual({ data: [], meta: { total: 0 } });
    expect(await rent()).toMatchObject({ count: 0, total: 0 });
    expect((await indicators()).expenses_total).toBe(0);
    // The row stays, marked deleted; deleting it again finds nothing to delete.
    const [row] = await t.database.db.select().from(expenses).where(eq(expenses.id, created.id));
    expect(row!.deleted_at).not.toBeNull();
    const twice = await call('DELETE', `/api/v2/expenses/${created.id}`);
    expect(twice.statusCode).toBe(404);
    expect(twice.json()).toEqual({ message: 'El gasto no existe o ya fue eliminado.' });
  });
});

describe('who may', () => {
  it('refuses the expenses to someone without the expenses permission', async () => {
    expect((await call('GET', '/api/v2/expenses', undefined, {}, office)).statusCode).toBe(403);
    expect((await call('POST', '/api/v2/expenses', fuel, {}, office)).json()).toEqual({
      message: 'No tienes permiso para realizar esta acción.',
    });
    expect((await call('DELETE', '/api/v2/expenses/1', undefined, {}, office)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/v2/expenses' })).statusCode).toBe(401);
  });
});
