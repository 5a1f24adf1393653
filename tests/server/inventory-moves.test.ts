import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INVENTORY_MOVEMENT_TYPES, movementSign } from '../../domain/inventory';
import { monterreyDateOffset } from '../../domain/time';
import {
  branchListSchema,
  inventoryCostPageSchema,
  inventoryReportCardPageSchema,
  itemCardSchema,
  movementPageSchema,
  posStockPageSchema,
  recordedMovementSchema,
  transferPageSchema,
  transferRowSchema,
} from '../../domain/schemas/inventory-moves';
import { itemStockListSchema } from '../../domain/schemas/adjustment';
import { recordMovements } from '../../server/repositories/inventory';
import { bearer, createTestApp, loginAs, type TestApp } from './test-app';

let t: TestApp;
let admin: string;
let seller: string;
let main: number;
let guadalupe: number;
beforeAll(async () => {
  t = await createTestApp();
  [admin, seller] = await Promise.all([loginAs(t.app, 'admin@demo.mx'), loginAs(t.app, 'ventas@demo.mx')]);
  const branches = branchListSchema.parse((await get('/api/v2/branches')).json()).data;
  main = branches[0]!.id;
  guadalupe = branches.find((b) => b.name === 'Bodega Guadalupe')!.id;
});
afterAll(() => t.close());

const get = (url: string, token = admin) => t.app.inject({ method: 'GET', url, headers: bearer(token) });
const post = (url: string, payload: object, token = admin, key?: string) =>
  t.app.inject({ method: 'POST', url, payload, headers: { ...bearer(token), ...(key && { 'idempotency-key': key }) } });
const query = async <T>(q: ReturnType<typeof sql>) => ((await t.database.db.execute(q)) as unknown as { rows: T[] }).rows;

/** An item's stock in a branch (or every branch), as /inventory-cost reads it. */
async function stockIn(itemId: number, branchId?: number): Promise<number> {
  const branch = branchId === undefined ? '' : `&filter[branch_id]=${branchId}`;
  const page = inventoryCostPageSchema.parse((await get(`/api/v2/inventory/cost?itemsPerPage=1000${branch}`)).json());
  return page.data.find((row) => row.item_id === itemId)!.stock;
}

/** The stock read of /inventory (every branch). */
async function totalStock(itemId: number): Promise<number> {
  return itemStockListSchema.parse((await get('/api/v2/inventory/stock')).json()).data.find((row) => row.item_id === itemId)!.stock;
}

/** Items with at least `least` in the main branch, in id order. */
async function itemsWithStock(least: number): Promise<{ id: number; name: string; stock: number }[]> {
  const page = inventoryCostPageSchema.parse(
    (await get(`/api/v2/inventory/cost?itemsPerPage=1000&filter[branch_id]=${main}&sort=name`)).json(),
  );
  return page.data.filter((row) => row.stock >= least).map((row) => ({ id: row.item_id, name: row.name, stock: row.stock }));
}

describe('stock as the signed sum of movements', () => {
  it('adds every adding type of spec §4 and subtracts Salida Producción, Salida Venta and Devolución', async () => {
    const [item] = await itemsWithStock(0);
    for (const [n, type] of INVENTORY_MOVEMENT_TYPES.entries()) {
      const before = await totalStock(item!.id);
      const quantity = n + 1.25;
      await recordMovements(t.database.db, [{ item_id: item!.id, type, quantity, source: 'ajuste', branch_id: main }], 1);
      expect(await totalStock(item!.id), type).toBeCloseTo(before + movementSign(type) * quantity, 2);
      expect(await stockIn(item!.id, main), type).toBeCloseTo((await totalStock(item!.id)) - (await stockIn(item!.id, guadalupe)), 2);
    }
  });
});

