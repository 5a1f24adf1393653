import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, monterreyDate } from '../../domain/time';
import { buildApp } from '../../server/app';
import { openDatabase, type Database } from '../../server/db/client';
import { parseEnv } from '../../server/env';
import { bearer, createTestApp, loginAs, type TestApp } from '../server/test-app';

/**
 * Payments racing for the same sales on a real PostgreSQL (PGlite runs one statement at a
 * time, so it cannot show a race): two server processes, each with its own connection pool,
 * take payments at once. The customer's open sales are locked inside each payment, so no
 * sale is ever paid past its balance and every balance stays its total minus the payments
 * that stand. Runs when DATABASE_URL is set (CI).
 */
let t: TestApp;
let secondDatabase: Database;
let second: FastifyInstance;
let tokens: [string, string];
let method: number;
beforeAll(async () => {
  t = await createTestApp();
  secondDatabase = await openDatabase({ kind: 'postgres', url: t.databaseUrl! });
  second = await buildApp({
    env: parseEnv({ NODE_ENV: 'test', WEB_DIR: '/nonexistent', LOG_LEVEL: 'silent', DATA_DIR: t.dataDir }),
    database: secondDatabase,
    logger: false,
  });
  await second.ready();
  tokens = [await loginAs(t.app, 'oficina@demo.mx'), await loginAs(second, 'ventas@demo.mx')];
  method = (await rows<{ id: number }>(sql`SELECT id FROM payment_methods ORDER BY id LIMIT 1`))[0]!.id;
}, 60_000);
afterAll(async () => {
  await second.close();
  await secondDatabase.close();
  await t.close();
});

const rows = <T>(query: ReturnType<typeof sql>) => t.database.db.execute(query).then((r) => (r as unknown as { rows: T[] }).rows);
const today = () => monterreyDate(new Date());
const servers = () => [t.app, second] as const;

let customers = 0;
async function customer(): Promise<number> {
  customers += 1;
  const [row] = await rows<{ id: number }>(
    sql`INSERT INTO companies (name, razon_social, credit_days) VALUES (${`Carrera ${customers}`}, ${`Carrera ${customers} S.A. de C.V.`}, 15) RETURNING id`,
  );
  return row!.id;
}

async function sale(company: number, total: number, dueIn: number): Promise<number> {
  const [row] = await rows<{ id: number }>(
    sql`INSERT INTO sales (kind, company_id, user_id, date, due_date, type, subtotal, iva, total, due_balance, payment_status, sale_total_weight, sale_weight)
    VALUES ('sale', ${company}, 2, ${addDays(today(), dueIn - 15)}, ${addDays(today(), dueIn)}, 'Serie B', ${total}, 0, ${total}, ${total}, 'Pendiente', 0, 0)
    RETURNING id`,
  );
  return row!.id;
}

let sent = 0;
/** n payment requests, alternating between the two servers (and their people); sent once awaited. */
function payments(n: number, body: (i: number) => object) {
  return Array.from({ length: n }, (_, i) =>
    servers()[i % 2]!.inject({
      method: 'POST',
      url: '/api/v2/collections',
      headers: { ...bearer(tokens[i % 2]!), 'idempotency-key': `carrera-${process.pid}-${(sent += 1)}` },
      payload: body(i),
    }),
  );
}

/** n payments at once. */
const race = (n: number, body: (i: number) => object) => Promise.all(payments(n, body));

/** Each sale of the customer: its balance, and its total less what its standing payments applied. */
async function ledger(company: number) {
  return rows<{ id: number; due_balance: string; expected: string; payment_status: string }>(
    sql`SELECT s.id, s.due_balance::text AS due_balance, s.payment_status,
      (s.total - coalesce((SELECT sum(d.amount) FROM collection_details d JOIN collections k ON k.id = d.collection_id
        WHERE d.sale_id = s.id AND k.canceled_at IS NULL), 0))::text AS expected
    FROM sales s WHERE s.company_id = ${company} ORDER BY s.id`,
  );
}

const payment = (company: number, amount: number, extra: object = {}) => ({
  company_id: company,
  date: today(),
  amount,
  payment_method_id: method,
  reference: null,
  note: null,
  ...extra,
});

