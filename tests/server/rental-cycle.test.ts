import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { partyRentalTerms } from '../../domain/rules/party-rental';
import { rentalPickupAnswerSchema, rentalPiecesSchema } from '../../domain/schemas/rentals';
import { addDays, monterreyDate } from '../../domain/time';
import { bearer, createTestApp, loginAs, type TestApp } from './test-app';

/**
 * The rental's cycle on the event-rental deployment, through the real routes: a rental goes
 * onto a delivery route without a fill step (its goods leave stock there), a pick-up route
 * brings it back, and the pick-up, recorded once, returns what came back to stock and charges
 * the missing and damaged pieces against the deposit. Each test makes its own customer and rental.
 */
let t: TestApp;
const tokens: Record<string, string> = {};
let chairs: { id: number; price: number };
let tables: { id: number; price: number };
let driverId: number;
beforeAll(async () => {
  t = await createTestApp({ DEPLOYMENT: 'eventos' });
  for (const email of ['admin@demo.mx', 'ventas@demo.mx', 'oficina@demo.mx', 'almacen@demo.mx', 'chofer@demo.mx'])
    tokens[email] = await loginAs(t.app, email);
  const items = await rows<{ id: number; price: number }>(
    sql`SELECT id, price::float8 AS price FROM items WHERE deleted_at IS NULL AND is_published ORDER BY id LIMIT 2`,
  );
  [chairs, tables] = [items[0]!, items[1]!];
  driverId = (await rows<{ id: number }>(sql`SELECT id FROM users WHERE email = 'chofer@demo.mx'`))[0]!.id;
});
afterAll(() => t.close());

