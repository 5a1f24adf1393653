import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customerBalanceSchema } from '../../domain/schemas/collections';
import { homeSchema } from '../../domain/schemas/home';
import { indicatorsSchema, salemanReportResultSchema, salePageSchema, saleTotalsSchema } from '../../domain/schemas/reads';
import { saleDetailAnswerSchema } from '../../domain/schemas/quotations';
import { saleReturnAnswerSchema, saleReturnListSchema } from '../../domain/schemas/sale-returns';
import { fullShippingPageSchema } from '../../domain/schemas/shipping';
import { syncPullSchema } from '../../domain/schemas/sync';
import { deliveryStatus } from '../../domain/rules/delivery-status';
import { monterreyDate } from '../../domain/time';
import { bearer, createTestApp, loginAs, type TestApp } from './test-app';

/**
 * A sale's corrections through the real routes: edited while its order is not filled,
 * cancelled with its stock, routes and payments reversed, and the customer's credit applied.
 * Each test makes its own customer and sales through the API, as the office would.
 */
let t: TestApp;
const tokens: Record<string, string> = {};
let method: number;
let product: { id: number; price: number };
beforeAll(async () => {
  t = await createTestApp();
  for (const email of ['admin@demo.mx', 'ventas@demo.mx', 'oficina@demo.mx', 'almacen@demo.mx'])
    tokens[email] = await loginAs(t.app, email);
  method = (await rows<{ id: number }>(sql`SELECT id FROM payment_methods ORDER BY id LIMIT 1`))[0]!.id;
  product = (
    await rows<{ id: number; price: number }>(
      sql`SELECT id, price::float8 AS price FROM items WHERE deleted_at IS NULL AND is_published ORDER BY id LIMIT 1`,
    )
  )[0]!;
});
afterAll(() => t.close());

const rows = <T>(query: ReturnType<typeof sql>) => t.database.db.execute(query).then((r) => (r as unknown as { rows: T[] }).rows);
const today = () => monterreyDate(new Date());
let keys = 0;
const call = (
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  email: string,
  payload?: object,
  key = `correccion-${(keys += 1)}-${Date.now()}`,
) =>
  t.app.inject({
    method,
    url,
    headers: { ...bearer(tokens[email]!), ...(method === 'GET' ? {} : { 'idempotency-key': key }) },
    ...(payload === undefined ? {} : { payload }),
  });

let customers = 0;
async function customer(): Promise<number> {
  customers += 1;
  const [row] = await rows<{ id: number }>(
    sql`INSERT INTO companies (name, razon_social, credit_days) VALUES (${`Cliente corrección ${customers}`}, ${`Corrección ${customers} SA`}, 10) RETURNING id`,
  );
  return row!.id;
}
const saleBody = (company: number, quantity: number, extra: object = {}) => ({
  company_id: company,
  company_branch_id: null,
  date: today(),
  type: 'Serie B',
  note: null,
  internal_note: null,
  purchase_order: null,
  bar: false,
  items: [{ item_id: product.id, quantity }],
  ...extra,
});
async function newSale(company: number, quantity: number): Promise<number> {
  const response = await call('POST', '/api/v2/sales', 'ventas@demo.mx', saleBody(company, quantity));
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ id: number }>().id;
}
const detail = async (id: number) => saleDetailAnswerSchema.parse((await call('GET', `/api/v2/sales/${id}`, 'admin@demo.mx')).json()).data;
const stock = async (itemId: number) =>
  (
    await rows<{ stock: number }>(
      sql`SELECT coalesce(sum(CASE WHEN type IN ('Salida Producción', 'Salida Venta', 'Devolución') THEN -quantity ELSE quantity END), 0)::float8 AS stock FROM inventory_movements WHERE item_id = ${itemId}`,
    )
  )[0]!.stock;
const fill = (id: number, quantity: number) =>
  call('POST', '/api/v2/orders/dispatch_sale_order', 'almacen@demo.mx', { id, quotation_items: [{ item_id: product.id, quantity }] });
const pay = (company: number, amount: number, lines?: { sale_id: number; amount: number }[]) =>
  call('POST', '/api/v2/collections', 'oficina@demo.mx', {
    company_id: company,
    date: today(),
    amount,
    payment_method_id: method,
    ...(lines && { lines }),
  });
