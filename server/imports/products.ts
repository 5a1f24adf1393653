import { eq, sql } from 'drizzle-orm';
import { cellAmount, cellText, cellYesNo, sameName, type Cell } from '../../domain/imports';
import { catalogueMessages } from '../../domain/messages/catalogue';
import { importMessages } from '../../domain/messages/imports';
import { itemInputSchema, type ItemInput } from '../../domain/schemas/catalogue';
import type { Db } from '../db/client';
import { items } from '../db/schema';
import { rows } from '../db/sql-rows';
import { inChunks, pauses, reader, type ImportKindHandler, type RowIssue } from './import-kind';

const text = importMessages;
const fiscalText = catalogueMessages.fiscal;
const ITEM_FIELDS = [
  'name',
  'macro',
  'unit_id',
  'category_id',
  'ean13',
  'price',
  'cost',
  'weight',
  'is_published',
  'pos',
  'clave_prod_serv',
  'clave_unidad',
  'objeto_imp',
  'iva_rate',
  'ieps_rate',
] as const;
/** The file's column behind each stored field. */
const COLUMN_OF: Record<(typeof ITEM_FIELDS)[number], string> = {
  name: 'name',
  macro: 'macro',
  unit_id: 'unit',
  category_id: 'category',
  ean13: 'ean13',
  price: 'price',
  cost: 'cost',
  weight: 'weight',
  is_published: 'is_published',
  pos: 'pos',
  clave_prod_serv: 'clave_prod_serv',
  clave_unidad: 'clave_unidad',
  objeto_imp: 'objeto_imp',
  iva_rate: 'iva',
  ieps_rate: 'ieps',
};

/**
 * A tax rate as a spreadsheet holds it: '16 %', '16', '0.16', a percent cell (0.16), '0', or
 * 'Exento' (null, when `exempt` allows it). Undefined when the cell is empty; NaN when it reads
 * as no rate, so the product's schema refuses it with the field's message.
 */
export function cellTaxRate(cell: Cell, exempt: boolean): number | null | undefined {
  const raw = cellText(cell);
  if (raw === null) return undefined;
  if (exempt && sameName(raw) === 'exento') return null;
  const number = Number(raw.replace(/[%\s]/g, '').replace(',', '.'));
  if (!Number.isFinite(number) || number < 0) return Number.NaN;
  // '16' and '16 %' are percentages; 0.16 is already the rate (a percent-formatted cell reads so).
  const rate = number >= 1 || raw.includes('%') ? number / 100 : number;
  return Number(rate.toFixed(4));
}

interface StoredItem {
  id: number;
  name: string;
  macro: string | null;
  unit_id: number;
  unit: string;
  category_id: number | null;
  category: string | null;
  ean13: string | null;
  price: number;
  cost: number;
  weight: number;
  is_published: boolean;
  pos: boolean;
  is_raw_material: boolean;
  clave_prod_serv: string | null;
  clave_unidad: string | null;
  objeto_imp: string;
  iva_rate: number | null;
  ieps_rate: number | null;
}

interface ProductPlan {
  input: ItemInput;
  existing: StoredItem | null;
  changed: boolean;
}

const PRODUCTS_PAGE = 2_000;

/** The stored products, found by EAN-13 and by name (a product is matched by name only when it has no other EAN). */
export async function storedProducts(db: Db) {
  const stored: StoredItem[] = [];
  // By name as people find them, a page at a time (after the last name and id read): one statement
  // returning 10,000 products held the embedded database, and the thread it runs on, too long.
  for (let last: StoredItem | null = null; ;) {
    const page: StoredItem[] = await rows<StoredItem>(
      db,
      sql`SELECT i.id, i.name, i.macro, i.unit_id, un.name AS unit, i.category_id, ca.name AS category, i.ean13, i.price::float8 AS price,
        i.cost::float8 AS cost, i.weight::float8 AS weight, i.is_published, i.pos, i.is_raw_material,
        i.clave_prod_serv, i.clave_unidad, i.objeto_imp, i.iva_rate::float8 AS iva_rate, i.ieps_rate::float8 AS ieps_rate
        FROM items i JOIN units un ON un.id = i.unit_id LEFT JOIN categories ca ON ca.id = i.category_id
        WHERE i.deleted_at IS NULL ${last ? sql`AND (i.name, i.id) > (${last.name}, ${last.id})` : sql``} ORDER BY i.name, i.id LIMIT ${PRODUCTS_PAGE}`,
    );
    stored.push(...page);
    if (page.length < PRODUCTS_PAGE) break;
    last = page.at(-1)!;
    await new Promise((resolve) => setImmediate(resolve));
  }
  const byEan = new Map(stored.filter((item) => item.ean13).map((item) => [item.ean13!, item]));
  const byName = new Map<string, StoredItem>();
  for (const item of stored) if (!byName.has(sameName(item.name))) byName.set(sameName(item.name), item);
  return { stored, byEan, byName };
}

