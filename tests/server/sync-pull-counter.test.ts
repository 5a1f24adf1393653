import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collectionAnswerSchema } from '../../domain/schemas/collections';
import { companyDetailAnswerSchema, type CompanyDetail } from '../../domain/schemas/customers';
import { branchListSchema, recordedMovementSchema } from '../../domain/schemas/inventory-moves';
import { createdSaleSchema } from '../../domain/schemas/new-sale';
import { personSchema } from '../../domain/schemas/people';
import { shippingSchema } from '../../domain/schemas/shipping';
import type { SyncPull } from '../../domain/schemas/sync';
import { addDays, monterreyDate } from '../../domain/time';
import { syncPulls } from './sync-pulls';
import { bearer, createTestApp, loginAs, type TestApp } from './test-app';

/**
 * What the counter's devices keep to sell and collect offline (issue 46): customers with
 * their branches and what they owe, items with their taxes and the stock of the person's
 * branch, and the payment methods; each change reaches the next pull from the cursor.
 */
let t: TestApp;
const tokens: Record<string, string> = {};
let mainBranch: number;
let otherBranch: number;
let driverId: number;
beforeAll(async () => {
  t = await createTestApp();
  for (const email of ['admin@demo.mx', 'ventas@demo.mx', 'ventas2@demo.mx', 'oficina@demo.mx', 'chofer@demo.mx'])
    tokens[email] = await loginAs(t.app, email);
  const branches = branchListSchema.parse((await call('GET', '/api/v2/branches', admin())).json()).data;
  mainBranch = (await rows<{ branch_id: number }>(sql`SELECT branch_id FROM users WHERE email = 'ventas@demo.mx'`))[0]!.branch_id;
  otherBranch = branches.find((b) => b.id !== mainBranch)!.id;
  driverId = (await rows<{ id: number }>(sql`SELECT id FROM users WHERE email = 'chofer@demo.mx'`))[0]!.id;
});
afterAll(() => t.close());

const admin = () => tokens['admin@demo.mx']!;
const seller = () => tokens['ventas@demo.mx']!;
const office = () => tokens['oficina@demo.mx']!;
const driver = () => tokens['chofer@demo.mx']!;
const today = () => monterreyDate(new Date());
const rows = <T>(query: ReturnType<typeof sql>) => t.database.db.execute(query).then((r) => (r as unknown as { rows: T[] }).rows);

let keys = 0;
const call = (method: 'GET' | 'POST' | 'PUT', url: string, token: string, payload?: object) =>
  t.app.inject({
    method,
    url,
    headers: { ...bearer(token), ...(method === 'GET' ? {} : { 'idempotency-key': `mostrador-sync-${(keys += 1)}` }) },
    ...(payload === undefined ? {} : { payload }),
  });

const { pull, pullAll } = syncPulls(() => t.app);

/**
 * Moves a person to a branch as the office does ('Usuarios', PUT /api/v2/users/:id): the
 * server forgets the sessions it holds on commit, so the person's next request carries the
 * new branch (a change written straight into the table reaches a held session only when
 * PostgreSQL's notice does, a moment later).
 */
async function moveToBranch(email: string, branchId: number | null): Promise<void> {
  const id = (await rows<{ id: number }>(sql`SELECT id FROM users WHERE email = ${email}`))[0]!.id;
  const person = personSchema.parse((await call('GET', `/api/v2/users/${id}`, admin())).json());
  const { name, last, role_id, job_position_id, sub_job_position, permissions } = person;
  const changed = await call('PUT', `/api/v2/users/${id}`, admin(), {
    name,
    last,
    email,
    role_id,
    job_position_id,
    sub_job_position,
    branch_id: branchId,
    permissions,
  });
  expect(changed.statusCode, changed.body).toBe(200);
  expect(personSchema.parse(changed.json()).branch_id).toBe(branchId);
}

const customersOf = (pages: SyncPull[]) => pages.flatMap((p) => p.customers ?? []);
const itemsOf = (pages: SyncPull[]) => pages.flatMap((p) => p.items);

