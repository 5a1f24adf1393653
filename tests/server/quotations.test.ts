import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERIE_B_UPLIFT_CHANGE } from '../../domain/cart';
import { ordersToDispatchSchema } from '../../domain/schemas/orders';
import { saleDetailAnswerSchema, type SaleDetail } from '../../domain/schemas/quotations';
import { salePageSchema, saleTotalsSchema } from '../../domain/schemas/reads';
import { monterreyDateOffset } from '../../domain/time';
import { priceCart } from '../../server/repositories/pricing';
import { EVENTS_CHANNEL } from '../../server/events/bus';
import { bearer, createTestApp, loginAs, type TestApp } from './test-app';

let t: TestApp;
const tokens: Record<string, string> = {};
const ROLES = ['admin@demo.mx', 'ventas@demo.mx', 'oficina@demo.mx', 'chofer@demo.mx', 'almacen@demo.mx'] as const;
const events: { type: string; order_id: number; date: string }[] = [];
let stopListening: () => Promise<void>;

beforeAll(async () => {
  t = await createTestApp();
  for (const email of ROLES) tokens[email] = await loginAs(t.app, email);
  stopListening = await t.database.listen(EVENTS_CHANNEL, (payload) => events.push(JSON.parse(payload)));
});
afterAll(async () => {
  await stopListening();
  await t.close();
});

const seller = () => tokens['ventas@demo.mx']!;
const today = () => monterreyDateOffset(new Date(), 0);
const rows = <T>(query: ReturnType<typeof sql>) => t.database.db.execute(query).then((r) => (r as unknown as { rows: T[] }).rows);

type Method = 'GET' | 'POST' | 'PUT';
const call = (method: Method, url: string, token: string, payload?: object, headers: Record<string, string> = {}) =>
  t.app.inject({ method, url, headers: { ...bearer(token), ...headers }, ...(payload === undefined ? {} : { payload }) });
const detailOf = (response: { json(): unknown }): SaleDetail => saleDetailAnswerSchema.parse(response.json()).data;

interface Fixture {
  company: { id: number; credit_days: number; branch: number; contact: number };
  otherContact: number;
  items: { id: number; price: number; weight: number }[];
}

async function fixture(): Promise<Fixture> {
  const [company] = await rows<Fixture['company']>(
    sql`SELECT c.id, c.credit_days, (SELECT min(b.id) FROM company_branches b WHERE b.company_id = c.id) AS branch,
      (SELECT min(ct.id) FROM contacts ct WHERE ct.company_id = c.id) AS contact
    FROM companies c WHERE c.credit_days > 0 AND EXISTS (SELECT 1 FROM company_branches b WHERE b.company_id = c.id)
      AND EXISTS (SELECT 1 FROM contacts ct WHERE ct.company_id = c.id) ORDER BY c.id LIMIT 1`,
  );
  const [other] = await rows<{ id: number }>(sql`SELECT id FROM contacts WHERE company_id <> ${company!.id} ORDER BY id LIMIT 1`);
  const items = await rows<Fixture['items'][number]>(
    sql`SELECT id, price::float8 AS price, weight::float8 AS weight FROM items WHERE is_published AND deleted_at IS NULL ORDER BY id LIMIT 3`,
  );
  return { company: company!, otherContact: other!.id, items };
}

function quotationBody(f: Fixture, overrides: Record<string, unknown> = {}) {
  return {
    company_id: f.company.id,
    company_branch_id: f.company.branch,
    contact_id: f.company.contact,
    date: monterreyDateOffset(new Date(), 3),
    due_date: monterreyDateOffset(new Date(), 10),
    type: 'Serie A',
    note: 'Precios sujetos a existencia',
    internal_note: null,
    purchase_order: null,
    items: [
      { item_id: f.items[0]!.id, quantity: 3 },
      { item_id: f.items[1]!.id, quantity: 1.5 },
    ],
    ...overrides,
  };
}

const cents = (n: number) => Math.round(n * 100) / 100;

async function createQuotation(f: Fixture, overrides: Record<string, unknown> = {}): Promise<SaleDetail> {
  const response = await call('POST', '/api/v2/quotations', seller(), quotationBody(f, overrides));
  expect(response.statusCode, response.body).toBe(201);
  return detailOf(response);
}

