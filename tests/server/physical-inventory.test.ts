import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  physicalApplyResultSchema,
  physicalDifferencesSchema,
  physicalInventoryPageSchema,
  physicalInventorySchema,
} from '../../domain/schemas/physical-inventory';
import { syncPullSchema } from '../../domain/schemas/sync';
import { inventoryMovements } from '../../server/db/schema';
import { stockOf } from '../../server/repositories/inventory';
import { bearer, createTestApp, loginAs, type TestApp } from './test-app';

let t: TestApp;
let warehouse: string;
let admin: string;
let office: string;
let driver: string;
let branchId: number;
/** Three items: two to count, one with stock left uncounted. */
let itemA: number;
let itemB: number;
let itemC: number;

const send = (token: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, headers: Record<string, string> = {}) =>
  t.app.inject({ method, url, headers: { ...bearer(token), ...headers }, ...(payload && { payload }) });
const base = '/api/v2/physical_inventories';
const now = () => new Date().toISOString();
const stock = async (itemId: number) => (await stockOf(t.database.db, [itemId], branchId)).get(itemId)!;

async function openCount(token = warehouse): Promise<number> {
  const opened = await send(token, 'POST', base, {});
  expect(opened.statusCode).toBe(201);
  return physicalInventorySchema.parse(opened.json()).id;
}
const count = (id: number, shelf: string, itemId: number, quantity: number, headers: Record<string, string> = {}) =>
  send(warehouse, 'PUT', `${base}/${id}/counts`, { shelf, item_id: itemId, quantity, counted_at: now() }, headers);

beforeAll(async () => {
  t = await createTestApp();
  [warehouse, admin, office, driver] = await Promise.all([
    loginAs(t.app, 'almacen@demo.mx'),
    loginAs(t.app, 'admin@demo.mx'),
    loginAs(t.app, 'oficina@demo.mx'),
    loginAs(t.app, 'chofer@demo.mx'),
  ]);
  const me = (await t.database.db.execute(sql`SELECT branch_id FROM users WHERE email = 'almacen@demo.mx'`)) as unknown as {
    rows: { branch_id: number }[];
  };
  branchId = me.rows[0]!.branch_id;
  const found = (await t.database.db.execute(sql`SELECT id FROM items WHERE deleted_at IS NULL ORDER BY id LIMIT 3`)) as unknown as {
    rows: { id: number }[];
  };
  [itemA, itemB, itemC] = found.rows.map((row) => row.id) as [number, number, number];
  // Item C holds stock that nobody will count.
  const adjust = await send(admin, 'POST', '/api/v2/inventories', { item_id: itemC, quantity: 12.5 });
  expect(adjust.statusCode).toBe(201);
});
afterAll(() => t.close());