let unique = 0;
/** A new customer (the office's), with the branches given. */
async function newCustomer(branches: string[], credit_days = 15): Promise<CompanyDetail> {
  unique += 1;
  const response = await call('POST', '/api/v2/companies', office(), {
    name: `Abarrotes Mostrador ${unique}`,
    razon_social: `Abarrotes Mostrador ${unique}, S.A. de C.V.`,
    rfc: null,
    credit_days,
    branches: branches.map((name) => ({ name, address: `Calle ${name} 100, Monterrey` })),
    contacts: [],
  });
  expect(response.statusCode, response.body).toBe(201);
  return companyDetailAnswerSchema.parse(response.json()).data;
}

/** What the office sees the customer owe (GET /api/v2/companies/:id): all of it, and what is overdue. */
async function owedAsTheOfficeSees(id: number): Promise<{ balance: number; overdue: number }> {
  const response = await call('GET', `/api/v2/companies/${id}`, office());
  expect(response.statusCode, response.body).toBe(200);
  const { balance } = companyDetailAnswerSchema.parse(response.json()).data;
  return { balance: balance.due, overdue: balance.overdue };
}

/** A sale written straight into the database, due `dueIn` days from today, owing `total`. */
async function owedSale(company: number, total: number, dueIn: number): Promise<number> {
  const [row] = await rows<{ id: number }>(
    sql`INSERT INTO sales (kind, company_id, user_id, date, due_date, type, subtotal, iva, total, due_balance, payment_status, sale_total_weight, sale_weight)
    VALUES ('sale', ${company}, 2, ${addDays(today(), dueIn - 15)}, ${addDays(today(), dueIn)}, 'Serie B', ${total}, 0, ${total}, ${total}, 'Pendiente', 0, 0)
    RETURNING id`,
  );
  return row!.id;
}

async function someItems(count: number): Promise<{ id: number; name: string }[]> {
  return rows(sql`SELECT id, name FROM items WHERE is_published AND deleted_at IS NULL ORDER BY id LIMIT ${count}`);
}

/** An item's stock in a branch: the signed sum of its movements there (spec §4). */
async function stockAt(itemId: number, branchId: number): Promise<number> {
  const [row] = await rows<{ stock: number }>(
    sql`SELECT coalesce(sum(CASE WHEN type IN ('Salida Producción', 'Salida Venta', 'Devolución') THEN -quantity ELSE quantity END), 0)::float8 AS stock
      FROM inventory_movements WHERE item_id = ${itemId} AND branch_id = ${branchId}`,
  );
  return row!.stock;
}