/** Waits until the notifications of a committed write have arrived (they are asynchronous). */
async function eventsFor(orderId: number, settleMs = 300): Promise<typeof events> {
  await new Promise((resolve) => setTimeout(resolve, settleMs));
  return events.filter((event) => event.order_id === orderId);
}

describe('pricing a quotation', () => {
  it('uses the server’s list prices, never the client’s: Serie A adds 16 % IVA', async () => {
    const f = await fixture();
    const body = quotationBody(f);
    // A price sent by the client is not part of the contract and is dropped.
    body.items[0] = { ...body.items[0]!, price: 0.01 } as (typeof body.items)[number];
    const response = await call('POST', '/api/v2/quotations', seller(), body);
    expect(response.statusCode).toBe(201);
    const quotation = detailOf(response);
    const [a, b] = f.items;
    const subtotal = cents(cents(a!.price * 3) + cents(b!.price * 1.5));
    expect(quotation.items.map((line) => [line.item_id, line.quantity, line.price, line.amount])).toEqual([
      [a!.id, 3, a!.price, cents(a!.price * 3)],
      [b!.id, 1.5, b!.price, cents(b!.price * 1.5)],
    ]);
    expect(quotation.subtotal).toBeCloseTo(subtotal, 2);
    expect(quotation.iva).toBeCloseTo(cents(subtotal * 0.16), 2);
    expect(quotation.total).toBeCloseTo(cents(quotation.subtotal + quotation.iva), 2);
    expect(quotation).toMatchObject({
      kind: 'quotation',
      payment_status: 'Cotización',
      due_balance: 0,
      due_date: body.due_date,
      date: body.date,
      order: null,
      sale_id: null,
      canceled_at: null,
      user: { email: 'ventas@demo.mx' },
      contact: { id: f.company.contact },
      company: { id: f.company.id },
      company_branch: { id: f.company.branch },
    });
    expect(quotation.sale_weight).toBeCloseTo(a!.weight * 3 + b!.weight * 1.5, 2);
  });

  it('carries the Serie B uplift in the prices and no IVA line', async () => {
    const f = await fixture();
    const quotation = await createQuotation(f, { type: 'Serie B', items: [{ item_id: f.items[0]!.id, quantity: 2 }] });
    const price = cents(f.items[0]!.price * 1.16);
    expect(quotation.items[0]!.price).toBe(price);
    expect(quotation.iva).toBe(0);
    expect(quotation.total).toBeCloseTo(cents(price * 2), 2);
  });

  it('adds up to the lines it shows when a line comes to half a cent', async () => {
    const f = await fixture();
    // An item no other test prices, at a price whose line is 2.975 (2.9749999… in binary).
    const [item] = await rows<{ id: number }>(sql`SELECT id FROM items WHERE is_published AND deleted_at IS NULL ORDER BY id DESC LIMIT 1`);
    await rows(sql`UPDATE items SET price = 1.19 WHERE id = ${item!.id}`);
    const quotation = await createQuotation(f, { items: [{ item_id: item!.id, quantity: 2.5 }] });
    expect(quotation.items.map((line) => line.amount)).toEqual([2.98]);
    expect([quotation.subtotal, quotation.iva, quotation.total]).toEqual([2.98, 0.48, 3.46]);
  });

  it('follows the deployment flags: IVA shown as 0, no uplift, 8 % uplift on or before the change day', async () => {
    const f = await fixture();
    const cart = { company_id: f.company.id, company_branch_id: null, type: 'Serie A' as const, items: [{ item_id: f.items[0]!.id, quantity: 2 }] };
    const zeroIva = await priceCart(t.database.db, cart, { ivaShownAsZero: true, serieBUplift: false }, today());
    expect(zeroIva.totals).toEqual({ subtotal: cents(f.items[0]!.price * 2), iva: 0, total: cents(f.items[0]!.price * 2) });
    const noUplift = await priceCart(t.database.db, { ...cart, type: 'Serie B' }, { ivaShownAsZero: true, serieBUplift: false }, today());
    expect(noUplift.lines[0]!.price).toBe(f.items[0]!.price);
    const oldUplift = await priceCart(t.database.db, { ...cart, type: 'Serie B' }, { ivaShownAsZero: false, serieBUplift: true }, SERIE_B_UPLIFT_CHANGE);
    expect(oldUplift.lines[0]!.price).toBe(cents(f.items[0]!.price * 1.08));
    expect(oldUplift.totals.iva).toBe(0);
  });

  it('is refused with a Spanish reason: another company’s contact, a past validity, an unknown item, a repeated item', async () => {
    const f = await fixture();
    const cases: [object, string][] = [
      [quotationBody(f, { contact_id: f.otherContact }), 'El contacto no es de esta empresa.'],
      [quotationBody(f, { due_date: monterreyDateOffset(new Date(), -1) }), 'La vigencia no puede ser anterior a hoy.'],
      [quotationBody(f, { items: [{ item_id: 99_999_999, quantity: 1 }] }), 'Un producto no existe o no está a la venta.'],
      [quotationBody(f, { items: [{ item_id: f.items[0]!.id, quantity: 1 }, { item_id: f.items[0]!.id, quantity: 2 }] }), 'Un producto está dos veces en el carrito.'],
      [quotationBody(f, { company_id: 99_999_999 }), 'La empresa no existe.'],
      [quotationBody(f, { items: [] }), 'Agrega al menos un producto.'],
    ];
    const [before] = await rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM sales`);
    for (const [body, message] of cases) {
      const response = await call('POST', '/api/v2/quotations', seller(), body);
      expect(response.statusCode, message).toBe(422);
      expect(response.json()).toEqual({ message });
    }
    const [after] = await rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM sales`);
    expect(after!.n).toBe(before!.n);
  });
});

