import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { counterItemPageSchema, itemPageSchema, itemRowSchema, recipePageSchema, recipeRowSchema } from '../../domain/schemas/catalogue';
import { productionLogSchema, productionPageSchema, productionSchema } from '../../domain/schemas/production';
import { itemListSchema } from '../../domain/schemas/reference';
import { syncPullSchema } from '../../domain/schemas/sync';
import { bearer, createTestApp, loginAs, type TestApp } from './test-app';

let t: TestApp;
let admin: string;
let seller: string;
let warehouse: string;
let kg: number;
beforeAll(async () => {
  t = await createTestApp();
  [admin, seller, warehouse] = await Promise.all([
    loginAs(t.app, 'admin@demo.mx'),
    loginAs(t.app, 'ventas@demo.mx'),
    loginAs(t.app, 'almacen@demo.mx'),
  ]);
  kg = (await query<{ id: number }>(sql`SELECT id FROM units WHERE name = 'kg'`))[0]!.id;
});
afterAll(() => t.close());

async function query<T>(statement: ReturnType<typeof sql>): Promise<T[]> {
  return ((await t.database.db.execute(statement)) as unknown as { rows: T[] }).rows;
}

const send = (token: string, method: 'GET' | 'POST' | 'PUT' | 'PATCH', url: string, payload?: object, key?: string) =>
  t.app.inject({ method, url, headers: { ...bearer(token), ...(key && { 'idempotency-key': key }) }, ...(payload && { payload }) });

/** Stock as the inventory screen reads it (GET /api/v2/inventory/stock). */
async function stockOf(itemId: number): Promise<number> {
  const answer = (await send(admin, 'GET', '/api/v2/inventory/stock')).json<{ data: { item_id: number; stock: number }[] }>();
  return answer.data.find((row) => row.item_id === itemId)!.stock;
}

const movementsOf = (itemId: number) =>
  query<{ type: string; quantity: number; source: string; production_id: number | null; created_by_user_id: number }>(
    sql`SELECT type, quantity::float8 AS quantity, source, production_id, created_by_user_id FROM inventory_movements WHERE item_id = ${itemId} ORDER BY id`,
  );

/** The EAN-13 of twelve digits with its check digit. */
function ean13(twelve: string): string {
  const sum = [...twelve].reduce((total, digit, index) => total + Number(digit) * (index % 2 === 0 ? 1 : 3), 0);
  return `${twelve}${(10 - (sum % 10)) % 10}`;
}

const newItem = (overrides: object = {}) => ({
  name: 'Salsa verde de la casa',
  unit_id: kg,
  category_id: null,
  macro: 'Salsa',
  ean13: ean13('750999000001'),
  price: 85.5,
  cost: 40.25,
  weight: 1,
  is_published: true,
  pos: false,
  is_raw_material: false,
  ...overrides,
});