const balance = async (company: number) =>
  customerBalanceSchema.parse((await call('GET', `/api/v2/balances/${company}`, 'oficina@demo.mx')).json());

describe('editing a sale', () => {
  it('re-prices the changed lines while the order is not filled, keeps what was paid, and the warehouse pulls the change', async () => {
    const company = await customer();
    const id = await newSale(company, 2);
    expect((await pay(company, 10)).statusCode).toBe(201);
    const edited = await call('PUT', `/api/v2/sales/${id}`, 'ventas@demo.mx', saleBody(company, 5, { note: 'Cambió a 5' }));
    expect(edited.statusCode, edited.body).toBe(200);
    const sale = saleDetailAnswerSchema.parse(edited.json()).data;
    expect(sale.items.map((line) => [line.item_id, line.quantity])).toEqual([[product.id, 5]]);
    expect(sale.note).toBe('Cambió a 5');
    expect(sale.due_balance).toBeCloseTo(sale.total - 10, 2);
    expect(sale.payment_status).toBe('Parcial');
    // The warehouse tablet's pull brings the order with its new lines.
    const orders = [];
    let cursor: string | undefined;
    for (let page = 0; page < 50; page++) {
      const url = cursor === undefined ? '/api/v2/sync/pull' : `/api/v2/sync/pull?cursor=${encodeURIComponent(cursor)}`;
      const pull = syncPullSchema.parse((await t.app.inject({ method: 'GET', url, headers: bearer(tokens['almacen@demo.mx']!) })).json());
      orders.push(...pull.orders);
      cursor = pull.cursor;
      if (!pull.has_more) break;
    }
    expect(orders.find((row) => row.id === id)?.items.map((line) => line.quantity)).toEqual([5]);
  });

  it('is limited to the sales of the editor’s own branch, user 1 excepted', async () => {
    const company = await customer();
    const id = await newSale(company, 1);
    const [other] = await rows<{ id: number }>(
      sql`INSERT INTO branches (name, address, phone, rfc, razon_social, email)
        VALUES ('Sucursal Sur', 'Av. Sur 1', '81 0000 0000', 'XAXX010101000', 'Sur SA', 'sur@demo.mx') RETURNING id`,
    );
    await rows(sql`UPDATE users SET branch_id = ${other!.id} WHERE email = 'ventas2@demo.mx'`);
    try {
      tokens['ventas2@demo.mx'] = await loginAs(t.app, 'ventas2@demo.mx');
      const refused = await call('PUT', `/api/v2/sales/${id}`, 'ventas2@demo.mx', saleBody(company, 2));
      expect(refused.statusCode).toBe(403);
      expect(refused.json().message).toBe('Solo se editan las ventas de su sucursal.');
      // Nor cancelled nor returned: the same rule for every correction.
      await rows(
        sql`INSERT INTO user_permissions (user_id, permission_id) SELECT u.id, p.id FROM users u, permissions p
          WHERE u.email = 'ventas2@demo.mx' AND p.name = 'cancelations' ON CONFLICT DO NOTHING`,
      );
      tokens['ventas2@demo.mx'] = await loginAs(t.app, 'ventas2@demo.mx');
      const cancel = await call('POST', `/api/v2/sales/${id}/cancel`, 'ventas2@demo.mx', { reason: 'No es mía' });
      expect([cancel.statusCode, cancel.json().message]).toEqual([403, 'Solo se cancelan las ventas de su sucursal.']);
      const back = await call('POST', `/api/v2/sales/${id}/returns`, 'ventas2@demo.mx', {
        reason: 'No es mía',
        lines: [{ item_id: product.id, quantity: 1 }],
      });
      expect([back.statusCode, back.json().message]).toEqual([403, 'Solo se registran devoluciones de las ventas de su sucursal.']);
      expect((await call('PUT', `/api/v2/sales/${id}`, 'admin@demo.mx', saleBody(company, 2))).statusCode).toBe(200);
    } finally {
      await rows(
        sql`UPDATE users SET branch_id = (SELECT branch_id FROM users WHERE email = 'ventas@demo.mx') WHERE email = 'ventas2@demo.mx'`,
      );
      await rows(
        sql`DELETE FROM user_permissions WHERE user_id = (SELECT id FROM users WHERE email = 'ventas2@demo.mx')
          AND permission_id = (SELECT id FROM permissions WHERE name = 'cancelations')`,
      );
    }
  });

  it('is refused once the order is filled, with the way forward, and for another customer', async () => {
    const company = await customer();
    const id = await newSale(company, 1);
    const otherCustomer = await call('PUT', `/api/v2/sales/${id}`, 'ventas@demo.mx', saleBody(await customer(), 1));
    expect(otherCustomer.statusCode).toBe(422);
    expect(otherCustomer.json().message).toBe('El cliente de una venta no se cambia: cancélela y registre otra.');
    expect((await fill(id, 1)).statusCode).toBe(200);
    const refused = await call('PUT', `/api/v2/sales/${id}`, 'ventas@demo.mx', saleBody(company, 3));
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('El pedido de esta venta ya se surtió: para corregirla, cancélela o registre una devolución.');
  });
});