describe('editing a quotation', () => {
  it('replaces its header and lines and prices them again', async () => {
    const f = await fixture();
    const quotation = await createQuotation(f);
    const edited = quotationBody(f, {
      type: 'Serie B',
      contact_id: null,
      company_branch_id: null,
      note: 'Nueva nota',
      items: [{ item_id: f.items[2]!.id, quantity: 4 }],
    });
    const response = await call('PUT', `/api/v2/quotations/${quotation.id}`, seller(), edited);
    expect(response.statusCode).toBe(200);
    const saved = detailOf(response);
    expect(saved).toMatchObject({ id: quotation.id, kind: 'quotation', type: 'Serie B', contact: null, company_branch: null, note: 'Nueva nota', iva: 0 });
    expect(saved.items.map((line) => [line.item_id, line.quantity, line.price])).toEqual([[f.items[2]!.id, 4, cents(f.items[2]!.price * 1.16)]]);
    expect(saved.updated_at >= quotation.updated_at).toBe(true);
    // The read shows what the write answered.
    expect(detailOf(await call('GET', `/api/v2/sales/${quotation.id}`, seller()))).toEqual(saved);
  });

  it('answers 404 for a sale or an unknown id', async () => {
    const f = await fixture();
    const [sale] = await rows<{ id: number }>(sql`SELECT id FROM sales WHERE kind = 'sale' ORDER BY id LIMIT 1`);
    for (const id of [sale!.id, 99_999_999]) {
      const response = await call('PUT', `/api/v2/quotations/${id}`, seller(), quotationBody(f));
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: 'La cotización no existe.' });
    }
  });
});