describe('the catalogue', () => {
  it("creates an item with its opening stock as one 'Creación de Producto', once per key", async () => {
    const created = await send(admin, 'POST', '/api/v2/items', { ...newItem(), opening_stock: 12.5 }, 'alta-producto-0001');
    expect(created.statusCode, created.body).toBe(201);
    const again = await send(admin, 'POST', '/api/v2/items', { ...newItem(), opening_stock: 12.5 }, 'alta-producto-0001');
    expect(again.json()).toEqual(created.json());
    const item = itemRowSchema.parse(created.json());
    expect(item).toMatchObject({ name: 'Salsa verde de la casa', unit: 'kg', price: 85.5, cost: 40.25, stock: 12.5, has_recipe: false });
    expect(await movementsOf(item.id)).toEqual([
      { type: 'Creación de Producto', quantity: 12.5, source: 'alta', production_id: null, created_by_user_id: 1 },
    ]);
    expect(await stockOf(item.id)).toBe(12.5);
    // Without an opening stock there is no movement at all.
    const bare = itemRowSchema.parse((await send(admin, 'POST', '/api/v2/items', newItem({ name: 'Sin existencia', ean13: null }))).json());
    expect(bare.stock).toBe(0);
    expect(await movementsOf(bare.id)).toEqual([]);
  });

  it('refuses a bad or taken EAN-13, a missing name or unit, negative prices and three decimals, in Spanish', async () => {
    const message = async (body: object, method: 'POST' | 'PUT' = 'POST', url = '/api/v2/items') => {
      const response = await send(admin, method, url, body);
      expect(response.statusCode).toBe(422);
      return response.json<{ message: string }>().message;
    };
    expect(await message(newItem({ ean13: '7501234567890' }))).toBe(
      'El código EAN-13 no es válido: deben ser 13 dígitos y el último debe ser el dígito verificador.',
    );
    expect(await message(newItem({ ean13: '12345678' }))).toContain('El código EAN-13 no es válido');
    // The demo's first item holds a real EAN-13: no other live item may take it.
    const [first] = await query<{ id: number; name: string; ean13: string }>(
      sql`SELECT id, name, ean13 FROM items WHERE ean13 IS NOT NULL ORDER BY id LIMIT 1`,
    );
    expect(await message(newItem({ ean13: first!.ean13 }))).toBe(`El código EAN-13 ya es de otro producto: ${first!.name}.`);
    expect(await message(newItem({ name: '  ' }))).toBe('Escribe el nombre del producto.');
    expect(await message(newItem({ unit_id: undefined }))).toBe('Elige la unidad.');
    expect(await message(newItem({ unit_id: 999_999 }))).toBe('La unidad no existe.');
    expect(await message(newItem({ category_id: 999_999 }))).toBe('La categoría no existe.');
    expect(await message(newItem({ price: -1 }))).toBe('Precio de lista no puede ser negativo.');
    expect(await message(newItem({ cost: 10.001 }))).toBe('Costo admite hasta dos decimales.');
    // Editing an item keeps its own code; another item's code is refused there too.
    const [second] = await query<{ id: number; name: string; unit_id: number; ean13: string }>(
      sql`SELECT id, name, unit_id, ean13 FROM items WHERE ean13 IS NOT NULL ORDER BY id OFFSET 1 LIMIT 1`,
    );
    const own = await send(
      admin,
      'PUT',
      `/api/v2/items/${second!.id}`,
      newItem({ name: second!.name, unit_id: second!.unit_id, ean13: second!.ean13 }),
    );
    expect(own.statusCode, own.body).toBe(200);
    expect(await message(newItem({ name: second!.name, ean13: first!.ean13 }), 'PUT', `/api/v2/items/${second!.id}`)).toBe(
      `El código EAN-13 ya es de otro producto: ${first!.name}.`,
    );
  });

  it('lists items paged with their stock and filters, and an edit reaches the item reads and the devices’ pull', async () => {
    const category = (await query<{ id: number; name: string }>(sql`SELECT id, name FROM categories ORDER BY id LIMIT 1`))[0]!;
    const created = itemRowSchema.parse(
      (
        await send(admin, 'POST', '/api/v2/items', {
          ...newItem({ name: 'Pico de gallo', ean13: ean13('750999000002'), category_id: category.id }),
          opening_stock: 3,
        })
      ).json(),
    );
    const found = itemPageSchema.parse(
      (await send(admin, 'GET', `/api/v2/items?filter[name]=pico de&filter[category_id]=${category.id}&filter[is_published]=1`)).json(),
    );
    expect(found.data.map((row) => [row.name, row.category, row.stock])).toEqual([['Pico de gallo', category.name, 3]]);
    const firstPage = itemPageSchema.parse((await send(admin, 'GET', '/api/v2/items?sort=-stock&itemsPerPage=5')).json());
    expect(firstPage.data).toHaveLength(5);
    expect(firstPage.meta.total).toBeGreaterThan(50);
    expect(firstPage.data.map((row) => row.stock)).toEqual([...firstPage.data.map((row) => row.stock)].sort((a, b) => b - a));

    const { cursor } = syncPullSchema.parse((await send(warehouse, 'GET', '/api/v2/sync/pull')).json());
    let pull = syncPullSchema.parse((await send(warehouse, 'GET', `/api/v2/sync/pull?cursor=${encodeURIComponent(cursor)}`)).json());
    while (pull.has_more)
      pull = syncPullSchema.parse((await send(warehouse, 'GET', `/api/v2/sync/pull?cursor=${encodeURIComponent(pull.cursor)}`)).json());
    const edited = await send(
      admin,
      'PUT',
      `/api/v2/items/${created.id}`,
      newItem({ name: 'Pico de gallo fresco', ean13: created.ean13, price: 90 }),
    );
    expect(itemRowSchema.parse(edited.json())).toMatchObject({ name: 'Pico de gallo fresco', price: 90, stock: 3 });
    const after = syncPullSchema.parse(
      (await send(warehouse, 'GET', `/api/v2/sync/pull?cursor=${encodeURIComponent(pull.cursor)}`)).json(),
    );
    expect(after.items).toEqual([expect.objectContaining({ id: created.id, name: 'Pico de gallo fresco', price: 90 })]);
    const all = itemListSchema.parse((await send(seller, 'GET', '/api/v1/item/all')).json());
    expect(all.data.find((row) => row.id === created.id)).toMatchObject({ name: 'Pico de gallo fresco', price: 90 });
  });

  it('publishes an item to the counter: GET /api/v2/item/pos answers what /products-pos set', async () => {
    const [item] = await query<{ id: number; name: string }>(
      sql`SELECT id, name FROM items WHERE NOT pos AND deleted_at IS NULL ORDER BY id LIMIT 1`,
    );
    const counter = async () =>
      counterItemPageSchema.parse(
        (await send(seller, 'GET', '/api/v2/item/pos?filter[is_published]=1&filter[pos]=1&itemsPerPage=500')).json(),
      ).data;
    expect((await counter()).some((row) => row.id === item!.id)).toBe(false);
    const patched = await send(admin, 'PATCH', `/api/v2/items/${item!.id}`, { pos: true });
    expect(itemRowSchema.parse(patched.json())).toMatchObject({ pos: true, is_published: true });
    expect((await counter()).some((row) => row.id === item!.id)).toBe(true);
    await send(admin, 'PATCH', `/api/v2/items/${item!.id}`, { is_published: false });
    expect((await counter()).some((row) => row.id === item!.id)).toBe(false);
    expect((await send(admin, 'PATCH', `/api/v2/items/${item!.id}`, {})).json()).toEqual({
      message: 'Indica qué cambiar: publicado o mostrador.',
    });
    expect((await send(admin, 'PATCH', '/api/v2/items/99999999', { pos: true })).statusCode).toBe(404);
  });
});

