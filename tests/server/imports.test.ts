import { zipSync, strToU8 } from 'fflate';
import iconv from 'iconv-lite';
import { sql } from 'drizzle-orm';
import { fiscalMessages } from '../../domain/messages/fiscal';
import { readSheet } from 'read-excel-file/node';
import readExcelFile from 'read-excel-file/node';
import * as XLSX from 'xlsx';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importPreviewSchema } from '../../domain/schemas/imports';
import { customerBalanceSchema } from '../../domain/schemas/collections';
import { companyDetailAnswerSchema, companyPageSchema } from '../../domain/schemas/customers';
import { bearer, createTestApp, loginAs, type TestApp } from './test-app';

let t: TestApp;
let admin: string;
let seller: string;
let warehouse: string;
beforeAll(async () => {
  t = await createTestApp();
  [admin, seller, warehouse] = await Promise.all([
    loginAs(t.app, 'admin@demo.mx'),
    loginAs(t.app, 'ventas@demo.mx'),
    loginAs(t.app, 'almacen@demo.mx'),
  ]);
});
afterAll(() => t.close());

async function query<T>(statement: ReturnType<typeof sql>): Promise<T[]> {
  return ((await t.database.db.execute(statement)) as unknown as { rows: T[] }).rows;
}

let keys = 0;
/** Sends a file as 'Importar' does: its bytes as the body, its name and the chosen columns in the query. */
function upload(
  kind: string,
  body: Buffer | string,
  options: { file?: string; token?: string; columns?: object; commit?: boolean; key?: string } = {},
) {
  const search = new URLSearchParams({ file: options.file ?? 'archivo.csv', columns: JSON.stringify(options.columns ?? {}) });
  return t.app.inject({
    method: 'POST',
    url: `/api/v2/imports/${kind}${options.commit ? '' : '/preview'}?${search}`,
    headers: {
      ...bearer(options.token ?? admin),
      'content-type': 'application/octet-stream',
      ...(options.commit && { 'idempotency-key': options.key ?? `importacion-${++keys}-${Date.now()}` }),
    },
    payload: typeof body === 'string' ? Buffer.from(body, 'utf8') : body,
  });
}

const csv = (lines: string[]) => `${lines.join('\r\n')}\r\n`;
const xlsx = (rows: unknown[][]) => {
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(rows), 'Datos');
  return XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer;
};

const CUSTOMER_HEADER =
  'Nombre,Razón social,RFC,Días de crédito,Dirección de entrega,Sucursal,Dirección de sucursal,Contacto,Apellidos del contacto,Teléfono del contacto,Correo del contacto';
const customersFile = (creditDays = '15') =>
  csv([
    CUSTOMER_HEADER,
    `Fruteria Importada,Frutería Importada SA de CV,FIM010203AB3,${creditDays},Av. Juárez 1,Norte,Av. Norte 10,Ana,Pérez,8110000001,ana@fim.mx`,
    'Fruteria Importada,,FIM010203AB3,,,Sur,Av. Sur 20,Luis,Gómez,,',
    '"Abarrotes ""El Sol""",Abarrotes El Sol SA,,0,Calle 5,,,,,,',
  ]);