describe('cancelling a quotation', () => {
  it('keeps who cancelled it and why, moves it to the cancelled list, and makes it final', async () => {
    const f = await fixture();
    const quotation = await createQuotation(f);
    const response = await call('POST', `/api/v2/quotations/${quotation.id}/cancel`, seller(), { reason: '  El cliente compró en otro lado ' });
    expect(response.statusCode).toBe(200);
    const canceled = detailOf(response);
    expect(canceled.cancel_reason).toBe('El cliente compró en otro lado');
    expect(canceled.canceled_at).not.toBeNull();
    const [row] = await rows<{ canceled_by_user_id: number; email: string }>(
      sql`SELECT s.canceled_by_user_id, u.email FROM sales s JOIN users u ON u.id = s.canceled_by_user_id WHERE s.id = ${quotation.id}`,
    );
    expect(row!.email).toBe('ventas@demo.mx');

    const list = async (query: string) =>
      salePageSchema.parse((await call('GET', `/api/v2/q?itemsPerPage=100000${query}`, seller())).json()).data;
    expect((await list('')).some((q) => q.id === quotation.id)).toBe(false);
    const cancelled = (await list('&filter[canceled]=1')).find((q) => q.id === quotation.id);
    const [canceller] = await rows<{ name: string }>(sql`SELECT name || ' ' || last AS name FROM users WHERE email = 'ventas@demo.mx'`);
    expect(cancelled).toMatchObject({ cancel_reason: 'El cliente compró en otro lado', user_email: 'ventas@demo.mx', canceled_by_name: canceller!.name });

    const again = await call('POST', `/api/v2/quotations/${quotation.id}/cancel`, seller(), { reason: 'Otra vez' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: 'La cotización ya estaba cancelada.' });
    const edit = await call('PUT', `/api/v2/quotations/${quotation.id}`, seller(), quotationBody(f));
    expect(edit.statusCode).toBe(409);
    expect(edit.json()).toEqual({ message: 'La cotización está cancelada: ya no se puede editar ni vender.' });
    const sell = await call('POST', `/api/v2/quotations/${quotation.id}/sale`, seller(), {});
    expect(sell.statusCode).toBe(409);
    expect(sell.json()).toEqual({ message: 'La cotización está cancelada: ya no se puede editar ni vender.' });
    expect((await rows(sql`SELECT id FROM sales WHERE quotation_id = ${quotation.id}`)).length).toBe(0);
  });

  it('needs a reason', async () => {
    const f = await fixture();
    const quotation = await createQuotation(f);
    const response = await call('POST', `/api/v2/quotations/${quotation.id}/cancel`, seller(), { reason: '   ' });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({ message: 'Escribe el motivo de la cancelación.' });
  });
});

describe('turning a quotation into a sale', () => {
  it('makes an unpaid sale as quoted, an order to fill, and announces it once', async () => {
    const f = await fixture();
    const quotation = await createQuotation(f, { date: monterreyDateOffset(new Date(), 2) });
    // The list price changes after quoting: the sale keeps the quoted price.
    await t.database.db.execute(sql`UPDATE items SET price = price + 10 WHERE id = ${f.items[0]!.id}`);
    const admin = tokens['admin@demo.mx']!;
    const response = await call('POST', `/api/v2/quotations/${quotation.id}/sale`, admin, {});
    expect(response.statusCode).toBe(201);
    const sale = detailOf(response);
    expect(sale).toMatchObject({
      kind: 'sale',
      quotation_id: quotation.id,
      payment_status: 'Pendiente',
      due_balance: quotation.total,
      subtotal: quotation.subtotal,
      iva: quotation.iva,
      total: quotation.total,
      date: quotation.date,
      due_date: monterreyDateOffset(new Date(), 2 + f.company.credit_days),
      order: { status: 'nuevo', dispatched_at: null },
      contact: { id: f.company.contact },
      // It counts for the seller who quoted it.
      user: { email: 'ventas@demo.mx' },
    });
    expect(sale.items.map((line) => [line.item_id, line.quantity, line.price])).toEqual(
      quotation.items.map((line) => [line.item_id, line.quantity, line.price]),
    );
    expect(sale.id).not.toBe(quotation.id);
    expect(detailOf(await call('GET', `/api/v2/sales/${quotation.id}`, seller())).sale_id).toBe(sale.id);

    const orders = ordersToDispatchSchema.parse(
      (await call('GET', `/api/v2/orders/orders_to_dispatch?itemsPerPage=999&filter[date_between]=${sale.date},${sale.date}`, tokens['almacen@demo.mx']!)).json(),
    );
    expect(orders.data.find((order) => order.id === sale.id)?.items).toHaveLength(quotation.items.length);

    // Asked again (no key, or another key): the same sale, no second order, no second event.
    const again = await call('POST', `/api/v2/quotations/${quotation.id}/sale`, seller());
    expect(again.statusCode).toBe(200);
    expect(detailOf(again).id).toBe(sale.id);
    const withKey = await call('POST', `/api/v2/quotations/${quotation.id}/sale`, seller(), {}, { 'idempotency-key': `otra-llave-${quotation.id}` });
    expect(withKey.statusCode).toBe(200);
    expect(detailOf(withKey).id).toBe(sale.id);
    expect((await rows(sql`SELECT id FROM sales WHERE quotation_id = ${quotation.id}`)).length).toBe(1);
    expect(await eventsFor(sale.id)).toEqual([{ type: 'order.created', order_id: sale.id, date: sale.date }]);

    // Sold is final.
    const edit = await call('PUT', `/api/v2/quotations/${quotation.id}`, seller(), quotationBody(f));
    expect(edit.statusCode).toBe(409);
    expect(edit.json()).toEqual({ message: `La cotización ya se convirtió en la venta ${sale.id}.` });
    const cancel = await call('POST', `/api/v2/quotations/${quotation.id}/cancel`, seller(), { reason: 'Tarde' });
    expect(cancel.statusCode).toBe(409);
    expect(cancel.json()).toEqual({ message: `La cotización ya se convirtió en la venta ${sale.id}.` });

    // Both lists link the two.
    const q = salePageSchema.parse((await call('GET', `/api/v2/q?filter[id]=${quotation.id}`, seller())).json()).data;
    expect(q.map((row) => [row.id, row.sale_id, row.order_status])).toEqual([[quotation.id, sale.id, null]]);
    const s = salePageSchema.parse((await call('GET', `/api/v2/sales?filter[id]=${sale.id}`, seller())).json()).data;
    expect(s.map((row) => [row.id, row.quotation_id, row.order_status])).toEqual([[sale.id, quotation.id, 'nuevo']]);
  });

  it('makes one sale when asked twice at the same time', async () => {
    const f = await fixture();
    const quotation = await createQuotation(f);
    const answers = await Promise.all([1, 2].map(() => call('POST', `/api/v2/quotations/${quotation.id}/sale`, seller(), {})));
    expect(answers.map((response) => response.statusCode).sort()).toEqual([200, 201]);
    const [first, second] = answers.map((response) => detailOf(response).id);
    expect(second).toBe(first);
    expect((await rows(sql`SELECT id FROM sales WHERE quotation_id = ${quotation.id}`)).length).toBe(1);
    expect(await eventsFor(first!)).toHaveLength(1);
  });

  it('schedules a quotation whose day has passed for today', async () => {
    const f = await fixture();
    const quotation = await createQuotation(f, { date: monterreyDateOffset(new Date(), -5) });
    const sale = detailOf(await call('POST', `/api/v2/quotations/${quotation.id}/sale`, seller()));
    expect(sale.date).toBe(today());
  });

  it('refuses fields in its body and answers 404 for a sale', async () => {
    const f = await fixture();
    const quotation = await createQuotation(f);
    const withPrice = await call('POST', `/api/v2/quotations/${quotation.id}/sale`, seller(), { total: 1 });
    expect(withPrice.statusCode).toBe(422);
    const [sale] = await rows<{ id: number }>(sql`SELECT id FROM sales WHERE kind = 'sale' ORDER BY id LIMIT 1`);
    expect((await call('POST', `/api/v2/quotations/${sale!.id}/sale`, seller(), {})).statusCode).toBe(404);
  });
});