describe('the recipes', () => {
  it('replace a product’s recipe, and refuse zero, itself, a repeated or unknown component with Spanish 422s', async () => {
    const product = itemRowSchema.parse((await send(admin, 'POST', '/api/v2/items', newItem({ name: 'Guacamole', ean13: null }))).json());
    const [avocado, lime] = await query<{ id: number }>(
      sql`SELECT id FROM items WHERE name IN ('Aguacate Hass', 'Limón sin semilla') ORDER BY name`,
    );
    const put = (components: object[]) => send(admin, 'PUT', `/api/v2/recipes/${product.id}`, { components });
    const saved = await put([
      { component_id: avocado!.id, quantity: 0.8 },
      { component_id: lime!.id, quantity: 0.05 },
    ]);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(recipeRowSchema.parse(saved.json()).components.map((c) => [c.name, c.quantity])).toEqual([
      ['Aguacate Hass', 0.8],
      ['Limón sin semilla', 0.05],
    ]);
    const listed = recipePageSchema.parse((await send(warehouse, 'GET', '/api/v2/recipes?filter[name]=guacamole')).json());
    expect(listed.data.map((row) => row.name)).toEqual(['Guacamole']);

    const refused = async (components: object[]) => {
      const response = await put(components);
      expect(response.statusCode).toBe(422);
      return response.json<{ message: string }>().message;
    };
    expect(await refused([{ component_id: avocado!.id, quantity: 0 }])).toBe('La cantidad debe ser mayor que cero.');
    expect(await refused([{ component_id: product.id, quantity: 1 }])).toBe('Un producto no puede ser materia prima de sí mismo.');
    expect(
      await refused([
        { component_id: lime!.id, quantity: 1 },
        { component_id: lime!.id, quantity: 2 },
      ]),
    ).toBe('La misma materia prima está dos veces en la receta.');
    expect(await refused([{ component_id: 99_999_999, quantity: 1 }])).toBe('Una materia prima de la receta no existe.');
    // Nothing refused changed the recipe; an empty one removes it.
    expect((await query(sql`SELECT 1 FROM item_components WHERE item_id = ${product.id}`)).length).toBe(2);
    expect(recipeRowSchema.parse((await put([])).json()).components).toEqual([]);
    expect((await send(admin, 'PUT', '/api/v2/recipes/99999999', { components: [] })).statusCode).toBe(404);
  });
});