describe('physical inventory', () => {
  let first: number;

  it('opens one count per branch at a time, for the person’s branch', async () => {
    const opened = await send(warehouse, 'POST', base, {});
    expect(opened.statusCode).toBe(201);
    const inventory = physicalInventorySchema.parse(opened.json());
    expect(inventory).toMatchObject({ status: 'Abierto', branch_id: branchId, lines: [], line_count: 0 });
    first = inventory.id;
    const again = await send(admin, 'POST', base, {});
    expect(again.statusCode).toBe(422);
    expect(again.json()).toEqual({ message: `Ya hay un conteo abierto en esta sucursal (Conteo ${first}).` });
  });

  it('sets a shelf’s count (a later count replaces it, a replay changes nothing) and sums shelves per item', async () => {
    expect((await count(first, 'A-1', itemA, 5)).statusCode).toBe(200);
    const later = await count(first, ' A-1 ', itemA, 7.25, { 'idempotency-key': 'conteo-a1-0001' });
    expect(later.statusCode).toBe(200);
    expect(later.json()).toMatchObject({ shelf: 'A-1', item_id: itemA, quantity: 7.25 });
    const body = { shelf: 'A-1', item_id: itemA, quantity: 7.25, counted_at: '2026-01-01T10:00:00.000Z' };
    const keyed = await send(warehouse, 'PUT', `${base}/${first}/counts`, body, { 'idempotency-key': 'conteo-a1-0002' });
    const replay = await send(warehouse, 'PUT', `${base}/${first}/counts`, body, { 'idempotency-key': 'conteo-a1-0002' });
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.json()).toEqual(keyed.json());
    const otherBody = await send(
      warehouse,
      'PUT',
      `${base}/${first}/counts`,
      { ...body, quantity: 1 },
      { 'idempotency-key': 'conteo-a1-0002' },
    );
    expect(otherBody.statusCode).toBe(422);
    expect((await count(first, 'B-2', itemA, 2.75)).statusCode).toBe(200);
    expect((await count(first, 'B-2', itemB, 0)).statusCode).toBe(200);

    const read = physicalInventorySchema.parse((await send(warehouse, 'GET', `${base}/${first}`)).json());
    expect(read.lines.map((l) => [l.shelf, l.item_id, l.quantity])).toEqual(
      expect.arrayContaining([
        ['A-1', itemA, 7.25],
        ['B-2', itemA, 2.75],
        ['B-2', itemB, 0],
      ]),
    );
    expect(read.lines).toHaveLength(3);
    expect(read.line_count).toBe(2);
  });

  it('refuses bad counts with a Spanish message', async () => {
    expect((await count(first, 'A-1', itemA, -1)).json()).toEqual({ message: 'Escribe una cantidad de 0 o más, con hasta 2 decimales.' });
    expect((await count(first, 'A-1', itemA, 1.005)).statusCode).toBe(422);
    // A time the calendar does not have is the device's mistake to hear about, not a failure of the server.
    for (const counted_at of ['2025-02-30T10:00:00.000Z', '1']) {
      const odd = await send(warehouse, 'PUT', `${base}/${first}/counts`, { shelf: 'A-1', item_id: itemA, quantity: 1, counted_at });
      expect([odd.statusCode, odd.json()]).toEqual([422, { message: 'La hora del conteo no es válida.' }]);
    }
    expect((await count(first, '   ', itemA, 1)).json()).toEqual({ message: 'Escribe el anaquel.' });
    expect((await count(first, 'A-1', 999_999, 1)).json()).toEqual({ message: 'El producto no existe.' });
    expect((await count(999_999, 'A-1', itemA, 1)).statusCode).toBe(404);
  });

  it('removes a line; shows the differences against the book stock of the branch, the uncounted apart', async () => {
    expect((await count(first, 'C-3', itemB, 4)).statusCode).toBe(200);
    const removed = await send(warehouse, 'POST', `${base}/${first}/remove_count`, { shelf: 'C-3', item_id: itemB });
    expect(removed.statusCode).toBe(200);
    const differences = physicalDifferencesSchema.parse((await send(admin, 'GET', `${base}/${first}/differences`)).json());
    const a = differences.counted.find((row) => row.item_id === itemA)!;
    expect(a.counted).toBe(10);
    expect(a.book).toBe(await stock(itemA));
    expect(a.difference).toBe(Math.round((10 - a.book) * 100) / 100);
    expect(a.value).toBe(Math.round(a.difference * a.unit_cost * 100) / 100);
    expect(differences.counted.find((row) => row.item_id === itemB)!.counted).toBe(0);
    expect(differences.uncounted.find((row) => row.item_id === itemC)!.book).toBe(await stock(itemC));
    expect(differences.uncounted.some((row) => row.item_id === itemA || row.item_id === itemB)).toBe(false);
  });

  it('applies only a closed count; closing refuses later counts, visibly', async () => {
    expect((await send(admin, 'POST', `${base}/${first}/apply`, { zero_uncounted: true })).json()).toEqual({
      message: 'Cierra el conteo antes de aplicar las diferencias.',
    });
    const closed = await send(warehouse, 'POST', `${base}/${first}/close`, {});
    expect(closed.statusCode).toBe(200);
    expect(closed.json()).toMatchObject({ id: first, status: 'Cerrado' });
    // The tablet's close arriving after the office's changes nothing.
    expect((await send(admin, 'POST', `${base}/${first}/close`, {})).statusCode).toBe(200);
    const late = await count(first, 'A-1', itemA, 99);
    expect(late.statusCode).toBe(422);
    expect(late.json()).toEqual({ message: 'El conteo ya está cerrado: no admite más conteos.' });
  });

  it('applies twice at once: stock moves once, exactly to the counts, and Corte Ceros zeroes the uncounted', async () => {
    const bookB = await stock(itemB);
    const bookC = await stock(itemC);
    const apply = (key: string) => send(admin, 'POST', `${base}/${first}/apply`, { zero_uncounted: true }, { 'idempotency-key': key });
    const answers = await Promise.all([apply('aplicar-conteo-0001'), apply('aplicar-conteo-0002')]);
    const ok = answers.filter((a) => a.statusCode === 200);
    expect(ok).toHaveLength(1);
    expect(answers.filter((a) => a.statusCode === 422).map((a) => a.json())).toEqual([
      { message: 'El conteo ya fue aplicado: la existencia solo se mueve una vez.' },
    ]);
    const result = physicalApplyResultSchema.parse(ok[0]!.json());
    expect(await stock(itemA)).toBe(10);
    expect(await stock(itemB)).toBe(0);
    expect(await stock(itemC)).toBe(0);
    const moved = await t.database.db.select().from(inventoryMovements).where(eq(inventoryMovements.physical_inventory_id, first));
    expect(moved).toHaveLength(result.movements);
    expect(moved.every((m) => m.source === 'fisico' && m.branch_id === branchId)).toBe(true);
    expect(moved.find((m) => m.item_id === itemC)).toMatchObject({ type: 'Corte Ceros', quantity: -bookC });
    if (bookB !== 0) expect(moved.find((m) => m.item_id === itemB)).toMatchObject({ type: 'Ajuste Inventario Físico', quantity: -bookB });

    // The winner's key answers its stored answer; another apply is refused; nothing moves again.
    const winner = answers.indexOf(ok[0]!) === 0 ? 'aplicar-conteo-0001' : 'aplicar-conteo-0002';
    const replay = await apply(winner);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.json()).toEqual(ok[0]!.json());
    expect((await send(admin, 'POST', `${base}/${first}/apply`, { zero_uncounted: false })).statusCode).toBe(422);
    expect(await t.database.db.$count(inventoryMovements, eq(inventoryMovements.physical_inventory_id, first))).toBe(result.movements);

    // Applied, the differences still read as reviewed: the book stock before applying.
    const after = physicalDifferencesSchema.parse((await send(admin, 'GET', `${base}/${first}/differences`)).json());
    expect(after.status).toBe('Aplicado');
    expect(after.uncounted.find((row) => row.item_id === itemC)!.book).toBe(bookC);
    expect(after.counted.find((row) => row.item_id === itemA)!.counted).toBe(10);
  });

  it('without Corte Ceros leaves the uncounted items alone', async () => {
    expect((await send(admin, 'POST', '/api/v2/inventories', { item_id: itemC, quantity: 3 })).statusCode).toBe(201);
    const second = await openCount(admin);
    expect((await count(second, 'A-1', itemA, 8)).statusCode).toBe(200);
    expect((await send(admin, 'POST', `${base}/${second}/close`, {})).statusCode).toBe(200);
    expect((await send(admin, 'POST', `${base}/${second}/apply`, { zero_uncounted: false })).statusCode).toBe(200);
    expect(await stock(itemA)).toBe(8);
    expect(await stock(itemC)).toBe(3);
    expect(
      await t.database.db.$count(
        inventoryMovements,
        and(eq(inventoryMovements.physical_inventory_id, second), eq(inventoryMovements.type, 'Corte Ceros')),
      ),
    ).toBe(0);
    const listed = physicalInventoryPageSchema.parse((await send(admin, 'GET', `${base}?filter[status]=Aplicado&sort=-id`)).json());
    expect(listed.data.map((row) => row.id)).toEqual(expect.arrayContaining([first, second]));
    expect(listed.data.every((row) => row.status === 'Aplicado')).toBe(true);
    expect((await send(admin, 'GET', `${base}?filter[status]=Otro`)).statusCode).toBe(400);
  });

  it('brings the open count to the tablet in the sync pull, and takes it away once closed', async () => {
    const third = await openCount();
    expect((await count(third, 'A-1', itemB, 1.5)).statusCode).toBe(200);
    const pull = syncPullSchema.parse((await send(warehouse, 'GET', '/api/v2/sync/pull')).json());
    const mine = pull.physical_inventories!.find((p) => p.id === third)!;
    expect(mine.lines.map((l) => [l.shelf, l.item_id, l.quantity])).toEqual([['A-1', itemB, 1.5]]);
    expect((await send(warehouse, 'POST', `${base}/${third}/close`, {})).statusCode).toBe(200);
    const next = syncPullSchema.parse((await send(warehouse, 'GET', `/api/v2/sync/pull?cursor=${encodeURIComponent(pull.cursor)}`)).json());
    expect(next.removed.physical_inventories).toEqual([third]);
    // Whoever may not count gets no counts.
    const driverPull = syncPullSchema.parse((await send(driver, 'GET', '/api/v2/sync/pull')).json());
    expect(driverPull.physical_inventories).toEqual([]);
  });

  it('is only for whoever holds physical_inventories', async () => {
    for (const token of [office, driver]) {
      expect((await send(token, 'GET', base)).statusCode).toBe(403);
      expect((await send(token, 'POST', base, {})).statusCode).toBe(403);
      expect((await send(token, 'POST', `${base}/${first}/apply`, { zero_uncounted: true })).statusCode).toBe(403);
    }
    expect((await send(warehouse, 'GET', base)).statusCode).toBe(200);
  });

  it('leaves applying the differences to the office: the tablet that counted cannot approve its own count', async () => {
    const response = await send(warehouse, 'POST', `${base}/${first}/apply`, { zero_uncounted: false });
    expect(response.statusCode).toBe(403);
    // Nor does it see the book stock while counting: the count is blind.
    expect((await send(warehouse, 'GET', `${base}/${first}/differences`)).statusCode).toBe(403);
  });
});
