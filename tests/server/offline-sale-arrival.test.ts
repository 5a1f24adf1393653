import { offlineSaleMessages } from '../../domain/messages/offline-sales';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatMoney } from '../../domain/format';
import { itemRowSchema } from '../../domain/schemas/catalogue';
import { companyDetailAnswerSchema } from '../../domain/schemas/customers';
import { createdSaleSchema, type CreatedSale } from '../../domain/schemas/new-sale';
import { saleDetailAnswerSchema } from '../../domain/schemas/quotations';
import { salePageSchema } from '../../domain/schemas/reads';
import { monterreyDate, monterreyDateOffset } from '../../domain/time';
import { bearer, createTestApp, loginAs, type TestApp } from './test-app';

/**
 * A sale made on a device without a connection reaches the server (issue 46): priced by the
 * server, kept with its provisional folio and when it was made, and with what changed since
 * the device (total, stock, overdue balance) said in Spanish for the office.
 */
let t: TestApp;
let seller: string;
let admin: string;
/** The seller's branch: the stock an offline sale is checked against. */
let sellerBranch: number;
let kg: number;

beforeAll(async () => {
  t = await createTestApp();
  [seller, admin] = await Promise.all([loginAs(t.app, 'ventas@demo.mx'), loginAs(t.app, 'admin@demo.mx')]);
  const [found] = await rows<{ branch_id: number | null }>(sql`SELECT branch_id FROM users WHERE email = 'ventas@demo.mx'`);
  expect(found!.branch_id).toEqual(expect.any(Number));
  sellerBranch = found!.branch_id!;
  kg = (await rows<{ id: number }>(sql`SELECT id FROM units WHERE name = 'kg'`))[0]!.id;
});
afterAll(() => t.close());

const rows = <T>(query: ReturnType<typeof sql>) => t.database.db.execute(query).then((r) => (r as unknown as { rows: T[] }).rows);
const send = (token: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, key?: string) =>
  t.app.inject({ method, url, headers: { ...bearer(token), ...(key && { 'idempotency-key': key }) }, ...(payload && { payload }) });

let unique = 0;

/** A new customer of its own (no balance of the demo's), with `credit_days` of credit. */
async function newCustomer(credit_days = 15) {
  unique++;
  const response = await send(seller, 'POST', '/api/v2/companies', {
    name: `Fruteria Sin Red ${unique}`,
    macro: 'Frutería',
    razon_social: `Frutas Sin Red ${unique}, S.A. de C.V.`,
    rfc: null,
    credit_days,
    delivery_address: 'Av. Juárez 10, Centro, Monterrey, N.L.',
    delivery_references: null,
    delivery_time: null,
    branches: [{ name: 'Matriz', address: 'Av. Juárez 10' }],
    contacts: [],
  });
  expect(response.statusCode, response.body).toBe(201);
  return companyDetailAnswerSchema.parse(response.json()).data;
}

/** A new product of its own (no open orders of the demo's), with `stock` kg at the seller's branch. */
async function newItem(name: string, stock: number) {
  const response = await send(admin, 'POST', '/api/v2/items', {
    name,
    unit_id: kg,
    category_id: null,
    macro: 'Fruta',
    ean13: null,
    price: 40,
    cost: 20,
    weight: 1,
    is_published: true,
    pos: true,
    is_raw_material: false,
  });
  expect(response.statusCode, response.body).toBe(201);
  const item = itemRowSchema.parse(response.json());
  if (stock !== 0) {
    const adjusted = await send(admin, 'POST', '/api/v2/adjustments', {
      item_id: item.id,
      quantity: stock,
      reason: 'Existencia inicial de prueba',
      branch_id: sellerBranch,
    });
    expect(adjusted.statusCode, adjusted.body).toBe(201);
  }
  return item;
}

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

function saleBody(company_id: number, items: { item_id: number; quantity: number }[], extra: object = {}) {
  return {
    company_id,
    company_branch_id: null,
    date: monterreyDate(new Date()),
    type: 'Serie A',
    note: null,
    internal_note: null,
    purchase_order: null,
    bar: true,
    items,
    ...extra,
  };
}

async function sell(body: object, key?: string): Promise<CreatedSale> {
  const response = await send(seller, 'POST', '/api/v2/sales', body, key);
  expect(response.statusCode, response.body).toBe(201);
  return createdSaleSchema.parse(response.json());
}

/** What the server would charge for this cart: an online sale of it, answered. */
async function serverTotal(company_id: number, items: { item_id: number; quantity: number }[]): Promise<number> {
  return (await sell(saleBody(company_id, items))).total;
}

async function detail(id: number) {
  const response = await send(seller, 'GET', `/api/v2/sales/${id}`);
  expect(response.statusCode, response.body).toBe(200);
  return saleDetailAnswerSchema.parse(response.json()).data;
}

