import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stockByItem, type InventoryMovementType } from '../../domain/inventory';
import { createdSaleSchema } from '../../domain/schemas/new-sale';
import { ordersToDispatchSchema } from '../../domain/schemas/orders';
import { monterreyDateOffset } from '../../domain/time';
import { saleItems, sales } from '../../server/db/schema';
import { bearer, createTestApp, loginAs, type TestApp } from './test-app';

let t: TestApp;
let seller: string;
let warehouse: string;
beforeAll(async () => {
  t = await createTestApp();
  [seller, warehouse] = await Promise.all([loginAs(t.app, 'ventas@demo.mx'), loginAs(t.app, 'almacen@demo.mx')]);
});
afterAll(() => t.close());

const post = (token: string, payload: object, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: '/api/v2/sales', headers: { ...bearer(token), ...headers }, payload });
const rows = <T>(query: ReturnType<typeof sql>) => t.database.db.execute(query).then((r) => (r as unknown as { rows: T[] }).rows);

async function someCompanyAndItems() {
  const [company] = await rows<{ id: number; branch: number }>(
    sql`SELECT c.id, b.id AS branch FROM companies c JOIN company_branches b ON b.company_id = c.id ORDER BY c.id LIMIT 1`,
  );
  const items = await rows<{ id: number; price: number; weight: number }>(
    sql`SELECT id, price::float8 AS price, weight::float8 AS weight FROM items WHERE is_published AND deleted_at IS NULL ORDER BY id LIMIT 2`,
  );
  return { company: company!, items };
}

