import { importMessages } from './messages/imports';
import type { ImportKind } from './import-kinds';

/**
 * 'Importar': what each kind of file brings in, who may bring it (the permission of the screen
 * that keeps that data), its columns as the template names them, and how a cell typed in a
 * spreadsheet becomes a value. The server checks and writes; the screen shows these names.
 */
/** The limits a file is held to: its size, its rows below the header, its columns and a cell's length. */
export const IMPORT_LIMITS = {
  bytes: 20 * 1024 * 1024,
  rows: 60_000,
  columns: 40,
  cellChars: 2_000,
  /** What the parts of a spreadsheet (a zip of XML) may add up to once inflated. */
  inflatedBytes: 96 * 1024 * 1024,
  /** The errors an answer lists (all are counted). */
  errorsShown: 200,
} as const;

export interface ImportColumn {
  key: string;
  header: string;
  /** Other headers people give this column (another system's export), matched as the header is. */
  aliases: readonly string[];
  required: boolean;
  help: string;
  example: string;
}

const column = (
  key: string,
  header: string,
  required: boolean,
  help: string,
  example: string,
  aliases: readonly string[] = [],
): ImportColumn => ({
  key,
  header,
  aliases,
  required,
  help,
  example,
});

export const IMPORT_COLUMNS: Record<ImportKind, readonly ImportColumn[]> = {
  customers: [
    column('name', 'Nombre', false, 'Nombre comercial del cliente; si se deja vacío se usa la razón social.', 'Abarrotes La Luz', [
      'nombre comercial',
      'cliente',
    ]),
    column('razon_social', 'Razón social', true, 'Razón social como aparece en sus facturas.', 'Abarrotes La Luz SA de CV', [
      'razon',
      'nombre fiscal',
    ]),
    column(
      'rfc',
      'RFC',
      false,
      'RFC de 12 o 13 caracteres, con su dígito verificador; con él se reconoce al cliente al volver a importar.',
      'ALU010203AB6',
    ),
    column('credit_days', 'Días de crédito', false, 'Días que tiene para pagar; vacío es 0 (contado).', '15', ['dias credito', 'credito']),
    column('delivery_address', 'Dirección de entrega', false, 'Dónde se le entrega.', 'Av. Juárez 100, Centro, Monterrey', ['direccion']),
    column('delivery_references', 'Referencias de entrega', false, 'Cómo llegar o qué buscar.', 'Portón verde', ['referencias']),
    column('delivery_time', 'Horario de entrega', false, 'Horario en que recibe.', '8:00 a 12:00', ['horario']),
    column(
      'regimen_fiscal',
      'Régimen fiscal',
      false,
      'Clave del régimen de su Constancia de Situación Fiscal (601, 612, 626…); debe aplicar a su RFC. Se pide al facturar.',
      '601',
      ['regimen', 'regimen fiscal receptor'],
    ),
    column(
      'cp_fiscal',
      'CP fiscal',
      false,
      'Código postal de su domicilio fiscal, 5 dígitos, como en su Constancia. Se pide al facturar.',
      '64000',
      ['codigo postal fiscal', 'domicilio fiscal'],
    ),
    column('branch_name', 'Sucursal', false, 'Nombre de una sucursal del cliente (una por fila).', 'Sucursal Norte'),
    column('branch_address', 'Dirección de sucursal', false, 'Dirección de esa sucursal.', 'Av. Universidad 500, San Nicolás'),
    column('contact_name', 'Contacto', false, 'Nombre de una persona del cliente (una por fila).', 'María'),
    column('contact_last', 'Apellidos del contacto', false, 'Sus apellidos.', 'López Garza', ['apellido del contacto', 'apellidos']),
    column('contact_phone', 'Teléfono del contacto', false, 'Su teléfono.', '8112345678', ['telefono']),
    column('contact_email', 'Correo del contacto', false, 'Su correo electrónico.', 'maria@laluz.mx', ['correo', 'email', 'e-mail']),
  ],
  products: [
    column('name', 'Nombre', true, 'Nombre del producto; con él se reconoce si no tiene EAN-13.', 'Jitomate saladette', [
      'producto',
      'descripcion',
    ]),
    column('macro', 'Nombre corto', false, 'Nombre corto que se imprime en tickets.', 'JIT SAL', ['macro', 'clave']),
    column('unit', 'Unidad', true, 'Unidad de medida, como está en Catálogos.', 'Kg', ['unidad de medida']),
    column('category', 'Categoría', false, 'Categoría, como está en Catálogos.', 'Verduras', ['categoria']),
    column('ean13', 'EAN-13', false, 'Código de barras de 13 dígitos (se revisa su dígito verificador).', '7501234567895', [
      'codigo de barras',
      'ean',
    ]),
    column('price', 'Precio', true, 'Precio de venta, sin IVA.', '25.50'),
    column('cost', 'Costo', true, 'Costo por unidad.', '18.00'),
    column('weight', 'Peso (kg)', false, 'Peso por unidad en kilogramos; vacío es 0.', '1', ['peso']),
    column('is_published', 'Publicado', false, 'Sí si se vende; vacío es Sí.', 'Sí'),
    column('pos', 'En mostrador', false, 'Sí si se vende en el mostrador; vacío es No.', 'No', ['mostrador']),
    column('clave_prod_serv', 'Clave SAT', false, 'Clave de producto o servicio del SAT, 8 dígitos (c_ClaveProdServ).', '50406500', [
      'clave producto sat',
      'clave prod serv',
      'claveprodserv',
    ]),
    column('clave_unidad', 'Clave unidad', false, 'Clave de unidad del SAT (c_ClaveUnidad): KGM, H87, XBX…', 'KGM', [
      'clave de unidad',
      'claveunidad',
      'unidad sat',
    ]),
    column('objeto_imp', 'Objeto impuesto', false, 'Objeto de impuesto del SAT: 01, 02, 03 o 04; vacío es 02.', '02', [
      'objeto de impuesto',
      'objetoimp',
    ]),
    column('iva', 'IVA', false, 'Tasa de IVA: 16 %, 8 %, 0 % o Exento; vacío es 16 % en un producto nuevo.', '0%', [
      'tasa iva',
      'tasa de iva',
    ]),
    column('ieps', 'IEPS', false, 'Tasa de IEPS en por ciento; vacío si no causa IEPS.', '', ['tasa ieps', 'tasa de ieps']),
  ],
  stock: [
    column('branch', 'Sucursal', false, 'Sucursal del negocio; puede quedar vacía si solo hay una.', 'Matriz', ['almacen']),
    column('product', 'Producto', false, 'Nombre del producto (o use la columna EAN-13).', 'Jitomate saladette', ['nombre', 'descripcion']),
    column('ean13', 'EAN-13', false, 'Código de barras del producto.', '7501234567895', ['codigo de barras', 'ean']),
    column(
      'quantity',
      'Existencia',
      true,
      'Lo que hay en esa sucursal a la fecha; se registra la diferencia con lo que el sistema tiene.',
      '120.5',
      ['cantidad', 'existencias'],
    ),
    column('date', 'Fecha', true, 'Fecha del conteo.', '31/12/2026'),
    column('unit_cost', 'Costo unitario', false, 'Costo de cada unidad; vacío es el costo del producto.', '18.00', ['costo']),
  ],
  balances: [
    column('customer', 'Cliente', true, 'RFC o razón social del cliente, como se importó en Clientes.', 'ALU010203AB6', [
      'rfc',
      'razon social',
    ]),
    column('folio', 'Folio', true, 'Folio de la factura en su sistema anterior; con él se reconoce al volver a importar.', 'F-1024', [
      'factura',
    ]),
    column('date', 'Fecha', true, 'Fecha de la factura.', '15/11/2026'),
    column('due_date', 'Vencimiento', false, 'Fecha en que vence; si está vacía se usan los días de crédito.', '30/11/2026'),
    column('credit_days', 'Días de crédito', false, 'Si no hay vencimiento: días desde la fecha; vacío usa los del cliente.', '15', [
      'dias credito',
    ]),
    column('amount', 'Importe', true, 'Lo que el cliente aún debe de esa factura, IVA incluido.', '12,500.00', [
      'saldo',
      'adeudo',
      'monto',
    ]),
  ],
};

