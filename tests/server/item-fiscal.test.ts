import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { itemRowSchema } from '../../domain/schemas/catalogue';
import { importPreviewSchema } from '../../domain/schemas/imports';
import { createdSaleSchema } from '../../domain/schemas/new-sale';
import { saleDetailAnswerSchema } from '../../domain/schemas/quotations';
import { monterreyDateOffset } from '../../domain/time';
import { productsImport } from '../../server/imports/products';
import { bearer, createTestApp, loginAs, type TestApp } from './test-app';

let t: TestApp;
let admin: string;
let seller: string;
let kg: number;
beforeAll(async () => {
  t = await createTestApp();
  [admin, seller] = await Promise.all([loginAs(t.app, 'admin@demo.mx'), loginAs(t.app, 'ventas@demo.mx')]);
  kg = (await query<{ id: number }>(sql`SELECT id FROM units WHERE name = 'kg'`))[0]!.id;
});
afterAll(() => t.close());

async function query<T>(statement: ReturnType<typeof sql>): Promise<T[]> {
  return ((await t.database.db.execute(statement)) as unknown as { rows: T[] }).rows;
}

let keys = 0;
const send = (token: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  t.app.inject({
    method,
    url,
    headers: { ...bearer(token), ...(method !== 'GET' && { 'idempotency-key': `fiscal-${++keys}-${Date.now()}` }) },
    ...(payload && { payload }),
  });

const product = (overrides: object = {}) => ({
  name: 'Jitomate bola de prueba',
  unit_id: kg,
  category_id: null,
  macro: null,
  ean13: null,
  price: 24.35,
  cost: 15,
  weight: 1,
  ...overrides,
});

describe("a product's fiscal data", () => {
  it('is saved and read back: SAT keys, ObjetoImp and rates; left out, a product is taxed as before (02, IVA 16 %)', async () => {
    const plain = itemRowSchema.parse(
      (await send(admin, 'POST', '/api/v2/items', product({ name: 'Producto sin datos fiscales' }))).json(),
    );
    expect(plain).toMatchObject({ clave_prod_serv: null, clave_unidad: null, objeto_imp: '02', iva_rate: 0.16, ieps_rate: null });

    const body = product({ clave_prod_serv: '50406500', clave_unidad: 'kgm', objeto_imp: '02', iva_rate: 0, ieps_rate: null });
    const created = await send(admin, 'POST', '/api/v2/items', body);
    expect(created.statusCode, created.body).toBe(201);
    const item = itemRowSchema.parse(created.json());
    expect(item).toMatchObject({ clave_prod_serv: '50406500', clave_unidad: 'KGM', objeto_imp: '02', iva_rate: 0, ieps_rate: null });

    const edited = await send(admin, 'PUT', `/api/v2/items/${item.id}`, { ...body, iva_rate: null, ieps_rate: 0.08 });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(itemRowSchema.parse((await send(admin, 'GET', `/api/v2/items/${item.id}`)).json())).toMatchObject({
      iva_rate: null,
      ieps_rate: 0.08,
    });
  });

  it('is refused with a Spanish message naming the field: key of 8 digits, unknown unit key, rates, taxes outside the object', async () => {
    const message = async (overrides: object) => {
      const response = await send(admin, 'POST', '/api/v2/items', product(overrides));
      expect(response.statusCode, response.body).toBe(422);
      return response.json<{ message: string }>().message;
    };
    expect(await message({ clave_prod_serv: '5040650' })).toBe('La clave SAT del producto debe tener 8 dígitos.');
    expect(await message({ clave_prod_serv: '5040650A' })).toBe('La clave SAT del producto debe tener 8 dígitos.');
    expect(await message({ clave_unidad: 'ZZZ' })).toBe('La clave de unidad no es una del catálogo del SAT que se ofrece.');
    expect(await message({ iva_rate: 0.1 })).toBe('El IVA debe ser 16 %, 8 %, 0 % o exento.');
    expect(await message({ ieps_rate: 0.11 })).toContain('El IEPS debe ser una tasa del catálogo del SAT');
    expect(await message({ objeto_imp: '09' })).toBe('El objeto de impuesto debe ser 01, 02, 03 o 04.');
    expect(await message({ objeto_imp: '01', iva_rate: 0.16 })).toBe(
      'Un producto que no causa impuesto (objeto 01 o 04) no lleva IVA ni IEPS: elige Exento.',
    );
  });
});

describe('a sale of products with different taxes', () => {
  it('charges IVA only on the 16 % product, and none on a product outside the taxes', async () => {
    const make = async (name: string, fiscal: object) =>
      itemRowSchema.parse((await send(admin, 'POST', '/api/v2/items', product({ name, ...fiscal }))).json());
    const tomato = await make('Tomate tasa cero', { price: 24.35, iva_rate: 0 });
    const bag = await make('Bolsa con IVA', { price: 3.45, iva_rate: 0.16 });
    const outside = await make('Flete no objeto', { price: 100, objeto_imp: '01', iva_rate: null });
    const [company] = await query<{ id: number }>(sql`SELECT id FROM companies ORDER BY id LIMIT 1`);
    const sale = async (items: { item_id: number; quantity: number }[]) => {
      const response = await send(seller, 'POST', '/api/v2/sales', {
        company_id: company!.id,
        company_branch_id: null,
        date: monterreyDateOffset(new Date(), 1),
        type: 'Serie A',
        note: null,
        internal_note: null,
        purchase_order: null,
        bar: false,
        items,
      });
      expect(response.statusCode, response.body).toBe(201);
      return createdSaleSchema.parse(response.json());
    };
    // 12.5 kg × 24.35 = 304.38 at 0 %; 7 × 3.45 = 24.15 at 16 % → 3.86.
    const mixed = await sale([
      { item_id: tomato.id, quantity: 12.5 },
      { item_id: bag.id, quantity: 7 },
    ]);
    expect([mixed.subtotal, mixed.iva, mixed.total]).toEqual([328.53, 3.86, 332.39]);
    const untaxed = await sale([
      { item_id: outside.id, quantity: 1 },
      { item_id: tomato.id, quantity: 1 },
    ]);
    expect([untaxed.subtotal, untaxed.iva, untaxed.total]).toEqual([124.35, 0, 124.35]);
  });
});

describe('a line keeps the taxes it was sold with', () => {
  const make = async (name: string, fiscal: object) =>
    itemRowSchema.parse((await send(admin, 'POST', '/api/v2/items', product({ name, ...fiscal }))).json());
  /** The product is taxed at 16 % from now on: what a change of its IVA after a sale looks like. */
  const taxAtSixteen = async (item: { id: number; name: string; price: number }) => {
    const edited = await send(admin, 'PUT', `/api/v2/items/${item.id}`, product({ name: item.name, price: item.price, iva_rate: 0.16 }));
    expect(edited.statusCode, edited.body).toBe(200);
    expect(itemRowSchema.parse(edited.json()).iva_rate).toBe(0.16);
  };
  const linesOf = (saleId: number) =>
    query<{ item_id: number; objeto_imp: string; iva_rate: number | null; ieps_rate: number | null }>(
      sql`SELECT item_id, objeto_imp, iva_rate::float8 AS iva_rate, ieps_rate::float8 AS ieps_rate FROM sale_items WHERE sale_id = ${saleId} ORDER BY id`,
    );
  const totalsOf = async (saleId: number) =>
    (
      await query<{ subtotal: number; iva: number; total: number }>(
        sql`SELECT subtotal::float8 AS subtotal, iva::float8 AS iva, total::float8 AS total FROM sales WHERE id = ${saleId}`,
      )
    )[0];
  const cart = async () => {
    const [company] = await query<{ id: number; contact: number | null }>(
      sql`SELECT c.id, (SELECT min(id) FROM contacts WHERE company_id = c.id) AS contact FROM companies c ORDER BY c.id LIMIT 1`,
    );
    return {
      company_id: company!.id,
      company_branch_id: null,
      date: monterreyDateOffset(new Date(), 1),
      type: 'Serie A',
      note: null,
      internal_note: null,
      purchase_order: null,
      contact: company!.contact,
    };
  };

  it('a sale of a product at 0 % keeps 0 % on its line, and its totals, after the product goes to 16 %', async () => {
    const lettuce = await make('Lechuga tasa cero guardada', { price: 20, iva_rate: 0 });
    const box = await make('Caja con IEPS guardada', { price: 10, iva_rate: 0.16, ieps_rate: 0.08 });
    const freight = await make('Flete no objeto guardado', { price: 50, objeto_imp: '01', iva_rate: null });
    const { contact: _contact, ...order } = await cart();
    const response = await send(seller, 'POST', '/api/v2/sales', {
      ...order,
      bar: false,
      items: [
        { item_id: lettuce.id, quantity: 10 },
        { item_id: box.id, quantity: 2 },
        { item_id: freight.id, quantity: 1 },
      ],
    });
    expect(response.statusCode, response.body).toBe(201);
    const sale = createdSaleSchema.parse(response.json());
    const sold = [
      { item_id: lettuce.id, objeto_imp: '02', iva_rate: 0, ieps_rate: null },
      { item_id: box.id, objeto_imp: '02', iva_rate: 0.16, ieps_rate: 0.08 },
      { item_id: freight.id, objeto_imp: '01', iva_rate: null, ieps_rate: null },
    ];
    expect(await linesOf(sale.id)).toEqual(sold);
    const totals = await totalsOf(sale.id);
    expect(totals).toEqual({ subtotal: sale.subtotal, iva: sale.iva, total: sale.total });

    await taxAtSixteen(lettuce);
    expect(await linesOf(sale.id)).toEqual(sold);
    expect(await totalsOf(sale.id)).toEqual(totals);
  });

  it("a quotation turned into a sale keeps the quoted rates, not the product's new ones", async () => {
    const melon = await make('Melón tasa cero cotizado', { price: 30, iva_rate: 0 });
    const { contact, ...order } = await cart();
    const quoted = await send(seller, 'POST', '/api/v2/quotations', {
      ...order,
      contact_id: contact,
      due_date: monterreyDateOffset(new Date(), 10),
      items: [{ item_id: melon.id, quantity: 4 }],
    });
    expect(quoted.statusCode, quoted.body).toBe(201);
    const quotation = saleDetailAnswerSchema.parse(quoted.json()).data;
    expect([quotation.subtotal, quotation.iva, quotation.total]).toEqual([120, 0, 120]);
    expect(await linesOf(quotation.id)).toEqual([{ item_id: melon.id, objeto_imp: '02', iva_rate: 0, ieps_rate: null }]);

    await taxAtSixteen(melon);
    const sold = await send(seller, 'POST', `/api/v2/quotations/${quotation.id}/sale`, {});
    expect(sold.statusCode, sold.body).toBe(201);
    const sale = saleDetailAnswerSchema.parse(sold.json()).data;
    expect(sale.id).not.toBe(quotation.id);
    expect(await linesOf(sale.id)).toEqual([{ item_id: melon.id, objeto_imp: '02', iva_rate: 0, ieps_rate: null }]);
    expect(await totalsOf(sale.id)).toEqual({ subtotal: 120, iva: 0, total: 120 });
  });
});

describe('the products import', () => {
  const csv = (lines: string[]) => `${lines.join('\r\n')}\r\n`;
  const upload = (body: string, commit = false) =>
    t.app.inject({
      method: 'POST',
      url: `/api/v2/imports/products${commit ? '' : '/preview'}?${new URLSearchParams({ file: 'productos.csv', columns: '{}' })}`,
      headers: {
        ...bearer(admin),
        'content-type': 'application/octet-stream',
        ...(commit && { 'idempotency-key': `fiscal-import-${++keys}-${Date.now()}` }),
      },
      payload: Buffer.from(body, 'utf8'),
    });
  const HEADER = 'Nombre,Unidad,Precio,Costo,Clave SAT,Clave unidad,Objeto impuesto,IVA,IEPS';

  it('reads the fiscal columns, names the column of a bad value, and exports them back', async () => {
    const bad = importPreviewSchema.parse(
      (
        await upload(
          csv([
            HEADER,
            'Cebolla importada,kg,22,15,5040530,KGM,02,0%,',
            'Chile importado,kg,26,18,50405600,QQQ,02,veinte,',
            'Papa importada,kg,21,14,50405700,KGM,02,16%,11',
          ]),
        )
      ).json(),
    );
    expect(bad.errors).toEqual([
      { row: 2, column: 'Clave SAT', message: 'La clave SAT del producto debe tener 8 dígitos.' },
      { row: 3, column: 'Clave unidad', message: 'La clave de unidad no es una del catálogo del SAT que se ofrece.' },
      { row: 3, column: 'IVA', message: 'El IVA debe ser 16 %, 8 %, 0 % o exento.' },
      { row: 4, column: 'IEPS', message: expect.stringContaining('El IEPS debe ser una tasa del catálogo del SAT') },
    ]);

    const good = csv([
      HEADER,
      'Cebolla importada,kg,22,15,50405300,KGM,02,0%,',
      'Botana importada,pieza,18.90,10,50161800,H87,02,16,8',
      'Servicio exento importado,pieza,100,0,01010101,E48,02,Exento,',
    ]);
    expect(importPreviewSchema.parse((await upload(good, true)).json())).toMatchObject({ create: 3, written: true });
    expect(
      await query(
        sql`SELECT name, clave_prod_serv, clave_unidad, objeto_imp, iva_rate::float8 AS iva_rate, ieps_rate::float8 AS ieps_rate
          FROM items WHERE name LIKE '%importad%' ORDER BY name`,
      ),
    ).toEqual([
      { name: 'Botana importada', clave_prod_serv: '50161800', clave_unidad: 'H87', objeto_imp: '02', iva_rate: 0.16, ieps_rate: 0.08 },
      { name: 'Cebolla importada', clave_prod_serv: '50405300', clave_unidad: 'KGM', objeto_imp: '02', iva_rate: 0, ieps_rate: null },
      {
        name: 'Servicio exento importado',
        clave_prod_serv: '01010101',
        clave_unidad: 'E48',
        objeto_imp: '02',
        iva_rate: null,
        ieps_rate: null,
      },
    ]);
    // A file without the fiscal columns leaves what a product has.
    expect(
      importPreviewSchema.parse((await upload(csv(['Nombre,Unidad,Precio,Costo', 'Cebolla importada,kg,23,15']), true)).json()),
    ).toMatchObject({
      update: 1,
    });
    expect(await query(sql`SELECT iva_rate::float8 AS iva_rate, clave_prod_serv FROM items WHERE name = 'Cebolla importada'`)).toEqual([
      { iva_rate: 0, clave_prod_serv: '50405300' },
    ]);

    const exported = (await productsImport.exportRows(t.database.db)).filter((row) => String(row.name).includes('importad'));
    expect(exported.map((row) => [row.name, row.clave_prod_serv, row.clave_unidad, row.objeto_imp, row.iva, row.ieps])).toEqual([
      ['Botana importada', '50161800', 'H87', '02', '16 %', '8 %'],
      ['Cebolla importada', '50405300', 'KGM', '02', '0 %', null],
      ['Servicio exento importado', '01010101', 'E48', '02', 'Exento', null],
    ]);
  });
});