const rows = <T>(query: ReturnType<typeof sql>) => t.database.db.execute(query).then((r) => (r as unknown as { rows: T[] }).rows);
const today = () => monterreyDate(new Date());
let keys = 0;
const call = (method: 'GET' | 'POST' | 'PUT', url: string, email: string, payload?: object, key = `renta-${(keys += 1)}-${Date.now()}`) =>
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
    sql`INSERT INTO companies (name, razon_social, credit_days) VALUES (${`Evento ${customers}`}, ${`Evento ${customers} SA`}, 0) RETURNING id`,
  );
  return row!.id;
}
async function rental(lines: { item_id: number; quantity: number }[], date = today()): Promise<number> {
  const response = await call('POST', '/api/v2/sales', 'ventas@demo.mx', {
    company_id: await customer(),
    company_branch_id: null,
    date,
    type: 'Serie A',
    note: null,
    internal_note: null,
    purchase_order: null,
    bar: false,
    items: lines,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ id: number }>().id;
}
async function route(kind: 'entrega' | 'recoleccion'): Promise<number> {
  const response = await call('POST', '/api/v1/shipping/create', 'oficina@demo.mx', { date: today(), driver_id: driverId, kind });
  expect(response.statusCode, response.body).toBe(201);
  expect(response.json<{ kind: string }>().kind).toBe(kind);
  return response.json<{ id: number }>().id;
}
const addStop = (sale: number, shipping: number) =>
  call('POST', '/api/v1/shipping_detail/create', 'oficina@demo.mx', { sale_id: sale, shipping_id: shipping });
const stock = async (itemId: number) =>
  (
    await rows<{ stock: number }>(
      sql`SELECT coalesce(sum(CASE WHEN type IN ('Salida Producción', 'Salida Venta', 'Devolución') THEN -quantity ELSE quantity END), 0)::float8 AS stock FROM inventory_movements WHERE item_id = ${itemId}`,
    )
  )[0]!.stock;
const listed = async (kind: 'entrega' | 'recoleccion', sale: number) =>
  (await call('GET', `/api/v2/orders/dispatched_orders?filter[route_kind]=${kind}&filter[id]=${sale}`, 'oficina@demo.mx'))
    .json<{ data: { id: number }[] }>()
    .data.map((row) => row.id);
const pickup = (sale: number, payload: object, key?: string) =>
  call('POST', `/api/v2/sales/${sale}/pickup`, 'almacen@demo.mx', payload, key);

describe('a rental from its delivery to its pick-up', () => {
  it('goes on a delivery route without being filled, its goods leave stock there, and come back counted at the pick-up', async () => {
    const sale = await rental([
      { item_id: chairs.id, quantity: 100 },
      { item_id: tables.id, quantity: 10 },
    ]);
    const [chairsBefore, tablesBefore] = [await stock(chairs.id), await stock(tables.id)];
    expect(await listed('entrega', sale)).toEqual([sale]);
    expect(await listed('recoleccion', sale)).toEqual([]);

    const delivery = await route('entrega');
    const added = await addStop(sale, delivery);
    expect(added.statusCode, added.body).toBe(201);
    expect(await stock(chairs.id)).toBe(chairsBefore - 100);
    expect(await stock(tables.id)).toBe(tablesBefore - 10);
    // Once on a delivery route it is no longer offered for one, and now it can be picked up.
    expect(await listed('entrega', sale)).toEqual([]);
    expect(await listed('recoleccion', sale)).toEqual([sale]);
    // The pick-up cannot be recorded before it is on a pick-up route.
    const early = await pickup(sale, { lines: [] });
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe('Para registrar la recolección, primero ponga la renta en una ruta de recolección.');

    const pickUpRoute = await route('recoleccion');
    expect((await addStop(sale, pickUpRoute)).statusCode).toBe(201);
    const before = rentalPickupAnswerSchema.parse((await call('GET', `/api/v2/sales/${sale}/pickup`, 'oficina@demo.mx')).json());
    expect(before.data).toBeNull();
    expect(before.pickup_shipping_id).toBe(pickUpRoute);
    expect(before.pieces.map((p) => [p.item_id, p.rented]).sort()).toEqual(
      [
        [chairs.id, 100],
        [tables.id, 10],
      ].sort(),
    );

    // 3 chairs missing and 2 damaged at 150 each; the tables all came back.
    const recorded = await pickup(sale, { note: 'Faltaron sillas', lines: [{ item_id: chairs.id, missing: 3, damaged: 2, charge: 150 }] });
    expect(recorded.statusCode, recorded.body).toBe(201);
    const answer = rentalPickupAnswerSchema.parse(recorded.json()).data!;
    const [total] = await rows<{ total: number; date: string }>(sql`SELECT total::float8 AS total, date FROM sales WHERE id = ${sale}`);
    const deposit = partyRentalTerms(total!.total, total!.date).deposit;
    expect(answer.deposit).toBe(deposit);
    expect(answer.charges).toBe(750);
    expect(answer.refund).toBe(Math.max(deposit - 750, 0));
    expect(answer.owed).toBe(Math.max(750 - deposit, 0));
    expect(answer.lines.find((l) => l.item_id === chairs.id)).toMatchObject({
      rented: 100,
      returned: 95,
      missing: 3,
      damaged: 2,
      amount: 750,
    });
    expect(answer.lines.find((l) => l.item_id === tables.id)).toMatchObject({ rented: 10, returned: 10, missing: 0, amount: 0 });
    // What came back is in stock again; the missing and damaged pieces are not.
    expect(await stock(chairs.id)).toBe(chairsBefore - 5);
    expect(await stock(tables.id)).toBe(tablesBefore);
    const movements = await rows<{ source: string; quantity: number }>(
      sql`SELECT source, quantity::float8 AS quantity FROM inventory_movements WHERE sale_id = ${sale} AND type = 'Devolución' ORDER BY item_id`,
    );
    expect(movements.every((m) => m.source === 'recoleccion' && m.quantity < 0)).toBe(true);
    // The pick-up stop is done, and the rental is offered for no route any more.
    const [stop] = await rows<{ completed: boolean }>(
      sql`SELECT completed FROM shipping_details WHERE sale_id = ${sale} AND shipping_id = ${pickUpRoute}`,
    );
    expect(stop!.completed).toBe(true);
    expect(await listed('recoleccion', sale)).toEqual([]);
    expect(await listed('entrega', sale)).toEqual([]);
    // Closed: not sent again, not cancelled or returned (its goods would come back twice).
    const again = await addStop(sale, await route('entrega'));
    expect(again.statusCode).toBe(422);
    expect(again.json().message).toBe('Lo rentado de esta venta ya regresó: no se vuelve a enviar.');
    const cancel = await call('POST', `/api/v2/sales/${sale}/cancel`, 'admin@demo.mx', { reason: 'Ya no' });
    expect(cancel.statusCode).toBe(409);
    expect(cancel.json().message).toBe('Lo rentado de esta venta ya se recogió: la renta ya no se cancela ni se devuelve.');
    // In Bitácora.
    const logged = await rows(sql`SELECT 1 FROM logs WHERE entity = 'rental_pickups' AND entity_id = ${answer.id}`);
    expect(logged.length).toBe(1);
  });

  it('records a pick-up once: the same request again answers as before, another is refused, two at once make one', async () => {
    const sale = await rental([{ item_id: chairs.id, quantity: 20 }]);
    expect((await addStop(sale, await route('entrega'))).statusCode).toBe(201);
    expect((await addStop(sale, await route('recoleccion'))).statusCode).toBe(201);
    const before = await stock(chairs.id);
    const body = { lines: [{ item_id: chairs.id, missing: 1, damaged: 0, charge: 100 }] };
    const [first, second] = await Promise.all([pickup(sale, body), pickup(sale, body)]);
    expect([first.statusCode, second.statusCode].sort()).toEqual([201, 409]);
    const replay = await pickup(sale, body, 'la-misma-recoleccion');
    const replayAgain = await pickup(sale, body, 'la-misma-recoleccion');
    expect(replay.statusCode).toBe(409);
    expect(replayAgain.statusCode).toBe(409);
    expect(await stock(chairs.id)).toBe(before + 19);
    const [count] = await rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM rental_pickups WHERE sale_id = ${sale}`);
    expect(count!.n).toBe(1);
  });

  it('answers the same Idempotency-Key twice with the first answer and moves stock once', async () => {
    const sale = await rental([{ item_id: tables.id, quantity: 4 }]);
    expect((await addStop(sale, await route('entrega'))).statusCode).toBe(201);
    expect((await addStop(sale, await route('recoleccion'))).statusCode).toBe(201);
    const before = await stock(tables.id);
    const body = { lines: [] };
    const first = await pickup(sale, body, `una-vez-${sale}`);
    const second = await pickup(sale, body, `una-vez-${sale}`);
    expect(first.statusCode).toBe(201);
    expect(second.statusCode).toBe(201);
    expect(second.json()).toEqual(first.json());
    expect(await stock(tables.id)).toBe(before + 4);
  });

  it('refuses a pick-up route for a rental not yet out, a second pick-up route, more pieces than rented, and moving a stop between kinds', async () => {
    const sale = await rental([{ item_id: chairs.id, quantity: 10 }]);
    const notOut = await addStop(sale, await route('recoleccion'));
    expect(notOut.statusCode).toBe(422);
    expect(notOut.json().message).toBe('Esta renta no ha salido en una ruta de entrega: no hay nada que recoger.');
    const delivery = await route('entrega');
    const stop = (await addStop(sale, delivery)).json<{ id: number }>().id;
    expect((await addStop(sale, await route('recoleccion'))).statusCode).toBe(201);
    const second = await addStop(sale, await route('recoleccion'));
    expect(second.statusCode).toBe(422);
    expect(second.json().message).toBe('Esta renta ya está en otra ruta de recolección.');
    const tooMany = await pickup(sale, { lines: [{ item_id: chairs.id, missing: 8, damaged: 3, charge: 0 }] });
    expect(tooMany.statusCode).toBe(422);
    expect(tooMany.json().message).toMatch(/se rentaron 10: faltantes y dañadas no pueden ser más/);
    const unknown = await pickup(sale, { lines: [{ item_id: tables.id, missing: 1, damaged: 0, charge: 0 }] });
    expect(unknown.statusCode).toBe(422);
    const moved = await call('PUT', '/api/v1/shipping_detail/update', 'oficina@demo.mx', {
      id: stop,
      shipping_id: await route('recoleccion'),
    });
    expect(moved.statusCode).toBe(422);
    expect(moved.json().message).toBe('Una venta no se mueve entre una ruta de entrega y una de recolección.');
    const negative = await pickup(sale, { lines: [{ item_id: chairs.id, missing: -1, damaged: 0, charge: 0 }] });
    expect(negative.statusCode).toBe(422);
  });

  it('puts a rental on one delivery route only: a second is refused, moving it to another works, and after a refusal it may go again', async () => {
    const sale = await rental([{ item_id: chairs.id, quantity: 4 }]);
    const first = await route('entrega');
    const stop = await addStop(sale, first);
    expect(stop.statusCode).toBe(201);
    const second = await addStop(sale, await route('entrega'));
    expect([second.statusCode, second.json().message]).toEqual([
      422,
      `Esta renta ya va en la ruta de entrega E-${first}: una renta sale una sola vez.`,
    ]);
    const other = await route('entrega');
    const moved = await call('PUT', '/api/v1/shipping_detail/update', 'oficina@demo.mx', {
      id: stop.json<{ id: number }>().id,
      shipping_id: other,
    });
    expect(moved.statusCode, moved.body).toBe(200);
    // The customer refused it at the door: it may go out again on another route.
    await rows(sql`UPDATE shipping_details SET completed = true, is_delivered = false WHERE id = ${stop.json<{ id: number }>().id}`);
    expect((await addStop(sale, await route('entrega'))).statusCode).toBe(201);
  });

  it('a cancelled rental that was out brings its goods back and is offered for no pick-up', async () => {
    const sale = await rental([{ item_id: chairs.id, quantity: 7 }]);
    const before = await stock(chairs.id);
    expect((await addStop(sale, await route('entrega'))).statusCode).toBe(201);
    expect(await stock(chairs.id)).toBe(before - 7);
    expect((await call('POST', `/api/v2/sales/${sale}/cancel`, 'admin@demo.mx', { reason: 'Se canceló el evento' })).statusCode).toBe(200);
    expect(await stock(chairs.id)).toBe(before);
    expect(await listed('recoleccion', sale)).toEqual([]);
  });
});

describe('the pieces per day', () => {
  it('counts what each day has rented against what the business owns, with pieces out on rentals still owned', async () => {
    const day = addDays(today(), 40);
    const read = async (saleId?: number) =>
      rentalPiecesSchema.parse(
        (
          await call(
            'GET',
            `/api/v2/rentals/pieces?from=${day}&to=${addDays(day, 1)}${saleId ? `&sale_id=${saleId}` : ''}`,
            'ventas@demo.mx',
          )
        ).json(),
      );
    const ownedBefore = (await read()).owned.find((row) => row.item_id === chairs.id)!.owned;
    const rentedBefore = (await read()).days.find((row) => row.date === day && row.item_id === chairs.id)?.rented ?? 0;
    const sale = await rental([{ item_id: chairs.id, quantity: 30 }], day);
    const after = await read();
    expect(after.days.find((row) => row.date === day && row.item_id === chairs.id)!.rented).toBe(rentedBefore + 30);
    // Sent out, the chairs leave stock but are still the business's.
    expect((await addStop(sale, await route('entrega'))).statusCode).toBe(201);
    expect((await read()).owned.find((row) => row.item_id === chairs.id)!.owned).toBe(ownedBefore);
    // A rental being edited is not counted against itself.
    expect((await read(sale)).days.find((row) => row.date === day && row.item_id === chairs.id)?.rented ?? 0).toBe(rentedBefore);
    const tooLong = await call('GET', `/api/v2/rentals/pieces?from=${day}&to=${addDays(day, 90)}`, 'ventas@demo.mx');
    expect(tooLong.statusCode).toBe(400);
    expect((await call('GET', `/api/v2/rentals/pieces?from=${day}&to=${day}`, 'chofer@demo.mx')).statusCode).toBe(403);
  });

  it('is not there for the produce business', async () => {
    const produce = await createTestApp();
    try {
      const token = await loginAs(produce.app, 'admin@demo.mx');
      const today_ = monterreyDate(new Date());
      const pieces = await produce.app.inject({
        method: 'GET',
        url: `/api/v2/rentals/pieces?from=${today_}&to=${today_}`,
        headers: bearer(token),
      });
      expect(pieces.statusCode).toBe(404);
      const pickupRoute = await produce.app.inject({
        method: 'POST',
        url: '/api/v1/shipping/create',
        headers: { ...bearer(token), 'idempotency-key': 'recoleccion-frutas' },
        payload: { date: today_, kind: 'recoleccion' },
      });
      expect(pickupRoute.statusCode).toBe(422);
      expect(pickupRoute.json().message).toBe('Las rutas de recolección son del negocio de renta.');
    } finally {
      await produce.close();
    }
  });
});