describe('every quotation write with an Idempotency-Key', () => {
  it('replays the stored answer for the same request and refuses the key for another', async () => {
    const f = await fixture();
    const key = (name: string) => ({ 'idempotency-key': `cotizacion-${name}-${Date.now()}` });
    const run = async (method: Method, url: (id: number) => string, body: object, otherBody: object | undefined, setup: () => Promise<number>) => {
      const id = await setup();
      const headers = key(`${method}-${url(0).replaceAll('/', '-')}`);
      const first = await call(method, url(id), seller(), body, headers);
      const again = await call(method, url(id), seller(), body, headers);
      expect(first.statusCode, url(id)).toBeLessThan(300);
      expect(again.statusCode).toBe(first.statusCode);
      expect(again.headers['idempotent-replayed']).toBe('true');
      expect(again.json()).toEqual(first.json());
      const other = await call(method, url(id), seller(), otherBody, headers);
      expect(other.statusCode).toBe(422);
      expect(other.json()).toEqual({ message: 'La clave Idempotency-Key ya se usó con otra solicitud.' });
      return detailOf(first);
    };
    const countQuotations = async () => (await rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM sales WHERE kind = 'quotation'`))[0]!.n;
    const before = await countQuotations();
    await run('POST', () => '/api/v2/quotations', quotationBody(f), quotationBody(f, { note: 'otra' }), async () => 0);
    expect(await countQuotations()).toBe(before + 1);
    const newId = async () => (await createQuotation(f)).id;
    await run('PUT', (id) => `/api/v2/quotations/${id}`, quotationBody(f, { note: 'editada' }), quotationBody(f, { note: 'otra' }), newId);
    await run('POST', (id) => `/api/v2/quotations/${id}/cancel`, { reason: 'Sin stock' }, { reason: 'Otro motivo' }, newId);
    // The only other request /sale takes is one without a body.
    const sold = await run('POST', (id) => `/api/v2/quotations/${id}/sale`, {}, undefined, newId);
    expect(await eventsFor(sold.id)).toHaveLength(1);
  });
});

describe('who may quote, cancel and sell', () => {
  it('lets in exactly the roles with the permission of each route', async () => {
    const f = await fixture();
    const quotation = await createQuotation(f);
    const [sale] = await rows<{ id: number }>(sql`SELECT id FROM sales WHERE kind = 'sale' ORDER BY id LIMIT 1`);
    // Bodies that stop at validation (or a 404) once past the guard, so nothing changes.
    const routes: [Method, string, object | undefined, (typeof ROLES)[number][]][] = [
      ['POST', '/api/v2/quotations', {}, ['admin@demo.mx', 'ventas@demo.mx']],
      ['PUT', `/api/v2/quotations/${quotation.id}`, {}, ['admin@demo.mx', 'ventas@demo.mx']],
      ['POST', `/api/v2/quotations/${quotation.id}/cancel`, {}, ['admin@demo.mx', 'ventas@demo.mx']],
      ['POST', `/api/v2/quotations/${sale!.id}/sale`, {}, ['admin@demo.mx', 'ventas@demo.mx', 'oficina@demo.mx']],
      ['GET', '/api/v2/q', undefined, ['admin@demo.mx', 'ventas@demo.mx']],
      ['GET', '/api/v2/sales', undefined, ['admin@demo.mx', 'ventas@demo.mx', 'oficina@demo.mx']],
      ['GET', `/api/v2/sales/${quotation.id}`, undefined, ['admin@demo.mx', 'ventas@demo.mx', 'oficina@demo.mx']],
      ['GET', '/api/v2/sale/totals', undefined, ['admin@demo.mx', 'ventas@demo.mx', 'oficina@demo.mx']],
    ];
    for (const [method, url, body, allowed] of routes) {
      for (const email of ROLES) {
        const status = (await call(method, url, tokens[email]!, body)).statusCode;
        if (allowed.includes(email)) expect(status, `${email} ${method} ${url}`).not.toBe(403);
        else expect(status, `${email} ${method} ${url}`).toBe(403);
      }
      expect((await t.app.inject({ method, url, ...(body ? { payload: body } : {}) })).statusCode).toBe(401);
    }
    expect(detailOf(await call('GET', `/api/v2/sales/${quotation.id}`, seller()))).toMatchObject({ kind: 'quotation', canceled_at: null, sale_id: null });
  });
});

describe('the sales and quotations lists', () => {
  it('filter by series, company text and cancellation, and carry the order status', async () => {
    const token = tokens['admin@demo.mx']!;
    const list = async (url: string) => {
      const response = await call('GET', url, token);
      expect(response.statusCode, response.body).toBe(200);
      return salePageSchema.parse(response.json());
    };
    const serieB = await list('/api/v2/sales?filter[type]=Serie B&itemsPerPage=100000');
    expect(serieB.data.length).toBeGreaterThan(0);
    expect(serieB.data.every((row) => row.type === 'Serie B' && row.canceled_at === null)).toBe(true);

    const [company] = await rows<{ name: string }>(sql`SELECT c.name FROM companies c JOIN sales s ON s.company_id = c.id AND s.kind = 'sale' ORDER BY c.id LIMIT 1`);
    const word = company!.name.split(' ')[0]!.toLowerCase();
    const byCompany = await list(`/api/v2/sales?filter[company]=${encodeURIComponent(word)}&itemsPerPage=100000`);
    expect(byCompany.data.length).toBeGreaterThan(0);
    expect(byCompany.data.every((row) => `${row.company_name} ${row.razon_social}`.toLowerCase().includes(word))).toBe(true);

    const canceled = await list('/api/v2/sales?filter[canceled]=1&itemsPerPage=100000');
    const [expected] = await rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM sales WHERE kind = 'sale' AND canceled_at IS NOT NULL AND deleted_at IS NULL`);
    expect(canceled.meta.total).toBe(expected!.n);
    expect(canceled.data.every((row) => row.canceled_at !== null)).toBe(true);

    const [statuses] = await rows<{ surtido: number; nuevo: number }>(
      sql`SELECT count(*) FILTER (WHERE dispatched_at IS NOT NULL)::int AS surtido, count(*) FILTER (WHERE dispatched_at IS NULL AND NOT is_in_production)::int AS nuevo
      FROM sales WHERE kind = 'sale' AND canceled_at IS NULL AND deleted_at IS NULL`,
    );
    expect((await list('/api/v2/sales?filter[order_status]=surtido&itemsPerPage=1')).meta.total).toBe(statuses!.surtido);
    const fresh = await list('/api/v2/sales?filter[order_status]=nuevo&itemsPerPage=100000');
    expect(fresh.meta.total).toBe(statuses!.nuevo);
    expect(fresh.data.every((row) => row.order_status === 'nuevo')).toBe(true);

    // The totals are those of the rows the list shows.
    const totals = saleTotalsSchema.parse((await call('GET', '/api/v2/sale/totals?filter[type]=Serie B', token)).json());
    expect(totals.data.count).toBe(serieB.meta.total);
    expect(totals.data.total).toBeCloseTo(serieB.data.reduce((sum, row) => sum + row.total, 0), 2);

    const sorted = await list('/api/v2/q?sort=company_name&itemsPerPage=100000');
    const names = sorted.data.map((row) => row.company_name);
    expect(names).toEqual([...names].sort((x, y) => (x < y ? -1 : x > y ? 1 : 0)));
    expect(sorted.data.every((row) => row.kind === 'quotation' && row.canceled_at === null)).toBe(true);

    for (const bad of ['filter[type]=Serie C', 'filter[canceled]=si', 'filter[order_status]=listo']) {
      const response = await call('GET', `/api/v2/sales?${bad}`, token);
      expect(response.statusCode, bad).toBe(400);
    }
    expect((await call('GET', '/api/v2/q?filter[order_status]=nuevo', token)).statusCode).toBe(400);
  });
});