describe('cancelling a sale', () => {
  it('before it is filled: it leaves the orders to fill, shows in Cancelaciones with who and why, and cannot be paid, edited or cancelled again', async () => {
    const company = await customer();
    const id = await newSale(company, 1);
    const cancelled = await call('POST', `/api/v2/sales/${id}/cancel`, 'admin@demo.mx', { reason: 'Pedido duplicado' });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const toFill = (await call('GET', '/api/v2/orders/orders_to_dispatch?itemsPerPage=100', 'almacen@demo.mx')).json<{
      data: { id: number }[];
    }>();
    expect(toFill.data.map((row) => row.id)).not.toContain(id);
    const list = (await call('GET', `/api/v2/sales?filter[canceled]=1&filter[id]=${id}`, 'admin@demo.mx')).json<{
      data: { id: number; cancel_reason: string; canceled_by_name: string }[];
    }>();
    expect(list.data).toEqual([
      expect.objectContaining({ id, cancel_reason: 'Pedido duplicado', canceled_by_name: expect.stringMatching(/\S/) }),
    ]);
    const paid = await pay(company, 5, [{ sale_id: id, amount: 5 }]);
    expect(paid.statusCode).toBe(409);
    expect((await call('PUT', `/api/v2/sales/${id}`, 'ventas@demo.mx', saleBody(company, 2))).json().message).toBe(
      'La venta está cancelada: ya no se puede editar, cobrar, enviar ni cancelar.',
    );
    const again = await call('POST', `/api/v2/sales/${id}/cancel`, 'admin@demo.mx', { reason: 'Otra vez' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('La venta ya estaba cancelada.');
    expect((await call('POST', `/api/v2/sales/${id}/cancel`, 'oficina@demo.mx', { reason: 'Sin permiso' })).statusCode).toBe(403);
  });

  it('after it is filled and paid: stock comes back once as Devolución, it leaves its route, and what was paid is the customer’s credit', async () => {
    const company = await customer();
    const id = await newSale(company, 3);
    const before = await stock(product.id);
    expect((await fill(id, 3)).statusCode).toBe(200);
    expect(await stock(product.id)).toBeCloseTo(before - 3, 2);
    const total = (await detail(id)).total;
    expect((await pay(company, total)).statusCode).toBe(201);
    const [route] = await rows<{ id: number }>(sql`SELECT id FROM shippings WHERE deleted_at IS NULL ORDER BY id DESC LIMIT 1`);
    await t.database.db.execute(
      sql`INSERT INTO shipping_details (shipping_id, sale_id, company_id) VALUES (${route!.id}, ${id}, ${company})`,
    );

    // Two cancellations at once: one cancels, the other is told it already was.
    const [first, second] = await Promise.all([
      call('POST', `/api/v2/sales/${id}/cancel`, 'admin@demo.mx', { reason: 'Devuelto completo' }),
      call('POST', `/api/v2/sales/${id}/cancel`, 'admin@demo.mx', { reason: 'Devuelto completo' }),
    ]);
    expect([first.statusCode, second.statusCode].sort()).toEqual([200, 409]);
    expect(await stock(product.id)).toBeCloseTo(before, 2);
    expect(
      await rows(sql`SELECT type, quantity::float8 AS quantity, source FROM inventory_movements WHERE sale_id = ${id} ORDER BY id`),
    ).toEqual([
      { type: 'Salida Venta', quantity: 3, source: 'venta' },
      { type: 'Devolución', quantity: -3, source: 'cancelacion' },
    ]);
    expect(await rows(sql`SELECT count(*)::int AS count FROM shipping_details WHERE sale_id = ${id} AND deleted_at IS NULL`)).toEqual([
      { count: 0 },
    ]);
    const owed = await balance(company);
    expect(owed.data).toEqual([]);
    expect(owed.meta.credit).toBeCloseTo(total, 2);
  });

  it('answers a repeated cancellation under the same Idempotency-Key with the first answer', async () => {
    const company = await customer();
    const id = await newSale(company, 1);
    const key = `cancelar-una-vez-${Date.now()}`;
    const first = await call('POST', `/api/v2/sales/${id}/cancel`, 'admin@demo.mx', { reason: 'Error de captura' }, key);
    const second = await call('POST', `/api/v2/sales/${id}/cancel`, 'admin@demo.mx', { reason: 'Error de captura' }, key);
    expect(second.statusCode).toBe(200);
    expect(second.json()).toEqual(first.json());
    expect(
      await rows(sql`SELECT count(*)::int AS count FROM logs WHERE entity = 'sales' AND entity_id = ${id} AND action = 'update'`),
    ).toEqual([{ count: 1 }]);
  });
});

describe('using a customer’s credit', () => {
  it('applies it to open sales oldest first, from the oldest payment, and then there is none left', async () => {
    const company = await customer();
    const older = await newSale(company, 1);
    await newSale(company, 1);
    const price = (await detail(older)).total;
    // An overpayment leaves credit: what is left after paying both.
    expect((await pay(company, price * 2 + 50)).statusCode).toBe(201);
    expect((await balance(company)).meta.credit).toBeCloseTo(50, 2);
    const third = await newSale(company, 2);
    const applied = await call('POST', `/api/v2/balances/${company}/credit`, 'oficina@demo.mx', {});
    expect(applied.statusCode, applied.body).toBe(200);
    const after = customerBalanceSchema.parse(applied.json());
    expect(after.meta.credit).toBe(0);
    expect(after.data.map((sale) => [sale.id, sale.due_balance])).toEqual([
      [third, Math.round(((await detail(third)).total - 50) * 100) / 100],
    ]);
    const none = await call('POST', `/api/v2/balances/${company}/credit`, 'oficina@demo.mx', {});
    expect(none.statusCode).toBe(409);
    expect(none.json().message).toBe('El cliente no tiene saldo a favor.');
  });

  it('applies it to the chosen sales, and refuses more than there is', async () => {
    const company = await customer();
    const first = await newSale(company, 1);
    const price = (await detail(first)).total;
    expect((await pay(company, price + 30)).statusCode).toBe(201);
    const a = await newSale(company, 1);
    const b = await newSale(company, 1);
    const tooMuch = await call('POST', `/api/v2/balances/${company}/credit`, 'oficina@demo.mx', { lines: [{ sale_id: b, amount: 31 }] });
    expect(tooMuch.statusCode).toBe(409);
    expect(tooMuch.json().message).toBe('El saldo a favor es de $30.00: no alcanza para lo elegido.');
    const chosen = customerBalanceSchema.parse(
      (await call('POST', `/api/v2/balances/${company}/credit`, 'oficina@demo.mx', { lines: [{ sale_id: b, amount: 20 }] })).json(),
    );
    expect(chosen.meta.credit).toBeCloseTo(10, 2);
    expect(chosen.data.find((sale) => sale.id === b)!.due_balance).toBeCloseTo(price - 20, 2);
    expect(chosen.data.find((sale) => sale.id === a)!.due_balance).toBeCloseTo(price, 2);
    // The receipt of the payment now lists the credit's application too.
    expect(await rows(sql`SELECT sale_id, amount::float8 AS amount FROM collection_details WHERE sale_id = ${b}`)).toEqual([
      { sale_id: b, amount: 20 },
    ]);
  });
});

describe('returning some lines of a sale (a credit note)', () => {
  it('takes back up to what was sold, puts it in stock once, lowers the balance, and turns what was paid of it into credit', async () => {
    const company = await customer();
    const id = await newSale(company, 4);
    const early = await call('POST', `/api/v2/sales/${id}/returns`, 'admin@demo.mx', {
      reason: 'Golpeado',
      lines: [{ item_id: product.id, quantity: 1 }],
    });
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe('Solo se devuelve lo surtido: antes de surtirse, edite o cancele la venta.');
    expect((await fill(id, 4)).statusCode).toBe(200);
    const sale = await detail(id);
    const lineTotal = (quantity: number) => Math.round(quantity * sale.items[0]!.price * 100 * (sale.total / sale.subtotal)) / 100;
    // Half of it paid: returning one unit only lowers what is owed.
    expect((await pay(company, sale.total / 2)).statusCode).toBe(201);
    const before = await stock(product.id);
    const first = await call('POST', `/api/v2/sales/${id}/returns`, 'admin@demo.mx', {
      reason: 'Golpeado',
      lines: [{ item_id: product.id, quantity: 1 }],
    });
    expect(first.statusCode, first.body).toBe(201);
    const credited = saleReturnAnswerSchema.parse(first.json()).data;
    expect(credited).toMatchObject({ sale_id: id, credit: 0, reason: 'Golpeado' });
    expect(credited.total).toBeCloseTo(lineTotal(1), 2);
    expect(await stock(product.id)).toBeCloseTo(before + 1, 2);
    expect((await detail(id)).due_balance).toBeCloseTo(sale.total / 2 - lineTotal(1), 2);

    // More than is left to return is refused, naming what is left.
    const tooMuch = await call('POST', `/api/v2/sales/${id}/returns`, 'admin@demo.mx', {
      reason: 'Todo',
      lines: [{ item_id: product.id, quantity: 3.5 }],
    });
    expect(tooMuch.statusCode).toBe(422);
    expect(tooMuch.json().message).toMatch(/se pueden devolver hasta 3 /);

    // The other three: more than is owed, so the rest of them becomes credit.
    const rest = saleReturnAnswerSchema.parse(
      (
        await call('POST', `/api/v2/sales/${id}/returns`, 'admin@demo.mx', {
          reason: 'No los quiso',
          lines: [{ item_id: product.id, quantity: 3 }],
        })
      ).json(),
    ).data;
    expect(rest.credit).toBeCloseTo(rest.total - (sale.total / 2 - lineTotal(1)), 2);
    expect((await detail(id)).due_balance).toBe(0);
    expect((await balance(company)).meta.credit).toBeCloseTo(rest.credit, 2);
    expect(await stock(product.id)).toBeCloseTo(before + 4, 2);
    const listed = saleReturnListSchema.parse((await call('GET', `/api/v2/sales/${id}/returns`, 'ventas@demo.mx')).json());
    expect(listed.data.map((row) => row.lines.map((line) => line.quantity))).toEqual([[1], [3]]);
  });

  it('records a return once under the same Idempotency-Key, and none of a cancelled sale', async () => {
    const company = await customer();
    const id = await newSale(company, 2);
    expect((await fill(id, 2)).statusCode).toBe(200);
    const key = `devolucion-una-vez-${Date.now()}`;
    const body = { reason: 'Caja abierta', lines: [{ item_id: product.id, quantity: 1 }] };
    const [a, b] = [
      await call('POST', `/api/v2/sales/${id}/returns`, 'admin@demo.mx', body, key),
      await call('POST', `/api/v2/sales/${id}/returns`, 'admin@demo.mx', body, key),
    ];
    expect(b.json()).toEqual(a.json());
    expect(await rows(sql`SELECT count(*)::int AS count FROM sale_returns WHERE sale_id = ${id}`)).toEqual([{ count: 1 }]);
    expect((await call('POST', `/api/v2/sales/${id}/cancel`, 'admin@demo.mx', { reason: 'Se canceló' })).statusCode).toBe(200);
    // The cancellation brought back only what the return had not.
    expect(await rows(sql`SELECT type, quantity::float8 AS quantity FROM inventory_movements WHERE sale_id = ${id} ORDER BY id`)).toEqual([
      { type: 'Salida Venta', quantity: 2 },
      { type: 'Devolución', quantity: -1 },
      { type: 'Devolución', quantity: -1 },
    ]);
    expect((await call('POST', `/api/v2/sales/${id}/returns`, 'admin@demo.mx', body)).statusCode).toBe(409);
  });
});

describe('the books after a correction', () => {
  const sellerId = async () => (await rows<{ id: number }>(sql`SELECT id FROM users WHERE email = 'ventas@demo.mx'`))[0]!.id;
  /** What every total of sales says of today, as the office reads them. */
  async function todaysFigures(company: number) {
    const day = today();
    const indicators = indicatorsSchema.parse(
      (await call('GET', `/api/v2/report/sum_total_indicators?filter[date_between]=${day},${day}`, 'admin@demo.mx')).json(),
    ).data;
    const seller = salemanReportResultSchema.parse(
      (await call('POST', '/api/v2/saleman_report', 'admin@demo.mx', { date_from: day, date_to: day, user_id: await sellerId() })).json(),
    ).data[0];
    const byDay = (await call('GET', `/api/v2/report/sales_by_day?group=day&filter[date_between]=${day},${day}`, 'admin@demo.mx')).json<{
      data: { sales_total: number }[];
    }>().data[0]!;
    const home = homeSchema.parse((await call('GET', '/api/v2/home', 'admin@demo.mx')).json()).data;
    const listed = saleTotalsSchema.parse(
      (await call('GET', `/api/v2/sale/totals?filter[company_id]=${company}`, 'admin@demo.mx')).json(),
    ).data;
    const items = (await call('GET', `/api/v2/report/items?itemsPerPage=1000&filter[date_between]=${day},${day}`, 'admin@demo.mx')).json<{
      data: { item_id: number; quantity: number }[];
    }>().data;
    return {
      quantity: items.find((row) => row.item_id === product.id)?.quantity ?? 0,
      indicators: indicators.sales_total,
      sold: seller?.sales_total ?? 0,
      collected: seller?.collected ?? 0,
      byDay: byDay.sales_total,
      home: home.sales!.today.total,
      listed: listed.total,
    };
  }
  const moved = (after: Record<string, number>, before: Record<string, number>) =>
    Object.fromEntries(Object.keys(after).map((key) => [key, Math.round((after[key]! - (before[key] ?? 0)) * 100) / 100]));

  it('a cancelled sale owes nothing and is paid nothing: its payment went to the customer’s credit', async () => {
    const company = await customer();
    const id = await newSale(company, 2);
    expect((await fill(id, 2)).statusCode).toBe(200);
    const { total } = await detail(id);
    expect((await pay(company, total / 2)).statusCode).toBe(201);
    expect(await detail(id)).toMatchObject({ payment_status: 'Parcial' });
    expect((await call('POST', `/api/v2/sales/${id}/cancel`, 'admin@demo.mx', { reason: 'Ya no lo quiso' })).statusCode).toBe(200);
    expect(await detail(id)).toMatchObject({ due_balance: 0, payment_status: 'Pendiente' });
    expect((await balance(company)).meta.credit).toBeCloseTo(total / 2, 2);
  });

  it('a return lowers what is owed without paying it: unpaid stays Pendiente, returned whole is not Pagada', async () => {
    const company = await customer();
    const id = await newSale(company, 4);
    expect((await fill(id, 4)).statusCode).toBe(200);
    const returned = async (quantity: number) =>
      saleReturnAnswerSchema.parse(
        (
          await call('POST', `/api/v2/sales/${id}/returns`, 'admin@demo.mx', {
            reason: 'Golpeado',
            lines: [{ item_id: product.id, quantity }],
          })
        ).json(),
      ).data;
    const first = await returned(1);
    const afterOne = await detail(id);
    expect(afterOne).toMatchObject({ payment_status: 'Pendiente', returned: first.total });
    expect(afterOne.due_balance).toBeCloseTo(afterOne.total - first.total, 2);
    await returned(3);
    expect(await detail(id)).toMatchObject({ due_balance: 0, payment_status: 'Pendiente', returned: afterOne.total });
  });

  it('counts sales net of returns and cancellations and collected as what payments applied, in every total', async () => {
    const company = await customer();
    const before = await todaysFigures(company);
    const id = await newSale(company, 4);
    expect((await fill(id, 4)).statusCode).toBe(200);
    const { total } = await detail(id);
    const credit = saleReturnAnswerSchema.parse(
      (
        await call('POST', `/api/v2/sales/${id}/returns`, 'admin@demo.mx', {
          reason: 'Maduro',
          lines: [{ item_id: product.id, quantity: 1 }],
        })
      ).json(),
    ).data;
    const paid = 100;
    expect((await pay(company, paid)).statusCode).toBe(201);
    const net = Math.round((total - credit.total) * 100) / 100;
    expect(moved(await todaysFigures(company), before)).toEqual({
      quantity: 3,
      indicators: net,
      sold: net,
      collected: paid,
      byDay: net,
      home: net,
      listed: net,
    });
    const onPage = salePageSchema.parse((await call('GET', `/api/v2/company/sales?id=${company}`, 'admin@demo.mx')).json()).data;
    expect(onPage.map((sale) => ({ id: sale.id, returned: sale.returned }))).toEqual([{ id, returned: credit.total }]);

    expect((await call('POST', `/api/v2/sales/${id}/cancel`, 'admin@demo.mx', { reason: 'Se canceló' })).statusCode).toBe(200);
    // Cancelled, it sells nothing and nothing of it stays collected (the payment is the customer's credit).
    expect(moved(await todaysFigures(company), before)).toEqual({
      quantity: 0,
      indicators: 0,
      sold: 0,
      collected: 0,
      byDay: 0,
      home: 0,
      listed: 0,
    });
  });
});

describe('cancelling a sale already delivered on a route', () => {
  it('keeps the stop as cancelled on the office’s route and the driver’s phone, and the route no longer weighs it', async () => {
    const company = await customer();
    const id = await newSale(company, 3);
    expect((await fill(id, 3)).statusCode).toBe(200);
    const [driver] = await rows<{ id: number }>(sql`SELECT id FROM users WHERE email = 'chofer@demo.mx'`);
    const [route] = await rows<{ id: number }>(
      sql`INSERT INTO shippings (driver_id, date, user_id) VALUES (${driver!.id}, ${today()}, 1) RETURNING id`,
    );
    await rows(
      sql`INSERT INTO shipping_details (shipping_id, sale_id, company_id, completed, is_delivered, delivered_at, pdf)
        VALUES (${route!.id}, ${id}, ${company}, true, true, now(), 'evidencia.pdf')`,
    );
    const read = async () =>
      fullShippingPageSchema.parse((await call('GET', `/api/v2/shippings?filter[id]=${route!.id}`, 'oficina@demo.mx')).json()).data[0]!;
    const delivered = await read();
    const { sale_weight } = await detail(id);
    expect(delivered.weight).toBeCloseTo(sale_weight, 2);
    expect(delivered.shipping_details.map((stop) => stop.sale.canceled)).toEqual([false]);

    expect((await call('POST', `/api/v2/sales/${id}/cancel`, 'admin@demo.mx', { reason: 'Se facturó a otro cliente' })).statusCode).toBe(
      200,
    );
    const afterwards = await read();
    expect(afterwards.weight).toBe(0);
    expect(afterwards.shipping_details).toHaveLength(1);
    expect(deliveryStatus(afterwards.shipping_details[0]!)).toBe('Cancelada');
    expect(afterwards.shipping_details[0]!.sale).toMatchObject({ canceled: true, sale_due_balance: 0 });

    // The driver's phone pulls the route again with the stop marked.
    tokens['chofer@demo.mx'] = await loginAs(t.app, 'chofer@demo.mx');
    let cursor: string | undefined;
    let stop: { sale: { canceled?: boolean | undefined } } | undefined;
    for (let page = 0; page < 50; page++) {
      const url = cursor === undefined ? '/api/v2/sync/pull' : `/api/v2/sync/pull?cursor=${encodeURIComponent(cursor)}`;
      const pull = syncPullSchema.parse((await call('GET', url, 'chofer@demo.mx')).json());
      stop = pull.shippings.flatMap((shipping) => shipping.shipping_details).find((one) => one.sale_id === id) ?? stop;
      cursor = pull.cursor;
      if (!pull.has_more) break;
    }
    expect(stop?.sale.canceled).toBe(true);
  });
});
