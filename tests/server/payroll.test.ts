import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payrollPageSchema, payrollRowSchema, type PayrollInput } from '../../domain/schemas/payroll';
import { payrollTotalsSchema } from '../../domain/schemas/reads';
import { bearer, createTestApp, loginAs, type TestApp } from './test-app';

let t: TestApp;
let admin: string;
let office: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await loginAs(t.app, 'admin@demo.mx');
  office = await loginAs(t.app, 'oficina@demo.mx');
});
afterAll(() => t.close());

const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, headers: Record<string, string> = {}, token = admin) =>
  t.app.inject({ method, url, headers: { ...bearer(token), ...headers }, ...(payload && { payload }) });

// A pay date no demo receipt has (the seed writes the last two months).
const receipt = (changes: Partial<PayrollInput> = {}): PayrollInput => ({
  user_id: 2,
  date: '2031-05-15',
  daily_salary: 412.5,
  amount: 6187.5,
  extra_time: 240,
  punctuality_award: 250,
  performance_award: 300.1,
  production_award: 0,
  holidays: 0.2,
  prima_vacacional: 0,
  benefits: 0,
  imss: 185.63,
  infonavit: 123.75,
  absence: 412.5,
  loan: 500,
  ...changes,
});

describe('a payroll receipt', () => {
  it('is stored once per key with the totals computed by the server, to the centavo', async () => {
    const headers = { 'idempotency-key': 'nomina-2031-05-15-2' };
    const first = await call('POST', '/api/v2/payrolls', { ...receipt(), total: 1, sum: 1 }, headers);
    expect(first.statusCode, first.body).toBe(201);
    expect((await call('POST', '/api/v2/payrolls', { ...receipt(), total: 1, sum: 1 }, headers)).json()).toEqual(first.json());
    const row = payrollRowSchema.parse(first.json());
    // 6187.50 + 240 + 250 + 300.10 + 0.20 = 6977.80; 185.63 + 123.75 + 412.50 + 500 = 1221.88.
    expect(row).toMatchObject({ user_id: 2, date: '2031-05-15', sum: 6977.8, rest: 1221.88, total: 5755.92 });
    // The employee's positions when none was typed.
    expect(row.job_position).toEqual(expect.any(String));
    expect(row.employee).toEqual(expect.any(String));
  });

  it('refuses a second receipt for the same employee and pay date, also when two arrive at once', async () => {
    const again = await call('POST', '/api/v2/payrolls', receipt());
    expect(again.statusCode).toBe(409);
    expect(again.json<{ message: string }>().message).toMatch(/^Ya existe el recibo de .+ del 15\/05\/2031\.$/);
    const both = await Promise.all([
      call('POST', '/api/v2/payrolls', receipt({ date: '2031-06-15' })),
      call('POST', '/api/v2/payrolls', receipt({ date: '2031-06-15' })),
    ]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([201, 409]);
  });

  it('is edited with its totals computed again, and cannot be moved onto another receipt', async () => {
    const created = payrollRowSchema.parse((await call('POST', '/api/v2/payrolls', receipt({ date: '2031-07-15' }))).json());
    const edited = await call(
      'PUT',
      `/api/v2/payrolls/${created.id}`,
      receipt({ date: '2031-07-15', loan: 0, sub_job_position: 'Turno matutino' }),
    );
    expect(edited.statusCode, edited.body).toBe(200);
    expect(payrollRowSchema.parse(edited.json())).toMatchObject({
      id: created.id,
      rest: 721.88,
      total: 6255.92,
      sub_job_position: 'Turno matutino',
    });
    const moved = await call('PUT', `/api/v2/payrolls/${created.id}`, receipt({ date: '2031-05-15' }));
    expect(moved.statusCode).toBe(409);
    expect((await call('PUT', '/api/v2/payrolls/99999999', receipt())).statusCode).toBe(404);
  });

  it('says in Spanish what is wrong', async () => {
    const message = async (body: object) => {
      const response = await call('POST', '/api/v2/payrolls', body);
      expect(response.statusCode).toBe(422);
      return response.json<{ message: string }>().message;
    };
    expect(await message(receipt({ user_id: undefined as unknown as number }))).toBe('Elige el empleado.');
    expect(await message(receipt({ user_id: 99_999 }))).toBe('El empleado no existe.');
    expect(await message(receipt({ imss: -1 }))).toBe('IMSS no puede ser negativo.');
    expect(await message(receipt({ extra_time: 10.005 }))).toBe('Tiempo extra admite hasta dos decimales.');
    expect(await message(receipt({ amount: undefined as unknown as number }))).toBe('Captura Fijos.');
    expect(await message(receipt({ loan: 9000 }))).toBe('Las deducciones no pueden ser mayores que las percepciones.');
    expect(await message(receipt({ date: '2031-02-30' }))).toBe('La fecha no existe o no tiene el formato AAAA-MM-DD.');
  });

  it('is listed by period and employee, and the period totals add up the list', async () => {
    const range = 'filter[date_between]=2031-05-01,2031-07-31';
    const listed = payrollPageSchema.parse((await call('GET', `/api/v2/payrolls?${range}&filter[user_id]=2&sort=date`)).json());
    expect(listed.data.map((r) => r.date)).toEqual(['2031-05-15', '2031-06-15', '2031-07-15']);
    const totals = payrollTotalsSchema.parse((await call('GET', `/api/v2/payroll/totals?${range}`)).json()).data;
    const cents = (values: number[]) => values.reduce((sum, value) => sum + Math.round(value * 100), 0) / 100;
    expect(totals).toEqual({
      count: 3,
      perceptions: cents(listed.data.map((r) => r.sum)),
      deductions: cents(listed.data.map((r) => r.rest)),
      total: cents(listed.data.map((r) => r.total)),
    });
  });

  it('is kept to people with the pay_rolls permission', async () => {
    expect((await call('GET', '/api/v2/payrolls', undefined, {}, office)).statusCode).toBe(403);
    expect((await call('POST', '/api/v2/payrolls', receipt({ date: '2031-08-15' }), {}, office)).statusCode).toBe(403);
  });
});