/**
 * 'Productos': one row a product, checked by the product form's schema (the EAN-13's check
 * digit included); its unit and category named as Catálogos has them. A stored product is
 * found by its EAN-13, else by its name.
 */
export const productsImport: ImportKindHandler<ProductPlan[]> = {
  kind: 'products',
  entity: 'items',

  async check(db, fileRows) {
    const issues: RowIssue[] = [];
    const pause = pauses();
    const units = new Map(
      (await rows<{ id: number; name: string }>(db, sql`SELECT id, name FROM units`)).map((unit) => [sameName(unit.name), unit.id]),
    );
    const categories = new Map(
      (await rows<{ id: number; name: string }>(db, sql`SELECT id, name FROM categories`)).map((c) => [sameName(c.name), c.id]),
    );
    const { byEan, byName } = await storedProducts(db);
    const seenEan = new Map<string, number>();
    const seenName = new Map<string, number>();
    const plan: ProductPlan[] = [];
    for (const row of fileRows) {
      await pause();
      const read = reader(issues, row);
      const before = issues.length;
      const unitName = cellText(row.cell('unit'));
      const unitId = unitName === null ? null : (units.get(sameName(unitName)) ?? null);
      if (unitName === null) issues.push({ row: row.number, field: 'unit', message: text.required });
      else if (unitId === null) issues.push({ row: row.number, field: 'unit', message: text.unitNotFound(unitName) });
      const categoryName = cellText(row.cell('category'));
      const categoryId = categoryName === null ? null : (categories.get(sameName(categoryName)) ?? null);
      if (categoryName !== null && categoryId === null)
        issues.push({ row: row.number, field: 'category', message: text.categoryNotFound(categoryName) });
      let ean = cellText(row.cell('ean13'));
      // Excel keeps a code typed as a number without its leading zero.
      if (ean !== null && /^\d{12}$/.test(ean) && typeof row.cell('ean13') === 'number') ean = ean.padStart(13, '0');
      const price = read('price', cellAmount);
      const cost = read('cost', cellAmount);
      const weight = read('weight', cellAmount);
      const published = read('is_published', cellYesNo);
      const pos = read('pos', cellYesNo);
      const name = cellText(row.cell('name'));
      const ivaRate = cellTaxRate(row.cell('iva'), true);
      const iepsRate = cellTaxRate(row.cell('ieps'), false);
      const existing = (ean !== null ? byEan.get(ean) : undefined) ?? (name !== null ? byName.get(sameName(name)) : undefined) ?? null;
      const matched = existing && (ean === null || existing.ean13 === null || existing.ean13 === ean) ? existing : null;
      const draft = {
        name: name ?? '',
        unit_id: unitId ?? 0,
        category_id: categoryId,
        macro: row.has('macro') ? cellText(row.cell('macro')) : (matched?.macro ?? null),
        ean13: row.has('ean13') ? ean : (matched?.ean13 ?? null),
        price: price ?? (row.cell('price') === null ? Number.NaN : 0),
        cost: cost ?? (row.cell('cost') === null ? Number.NaN : 0),
        weight: weight ?? matched?.weight ?? 0,
        is_published: published ?? matched?.is_published ?? true,
        pos: pos ?? matched?.pos ?? false,
        is_raw_material: matched?.is_raw_material ?? false,
        // A column the file leaves out keeps what the product has (a new one: objeto 02, IVA 16 %).
        clave_prod_serv: row.has('clave_prod_serv') ? cellText(row.cell('clave_prod_serv')) : (matched?.clave_prod_serv ?? null),
        clave_unidad: row.has('clave_unidad') ? cellText(row.cell('clave_unidad')) : (matched?.clave_unidad ?? null),
        objeto_imp: cellText(row.cell('objeto_imp'))?.padStart(2, '0') ?? matched?.objeto_imp ?? '02',
        iva_rate: ivaRate === undefined ? (matched ? matched.iva_rate : 0.16) : ivaRate,
        ieps_rate: row.has('ieps') ? (iepsRate ?? null) : (matched?.ieps_rate ?? null),
      };
      const parsed = itemInputSchema.safeParse(draft);
      if (!parsed.success) {
        for (const issue of parsed.error.issues) {
          const field = String(issue.path[0] ?? '');
          const columnName = COLUMN_OF[field as keyof typeof COLUMN_OF] ?? null;
          // A cell that could not be read, or a unit not found, is already noted on its column.
          if (issues.slice(before).some((noted) => noted.field === columnName)) continue;
          issues.push({
            row: row.number,
            field: columnName,
            message: (field === 'price' || field === 'cost') && Number.isNaN(draft[field]) ? text.required : issue.message,
          });
        }
        continue;
      }
      if (issues.length > before) continue;
      const input = parsed.data;
      if (input.ean13 !== null) {
        const earlier = seenEan.get(input.ean13);
        if (earlier !== undefined) issues.push({ row: row.number, field: 'ean13', message: text.repeatedInFile(earlier) });
        seenEan.set(input.ean13, row.number);
        const owner = byEan.get(input.ean13);
        if (owner && matched && owner.id !== matched.id)
          issues.push({ row: row.number, field: 'ean13', message: text.eanTakenBy(owner.name) });
      }
      const earlierName = seenName.get(sameName(input.name));
      if (earlierName !== undefined) issues.push({ row: row.number, field: 'name', message: text.repeatedInFile(earlierName) });
      seenName.set(sameName(input.name), row.number);
      const changed = matched !== null && ITEM_FIELDS.some((field) => (matched[field] ?? null) !== (input[field] ?? null));
      plan.push({ input, existing: matched, changed });
    }
    return {
      plan,
      issues,
      create: plan.filter((entry) => entry.existing === null).length,
      update: plan.filter((entry) => entry.changed).length,
      unchanged: plan.filter((entry) => entry.existing !== null && !entry.changed).length,
      totals: [{ label: text.totals.products, value: plan.length, money: false }],
    };
  },

  async write(tx, plan) {
    const values = (input: ItemInput) => ({
      name: input.name,
      macro: input.macro,
      unit_id: input.unit_id,
      category_id: input.category_id,
      ean13: input.ean13,
      price: input.price,
      cost: input.cost,
      weight: input.weight,
      is_published: input.is_published,
      pos: input.pos,
      is_raw_material: input.is_raw_material,
      clave_prod_serv: input.clave_prod_serv,
      clave_unidad: input.clave_unidad,
      objeto_imp: input.objeto_imp,
      iva_rate: input.iva_rate,
      ieps_rate: input.ieps_rate,
    });
    await inChunks(
      plan.filter((entry) => entry.existing === null),
      (chunk) => tx.insert(items).values(chunk.map((entry) => values(entry.input))),
    );
    const now = new Date().toISOString();
    for (const entry of plan.filter((candidate) => candidate.changed))
      await tx
        .update(items)
        .set({ ...values(entry.input), updated_at: now })
        .where(eq(items.id, entry.existing!.id));
  },

  async exportRows(db) {
    const { stored } = await storedProducts(db);
    return stored.map((item) => ({
      name: item.name,
      macro: item.macro,
      unit: item.unit,
      category: item.category,
      ean13: item.ean13,
      price: item.price,
      cost: item.cost,
      weight: item.weight,
      is_published: item.is_published ? text.yes : text.no,
      pos: item.pos ? text.yes : text.no,
      clave_prod_serv: item.clave_prod_serv,
      clave_unidad: item.clave_unidad,
      objeto_imp: item.objeto_imp,
      iva: item.iva_rate === null ? fiscalText.exempt : `${Number((item.iva_rate * 100).toFixed(2))} %`,
      ieps: item.ieps_rate === null ? null : `${Number((item.ieps_rate * 100).toFixed(2))} %`,
    }));
  },
};
