import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adjustmentResultSchema, itemStockListSchema } from '../../domain/schemas/adjustment';
import { inventoryCardSchema } from '../../domain/schemas/reads';
import { bearer, createTestApp, loginAs, type TestApp } from './test-app';

let t: TestApp;
let admin: string;
let seller: string;
beforeAll(async () => {
  t = await createTestApp();
  [admin, seller] = await Promise.all([loginAs(t.app, 'admin@demo.mx'), loginAs(t.app, 'ventas@demo.mx')]);
});
afterAll(() => t.close());

const stockOf = async (itemId: number) => {
  const card = inventoryCardSchema.parse(
    (
      await t.app.inject({ method: 'GET', url: `/api/v2/inventory_report?type=card&filter[item_id]=${itemId}`, headers: bearer(admin) })
    ).json(),
  );
  const stock = itemStockListSchema.parse(
    (await t.app.inject({ method: 'GET', url: '/api/v2/inventory/stock', headers: bearer(admin) })).json(),
  );
  // The screen's read and the report agree.
  expect(stock.data.find((row) => row.item_id === itemId)!.stock).toBeCloseTo(card.data.find((row) => row.item_id === itemId)!.stock, 2);
  return card.data.find((row) => row.item_id === itemId)!.stock;
};
const adjust = (token: string, payload: object, key?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v2/inventories',
    headers: { ...bearer(token), ...(key && { 'idempotency-key': key }) },
    payload,
  });

describe("'Ajuste Manual'", () => {
  it('adds to or takes from an item’s stock, which stays the signed sum of its movements, once per key', async () => {
    const itemId = ((await t.database.db.execute(sql`SELECT id FROM items ORDER BY id LIMIT 1`)) as unknown as { rows: { id: number }[] })
      .rows[0]!.id;
    const before = await stockOf(itemId);
    const up = await adjust(admin, { item_id: itemId, quantity: 12.5 }, 'ajuste-prueba-0001');
    const again = await adjust(admin, { item_id: itemId, quantity: 12.5 }, 'ajuste-prueba-0001');
    expect(up.statusCode).toBe(201);
    expect(again.json()).toEqual(up.json());
    expect(adjustmentResultSchema.parse(up.json()).stock).toBeCloseTo(before + 12.5, 2);
    const down = await adjust(admin, { item_id: itemId, quantity: -2.5 });
    expect(down.json().stock).toBeCloseTo(before + 10, 2);
    expect(await stockOf(itemId)).toBeCloseTo(before + 10, 2);
  });

  it('is refused with a reason: zero, an unknown item; and needs the inventory permission', async () => {
    expect((await adjust(admin, { item_id: 1, quantity: 0 })).json().message).toContain('El ajuste no puede ser cero.');
    expect((await adjust(admin, { item_id: 1, quantity: 0.004 })).json().message).toContain('El ajuste no puede ser cero.');
    expect((await adjust(admin, { item_id: 99_999_999, quantity: 1 })).json()).toEqual({ message: 'El producto no existe.' });
    expect((await adjust(seller, { item_id: 1, quantity: 1 })).statusCode).toBe(403);
  });
});
