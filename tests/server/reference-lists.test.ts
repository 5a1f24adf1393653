import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { itemListSchema, namedListSchema, stockListSchema, userListSchema } from '../../domain/schemas/reference';
import { movementSign, type InventoryMovementType } from '../../domain/inventory';
import { inventoryMovements } from '../../server/db/schema';
import { bearer, createTestApp, loginAs, type TestApp } from './test-app';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await loginAs(t.app, 'admin@demo.mx');
});
afterAll(() => t.close());

const get = (url: string) => t.app.inject({ method: 'GET', url, headers: bearer(admin) });

describe('v1 reference reads', () => {
  it('lists a reference table by name', async () => {
    const { data } = namedListSchema.parse((await get('/api/v1/rejection/all')).json());
    const rows = (await t.database.db.execute(sql`SELECT name FROM rejections`)) as unknown as { rows: { name: string }[] };
    expect(data.map((r) => r.name).sort()).toEqual(rows.rows.map((r) => r.name).sort());
    expect(data.map((r) => r.name)).toEqual([...data.map((r) => r.name)].sort((a, b) => a.localeCompare(b, 'es')));
  });

  it('keeps only CFDI entries with id above 100', async () => {
    const { data } = namedListSchema.parse((await get('/api/v1/cfdi/all')).json());
    expect(data.length).toBeGreaterThan(0);
    expect(data.every((entry) => entry.id > 100)).toBe(true);
  });

  it('gives stock per item as the signed sum of its movements by type', async () => {
    const { data } = stockListSchema.parse((await get('/api/v1/inventory/all')).json());
    const movements = await t.database.db.select().from(inventoryMovements);
    const expected = new Map<number, number>();
    for (const m of movements) expected.set(m.item_id, (expected.get(m.item_id) ?? 0) + movementSign(m.type as InventoryMovementType) * m.quantity);
    for (const row of data) expect(row.stock).toBeCloseTo(expected.get(row.item_id) ?? 0, 2);
    expect(data.length).toBe(60);
  });

  it('lists items with their unit and EAN-13, and people without anything private', async () => {
    const items = itemListSchema.parse((await get('/api/v1/item/all')).json());
    expect(items.data.every((item) => /^\d{13}$/.test(item.ean13 ?? ''))).toBe(true);
    const response = await get('/api/v1/user/all');
    const people = userListSchema.parse(response.json());
    expect(people.data.some((p) => p.job_position === 'Chofer Repartidor')).toBe(true);
    expect(response.body).not.toMatch(/password|email|token/);
  });
});

describe('routes without a query syntax', () => {
  it('refuse a query parameter instead of ignoring it', async () => {
    const response = await get('/api/v1/unit/all?filter[name]=kg');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: 'Parámetro desconocido: filter[name].' });
    expect((await get('/api/v2/sales/1?debug=1')).statusCode).toBe(400);
  });
});