describe('the counter’s catalogue in GET /api/v2/sync/pull', () => {
  it('gives a seller’s reset the customers with their branches by name and what they owe, as the office sees it', async () => {
    const customer = await newCustomer(['Zaragoza', 'Apodaca', 'Monterrey Centro']);
    await owedSale(customer.id, 300, -5);
    await owedSale(customer.id, 120.5, 10);
    const { pages } = await pullAll(seller());
    expect(pages[0]!.reset).toBe(true);
    const received = customersOf(pages).find((c) => c.id === customer.id);
    expect(received).toEqual({
      id: customer.id,
      name: customer.name,
      razon_social: customer.razon_social,
      rfc: null,
      credit_days: 15,
      branches: ['Apodaca', 'Monterrey Centro', 'Zaragoza'].map((name) => ({
        id: customer.branches.find((b) => b.name === name)!.id,
        name,
      })),
      balance: 420.5,
      overdue: 300,
    });
    expect(await owedAsTheOfficeSees(customer.id)).toEqual({ balance: 420.5, overdue: 300 });
    // Every live customer, each once, none deleted.
    const [live] = await rows<{ count: number }>(sql`SELECT count(*)::int AS count FROM companies WHERE deleted_at IS NULL`);
    const ids = customersOf(pages).map((c) => c.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.length).toBe(live!.count);
    // Some demo customer that owes: the same figures as its page in the office.
    const [owing] = await rows<{ id: number }>(
      sql`SELECT company_id AS id FROM sales WHERE kind = 'sale' AND canceled_at IS NULL AND deleted_at IS NULL AND due_balance > 0 ORDER BY id LIMIT 1`,
    );
    const demo = customersOf(pages).find((c) => c.id === owing!.id)!;
    expect({ balance: demo.balance, overdue: demo.overdue }).toEqual(await owedAsTheOfficeSees(owing!.id));
    expect(demo.balance).toBeGreaterThan(0);
  });

  it('brings the customer again with its new balance after a sale at the counter, a payment, and a branch added', async () => {
    const customer = await newCustomer(['Matriz'], 0);
    const start = await pullAll(seller());
    expect(customersOf(start.pages).find((c) => c.id === customer.id)).toMatchObject({ balance: 0, overdue: 0, credit_days: 0 });

    const [item] = await someItems(1);
    const sold = await call('POST', '/api/v2/sales', seller(), {
      company_id: customer.id,
      company_branch_id: customer.branches[0]!.id,
      date: today(),
      type: 'Serie A',
      note: null,
      internal_note: null,
      purchase_order: null,
      bar: false,
      items: [{ item_id: item!.id, quantity: 4 }],
    });
    expect(sold.statusCode, sold.body).toBe(201);
    const sale = createdSaleSchema.parse(sold.json());
    const afterSale = await pull(seller(), start.cursor);
    expect(afterSale.reset).toBe(false);
    expect(afterSale.customers).toEqual([expect.objectContaining({ id: customer.id, balance: sale.total, overdue: 0 })]);

    const [method] = await rows<{ id: number }>(sql`SELECT id FROM payment_methods WHERE active ORDER BY id LIMIT 1`);
    const paid = await call('POST', '/api/v2/collections', office(), {
      company_id: customer.id,
      date: today(),
      amount: 50,
      payment_method_id: method!.id,
      reference: null,
      note: null,
    });
    expect(paid.statusCode, paid.body).toBe(201);
    expect(collectionAnswerSchema.parse(paid.json()).data.details.map((d) => d.sale_id)).toEqual([sale.id]);
    const afterPayment = await pull(seller(), afterSale.cursor);
    const balance = Math.round((sale.total - 50) * 100) / 100;
    expect(afterPayment.customers).toEqual([expect.objectContaining({ id: customer.id, balance, overdue: 0 })]);
    expect(await owedAsTheOfficeSees(customer.id)).toEqual({ balance, overdue: 0 });

    const edited = await call('PUT', `/api/v2/companies/${customer.id}`, office(), {
      name: customer.name,
      razon_social: customer.razon_social,
      rfc: null,
      credit_days: 0,
      branches: [
        { id: customer.branches[0]!.id, name: 'Matriz', address: customer.branches[0]!.address },
        { name: 'Bodega Norte', address: 'Av. Universidad 10, San Nicolás' },
      ],
      contacts: [],
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const afterBranch = await pull(seller(), afterPayment.cursor);
    expect(afterBranch.customers?.map((c) => [c.id, c.branches.map((b) => b.name), c.balance])).toEqual([
      [customer.id, ['Bodega Norte', 'Matriz'], balance],
    ]);
    // Nothing else changed: the next pull brings no customer.
    expect((await pull(seller(), afterBranch.cursor)).customers).toEqual([]);
  });

  it('takes a deleted customer away through removed.customers', async () => {
    const customer = await newCustomer(['Matriz']);
    const { cursor } = await pullAll(seller());
    await t.database.db.execute(sql`UPDATE companies SET deleted_at = now() WHERE id = ${customer.id}`);
    const next = await pull(seller(), cursor);
    expect(next.removed.customers).toEqual([customer.id]);
    expect(next.customers).toEqual([]);
  });

  it('gives items their taxes as a sale prices them, whether they are published, and the stock at the person’s branch', async () => {
    const [taxed, untaxed] = await someItems(2);
    await t.database.db.execute(sql`UPDATE items SET objeto_imp = '02', iva_rate = 0.16, ieps_rate = 0.08 WHERE id = ${taxed!.id}`);
    // ObjetoImp 01 carries no taxes, whatever rates the product keeps (as priceCart charges it).
    await t.database.db.execute(
      sql`UPDATE items SET objeto_imp = '01', iva_rate = 0.16, ieps_rate = NULL, is_published = false WHERE id = ${untaxed!.id}`,
    );
    const { pages } = await pullAll(seller());
    const items = itemsOf(pages);
    expect(items.find((i) => i.id === taxed!.id)).toMatchObject({
      iva_rate: 0.16,
      ieps_rate: 0.08,
      is_published: true,
      stock: await stockAt(taxed!.id, mainBranch),
    });
    expect(items.find((i) => i.id === untaxed!.id)).toMatchObject({
      iva_rate: null,
      ieps_rate: null,
      is_published: false,
      stock: await stockAt(untaxed!.id, mainBranch),
    });
    const stocked = items.find((i) => (i.stock ?? 0) > 0);
    expect(stocked, 'some item has stock at the seller’s branch').toBeDefined();
  });

  it('brings an item again with its new stock after an adjustment at the person’s branch, and unchanged after one elsewhere', async () => {
    const [, , item] = await someItems(3);
    const start = await pullAll(seller());
    const before = itemsOf(start.pages).find((i) => i.id === item!.id)!.stock!;
    expect(before).toBe(await stockAt(item!.id, mainBranch));

    const adjusted = await call('POST', '/api/v2/adjustments', admin(), {
      item_id: item!.id,
      quantity: 2.5,
      reason: 'Conteo del mostrador',
      branch_id: mainBranch,
    });
    expect(adjusted.statusCode, adjusted.body).toBe(201);
    expect(recordedMovementSchema.parse(adjusted.json()).stock).toBeCloseTo(before + 2.5, 2);
    const here = await pull(seller(), start.cursor);
    expect(here.items.map((i) => [i.id, i.stock])).toEqual([[item!.id, before + 2.5]]);

    const elsewhere = await call('POST', '/api/v2/adjustments', admin(), {
      item_id: item!.id,
      quantity: 7,
      reason: 'Conteo de otra bodega',
      branch_id: otherBranch,
    });
    expect(elsewhere.statusCode, elsewhere.body).toBe(201);
    const there = await pull(seller(), here.cursor);
    expect(there.items.map((i) => [i.id, i.stock])).toEqual([[item!.id, before + 2.5]]);
  });

  it('starts a person over when they change branch, and gives no stock to a person without one', async () => {
    const other = tokens['ventas2@demo.mx']!;
    const [item] = await someItems(1);
    const start = await pullAll(other);
    await moveToBranch('ventas2@demo.mx', null);
    const without = await pullAll(other, start.cursor);
    expect(without.pages[0]!.reset).toBe(true);
    expect(itemsOf(without.pages).find((i) => i.id === item!.id)?.stock).toBeNull();

    await moveToBranch('ventas2@demo.mx', otherBranch);
    const moved = await pullAll(other, without.cursor);
    expect(moved.pages[0]!.reset).toBe(true);
    expect(itemsOf(moved.pages).find((i) => i.id === item!.id)?.stock).toBe(await stockAt(item!.id, otherBranch));
  });

  it('gives a driver without permission sales no customers', async () => {
    const { pages, cursor } = await pullAll(driver());
    expect(pages.every((p) => p.customers === undefined && p.removed.customers === undefined)).toBe(true);
    await newCustomer(['Matriz']);
    const next = await pull(driver(), cursor);
    expect(next.customers).toBeUndefined();
    expect(next.removed.customers).toBeUndefined();
  });

  it('sends the payment methods on every page of a reset, and not on the pulls after it', async () => {
    const methods = (await call('GET', '/api/v1/payment_method/all', office())).json<{ data: { id: number; name: string }[] }>().data;
    expect(methods.length).toBeGreaterThan(0);
    // Enough routes for the driver's reset to take several pages (40 routes a page).
    for (let i = 0; i < 45; i += 1) {
      const created = await call('POST', '/api/v1/shipping/create', office(), { date: today(), driver_id: driverId });
      shippingSchema.parse(created.json());
    }
    const reset = await pullAll(driver());
    expect(reset.pages.length).toBeGreaterThan(1);
    for (const page of reset.pages) expect(page.payment_methods).toEqual(methods);
    expect(reset.pages.slice(1).every((p) => p.deployment === undefined)).toBe(true);
    await call('POST', '/api/v1/shipping/create', office(), { date: today(), driver_id: driverId });
    const next = await pull(driver(), reset.cursor);
    expect(next.reset).toBe(false);
    expect(next.shippings).toHaveLength(1);
    expect(next.payment_methods).toBeUndefined();
  });
});