/** A header as people write it: no accents, case, spaces or punctuation. */
export function headerKey(header: string): string {
  return header
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');
}

/**
 * Which field each header of a file fills: the chosen mapping first (a header mapped to '' is
 * left out), then the template's header or one of its aliases. A field is filled once: a second
 * column with the same meaning is left out.
 */
export function matchColumns(
  kind: ImportKind,
  headers: readonly string[],
  chosen: Readonly<Record<string, string>> = {},
): (string | null)[] {
  const columns = IMPORT_COLUMNS[kind];
  const byHeader = new Map<string, string>();
  for (const col of columns)
    for (const name of [col.header, col.key, ...col.aliases]) if (!byHeader.has(headerKey(name))) byHeader.set(headerKey(name), col.key);
  const known = new Set(columns.map((col) => col.key));
  const taken = new Set<string>();
  return headers.map((header) => {
    const pick = Object.hasOwn(chosen, header) ? chosen[header]! : byHeader.get(headerKey(header));
    if (!pick || !known.has(pick) || taken.has(pick)) return null;
    taken.add(pick);
    return pick;
  });
}

/** A cell as the file reader gives it: text, a number, a date (read as UTC midnight), a yes/no, or nothing. */
export type Cell = string | number | boolean | Date | null;

export type CellResult<T> = { ok: true; value: T } | { ok: false; error: string };
const ok = <T>(value: T): CellResult<T> => ({ ok: true, value });
const fail = (error: string): CellResult<never> => ({ ok: false, error });
const text = importMessages;