describe('an offline sale arriving', () => {
  it('is kept with its provisional folio and when it was made, and its page shows them; an online sale has no offline', async () => {
    const company = await newCustomer();
    const item = await newItem('Manzana sin red', 100);
    const items = [{ item_id: item.id, quantity: 2 }];
    const total = await serverTotal(company.id, items);
    const made_at = minutesAgo(45);
    const created = await sell(saleBody(company.id, items, { offline: { made_at, provisional: 'P-7F3A-0012', device_total: total } }));
    expect(created.total).toBe(total);
    expect(created.offline_warnings).toEqual([]);

    const sale = await detail(created.id);
    expect(sale.offline).toEqual({ made_at: expect.any(String), provisional: 'P-7F3A-0012', device_total: total, warnings: [] });
    expect(Date.parse(sale.offline!.made_at)).toBe(Date.parse(made_at));

    // A sale made online answers neither warnings nor an offline arrival.
    const online = await send(seller, 'POST', '/api/v2/sales', saleBody(company.id, items));
    expect(online.json()).not.toHaveProperty('offline_warnings');
    expect((await detail(online.json().id)).offline).toBeNull();
  });

  it('says the total changed with both amounts when the device showed another, and nothing when they are equal', async () => {
    const company = await newCustomer();
    const item = await newItem('Pera sin red', 100);
    const items = [{ item_id: item.id, quantity: 3 }];
    const total = await serverTotal(company.id, items);

    const changed = await sell(
      saleBody(company.id, items, { offline: { made_at: minutesAgo(90), provisional: 'P-7F3A-0013', device_total: 100.5 } }),
    );
    expect(changed.total).toBe(total);
    expect(changed.offline_warnings).toEqual([
      `El total cambió: el dispositivo mostró ${formatMoney(100.5)}, el servidor cobró ${formatMoney(total)}.`,
    ]);
    expect(changed.offline_warnings![0]).toContain('$100.50');
    expect((await detail(changed.id)).offline!.warnings).toEqual(changed.offline_warnings);

    const same = await sell(
      saleBody(company.id, items, { offline: { made_at: minutesAgo(80), provisional: 'P-7F3A-0014', device_total: total } }),
    );
    expect(same.offline_warnings).toEqual([]);
  });

  it('warns of stock gone negative at the seller’s branch once its open orders are counted, naming the items', async () => {
    const company = await newCustomer();
    const apple = await newItem('Manzana roja sin red', 10);
    const lemon = await newItem('Limón sin red', 50);
    // An open order of the branch (online, not dispatched) holds 7 of the 10.
    await sell(saleBody(company.id, [{ item_id: apple.id, quantity: 7 }]));
    const items = [
      { item_id: apple.id, quantity: 5 },
      { item_id: lemon.id, quantity: 5 },
    ];
    const created = await sell(
      saleBody(company.id, items, { offline: { made_at: minutesAgo(30), provisional: 'P-7F3A-0015', device_total: 0 } }),
    );
    // 10 − 7 − 5 = −2 for the apples; the lemons (50 − 5) are fine.
    expect(created.offline_warnings).toContain('Existencia negativa: Manzana roja sin red (−2 kg).');
    expect(created.offline_warnings!.join(' ')).not.toContain('Limón sin red');

    // A cancelled order holds nothing: with that sale cancelled, 3 more leave the branch at 0.
    const cancel = await send(admin, 'POST', `/api/v2/sales/${created.id}/cancel`, { reason: 'Prueba' });
    expect(cancel.statusCode, cancel.body).toBe(200);
    const again = await sell(
      saleBody(company.id, [{ item_id: apple.id, quantity: 3 }], {
        offline: { made_at: minutesAgo(20), provisional: 'P-7F3A-0016', device_total: 0 },
      }),
    );
    // 10 − 7 − 3 = 0: not below zero.
    expect(again.offline_warnings!.filter((warning) => warning.startsWith('Existencia negativa'))).toEqual([]);
  });

  it('warns of the customer’s overdue balance with its amount, not counting this sale', async () => {
    const company = await newCustomer(0);
    const item = await newItem('Uva sin red', 100);
    // Sold ten days ago without credit: due that day, unpaid.
    const old = await sell(saleBody(company.id, [{ item_id: item.id, quantity: 1 }], { date: monterreyDateOffset(new Date(), -10) }));
    const items = [{ item_id: item.id, quantity: 2 }];
    const total = await serverTotal(company.id, items);
    const created = await sell(
      saleBody(company.id, items, { offline: { made_at: minutesAgo(10), provisional: 'P-7F3A-0017', device_total: total } }),
    );
    expect(created.offline_warnings).toEqual([`El cliente tiene saldo vencido de ${formatMoney(old.total)}.`]);
  });

  it('answers a replay with the same key with the same sale and warnings, and makes one sale', async () => {
    const company = await newCustomer();
    const item = await newItem('Mango sin red', 100);
    const body = saleBody(company.id, [{ item_id: item.id, quantity: 1 }], {
      offline: { made_at: minutesAgo(120), provisional: 'P-7F3A-0018', device_total: 1 },
    });
    const first = await send(seller, 'POST', '/api/v2/sales', body, 'venta-sin-red-0018');
    const again = await send(seller, 'POST', '/api/v2/sales', body, 'venta-sin-red-0018');
    expect(first.statusCode, first.body).toBe(201);
    expect(again.json()).toEqual(first.json());
    expect(createdSaleSchema.parse(first.json()).offline_warnings).toHaveLength(1);
    const [count] = await rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM sales WHERE offline_provisional = 'P-7F3A-0018'`);
    expect(count!.n).toBe(1);
  });

  it('is refused in Spanish with a time or provisional folio that is not one; an odd device clock is told, not refused', async () => {
    const company = await newCustomer();
    const item = await newItem('Kiwi sin red', 100);
    const items = [{ item_id: item.id, quantity: 1 }];
    const total = await serverTotal(company.id, items);
    const offline = { made_at: minutesAgo(5), provisional: 'P-7F3A-0019', device_total: total };
    const cases: [object, string][] = [
      [{ ...offline, made_at: '2026-02-30T10:00:00Z' }, 'La hora en que se hizo la venta sin conexión no es válida.'],
      [{ ...offline, provisional: 'p-7f3a-0019' }, 'El folio provisional no es válido (hasta 20 letras mayúsculas, números o guiones).'],
      [
        { ...offline, provisional: 'P-0123456789-ABCDEFGH' },
        'El folio provisional no es válido (hasta 20 letras mayúsculas, números o guiones).',
      ],
      [{ ...offline, device_total: 10.005 }, 'El total que mostró el dispositivo no es válido.'],
    ];
    for (const [sent, message] of cases) {
      const response = await send(seller, 'POST', '/api/v2/sales', saleBody(company.id, items, { offline: sent }));
      expect(response.statusCode, message).toBe(422);
      expect(response.json().message).toBe(message);
    }
    // A clock a little ahead of the server's (within 5 minutes) is taken as it is.
    const near = await sell(saleBody(company.id, items, { offline: { ...offline, made_at: minutesAgo(-3) } }));
    expect(near.offline_warnings).toEqual([]);
    // A clock far ahead, or a sale a month old: the sale is made (the goods left), the office is told.
    const ahead = await sell(
      saleBody(company.id, items, { offline: { ...offline, provisional: 'P-7F3A-0021', made_at: minutesAgo(-60) } }),
    );
    expect(ahead.offline_warnings).toEqual([offlineSaleMessages.warnings.clockAhead]);
    const old = await sell(
      saleBody(company.id, items, { offline: { ...offline, provisional: 'P-7F3A-0022', made_at: minutesAgo(31 * 24 * 60) } }),
    );
    expect(old.offline_warnings).toEqual([offlineSaleMessages.warnings.madeLongAgo]);
    const [count] = await rows<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM sales WHERE offline_provisional IN ('P-7F3A-0019', 'P-7F3A-0021', 'P-7F3A-0022')`,
    );
    expect(count!.n).toBe(3);
  });

  it('is marked on the sales list when it arrived with warnings, and an edit does not change how it arrived', async () => {
    const company = await newCustomer();
    const item = await newItem('Durazno sin red', 100);
    const items = [{ item_id: item.id, quantity: 1 }];
    const total = await serverTotal(company.id, items);
    const warned = await sell(
      saleBody(company.id, items, { offline: { made_at: minutesAgo(15), provisional: 'P-7F3A-0020', device_total: 0.5 } }),
    );
    const quiet = await sell(
      saleBody(company.id, items, { offline: { made_at: minutesAgo(15), provisional: 'P-7F3A-0021', device_total: total } }),
    );
    const list = salePageSchema.parse((await send(seller, 'GET', `/api/v2/sales?filter[company_id]=${company.id}`)).json());
    const marked = new Map(list.data.map((row) => [row.id, row.offline_warned]));
    expect(marked.get(warned.id)).toBe(true);
    expect(marked.get(quiet.id)).toBe(false);
    expect([...marked.values()].filter(Boolean)).toHaveLength(1);

    // PUT takes the cart; an `offline` sent along is ignored, however old.
    const before = (await detail(warned.id)).offline;
    const edited = await send(seller, 'PUT', `/api/v2/sales/${warned.id}`, {
      ...saleBody(company.id, [{ item_id: item.id, quantity: 2 }]),
      offline: { made_at: '2020-01-01T00:00:00Z', provisional: 'OTRO', device_total: 9 },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const after = saleDetailAnswerSchema.parse(edited.json()).data;
    expect(after.items[0]!.quantity).toBe(2);
    expect(after.offline).toEqual(before);
  });
});