describe('payments racing for the same sale on PostgreSQL', () => {
  it('lets exactly one of ten payments of a sale’s whole balance through', async () => {
    const company = await customer();
    const owing = await sale(company, 1234.56, -20);
    const answers = await race(10, () => payment(company, 1234.56, { lines: [{ sale_id: owing, amount: 1234.56 }] }));
    const statuses = answers.map((a) => a.statusCode).sort();
    expect(statuses).toEqual([201, ...Array<number>(9).fill(409)]);
    for (const refused of answers.filter((a) => a.statusCode === 409)) {
      expect(refused.json()).toEqual({ message: `La venta ${owing} no tiene saldo pendiente.` });
    }
    expect(await ledger(company)).toEqual([{ id: owing, due_balance: '0.00', expected: '0.00', payment_status: 'Pagada' }]);
  });

  it('never takes a balance below zero when partial payments race: the late ones are told what is left', async () => {
    const company = await customer();
    const owing = await sale(company, 500, -10);
    // Eight payments of 100 on a sale that owes 500: five fit, three find less than 100 left.
    const answers = await race(8, () => payment(company, 100, { lines: [{ sale_id: owing, amount: 100 }] }));
    const accepted = answers.filter((a) => a.statusCode === 201);
    expect(accepted).toHaveLength(5);
    for (const refused of answers.filter((a) => a.statusCode !== 201)) {
      expect(refused.statusCode).toBe(409);
      expect(refused.json<{ message: string }>().message).toMatch(
        new RegExp(`^La venta ${owing} (no tiene saldo pendiente|solo debe \\$\\d+\\.00)\\.$`),
      );
    }
    expect(await ledger(company)).toEqual([{ id: owing, due_balance: '0.00', expected: '0.00', payment_status: 'Pagada' }]);
  });

  it('applies racing oldest-first payments one after another and keeps the surplus as credit', async () => {
    const company = await customer();
    const ids = [await sale(company, 100, -30), await sale(company, 150.5, -20), await sale(company, 49.5, -10)];
    const answers = await race(8, () => payment(company, 50));
    expect(answers.map((a) => a.statusCode)).toEqual(Array<number>(8).fill(201));
    const sales = await ledger(company);
    expect(sales.map((s) => s.id)).toEqual(ids);
    for (const s of sales) expect(s.due_balance).toBe(s.expected);
    expect(sales.map((s) => [s.due_balance, s.payment_status])).toEqual([
      ['0.00', 'Pagada'],
      ['0.00', 'Pagada'],
      ['0.00', 'Pagada'],
    ]);
    const [money] = await rows<{ amount: string; unapplied: string }>(
      sql`SELECT sum(amount)::text AS amount, sum(unapplied)::text AS unapplied FROM collections WHERE company_id = ${company}`,
    );
    expect(money).toEqual({ amount: '400.00', unapplied: '100.00' });
  });

  it('keeps every balance right when payments and cancellations race, without deadlocks', async () => {
    const company = await customer();
    await sale(company, 300, -40);
    await sale(company, 300, -20);
    await sale(company, 300, -5);
    const first = await race(4, () => payment(company, 120));
    const paid = first.map((a) => a.json<{ data: { id: number } }>().data.id);
    // Cancel the four while four more payments come in, from both servers at once.
    const mixed = await Promise.all([
      ...paid.map((id, i) =>
        servers()[i % 2]!.inject({
          method: 'POST',
          url: `/api/v2/collections/${id}/cancel`,
          headers: { ...bearer(tokens[i % 2]!), 'idempotency-key': `cancelar-${process.pid}-${id}` },
          payload: { reason: 'Prueba de carrera' },
        }),
      ),
      ...payments(4, () => payment(company, 80)),
    ]);
    expect(mixed.map((a) => a.statusCode).sort()).toEqual([200, 200, 200, 200, 201, 201, 201, 201]);
    const sales = await ledger(company);
    for (const s of sales) expect(s.due_balance).toBe(s.expected);
    const owed = sales.reduce((sum, s) => sum + Number(s.due_balance), 0);
    expect(owed).toBeCloseTo(900 - 4 * 80, 2);
  });

  it('lets payments and the office putting the same sales on a route both go through, without deadlocks', async () => {
    const company = await customer();
    const sales = [await sale(company, 100, -30), await sale(company, 100, -20), await sale(company, 100, -10), await sale(company, 100, -5)];
    const [route] = await rows<{ id: number }>(sql`SELECT id FROM shippings WHERE deleted_at IS NULL ORDER BY id DESC LIMIT 1`);
    // Each delivery references its sale while a payment holds that sale's row: the payment's lock
    // must not keep the delivery's reference check waiting while the delivery holds the writers' lock.
    const answers = await Promise.all([
      ...payments(4, () => payment(company, 60)),
      ...sales.map((saleId, i) =>
        servers()[i % 2]!.inject({
          method: 'POST',
          url: '/api/v1/shipping_detail/create',
          headers: { ...bearer(tokens[0]), 'idempotency-key': `entrega-${process.pid}-${saleId}` },
          payload: { sale_id: saleId, shipping_id: route!.id },
        }),
      ),
    ]);
    expect(answers.map((a) => a.statusCode)).toEqual([201, 201, 201, 201, 201, 201, 201, 201]);
    for (const s of await ledger(company)) expect(s.due_balance).toBe(s.expected);
    const owed = (await ledger(company)).reduce((sum, s) => sum + Number(s.due_balance), 0);
    expect(owed).toBeCloseTo(400 - 4 * 60, 2);
  });
});