describe('Importar: customers', () => {
  it('previews a valid file without writing, then imports it once: customers, branches and contacts, one Bitácora entry', async () => {
    const before = await query<{ count: number }>(sql`SELECT count(*)::int AS count FROM companies`);
    const preview = await upload('customers', customersFile(), { file: 'clientes.csv' });
    expect(preview.statusCode).toBe(200);
    const checked = importPreviewSchema.parse(preview.json());
    expect(checked).toMatchObject({ rows: 3, create: 2, update: 0, unchanged: 0, error_count: 0, written: false });
    expect(checked.totals).toEqual([
      { label: 'Clientes', value: 2, money: false },
      { label: 'Sucursales', value: 2, money: false },
      { label: 'Contactos', value: 2, money: false },
    ]);
    expect((await query<{ count: number }>(sql`SELECT count(*)::int AS count FROM companies`))[0]!.count).toBe(before[0]!.count);

    const imported = await upload('customers', customersFile(), { file: 'clientes.csv', commit: true });
    expect(imported.statusCode).toBe(200);
    expect(importPreviewSchema.parse(imported.json())).toMatchObject({ create: 2, written: true });
    const found = companyPageSchema.parse(
      (await t.app.inject({ method: 'GET', url: '/api/v2/companies?filter[search]=Importada', headers: bearer(admin) })).json(),
    );
    expect(found.data.map((row) => [row.razon_social, row.rfc, row.credit_days])).toEqual([
      ['Frutería Importada SA de CV', 'FIM010203AB3', 15],
    ]);
    const detail = companyDetailAnswerSchema.parse(
      (await t.app.inject({ method: 'GET', url: `/api/v2/companies/${found.data[0]!.id}`, headers: bearer(admin) })).json(),
    ).data;
    expect(detail.branches.map((branch) => [branch.name, branch.address])).toEqual([
      ['Norte', 'Av. Norte 10'],
      ['Sur', 'Av. Sur 20'],
    ]);
    expect(detail.contacts.map((contact) => [contact.name, contact.last, contact.email])).toEqual([
      ['Ana', 'Pérez', 'ana@fim.mx'],
      ['Luis', 'Gómez', null],
    ]);
    const logs = await query<{ action: string; entity: string; after: Record<string, unknown> }>(
      sql`SELECT action, entity, after FROM logs WHERE request_id IS NOT NULL AND created_at > now() - interval '1 minute' AND (entity IN ('companies', 'company_branches', 'contacts'))`,
    );
    expect(logs).toEqual([
      { action: 'import', entity: 'companies', after: { archivo: 'clientes.csv', filas: 3, nuevos: 2, actualizados: 0, sin_cambios: 0 } },
    ]);
  });

  it('re-importing the same file changes nothing; a corrected one updates instead of duplicating', async () => {
    const again = importPreviewSchema.parse((await upload('customers', customersFile(), { commit: true })).json());
    expect(again).toMatchObject({ create: 0, update: 0, unchanged: 2, written: true });
    const corrected = importPreviewSchema.parse((await upload('customers', customersFile('30'), { commit: true })).json());
    expect(corrected).toMatchObject({ create: 0, update: 1, unchanged: 1 });
    const rows = await query<{ credit_days: number; branches: number }>(
      sql`SELECT credit_days, (SELECT count(*)::int FROM company_branches b WHERE b.company_id = c.id) AS branches FROM companies c WHERE rfc = 'FIM010203AB3'`,
    );
    expect(rows).toEqual([{ credit_days: 30, branches: 2 }]);
  });

  it('reports every bad row by row and column and writes nothing', async () => {
    const bad = csv([
      CUSTOMER_HEADER,
      'Uno,Uno SA,RFC-MALO,5,,,,,,,',
      'Dos,Dos SA,,cinco,,,,,,,',
      'Tres,Tres SA,,0,,,,Pedro,,,pedro-at-correo',
      'Cuatro,Cuatro SA,,0,,,,,,,',
    ]);
    const before = await query<{ count: number }>(sql`SELECT count(*)::int AS count FROM companies`);
    const answer = await upload('customers', bad, { commit: true });
    expect(answer.statusCode).toBe(422);
    const body = answer.json<{ message: string; errors: unknown[]; error_count: number; written: boolean }>();
    expect(body.message).toBe('El archivo tiene errores: no se importó nada.');
    expect(body.written).toBe(false);
    expect(body.errors).toEqual([
      { row: 2, column: 'RFC', message: 'RFC inválido: 3 o 4 letras, la fecha en 6 dígitos (AAMMDD) y 3 caracteres de homoclave.' },
      { row: 3, column: 'Días de crédito', message: 'No es un número (use 1234.50 o 1,234.50).' },
      { row: 4, column: 'Correo del contacto', message: 'E-mail inavlido.' },
    ]);
    expect((await query<{ count: number }>(sql`SELECT count(*)::int AS count FROM companies`))[0]!.count).toBe(before[0]!.count);
  });

  it('reads a Windows-1252 file separated by semicolons, with its own column names mapped by the person', async () => {
    const latin = Buffer.from(
      new Uint8Array([...'Cliente;Razón social;Crédito\r\nCremería;Cremería Ñandú SA;7\r\n'].map((char) => char.charCodeAt(0))),
    );
    const unmapped = importPreviewSchema.parse((await upload('customers', latin)).json());
    expect(unmapped.columns).toEqual([
      { header: 'Cliente', field: 'name' },
      { header: 'Razón social', field: 'razon_social' },
      { header: 'Crédito', field: 'credit_days' },
    ]);
    const mapped = importPreviewSchema.parse((await upload('customers', latin, { columns: { Crédito: '' }, commit: true })).json());
    expect(mapped.columns[2]).toEqual({ header: 'Crédito', field: null });
    expect(mapped).toMatchObject({ create: 1, written: true });
    expect(await query(sql`SELECT name, credit_days FROM companies WHERE razon_social = 'Cremería Ñandú SA'`)).toEqual([
      { name: 'Cremería', credit_days: 0 },
    ]);
  });

  it('keeps the Windows-1252 punctuation Excel writes (’ “ ” – — … €) in a file saved as CSV on Windows', async () => {
    const razon = 'Dulcería “La Abuela” – Pan’s SA';
    const references = 'Portón verde — cobra en € … o pesos';
    const file = iconv.encode(csv(['Nombre;Razón social;Referencias de entrega', `Dulcería;${razon};${references}`]), 'windows-1252');
    // The bytes a Windows Excel writes: one byte per character, 0x80–0x9F for this punctuation.
    expect(file.includes(0x93) && file.includes(0x97) && file.includes(0x80)).toBe(true);
    const imported = await upload('customers', file, { file: 'dulceria.csv', commit: true });
    expect(importPreviewSchema.parse(imported.json())).toMatchObject({ create: 1, error_count: 0, written: true });
    expect(await query(sql`SELECT name, delivery_references FROM companies WHERE razon_social = ${razon}`)).toEqual([
      { name: 'Dulcería', delivery_references: references },
    ]);
  });

  it('imports the exported customers back unchanged: phones written +52, two contacts of one name', async () => {
    const [company] = await query<{ id: number }>(sql`SELECT id FROM companies WHERE deleted_at IS NULL ORDER BY id LIMIT 1`);
    await t.database.db.execute(sql`INSERT INTO contacts (company_id, name, last, phone, email) VALUES
      (${company!.id}, 'Rosa', 'Treviño', '+52 81 1234 5678', 'rosa.compras@cliente.mx'),
      (${company!.id}, 'Rosa', 'Treviño', '+52 81 8765 4321', NULL),
      (${company!.id}, 'Rosa', 'Treviño', '-', NULL)`);
    const stored = () =>
      query(sql`SELECT c.id, c.name, c.razon_social, c.rfc, c.credit_days, c.delivery_address, c.delivery_references, c.delivery_time, c.updated_at,
        (SELECT json_agg(json_build_object('name', b.name, 'address', b.address) ORDER BY b.id) FROM company_branches b WHERE b.company_id = c.id) AS branches,
        (SELECT json_agg(json_build_object('name', p.name, 'last', p.last, 'phone', p.phone, 'email', p.email) ORDER BY p.id) FROM contacts p WHERE p.company_id = c.id) AS people
        FROM companies c WHERE c.deleted_at IS NULL ORDER BY c.id`);
    const before = await stored();
    const exported = await t.app.inject({ method: 'GET', url: '/api/v2/imports/customers/export', headers: bearer(admin) });
    expect(exported.statusCode).toBe(200);
    const back = await upload('customers', exported.rawPayload, { file: 'clientes.xlsx', commit: true });
    expect(back.json()).toMatchObject({ errors: [], error_count: 0, create: 0, update: 0, unchanged: before.length, written: true });
    expect(await stored()).toEqual(before);
  });

  it('brings the régimen fiscal and CP fiscal in, checked with the RFC as the SAT checks them, and exports them', async () => {
    const header = 'Razón social,RFC,Régimen fiscal,CP fiscal';
    const bad = csv([
      header,
      'Fiscal Moral Uno,EKU9003173C9,612,64000', // a persona física's régimen for a moral RFC
      'Fiscal Dígito,EKU9003173C8,601,64000', // the check digit does not match
      'Fiscal CP,GODE561231GR8,612,640', // a CP of 3 digits
    ]);
    expect(importPreviewSchema.parse((await upload('customers', bad)).json()).errors).toEqual([
      { row: 2, column: 'Régimen fiscal', message: 'Régimen fiscal: el 612 no aplica a una persona moral (RFC de 12 caracteres).' },
      { row: 3, column: 'RFC', message: fiscalMessages.rfcCheckDigit },
      { row: 4, column: 'CP fiscal', message: fiscalMessages.cpFiscal },
    ]);
    // '601 General de Ley…' as the SAT prints it is the key 601; a CP that lost its leading zero gets it back.
    const good = csv([
      header,
      'Fiscal Kemper,EKU9003173C9,601 General de Ley Personas Morales,64000',
      'Fiscal Daniel,GODE561231GR8,612,1000',
    ]);
    expect(importPreviewSchema.parse((await upload('customers', good, { commit: true })).json())).toMatchObject({
      errors: [],
      create: 2,
      written: true,
    });
    expect(
      await query(sql`SELECT rfc, regimen_fiscal, cp_fiscal FROM companies WHERE razon_social LIKE 'Fiscal %' ORDER BY razon_social`),
    ).toEqual([
      { rfc: 'GODE561231GR8', regimen_fiscal: '612', cp_fiscal: '01000' },
      { rfc: 'EKU9003173C9', regimen_fiscal: '601', cp_fiscal: '64000' },
    ]);
    const exported = await readSheet(
      (await t.app.inject({ method: 'GET', url: '/api/v2/imports/customers/export', headers: bearer(admin) })).rawPayload,
    );
    const [head, ...data] = exported;
    const at = (name: string) => head!.indexOf(name);
    expect(at('Régimen fiscal')).toBeGreaterThan(-1);
    expect(data.find((row) => row[at('RFC')] === 'EKU9003173C9')?.[at('CP fiscal')]).toBe('64000');
    expect(data.find((row) => row[at('RFC')] === 'GODE561231GR8')?.[at('Régimen fiscal')]).toBe('612');
  });

  it('takes two people of one name as two contacts, and refuses a row typed twice', async () => {
    const file = (...phones: string[]) =>
      csv([CUSTOMER_HEADER, ...phones.map((phone) => `Gemelos,Gemelos SA,GEM010203AB2,0,,,,Ana,Pérez,${phone},`)]);
    expect(importPreviewSchema.parse((await upload('customers', file('8110000001', '8110000002'))).json())).toMatchObject({
      error_count: 0,
      totals: [
        { label: 'Clientes', value: 1, money: false },
        { label: 'Sucursales', value: 0, money: false },
        { label: 'Contactos', value: 2, money: false },
      ],
    });
    expect(importPreviewSchema.parse((await upload('customers', file('8110000001', '8110000002', '8110000001'))).json()).errors).toEqual([
      { row: 4, column: 'Contacto', message: 'Repetido: ya está en la fila 2.' },
    ]);
  });

  it('fills an empty Nombre from the Razón social, as the template says, and refuses an empty Razón social', async () => {
    const template = await readExcelFile(
      (await t.app.inject({ method: 'GET', url: '/api/v2/imports/customers/template', headers: bearer(admin) })).rawPayload,
    );
    const help = template.find((sheet) => sheet.sheet === 'Instrucciones')!.data;
    expect(help.find((row) => row[0] === 'Nombre')).toEqual([
      'Nombre',
      'No',
      'Nombre comercial del cliente; si se deja vacío se usa la razón social.',
      'Abarrotes La Luz',
    ]);
    expect(help.find((row) => row[0] === 'Razón social')?.[1]).toBe('Sí');

    const file = csv(['Nombre,Razón social,RFC', ',Sin Nombre Comercial SA,', 'Solo Comercial,,', 'Con RFC,,SNC010203AB1']);
    expect(importPreviewSchema.parse((await upload('customers', file)).json()).errors).toEqual([
      { row: 3, column: 'Razón social', message: 'Es obligatorio.' },
      { row: 4, column: 'Razón social', message: 'Es obligatorio.' },
    ]);
    const withoutName = csv(['Razón social,RFC', 'Sin Nombre Comercial SA,']);
    expect(importPreviewSchema.parse((await upload('customers', withoutName, { commit: true })).json())).toMatchObject({
      errors: [],
      create: 1,
      written: true,
    });
    expect(await query(sql`SELECT name FROM companies WHERE razon_social = 'Sin Nombre Comercial SA'`)).toEqual([
      { name: 'Sin Nombre Comercial SA' },
    ]);
  });

  it('writes a large file in parts on the embedded database, answering other requests meanwhile, with one Bitácora entry', async () => {
    const count = 300;
    const file = csv([
      'Nombre,Razón social,Sucursal,Dirección de sucursal',
      ...Array.from({ length: count }, (_, n) => `Partes ${n},Cliente en partes ${n} SA,Matriz,Calle ${n}`),
    ]);
    const importing = upload('customers', file, { file: 'partes.csv', commit: true });
    let done = false;
    void importing.finally(() => (done = true));
    let answered = 0;
    while (!done) {
      expect((await t.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
      if (!done) answered += 1;
      // As requests arrive from the network: in a later turn of the event loop, which the import yields to.
      await new Promise((resolve) => setImmediate(resolve));
    }
    expect(importPreviewSchema.parse((await importing).json())).toMatchObject({ create: count, error_count: 0, written: true });
    // One transaction for the whole file kept /healthz waiting until it ended.
    expect(answered).toBeGreaterThan(3);
    expect(
      await query(sql`SELECT count(DISTINCT c.id)::int AS companies, count(b.id)::int AS branches
        FROM companies c JOIN company_branches b ON b.company_id = c.id WHERE c.razon_social LIKE 'Cliente en partes %'`),
    ).toEqual([{ companies: count, branches: count }]);
    expect(
      await query(sql`SELECT count(*)::int AS entries FROM logs WHERE action = 'import' AND after ->> 'archivo' = 'partes.csv'`),
    ).toEqual([{ entries: 1 }]);
  });

  it('says which required column is missing', async () => {
    const answer = importPreviewSchema.parse((await upload('customers', csv(['Nombre', 'Solo nombre']))).json());
    expect(answer.errors[0]).toEqual({
      row: null,
      column: 'Razón social',
      message: 'Falta la columna «Razón social»: elija cuál de su archivo la tiene.',
    });
  });
});

describe('Importar: products, stock and balances', () => {
  it('imports products from .xlsx checked by the product form (EAN-13 check digit, units from Catálogos)', async () => {
    const [unit] = await query<{ name: string }>(sql`SELECT name FROM units ORDER BY id LIMIT 1`);
    const file = xlsx([
      ['Nombre', 'Unidad', 'EAN-13', 'Precio', 'Costo', 'Peso (kg)'],
      ['Mango importado', unit!.name, 7501234567893, '1,250.50', 900, 1],
      ['Papaya importada', 'Toneladas', '7501234567890', 'diez', 5, 1],
    ]);
    const bad = importPreviewSchema.parse((await upload('products', file, { file: 'productos.xlsx' })).json());
    expect(bad.errors).toEqual([
      { row: 3, column: 'Unidad', message: 'La unidad «Toneladas» no existe: agréguela en Catálogos.' },
      { row: 3, column: 'Precio', message: 'No es un número (use 1234.50 o 1,234.50).' },
      {
        row: 3,
        column: 'EAN-13',
        message: 'El código EAN-13 no es válido: deben ser 13 dígitos y el último debe ser el dígito verificador.',
      },
    ]);
    const good = xlsx([
      ['Nombre', 'Unidad', 'EAN-13', 'Precio', 'Costo', 'Peso (kg)'],
      ['Mango importado', unit!.name, 7501234567893, '1,250.50', 900, 1],
    ]);
    expect(importPreviewSchema.parse((await upload('products', good, { commit: true })).json())).toMatchObject({
      create: 1,
      written: true,
    });
    expect(await query(sql`SELECT name, ean13, price::float8 AS price FROM items WHERE ean13 = '7501234567893'`)).toEqual([
      { name: 'Mango importado', ean13: '7501234567893', price: 1250.5 },
    ]);
    expect(importPreviewSchema.parse((await upload('products', good, { commit: true })).json())).toMatchObject({ create: 0, unchanged: 1 });
  });

  it('records opening stock as Ajuste Manual by the difference, at the date of the file; re-importing moves nothing', async () => {
    const [branch] = await query<{ name: string }>(sql`SELECT name FROM branches ORDER BY id LIMIT 1`);
    const file = (quantity: string) => csv(['Sucursal,EAN-13,Existencia,Fecha', `${branch!.name},7501234567893,${quantity},15/11/2026`]);
    expect(importPreviewSchema.parse((await upload('stock', file('40'), { commit: true })).json())).toMatchObject({
      create: 1,
      written: true,
    });
    expect(importPreviewSchema.parse((await upload('stock', file('40'), { commit: true })).json())).toMatchObject({
      create: 0,
      update: 0,
      unchanged: 1,
    });
    expect(importPreviewSchema.parse((await upload('stock', file('35.5'), { commit: true })).json())).toMatchObject({ update: 1 });
    const moves = await query<{ type: string; quantity: number; day: string }>(
      sql`SELECT m.type, m.quantity::float8 AS quantity, to_char(m.created_at AT TIME ZONE 'America/Monterrey', 'YYYY-MM-DD') AS day
        FROM inventory_movements m JOIN items i ON i.id = m.item_id WHERE i.ean13 = '7501234567893' ORDER BY m.id`,
    );
    expect(moves).toEqual([
      { type: 'Ajuste Manual', quantity: 40, day: '2026-11-15' },
      { type: 'Ajuste Manual', quantity: -4.5, day: '2026-11-15' },
    ]);
  });

  it('turns unpaid invoices into delivered sales owed in full, which payments then apply to oldest first', async () => {
    const file = csv([
      'Cliente;Folio;Fecha;Vencimiento;Importe',
      'FIM010203AB3;F-100;01/10/2026;;"1,000.00"',
      'Frutería Importada SA de CV;F-101;2026-10-20;2026-11-30;250,50',
    ]);
    const imported = importPreviewSchema.parse((await upload('balances', file, { token: seller, commit: true })).json());
    expect(imported).toMatchObject({ create: 2, written: true });
    expect(imported.totals).toContainEqual({ label: 'Importe adeudado', value: 1250.5, money: true });
    const [company] = await query<{ id: number }>(sql`SELECT id FROM companies WHERE rfc = 'FIM010203AB3'`);
    const open = customerBalanceSchema.parse(
      (await t.app.inject({ method: 'GET', url: `/api/v2/balances/${company!.id}`, headers: bearer(seller) })).json(),
    );
    expect(open.data.map((sale) => [sale.due_date, sale.due_balance])).toEqual([
      ['2026-10-31', 1000],
      ['2026-11-30', 250.5],
    ]);
    // Not an order to fill, nor one to put on a route.
    expect(await query(sql`SELECT count(*)::int AS count FROM sales WHERE folio IS NOT NULL AND dispatched_at IS NULL`)).toEqual([
      { count: 0 },
    ]);

    const [method] = await query<{ id: number }>(sql`SELECT id FROM payment_methods ORDER BY id LIMIT 1`);
    const paid = await t.app.inject({
      method: 'POST',
      url: '/api/v2/collections',
      headers: { ...bearer(seller), 'idempotency-key': `cobro-importado-${Date.now()}` },
      payload: { company_id: company!.id, date: '2026-11-27', amount: 1100, payment_method_id: method!.id },
    });
    expect(paid.statusCode).toBe(201);
    expect(
      await query(sql`SELECT folio, due_balance::float8 AS due_balance FROM sales WHERE folio IN ('F-100', 'F-101') ORDER BY folio`),
    ).toEqual([
      { folio: 'F-100', due_balance: 0 },
      { folio: 'F-101', due_balance: 150.5 },
    ]);
    // Re-importing keeps what was paid; an amount below it is refused.
    expect(importPreviewSchema.parse((await upload('balances', file, { token: seller, commit: true })).json())).toMatchObject({
      unchanged: 2,
    });
    const lower = csv(['Cliente,Folio,Fecha,Importe', 'FIM010203AB3,F-100,01/10/2026,500']);
    expect(importPreviewSchema.parse((await upload('balances', lower, { token: seller })).json()).errors).toEqual([
      { row: 2, column: 'Importe', message: 'Ya tiene cobros por $1,000.00: el importe no puede ser menor.' },
    ]);
  });

  it('answers a repeated import under the same Idempotency-Key with the first answer, writing once', async () => {
    const file = csv(['Cliente,Folio,Fecha,Importe', 'FIM010203AB3,F-200,01/11/2026,300']);
    const key = `importacion-repetida-${Date.now()}`;
    const first = await upload('balances', file, { commit: true, key });
    const second = await upload('balances', file, { commit: true, key });
    expect(first.json()).toEqual(second.json());
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(await query(sql`SELECT count(*)::int AS count FROM sales WHERE folio = 'F-200'`)).toEqual([{ count: 1 }]);
  });

  it('gives each kind its template and its data in the template format, which imports back unchanged', async () => {
    const template = await t.app.inject({ method: 'GET', url: '/api/v2/imports/customers/template', headers: bearer(admin) });
    expect(template.headers['content-type']).toContain('spreadsheetml');
    const sheets = await readExcelFile(template.rawPayload);
    expect(sheets.map((sheet) => sheet.sheet)).toEqual(['Datos', 'Instrucciones']);
    expect(sheets[0]!.data[0]).toContain('Razón social');
    const exported = await t.app.inject({ method: 'GET', url: '/api/v2/imports/balances/export', headers: bearer(seller) });
    const rows = await readSheet(exported.rawPayload);
    expect(rows[0]).toEqual(['Cliente', 'Folio', 'Fecha', 'Vencimiento', 'Días de crédito', 'Importe']);
    expect(rows).toContainEqual(['FIM010203AB3', 'F-100', '01/10/2026', '31/10/2026', null, 1000]);
    const back = importPreviewSchema.parse((await upload('balances', exported.rawPayload, { token: seller, file: 'saldos.xlsx' })).json());
    expect(back).toMatchObject({ error_count: 0, create: 0, update: 0 });
    expect(back.unchanged).toBe(rows.length - 1);
  });

  it('lets each kind be imported only with its permission', async () => {
    expect((await upload('products', csv(['Nombre', 'x']), { token: seller })).statusCode).toBe(403);
    expect((await upload('balances', csv(['Cliente', 'x']), { token: warehouse })).statusCode).toBe(403);
  });
});

describe('Importar: hostile files', () => {
  const sheetZip = (sheetXml: string | Uint8Array) =>
    Buffer.from(
      zipSync(
        {
          '[Content_Types].xml': strToU8(
            '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>',
          ),
          'xl/workbook.xml': strToU8('<workbook/>'),
          'xl/worksheets/sheet1.xml': typeof sheetXml === 'string' ? strToU8(sheetXml) : sheetXml,
        },
        { level: 9 },
      ),
    );

  const bomb = sheetZip(new Uint8Array(120 * 1024 * 1024).fill(32));
  /** The same bomb with its headers saying each part inflates to 1 KB. */
  const lyingBomb = Buffer.from(bomb);
  for (const [signature, offset] of [
    ['PK\x03\x04', 22],
    ['PK\x01\x02', 24],
  ] as const)
    for (let at = lyingBomb.indexOf(signature); at >= 0; at = lyingBomb.indexOf(signature, at + 4))
      lyingBomb.writeUInt32LE(1024, at + offset);

  it('refuses a zip bomb by the sizes it declares, at once', async () => {
    expect(bomb.length).toBeLessThan(1024 * 1024);
    const started = performance.now();
    const answer = await upload('customers', bomb, { file: 'bomba.xlsx' });
    expect(performance.now() - started).toBeLessThan(500);
    expect(answer.statusCode).toBe(422);
    expect(answer.json().message).toBe('El archivo es demasiado grande al descomprimirlo: divídalo en varios.');
  });

  it('refuses a zip bomb that lies about its sizes while the server keeps answering', async () => {
    const answer = t.app.inject({
      method: 'POST',
      url: '/api/v2/imports/customers/preview?file=bomba.xlsx',
      headers: { ...bearer(admin), 'content-type': 'application/octet-stream' },
      payload: lyingBomb,
    });
    let inflating = true;
    void answer.finally(() => (inflating = false));
    const waits: number[] = [];
    // Asked while the bomb inflates: each answer as soon as the event loop is free.
    while (inflating) {
      const started = performance.now();
      expect((await t.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
      waits.push(performance.now() - started);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    expect((await answer).json().message).toBe('El archivo es demasiado grande al descomprimirlo: divídalo en varios.');
    expect(waits.length).toBeGreaterThan(3);
    // bench:imports measures the real figure (a few ms); this bound holds on a busy machine too.
    expect(Math.max(...waits)).toBeLessThan(500);
  });

  it('refuses a formula cell, naming it', async () => {
    const book = XLSX.utils.book_new();
    const sheet = XLSX.utils.aoa_to_sheet([
      ['Nombre', 'Razón social', 'Días de crédito'],
      ['A', 'A SA', 1],
    ]);
    sheet['C2'] = { t: 'n', v: 3, f: 'SUM(1,2)' };
    XLSX.utils.book_append_sheet(book, sheet, 'Datos');
    const answer = await upload('customers', XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer, { file: 'formula.xlsx' });
    expect(answer.statusCode).toBe(422);
    expect(answer.json().message).toBe('La celda C2 tiene una fórmula: copie y pegue solo los valores.');
  });

  it('refuses huge shared strings, a file over 20 MB (50 MB too, in its own words) and a file that is not a spreadsheet', async () => {
    const long = xlsx([
      ['Nombre', 'Razón social'],
      ['x'.repeat(5_000), 'y'],
    ]);
    expect((await upload('customers', long, { file: 'largo.xlsx' })).json().message).toBe('Una celda tiene más de 2,000 caracteres.');
    const huge = await upload('customers', Buffer.alloc(21 * 1024 * 1024, 65));
    expect(huge.statusCode).toBe(413);
    expect(huge.json()).toEqual({ message: 'El archivo pesa más de 20 MB.' });
    const fifty = await upload('products', Buffer.alloc(50 * 1024 * 1024, 65), { file: 'productos.csv', commit: true });
    expect(fifty.statusCode).toBe(413);
    expect(fifty.json()).toEqual({ message: 'El archivo pesa más de 20 MB.' });
    const broken = await upload('customers', Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(64, 1)]), {
      file: 'roto.xlsx',
    });
    expect(broken.statusCode).toBe(422);
    expect(broken.json().message).toBe('No se pudo leer el archivo: guárdelo como Excel (.xlsx) o CSV y vuelva a intentarlo.');
  });
});