/** A text a spreadsheet would run as a formula when opened (a negative number aside), or one that reads as such kept as text. */
const formulaLike = (value: string) => /^'*[=+\-@\t\r]/.test(value) && !/^-?\d/.test(value);

/** A text as the export writes it: one that would run as a formula ('+52 81…', '=…') behind an apostrophe, which keeps it text. */
export function inertText(value: string): string {
  return formulaLike(value) ? `'${value}` : value;
}

/**
 * The cell as trimmed text, or null when empty. Whole numbers are written without a decimal point or
 * exponent. The apostrophe the export put before a formula-like text is dropped, so an export imports
 * back as it was stored.
 */
export function cellText(cell: Cell): string | null {
  if (cell === null) return null;
  if (cell instanceof Date) return isoDay(cell);
  if (typeof cell === 'number') return Number.isInteger(cell) ? BigInt(cell).toString() : String(cell);
  if (typeof cell === 'boolean') return cell ? text.yes : text.no;
  const trimmed = cell.trim();
  const typed = trimmed.startsWith("'") && formulaLike(trimmed.slice(1)) ? trimmed.slice(1) : trimmed;
  return typed === '' ? null : typed;
}

/**
 * An amount typed as '1,234.50', '1234.5', '$ 1,234.50' or, from a semicolon file, '1234,50'.
 * A comma followed by exactly three digits is read as thousands, as Mexico writes them.
 */
export function cellAmount(cell: Cell): CellResult<number | null> {
  if (typeof cell === 'number') return Number.isFinite(cell) ? ok(cell) : fail(text.notANumber);
  const raw = cellText(cell);
  if (raw === null) return ok(null);
  const plain = raw.replace(/[$\s]/g, '').replace(/^MXN|MXN$/i, '');
  let normal: string;
  if (/^-?\d{1,3}(,\d{3})+(\.\d+)?$/.test(plain)) normal = plain.replace(/,/g, '');
  else if (/^-?\d+,\d{1,2}$/.test(plain)) normal = plain.replace(',', '.');
  else if (/^-?\d+(\.\d+)?$/.test(plain) || /^-?\.\d+$/.test(plain)) normal = plain;
  else return fail(text.notANumber);
  const value = Number(normal);
  return Number.isFinite(value) && Math.abs(value) < 1e12 ? ok(value) : fail(text.notANumber);
}

export function cellInteger(cell: Cell): CellResult<number | null> {
  const amount = cellAmount(cell);
  if (!amount.ok || amount.value === null) return amount;
  return Number.isInteger(amount.value) ? amount : fail(text.notAnInteger);
}

const pad = (n: number) => String(n).padStart(2, '0');
function isoDay(date: Date): string {
  return `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`;
}
function realDay(year: number, month: number, day: number): string | null {
  const date = new Date(Date.UTC(year, month - 1, day));
  if (year < 1990 || year > 2100 || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return isoDay(date);
}

/** A date as 'YYYY-MM-DD': a date cell, 'dd/mm/aaaa' (or with '-' or '.'), 'aaaa-mm-dd', or Excel's day number. */
export function cellDate(cell: Cell): CellResult<string | null> {
  if (cell instanceof Date) return Number.isNaN(cell.getTime()) ? fail(text.notADate) : ok(isoDay(cell));
  if (typeof cell === 'number') {
    // A date cell saved without its format is Excel's day count from 1899-12-30.
    if (!Number.isInteger(cell) || cell < 32_874 || cell > 73_050) return fail(text.notADate);
    return ok(isoDay(new Date(Date.UTC(1899, 11, 30) + cell * 86_400_000)));
  }
  const raw = cellText(cell);
  if (raw === null) return ok(null);
  let day: string | null = null;
  const dmy = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(raw);
  const ymd = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[T ].*)?$/.exec(raw);
  if (dmy) day = realDay(Number(dmy[3]), Number(dmy[2]), Number(dmy[1]));
  else if (ymd) day = realDay(Number(ymd[1]), Number(ymd[2]), Number(ymd[3]));
  return day === null ? fail(text.notADate) : ok(day);
}

export function cellYesNo(cell: Cell): CellResult<boolean | null> {
  if (typeof cell === 'boolean') return ok(cell);
  const raw = cellText(cell);
  if (raw === null) return ok(null);
  const key = headerKey(raw);
  if (['si', 's', 'yes', 'y', '1', 'true', 'verdadero', 'x'].includes(key)) return ok(true);
  if (['no', 'n', '0', 'false', 'falso'].includes(key)) return ok(false);
  return fail(text.notYesNo);
}

/** A name compared as people mean it: no accents, case or repeated spaces. */
export function sameName(name: string): string {
  return name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}