describe('production', () => {
  it('has the demo’s productions: one finished with its movements, one planned, and the warehouse’s', async () => {
    const all = productionPageSchema.parse((await send(admin, 'GET', '/api/v2/productions?itemsPerPage=100')).json()).data;
    expect(new Set(all.map((row) => row.status))).toEqual(new Set(['Planeada', 'En proceso', 'Terminada']));
    const done = productionSchema.parse(
      (await send(admin, 'GET', `/api/v2/productions/${all.find((row) => row.status === 'Terminada')!.id}`)).json(),
    );
    expect(done.movements.map((m) => [m.item_name, m.signed_quantity])).toEqual([
      ['Caja de tomate saladette 20 kg', -2],
      ['Tomate saladette', 40],
    ]);
    const categorized = itemPageSchema.parse((await send(admin, 'GET', '/api/v2/items?filter[name]=Aguacate')).json()).data;
    expect(categorized.map((row) => row.category)).toEqual(['Frutas']);
  });

  /** A product made of two raw materials, with stock of both. */
  async function productWithRecipe(name: string, code: string) {
    const product = itemRowSchema.parse((await send(admin, 'POST', '/api/v2/items', newItem({ name, ean13: ean13(code) }))).json());
    const material = async (materialName: string, stock: number) =>
      itemRowSchema.parse(
        (
          await send(admin, 'POST', '/api/v2/items', {
            ...newItem({ name: materialName, ean13: null, is_raw_material: true }),
            opening_stock: stock,
          })
        ).json(),
      );
    const chile = await material(`Chile para ${name}`, 50);
    const onion = await material(`Cebolla para ${name}`, 1);
    await send(admin, 'PUT', `/api/v2/recipes/${product.id}`, {
      components: [
        { component_id: chile.id, quantity: 0.35 },
        { component_id: onion.id, quantity: 0.15 },
      ],
    });
    return { product, chile, onion };
  }

  it('plans, starts and finishes once each, moving the raw material out by recipe and the product in', async () => {
    const { product, chile, onion } = await productWithRecipe('Salsa roja', '750999000003');
    const planned = await send(admin, 'POST', '/api/v2/productions', {
      planned_date: '2031-05-04',
      note: 'Para el fin de semana',
      items: [{ item_id: product.id, quantity: 3 }],
    });
    expect(planned.statusCode, planned.body).toBe(201);
    const production = productionSchema.parse(planned.json());
    expect(production).toMatchObject({ status: 'Planeada', planned_date: '2031-05-04', sale_id: null, movements: [] });
    // Before starting: 3 × 0.35 = 1.05 of chile (50 in stock) and 3 × 0.15 = 0.45 of onion (1 in stock), none short.
    expect(production.needs.map((n) => [n.name, n.required, n.stock, n.shortage])).toEqual([
      [`Cebolla para Salsa roja`, 0.45, 1, 0],
      [`Chile para Salsa roja`, 1.05, 50, 0],
    ]);
    const listed = productionPageSchema.parse((await send(admin, 'GET', '/api/v2/productions?filter[status]=Planeada')).json());
    expect(listed.data.some((row) => row.id === production.id)).toBe(true);

    expect((await send(admin, 'POST', `/api/v2/productions/${production.id}/finish`)).json()).toEqual({
      message: 'La producción aún no se inicia: iníciala primero.',
    });
    const started = await send(admin, 'POST', `/api/v2/productions/${production.id}/start`, undefined, 'iniciar-produccion-01');
    expect(started.statusCode, started.body).toBe(200);
    const replay = await send(admin, 'POST', `/api/v2/productions/${production.id}/start`, undefined, 'iniciar-produccion-01');
    expect(replay.json()).toEqual(started.json());
    expect((await send(admin, 'POST', `/api/v2/productions/${production.id}/start`)).json()).toEqual({
      message: 'La producción ya se inició.',
    });
    expect(productionSchema.parse(started.json()).status).toBe('En proceso');
    expect(await stockOf(chile.id)).toBe(48.95);
    expect(await stockOf(onion.id)).toBe(0.55);
    expect(await stockOf(product.id)).toBe(0);
    expect((await movementsOf(chile.id)).at(-1)).toEqual({
      type: 'Salida Producción',
      quantity: 1.05,
      source: 'produccion',
      production_id: production.id,
      created_by_user_id: 1,
    });

    const finished = await send(admin, 'POST', `/api/v2/productions/${production.id}/finish`, undefined, 'terminar-produccion-01');
    expect(finished.statusCode, finished.body).toBe(200);
    expect((await send(admin, 'POST', `/api/v2/productions/${production.id}/finish`, undefined, 'terminar-produccion-01')).json()).toEqual(
      finished.json(),
    );
    expect((await send(admin, 'POST', `/api/v2/productions/${production.id}/finish`)).json()).toEqual({
      message: 'La producción ya está terminada.',
    });
    expect((await send(admin, 'POST', `/api/v2/productions/${production.id}/start`)).json()).toEqual({
      message: 'La producción ya está terminada.',
    });
    const done = productionSchema.parse(finished.json());
    expect(done.status).toBe('Terminada');
    expect(done.items).toEqual([expect.objectContaining({ item_id: product.id, quantity: 3, entered: 3 })]);
    expect(done.movements.map((m) => [m.item_name, m.type, m.signed_quantity])).toEqual([
      [`Chile para Salsa roja`, 'Salida Producción', -1.05],
      [`Cebolla para Salsa roja`, 'Salida Producción', -0.45],
      ['Salsa roja', 'Entrada Producción', 3],
    ]);
    expect(await stockOf(product.id)).toBe(3);
    expect(await stockOf(chile.id)).toBe(48.95);

    const log = productionLogSchema.parse((await send(admin, 'GET', '/api/v2/mfproductions')).json());
    const entry = log.productions.find((row) => row.id === production.id)!;
    expect(entry.produced).toEqual([{ item_id: product.id, name: 'Salsa roja', unit: 'kg', quantity: 3 }]);
    expect(entry.consumed.map((c) => c.quantity).sort()).toEqual([0.45, 1.05]);
    expect(log.produced.find((row) => row.item_id === product.id)!.quantity).toBe(3);
  });

  it('shows the raw material short of stock, and refuses products without a recipe or repeated', async () => {
    const { product, onion } = await productWithRecipe('Salsa macha', '750999000004');
    const planned = productionSchema.parse(
      (await send(admin, 'POST', '/api/v2/productions', { items: [{ item_id: product.id, quantity: 10 }] })).json(),
    );
    expect(planned.needs.find((n) => n.component_id === onion.id)).toMatchObject({ required: 1.5, stock: 1, shortage: 0.5 });
    const [plain] = await query<{ id: number; name: string }>(
      sql`SELECT id, name FROM items i WHERE NOT EXISTS (SELECT 1 FROM item_components c WHERE c.item_id = i.id) ORDER BY id LIMIT 1`,
    );
    const refuse = async (body: object) => (await send(admin, 'POST', '/api/v2/productions', body)).json<{ message: string }>().message;
    expect(await refuse({ items: [{ item_id: plain!.id, quantity: 1 }] })).toBe(
      `${plain!.name} no tiene receta: agrégala en Materia Prima.`,
    );
    expect(await refuse({ items: [] })).toBe('Agrega al menos un producto.');
    expect(await refuse({ items: [{ item_id: product.id, quantity: 0 }] })).toBe('La cantidad debe ser mayor que cero.');
    expect(await refuse({ items: [{ item_id: product.id, quantity: 1.234 }] })).toBe('La cantidad admite hasta dos decimales.');
    expect(
      await refuse({
        items: [
          { item_id: product.id, quantity: 1 },
          { item_id: product.id, quantity: 2 },
        ],
      }),
    ).toBe('El mismo producto está dos veces.');
  });

  it('refuses to start a run whose raw material would not fit in a movement, and moves nothing', async () => {
    const { product, chile } = await productWithRecipe('Salsa verde', '750999000005');
    await send(admin, 'PUT', `/api/v2/recipes/${product.id}`, { components: [{ component_id: chile.id, quantity: 100_000 }] });
    const planned = productionSchema.parse(
      (await send(admin, 'POST', '/api/v2/productions', { items: [{ item_id: product.id, quantity: 1_000_000 }] })).json(),
    );
    const before = await stockOf(chile.id);
    const started = await send(admin, 'POST', `/api/v2/productions/${planned.id}/start`);
    expect([started.statusCode, started.json()]).toEqual([
      422,
      { message: 'La materia prima que pide esta producción es demasiado grande: revisa la receta y las cantidades.' },
    ]);
    expect(await stockOf(chile.id)).toBe(before);
  });

  it('finishes a production the warehouse started from an order without entering its products twice', async () => {
    const [tomato, box] = await query<{ id: number }>(
      sql`SELECT id FROM items WHERE name IN ('Tomate saladette', 'Caja de tomate saladette 20 kg') ORDER BY name DESC`,
    );
    const [order] = await query<{ id: number }>(
      sql`SELECT id FROM sales WHERE kind = 'sale' AND dispatched_at IS NULL AND NOT is_in_production AND canceled_at IS NULL AND deleted_at IS NULL ORDER BY id LIMIT 1`,
    );
    await t.database.db.execute(sql`DELETE FROM sale_items WHERE sale_id = ${order!.id} AND item_id = ${tomato!.id}`);
    await t.database.db.execute(
      sql`INSERT INTO sale_items (sale_id, item_id, quantity, price) VALUES (${order!.id}, ${tomato!.id}, 4, 24)`,
    );
    const [tomatoBefore, boxBefore] = [await stockOf(tomato!.id), await stockOf(box!.id)];
    const lines = await query<{ item_id: number; quantity: number }>(
      sql`SELECT item_id, quantity::float8 AS quantity FROM sale_items WHERE sale_id = ${order!.id}`,
    );
    const start = await send(warehouse, 'POST', '/api/v2/orders/start_order_production', { id: order!.id, quotation_items: lines });
    expect(start.statusCode, start.body).toBe(200);
    const productionId = start.json<{ production_id: number }>().production_id;
    // The warehouse's start moved both: 4 kg of tomato in, 4 × 0.05 = 0.2 boxes out.
    expect(await stockOf(tomato!.id)).toBeCloseTo(tomatoBefore + 4, 2);
    expect(await stockOf(box!.id)).toBeCloseTo(boxBefore - 0.2, 2);

    const listed = productionPageSchema.parse((await send(admin, 'GET', `/api/v2/productions?filter[sale_id]=${order!.id}`)).json());
    expect(listed.data).toEqual([expect.objectContaining({ id: productionId, status: 'En proceso', sale_id: order!.id })]);
    const finished = await send(warehouse, 'POST', `/api/v2/productions/${productionId}/finish`);
    expect(finished.statusCode, finished.body).toBe(200);
    const view = productionSchema.parse(finished.json());
    expect(view.status).toBe('Terminada');
    expect(view.movements.filter((m) => m.type === 'Entrada Producción').map((m) => [m.item_id, m.quantity])).toEqual([[tomato!.id, 4]]);
    expect(await stockOf(tomato!.id)).toBeCloseTo(tomatoBefore + 4, 2);
    expect(await stockOf(box!.id)).toBeCloseTo(boxBefore - 0.2, 2);
  });

  it('finishes an order’s production started before this version (its movements name no production) without entering anything', async () => {
    const [order] = await query<{ id: number }>(
      sql`SELECT id FROM sales WHERE kind = 'sale' AND dispatched_at IS NULL AND NOT is_in_production AND canceled_at IS NULL AND deleted_at IS NULL ORDER BY id LIMIT 1`,
    );
    const lines = await query<{ item_id: number; quantity: number }>(
      sql`SELECT item_id, quantity::float8 AS quantity FROM sale_items WHERE sale_id = ${order!.id}`,
    );
    const start = await send(warehouse, 'POST', '/api/v2/orders/start_order_production', { id: order!.id, quotation_items: lines });
    expect(start.statusCode, start.body).toBe(200);
    const productionId = start.json<{ production_id: number }>().production_id;
    // As migration 0017 finds the productions started earlier: moved, but not linked, and never started on record.
    await t.database.db.execute(sql`UPDATE inventory_movements SET production_id = NULL WHERE production_id = ${productionId}`);
    await t.database.db.execute(sql`UPDATE productions SET started_at = NULL WHERE id = ${productionId}`);
    const before = await Promise.all(lines.map((line) => stockOf(line.item_id)));
    const finished = await send(warehouse, 'POST', `/api/v2/productions/${productionId}/finish`);
    expect(finished.statusCode, finished.body).toBe(200);
    expect(productionSchema.parse(finished.json())).toMatchObject({ status: 'Terminada', movements: [] });
    expect(await Promise.all(lines.map((line) => stockOf(line.item_id)))).toEqual(before);
  });

  it('answers 403 without productions, inventory or raw_material, and 404 for an unknown production', async () => {
    expect((await send(seller, 'GET', '/api/v2/productions')).statusCode).toBe(403);
    expect((await send(seller, 'POST', '/api/v2/productions/1/start')).statusCode).toBe(403);
    expect((await send(seller, 'GET', '/api/v2/mfproductions')).statusCode).toBe(403);
    expect((await send(seller, 'GET', '/api/v2/recipes')).statusCode).toBe(403);
    // The warehouse produces, but neither edits the catalogue nor the recipes.
    expect((await send(warehouse, 'GET', '/api/v2/items')).statusCode).toBe(403);
    expect((await send(warehouse, 'POST', '/api/v2/items', { ...newItem(), opening_stock: 1 })).statusCode).toBe(403);
    expect((await send(warehouse, 'PATCH', '/api/v2/items/1', { pos: true })).statusCode).toBe(403);
    expect((await send(warehouse, 'PUT', '/api/v2/recipes/1', { components: [] })).statusCode).toBe(403);
    expect((await send(admin, 'GET', '/api/v2/productions/99999999')).statusCode).toBe(404);
    // Odd filters are refused with a reason, never a failure of the server.
    for (const url of [
      '/api/v2/items?filter[name]=%00',
      '/api/v2/items?filter[pos]=tal-vez',
      '/api/v2/productions?filter[status]=Cancelada',
      '/api/v2/recipes?filter[item_id]=x',
    ]) {
      const response = await send(admin, 'GET', url);
      expect(response.statusCode, url).toBeGreaterThanOrEqual(400);
      expect(response.statusCode, url).toBeLessThan(500);
    }
    // A day that does not exist is a 400 with its reason, never a failed cast.
    expect((await send(admin, 'GET', '/api/v2/mfproductions?filter[date_between]=2031-02-31,2031-03-02')).json()).toEqual({
      message: 'La fecha no existe en el calendario.',
    });
    expect((await send(admin, 'POST', '/api/v2/productions/99999999/start')).json()).toEqual({ message: 'La producción no existe.' });
  });
});