describe('one sale in full (GET /api/v2/sales/{id})', () => {
  it('shows a delivered demo sale with its order, deliveries and collections', async () => {
    const [target] = await rows<{ id: number }>(
      sql`SELECT s.id FROM sales s
      WHERE s.kind = 'sale' AND s.dispatched_at IS NOT NULL
        AND EXISTS (SELECT 1 FROM shipping_details d WHERE d.sale_id = s.id AND d.is_delivered AND d.deleted_at IS NULL)
        AND EXISTS (SELECT 1 FROM collection_details cd WHERE cd.sale_id = s.id)
      ORDER BY s.id LIMIT 1`,
    );
    const response = await call('GET', `/api/v2/sales/${target!.id}`, tokens['oficina@demo.mx']!);
    expect(response.statusCode).toBe(200);
    const sale = detailOf(response);
    expect(sale.kind).toBe('sale');
    expect(sale.order?.status).toBe('surtido');
    expect(sale.order?.dispatched_at).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    const delivered = sale.shipping_details.find((detail) => detail.is_delivered)!;
    const [shipping] = await rows<{ date: string }>(sql`SELECT date FROM shippings WHERE id = ${delivered.shipping_id}`);
    expect(delivered.shipping_date).toBe(shipping!.date);
    expect(delivered.delivered_at).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
    const paid = await rows<{ amount: number; date: string }>(
      sql`SELECT cd.amount::float8 AS amount, k.date FROM collection_details cd JOIN collections k ON k.id = cd.collection_id WHERE cd.sale_id = ${target!.id} ORDER BY k.date, cd.id`,
    );
    expect(sale.collections.map((c) => [c.amount, c.date])).toEqual(paid.map((c) => [c.amount, c.date]));
    expect(sale.items.length).toBeGreaterThan(0);
    expect(sale.items.every((line) => line.amount === cents(line.price * line.quantity))).toBe(true);
    expect(sale.user.email).toMatch(/@demo\.mx$/);

    // The list row says where its latest delivery stands (/pedidos shows it).
    const listed = salePageSchema.parse((await call('GET', `/api/v2/sales?filter[id]=${target!.id}`, tokens['oficina@demo.mx']!)).json()).data;
    const latest = sale.shipping_details.at(-1)!;
    expect(listed[0]!.delivery).toEqual({ completed: latest.completed, is_delivered: latest.is_delivered });
  });
});