describe('a new sale', () => {
  it('is priced by the server, becomes an order to fill, and counts its weight', async () => {
    const { company, items } = await someCompanyAndItems();
    const date = monterreyDateOffset(new Date(), 1);
    const response = await post(seller, {
      company_id: company.id,
      company_branch_id: company.branch,
      date,
      type: 'Serie A',
      note: 'Entregar por la rampa',
      internal_note: null,
      purchase_order: 'OC-88',
      bar: true,
      // A price sent by the client is not part of the contract and is ignored.
      items: [
        { item_id: items[0]!.id, quantity: 3, price: 0.01 },
        { item_id: items[1]!.id, quantity: 1.5 },
      ],
    });
    expect(response.statusCode).toBe(201);
    const created = createdSaleSchema.parse(response.json());
    const subtotal = Math.round((items[0]!.price * 3 + Math.round(items[1]!.price * 1.5 * 100) / 100) * 100) / 100;
    expect(created.subtotal).toBeCloseTo(subtotal, 2);
    expect(created.iva).toBeCloseTo(Math.round(subtotal * 0.16 * 100) / 100, 2);
    expect(created.total).toBeCloseTo(created.subtotal + created.iva, 2);

    // The reply carries the saved lines (what the ticket prints), priced by the server.
    expect(created.items.map((line) => [line.item_id, line.quantity, line.price])).toEqual([
      [items[0]!.id, 3, items[0]!.price],
      [items[1]!.id, 1.5, items[1]!.price],
    ]);
    const [row] = await t.database.db.select().from(sales).where(eq(sales.id, created.id));
    expect(row!.due_date).not.toBeNull();
    expect(row).toMatchObject({ kind: 'sale', bar: true, purchase_order: 'OC-88', date, dispatched_at: null, is_in_production: false });
    expect(Number(row!.sale_weight)).toBeCloseTo(items[0]!.weight * 3 + items[1]!.weight * 1.5, 2);
    const lines = await t.database.db.select().from(saleItems).where(eq(saleItems.sale_id, created.id));
    expect(lines.map((l) => Number(l.price)).sort()).toEqual([items[0]!.price, items[1]!.price].sort());

    const orders = ordersToDispatchSchema.parse(
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/v2/orders/orders_to_dispatch?itemsPerPage=999&filter[date_between]=${date},${date}`,
          headers: bearer(warehouse),
        })
      ).json(),
    );
    const order = orders.data.find((o) => o.id === created.id)!;
    expect(order.bar).toBe(true);
    expect(order.items).toHaveLength(2);
  });

  it('applies once when the same request is sent again with its key', async () => {
    const { company, items } = await someCompanyAndItems();
    const body = {
      company_id: company.id,
      company_branch_id: null,
      date: monterreyDateOffset(new Date(), 2),
      type: 'Serie B',
      note: null,
      internal_note: null,
      purchase_order: null,
      bar: false,
      items: [{ item_id: items[0]!.id, quantity: 2 }],
    };
    const headers = { 'idempotency-key': 'venta-repetida-0001' };
    const first = await post(seller, body, headers);
    const again = await post(seller, body, headers);
    expect(first.statusCode).toBe(201);
    expect(again.json()).toEqual(first.json());
    const [count] = await rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM sales WHERE id = ${first.json().id}`);
    expect(count!.n).toBe(1);
    // Serie B: no IVA line.
    expect(first.json().iva).toBe(0);
  });

  it('is refused with a Spanish reason: empty cart, missing date, another company’s branch, an unknown item', async () => {
    const { company, items } = await someCompanyAndItems();
    const base = {
      company_id: company.id,
      company_branch_id: null,
      date: monterreyDateOffset(new Date(), 1),
      type: 'Serie A',
      note: null,
      internal_note: null,
      purchase_order: null,
      bar: false,
      items: [{ item_id: items[0]!.id, quantity: 1 }],
    };
    const [otherBranch] = await rows<{ id: number }>(sql`SELECT id FROM company_branches WHERE company_id <> ${company.id} LIMIT 1`);
    const cases: [object, string][] = [
      [{ ...base, items: [] }, 'Agrega al menos un producto.'],
      [{ ...base, date: '' }, 'Campo requerido'],
      [{ ...base, company_branch_id: otherBranch!.id }, 'La sucursal no es de esta empresa.'],
      [{ ...base, items: [{ item_id: 99_999_999, quantity: 1 }] }, 'Un producto no existe o no está a la venta.'],
      [{ ...base, items: [{ item_id: items[0]!.id, quantity: 0 }] }, 'La cantidad debe ser mayor que cero.'],
      [{ ...base, items: [{ item_id: items[0]!.id, quantity: 0.125 }] }, 'La cantidad debe ser mayor que cero.'],
      [{ ...base, date: '2026-02-31' }, 'La fecha no existe o no tiene el formato AAAA-MM-DD.'],
    ];
    for (const [body, message] of cases) {
      const response = await post(seller, body);
      expect(response.statusCode, message).toBeGreaterThanOrEqual(400);
      expect(response.json().message).toContain(message);
    }
  });

  it('moves stock when produced (raw material out by its recipe, product in) and when filled, once', async () => {
    const { company } = await someCompanyAndItems();
    const [tomato] = await rows<{ id: number }>(sql`SELECT id FROM items WHERE name = 'Tomate saladette'`);
    const [box] = await rows<{ id: number }>(sql`SELECT id FROM items WHERE name = 'Caja de tomate saladette 20 kg'`);
    const [other] = await rows<{ id: number }>(
      sql`SELECT id FROM items WHERE name <> 'Tomate saladette' AND is_published AND NOT is_raw_material AND id NOT IN (SELECT item_id FROM item_components) ORDER BY id LIMIT 1`,
    );
    const lines = [
      { item_id: tomato!.id, quantity: 7 },
      { item_id: other!.id, quantity: 3 },
    ];
    const created = await post(seller, {
      company_id: company.id,
      company_branch_id: null,
      date: monterreyDateOffset(new Date(), 1),
      type: 'Serie A',
      note: null,
      internal_note: null,
      purchase_order: null,
      bar: false,
      items: lines,
    });
    const id = created.json().id as number;
    const productionMovements = async () =>
      (
        await rows<{ item_id: number; type: InventoryMovementType }>(
          sql`SELECT item_id, type FROM inventory_movements WHERE type IN ('Entrada Producción', 'Salida Producción') AND item_id IN (${tomato!.id}, ${box!.id}) ORDER BY id`,
        )
      ).map((m) => m.type);
    const producedBefore = await productionMovements();
    const before = stockByItem(await rows(sql`SELECT item_id, type, quantity::float8 AS quantity FROM inventory_movements`));

    const start = { id, quotation_items: lines };
    const warehouseAction = async (action: string, key?: string) =>
      (
        await t.app.inject({
          method: 'POST',
          url: `/api/v2/orders/${action}`,
          headers: { ...bearer(warehouse), ...(key ? { 'idempotency-key': key } : {}) },
          payload: start,
        })
      ).statusCode;
    // Production sent twice with one key (a resend after a lost reply), then the fill.
    expect(await warehouseAction('start_order_production', `produce-${id}-0001`)).toBe(200);
    expect(await warehouseAction('start_order_production', `produce-${id}-0001`)).toBe(200);
    expect(await warehouseAction('dispatch_sale_order')).toBe(200);

    const after = stockByItem(await rows(sql`SELECT item_id, type, quantity::float8 AS quantity FROM inventory_movements`));
    const moved = (item: number) => Math.round(((after.get(item) ?? 0) - (before.get(item) ?? 0)) * 100) / 100;
    // 7 kg produced then sold: the tomato nets zero; 7 × 0.05 boxes used; the other item only sold.
    expect(moved(tomato!.id)).toBe(0);
    expect(moved(box!.id)).toBe(-0.35);
    expect(moved(other!.id)).toBe(-3);
    // Sent twice with one key: recorded once.
    const produced = (await productionMovements()).slice(producedBefore.length);
    expect(produced.sort()).toEqual(['Entrada Producción', 'Salida Producción']);
  });

  it('finds an item by its scanned EAN-13 (filter[ean13])', async () => {
    const [item] = await rows<{ id: number; ean13: string }>(
      sql`SELECT id, ean13 FROM items WHERE ean13 IS NOT NULL AND is_published ORDER BY id LIMIT 1`,
    );
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/v2/item/pos?filter[is_published]=1&filter[ean13]=${item!.ean13}&itemsPerPage=1`,
      headers: bearer(seller),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().data.map((i: { id: number }) => i.id)).toEqual([item!.id]);
  });

  it('is not for the warehouse operator (no sales permission)', async () => {
    expect((await post(warehouse, {})).statusCode).toBe(403);
  });
});