describe('manual adjustments (/adjustments)', () => {
  it('record an Ajuste Manual with its reason in the branch, listed with who made it', async () => {
    const [item] = await itemsWithStock(5);
    const before = await stockIn(item!.id, guadalupe);
    const response = await post(
      '/api/v2/adjustments',
      { item_id: item!.id, quantity: 4.25, reason: ' Error de captura ', branch_id: guadalupe },
      admin,
      'ajuste-motivo-0001',
    );
    expect(response.statusCode, response.body).toBe(201);
    const recorded = recordedMovementSchema.parse(response.json());
    expect(recorded.movement).toMatchObject({
      item_id: item!.id,
      type: 'Ajuste Manual',
      source: 'ajuste',
      quantity: 4.25,
      signed_quantity: 4.25,
      reason: 'Error de captura',
      branch_name: 'Bodega Guadalupe',
      user_name: expect.stringMatching(/\S/),
    });
    expect(recorded.stock).toBeCloseTo(before + 4.25, 2);
    // The same key again answers the same adjustment: it moved stock once.
    expect(
      (
        await post(
          '/api/v2/adjustments',
          { item_id: item!.id, quantity: 4.25, reason: ' Error de captura ', branch_id: guadalupe },
          admin,
          'ajuste-motivo-0001',
        )
      ).json(),
    ).toEqual(response.json());
    expect(await stockIn(item!.id, guadalupe)).toBeCloseTo(before + 4.25, 2);

    const down = recordedMovementSchema.parse(
      (await post('/api/v2/adjustments', { item_id: item!.id, quantity: -1.5, reason: 'Conteo físico', branch_id: guadalupe })).json(),
    );
    expect(down.movement.signed_quantity).toBe(-1.5);
    expect(down.stock).toBeCloseTo(before + 2.75, 2);

    const list = movementPageSchema.parse(
      (await get(`/api/v2/adjustments?filter[item_id]=${item!.id}&filter[branch_id]=${guadalupe}`)).json(),
    );
    expect(list.data.map((row) => [row.signed_quantity, row.reason])).toEqual([
      [-1.5, 'Conteo físico'],
      [4.25, 'Error de captura'],
    ]);
    expect(
      (await get('/api/v2/adjustments?itemsPerPage=100'))
        .json<{ data: { source: string }[] }>()
        .data.every((row) => row.source === 'ajuste'),
    ).toBe(true);
  });

  it('are refused without a reason, at zero, with three decimals or for an unknown item or branch', async () => {
    const refusal = async (payload: object) => {
      const response = await post('/api/v2/adjustments', payload);
      expect(response.statusCode).toBe(422);
      return response.json<{ message: string }>().message;
    };
    expect(await refusal({ item_id: 1, quantity: 2 })).toBe('Escribe el motivo.');
    expect(await refusal({ item_id: 1, quantity: 2, reason: '   ' })).toBe('Escribe el motivo.');
    expect(await refusal({ item_id: 1, quantity: 0, reason: 'x' })).toBe('La cantidad no puede ser cero.');
    expect(await refusal({ item_id: 1, quantity: 1.005, reason: 'x' })).toBe('La cantidad admite hasta dos decimales.');
    expect(await refusal({ item_id: 99_999_999, quantity: 1, reason: 'x' })).toBe('El producto no existe.');
    expect(await refusal({ item_id: 1, quantity: 1, reason: 'x', branch_id: 99_999 })).toBe('La sucursal no existe.');
  });
});

describe('waste (/mermas)', () => {
  it('takes the quantity out as an Ajuste Manual of source merma with its reason', async () => {
    const [, item] = await itemsWithStock(10);
    const before = await stockIn(item!.id, main);
    const response = await post('/api/v2/mermas', { item_id: item!.id, quantity: 2.5, reason: 'Caducidad', branch_id: main });
    expect(response.statusCode, response.body).toBe(201);
    const recorded = recordedMovementSchema.parse(response.json());
    expect(recorded.movement).toMatchObject({
      type: 'Ajuste Manual',
      source: 'merma',
      quantity: -2.5,
      signed_quantity: -2.5,
      reason: 'Caducidad',
    });
    expect(recorded.stock).toBeCloseTo(before - 2.5, 2);
    expect(await stockIn(item!.id, main)).toBeCloseTo(before - 2.5, 2);

    const other = await post('/api/v2/mermas', {
      item_id: item!.id,
      quantity: 1,
      reason: 'Otro',
      other_reason: 'Se cayó del montacargas',
      branch_id: main,
    });
    expect(recordedMovementSchema.parse(other.json()).movement.reason).toBe('Otro: Se cayó del montacargas');
    const list = movementPageSchema.parse((await get(`/api/v2/mermas?filter[item_id]=${item!.id}`)).json());
    expect(list.data.slice(0, 2).map((row) => row.reason)).toEqual(['Otro: Se cayó del montacargas', 'Caducidad']);
  });

  it('is refused above the item’s stock in that branch, saying how much there is, and moves nothing', async () => {
    const [item] = await query<{ id: number; name: string }>(sql`SELECT id, name FROM items WHERE name = 'Tomate saladette'`);
    const stock = await stockIn(item!.id, guadalupe);
    const response = await post('/api/v2/mermas', {
      item_id: item!.id,
      quantity: Math.max(stock, 0) + 1,
      reason: 'Daño',
      branch_id: guadalupe,
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().message).toMatch(
      /^No hay suficiente existencia de Tomate saladette en Bodega Guadalupe: hay [\d,.-]+ kg y se piden [\d,.]+ kg\.$/,
    );
    expect(await stockIn(item!.id, guadalupe)).toBe(stock);
  });

  it('needs a reason of the list, and words for Otro', async () => {
    const message = async (payload: object) =>
      (await post('/api/v2/mermas', { item_id: 1, quantity: 1, ...payload })).json<{ message: string }>().message;
    expect(await message({ reason: 'Robo' })).toBe('Elige el motivo de la merma.');
    expect(await message({ reason: 'Otro' })).toBe('Describe el motivo de la merma.');
    expect(await message({ reason: 'Otro', other_reason: '  ' })).toBe('Describe el motivo de la merma.');
    expect(await message({ reason: 'Daño', quantity: -1 })).toBe('La cantidad debe ser mayor que cero.');
  });
});

describe('transfers between branches (/inventory-transfer)', () => {
  it('move stock from one branch to the other and leave the total unchanged', async () => {
    const [first, second] = (await itemsWithStock(20)).slice(2);
    const before = await Promise.all(
      [first!, second!].flatMap((item) => [stockIn(item.id, main), stockIn(item.id, guadalupe), totalStock(item.id)]),
    );
    const response = await post('/api/v2/inventory_transfers', {
      from_branch_id: main,
      to_branch_id: guadalupe,
      note: 'Para el fin de semana',
      items: [
        { item_id: first!.id, quantity: 5.5 },
        { item_id: second!.id, quantity: 3 },
      ],
    });
    expect(response.statusCode, response.body).toBe(201);
    const transfer = transferRowSchema.parse(response.json());
    expect(transfer).toMatchObject({
      from_branch_name: expect.any(String),
      to_branch_name: 'Bodega Guadalupe',
      note: 'Para el fin de semana',
    });
    expect(transfer.items.map((line) => [line.item_id, line.quantity]).sort()).toEqual(
      [
        [first!.id, 5.5],
        [second!.id, 3],
      ].sort(),
    );
    const after = await Promise.all(
      [first!, second!].flatMap((item) => [stockIn(item.id, main), stockIn(item.id, guadalupe), totalStock(item.id)]),
    );
    expect(after[0]).toBeCloseTo(before[0]! - 5.5, 2);
    expect(after[1]).toBeCloseTo(before[1]! + 5.5, 2);
    expect(after[2]).toBeCloseTo(before[2]!, 2);
    expect(after[3]).toBeCloseTo(before[3]! - 3, 2);
    expect(after[4]).toBeCloseTo(before[4]! + 3, 2);
    expect(after[5]).toBeCloseTo(before[5]!, 2);

    const pairs = await query<{ branch_id: number; quantity: number; source: string; type: string }>(
      sql`SELECT branch_id, quantity::float8 AS quantity, source, type FROM inventory_movements WHERE transfer_id = ${transfer.id} ORDER BY item_id, quantity`,
    );
    expect(pairs).toHaveLength(4);
    expect(pairs.every((m) => m.source === 'traspaso' && m.type === 'Ajuste Manual')).toBe(true);
    const list = transferPageSchema.parse((await get(`/api/v2/inventory_transfers?filter[item_id]=${first!.id}`)).json());
    expect(list.data[0]!.id).toBe(transfer.id);
  });

  it('is all or nothing: a second item above the origin’s stock leaves no movement and no transfer row', async () => {
    const [item] = await itemsWithStock(5);
    const [scarce] = await query<{ id: number }>(sql`SELECT id FROM items WHERE name = 'Tomate saladette'`);
    const count = () =>
      query(
        sql`SELECT (SELECT count(*) FROM inventory_transfers)::int AS transfers, (SELECT count(*) FROM inventory_movements)::int AS movements`,
      );
    const before = await count();
    const response = await post('/api/v2/inventory_transfers', {
      from_branch_id: main,
      to_branch_id: guadalupe,
      items: [
        { item_id: item!.id, quantity: 1 },
        { item_id: scarce!.id, quantity: 999_999 },
      ],
    });
    // The first line's pair was recorded before the second was refused: the rollback takes it back.
    expect(response.statusCode).toBe(422);
    expect(response.json().message).toMatch(/^No hay suficiente existencia de Tomate saladette en /);
    expect(await count()).toEqual(before);
    expect(await stockIn(item!.id, main)).toBe(item!.stock);
  });

  it('is refused between the same branch, with a repeated item or without items', async () => {
    const message = async (payload: object) =>
      (
        await post('/api/v2/inventory_transfers', {
          from_branch_id: main,
          to_branch_id: guadalupe,
          items: [{ item_id: 1, quantity: 1 }],
          ...payload,
        })
      ).json<{ message: string }>().message;
    expect(await message({ to_branch_id: main })).toBe('El origen y el destino deben ser sucursales distintas.');
    expect(await message({ items: [] })).toBe('Agrega al menos un producto.');
    expect(
      await message({
        items: [
          { item_id: 1, quantity: 1 },
          { item_id: 1, quantity: 2 },
        ],
      }),
    ).toBe('Cada producto va una sola vez en el traspaso.');
    expect(await message({ from_branch_id: 99_999 })).toBe('La sucursal no existe.');
  });
});

describe('the inventory report', () => {
  const today = monterreyDateOffset(new Date(), 0);
  const monthAgo = monterreyDateOffset(new Date(), -30);

  it('by card: closing = opening + entries − exits, and it equals the stock read', async () => {
    const card = inventoryReportCardPageSchema.parse(
      (await get(`/api/v2/inventory_report?type=card&filter[date_between]=${monthAgo},${today}`)).json(),
    );
    const stock = itemStockListSchema.parse((await get('/api/v2/inventory/stock')).json()).data;
    expect(card.meta.total).toBe(stock.length);
    expect(card.data.some((row) => row.opening !== 0 && row.entries > 0 && row.exits > 0)).toBe(true);
    for (const row of card.data) {
      expect(row.closing, row.name).toBeCloseTo(row.opening + row.entries - row.exits, 2);
      expect(row.closing, row.name).toBeCloseTo(stock.find((s) => s.item_id === row.item_id)!.stock, 2);
    }
    // Per branch too: the two branches add up to the whole.
    const byBranch = await Promise.all(
      [main, guadalupe].map(async (branch) =>
        inventoryReportCardPageSchema.parse(
          (await get(`/api/v2/inventory_report?type=card&filter[date_between]=${monthAgo},${today}&filter[branch_id]=${branch}`)).json(),
        ),
      ),
    );
    for (const row of card.data) {
      const parts = byBranch.map((page) => page.data.find((r) => r.item_id === row.item_id)!.closing);
      expect(parts[0]! + parts[1]!).toBeCloseTo(row.closing, 2);
    }
    const paged = inventoryReportCardPageSchema.parse(
      (await get(`/api/v2/inventory_report?type=card&itemsPerPage=5&page=2&sort=-closing`)).json(),
    );
    expect(paged.data).toHaveLength(5);
    expect(paged.data.map((row) => row.closing)).toEqual([...paged.data.map((row) => row.closing)].sort((a, b) => b - a));
  });

  it('by detail: every movement of the period with its type, source, reason, who and branch', async () => {
    const detail = movementPageSchema.parse(
      (
        await get(`/api/v2/inventory_report?type=detail&filter[date_between]=${today},${today}&filter[source]=merma&itemsPerPage=50`)
      ).json(),
    );
    expect(detail.data.find((row) => row.reason === 'Caducidad')).toMatchObject({
      type: 'Ajuste Manual',
      source: 'merma',
      branch_name: expect.any(String),
      user_name: expect.any(String),
    });
    const transfers = movementPageSchema.parse(
      (await get(`/api/v2/inventory_report?type=detail&filter[source]=traspaso&filter[branch_id]=${guadalupe}&itemsPerPage=100`)).json(),
    );
    expect(transfers.data.length).toBeGreaterThan(0);
    expect(transfers.data.every((row) => row.branch_name === 'Bodega Guadalupe' && row.transfer_id !== null)).toBe(true);
    expect((await get('/api/v2/inventory_report?type=detail&filter[source]=regalo')).statusCode).toBe(400);
    expect((await get('/api/v2/inventory_report?type=detail&filter[date_between]=2026-02-01,2026-01-01')).statusCode).toBe(400);
  });

  it('one item’s card: a running balance from the opening to the closing, and totals by type', async () => {
    const [item] = await query<{ id: number }>(sql`SELECT id FROM items WHERE name = 'Tomate saladette'`);
    const card = itemCardSchema.parse(
      (await get(`/api/v2/inventory_report/${item!.id}?filter[date_between]=${monthAgo},${today}&itemsPerPage=1000`)).json(),
    );
    expect(card.range).toEqual([monthAgo, today]);
    expect(card.data.length).toBe(card.meta.total);
    let balance = card.opening;
    for (const movement of card.data) {
      balance += movement.signed_quantity;
      expect(movement.balance).toBeCloseTo(balance, 2);
    }
    expect(card.closing).toBeCloseTo(balance, 2);
    expect(card.closing).toBeCloseTo(card.opening + card.entries - card.exits, 2);
    expect(card.by_type.reduce((sum, row) => sum + row.quantity, 0)).toBeCloseTo(card.closing - card.opening, 2);
    expect(card.closing).toBeCloseTo(await totalStock(item!.id), 2);
    expect((await get('/api/v2/inventory_report/99999999')).statusCode).toBe(404);
  });
});

describe('stock at cost and at the counter', () => {
  it('values each item’s stock at its cost, with the total of every row', async () => {
    const all = inventoryCostPageSchema.parse((await get('/api/v2/inventory/cost?itemsPerPage=1000')).json());
    const total = all.data.reduce((sum, row) => sum + Math.round(row.value * 100), 0) / 100;
    expect(all.meta.value).toBeCloseTo(total, 2);
    for (const row of all.data) expect(row.value).toBeCloseTo(Math.round(row.stock * row.cost * 100) / 100, 2);
    const sorted = inventoryCostPageSchema.parse((await get('/api/v2/inventory/cost?sort=-value')).json());
    expect(sorted.data).toHaveLength(15);
    expect(sorted.meta.value).toBe(all.meta.value);
  });

  it('lists the counter’s items with their stock per branch and marks the low ones', async () => {
    const pos = posStockPageSchema.parse((await get(`/api/v2/inventory/pos?filter[branch_id]=${guadalupe}&itemsPerPage=1000`)).json());
    expect(pos.data.length).toBeGreaterThan(0);
    expect(pos.data.every((row) => row.low === row.stock <= 10)).toBe(true);
    expect(pos.meta.low).toBe(pos.data.filter((row) => row.low).length);
    const low = posStockPageSchema.parse(
      (await get(`/api/v2/inventory/pos?filter[branch_id]=${guadalupe}&filter[low]=1&itemsPerPage=1000`)).json(),
    );
    expect(low.meta.total).toBe(pos.meta.low);
  });
});

describe('permissions', () => {
  it.each([
    ['GET', '/api/v2/adjustments'],
    ['POST', '/api/v2/adjustments'],
    ['GET', '/api/v2/mermas'],
    ['POST', '/api/v2/mermas'],
    ['GET', '/api/v2/inventory_transfers'],
    ['POST', '/api/v2/inventory_transfers'],
    ['GET', '/api/v2/inventory/cost'],
    ['GET', '/api/v2/inventory/pos'],
    ['GET', '/api/v2/inventory_report?type=card'],
    ['GET', '/api/v2/inventory_report/1'],
    ['GET', '/api/v2/branches'],
  ] as const)('%s %s answers 403 to someone without its permission', async (method, url) => {
    const response = await t.app.inject({ method, url, headers: bearer(seller), ...(method === 'POST' && { payload: {} }) });
    expect(response.statusCode).toBe(403);
  });
});
