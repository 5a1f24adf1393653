import * as z from 'zod/mini';
import { isEan } from '../barcode';
import { isIepsRate, isIvaRate, isProductKeyFormat, isUnitKey, TAX_OBJECT_KEYS, taxObjectCarriesTaxes } from '../cfdi/product-keys';
import { catalogueMessages } from '../messages/catalogue';

const int = z.int();
const num = z.number();
const str = z.string();
const bool = z.boolean();
const opt = <T extends z.ZodMiniType>(schema: T) => z.nullable(schema);
const text = catalogueMessages;
const fields = text.fields;

const hasCents = (n: number) => Math.abs(Math.round(n * 100) - n * 100) < 1e-6;
const idOf = (message: string) => z.int({ error: message }).check(z.positive(message), z.maximum(2_147_483_647, message));

/** An EAN-13 with its check digit (the scanner reads EAN, spec §5); EAN-8 is not a product code here. */
export function isEan13(code: string): boolean {
  return /^\d{13}$/.test(code) && isEan(code);
}

/** Pesos or kilograms of an item: zero or more, two decimals at most, within reason. */
const amount = (label: string, max: number) =>
  z
    .number({ error: () => text.amountInvalid(label) })
    .check(z.gte(0, text.amountNegative(label)), z.lte(max, text.amountTooLarge(label)), z.refine(hasCents, text.amountCents(label)));

/** Optional text trimmed, an empty one kept as null. */
const optionalText = (max: number, message: string) =>
  z.pipe(
    z.optional(z.nullable(z.string().check(z.trim(), z.maxLength(max, message)))),
    z.transform((value) => (value ? value : null)),
  );

const fiscal = text.fiscal;
/** Optional SAT key, trimmed and upper-cased, an empty one kept as null. */
const satKey = (check: (key: string) => boolean, message: string) =>
  z.pipe(
    z.optional(
      z.nullable(
        z.string().check(
          z.trim(),
          z.toUpperCase(),
          z.refine((key) => key === '' || check(key), message),
        ),
      ),
    ),
    z.transform((value) => (value ? value : null)),
  );

/**
 * A product's fiscal data, as the invoice names it: its SAT product key (any 8 digits: the form
 * suggests the usual ones), its unit key (one of the offered c_ClaveUnidad), its ObjetoImp, its
 * IVA rate (16 %, 8 %, 0 % or null: exento) and its IEPS rate (null: none). Left out, a product
 * is taxed as every product was before: objeto 02, IVA 16 %.
 */
const itemFiscalFields = {
  clave_prod_serv: satKey(isProductKeyFormat, fiscal.productKeyInvalid),
  clave_unidad: satKey(isUnitKey, fiscal.unitKeyUnknown),
  objeto_imp: z._default(z.enum(TAX_OBJECT_KEYS, { error: fiscal.taxObjectUnknown }), '02'),
  iva_rate: z._default(z.nullable(z.number({ error: fiscal.ivaRateInvalid }).check(z.refine(isIvaRate, fiscal.ivaRateInvalid))), 0.16),
  ieps_rate: z._default(z.nullable(z.number({ error: fiscal.iepsRateInvalid }).check(z.refine(isIepsRate, fiscal.iepsRateInvalid))), null),
};

/**
 * PUT /api/v2/items/{id}, and POST without its opening stock (/products): name, unit
 * and category of the reference lists, macro, the EAN-13 with its check digit (unique among
 * live items, checked by the server), list price and cost in pesos with centavos, the weight
 * of one unit, and whether it is published, sold at the counter, or raw material.
 */
const itemFields = z.object({
  name: z.string({ error: text.nameRequired }).check(z.trim(), z.minLength(1, text.nameRequired), z.maxLength(200, text.nameTooLong)),
  unit_id: idOf(text.unitRequired),
  category_id: z.pipe(
    z.optional(z.nullable(idOf(text.categoryNotFound))),
    z.transform((value) => value ?? null),
  ),
  macro: optionalText(200, text.macroTooLong),
  ean13: z.pipe(
    z.optional(
      z.nullable(
        z.string().check(
          z.trim(),
          z.refine((code) => code === '' || isEan13(code), text.eanInvalid),
        ),
      ),
    ),
    z.transform((value) => (value ? value : null)),
  ),
  price: amount(fields.price, 10_000_000),
  cost: amount(fields.cost, 10_000_000),
  weight: amount(fields.weight, 100_000),
  is_published: z._default(bool, true),
  pos: z._default(bool, false),
  is_raw_material: z._default(bool, false),
  ...itemFiscalFields,
});
/** A product outside the taxes (ObjetoImp 01 or 04) carries no rate. */
const taxesFitObject = z.refine<{ objeto_imp: string; iva_rate: number | null; ieps_rate: number | null }>(
  (item) => taxObjectCarriesTaxes(item.objeto_imp) || (item.iva_rate === null && item.ieps_rate === null),
  { message: fiscal.noTaxesForObject, path: ['iva_rate'] },
);
export const itemInputSchema = itemFields.check(taxesFitObject);
export type ItemInput = z.infer<typeof itemInputSchema>;
export type ItemDraftInput = z.input<typeof itemInputSchema>;

/** POST /api/v2/items: an item, and the stock it starts with (recorded as 'Creación de Producto'). */
export const itemCreateSchema = z
  .extend(itemFields, {
    opening_stock: z._default(amount(fields.openingStock, 1_000_000), 0),
  })
  .check(taxesFitObject);
export type ItemCreateInput = z.infer<typeof itemCreateSchema>;

/** PATCH /api/v2/items/{id} from /products-pos: published and at the counter, one or both. */
export const itemCounterSchema = z
  .object({ is_published: z.optional(bool), pos: z.optional(bool) })
  .check(z.refine((value) => value.is_published !== undefined || value.pos !== undefined, text.toggleEmpty));
export type ItemCounterInput = z.infer<typeof itemCounterSchema>;

/** One item as GET /api/v2/items lists it and the writes answer it; stock is the signed sum of its movements. */
export const itemRowSchema = z.object({
  id: int,
  name: str,
  macro: opt(str),
  unit_id: int,
  unit: str,
  category_id: opt(int),
  category: opt(str),
  ean13: opt(str),
  price: num,
  cost: num,
  weight: num,
  is_published: bool,
  pos: bool,
  is_raw_material: bool,
  has_recipe: bool,
  stock: num,
  clave_prod_serv: opt(str),
  clave_unidad: opt(str),
  objeto_imp: str,
  iva_rate: opt(num),
  ieps_rate: opt(num),
  updated_at: str,
});
export type ItemRow = z.infer<typeof itemRowSchema>;

export const itemPageSchema = z.object({ data: z.array(itemRowSchema), meta: z.object({ total: int }) });

/** Columns GET /api/v2/items sorts by. */
export const ITEM_SORT_COLUMNS = ['name', 'id', 'price', 'cost', 'stock'] as const;
export type ItemSortColumn = (typeof ITEM_SORT_COLUMNS)[number];

/** GET /api/v2/item/pos (what the point of sale reads), as /products-pos lists it. */
export const counterItemSchema = z.object({
  id: int,
  name: str,
  macro: opt(str),
  ean13: opt(str),
  price: num,
  weight: num,
  is_published: bool,
  pos: bool,
  unit: z.object({ id: int, name: str }),
});
export type CounterItem = z.infer<typeof counterItemSchema>;
export const counterItemPageSchema = z.object({ data: z.array(counterItemSchema), meta: z.object({ total: int }) });
export const COUNTER_SORT_COLUMNS = ['name', 'id', 'price'] as const;
export type CounterSortColumn = (typeof COUNTER_SORT_COLUMNS)[number];

const recipeText = text.recipes;

/** A quantity of raw material per unit of product: more than zero, two decimals (as stored). */
export const recipeQuantitySchema = z
  .number({ error: recipeText.quantityInvalid })
  .check(z.gt(0, recipeText.quantityPositive), z.lte(100_000, recipeText.quantityTooLarge), z.refine(hasCents, recipeText.quantityCents));

/**
 * PUT /api/v2/recipes/{item_id} (/raw-material): the whole recipe of a product,
 * which raw material and how much per unit; an empty list removes the recipe. A component
 * appears once and is not the product itself (the server checks that one, and the database
 * holds both as constraints).
 */
export const recipeInputSchema = z.object({
  components: z.array(z.object({ component_id: idOf(recipeText.componentRequired), quantity: recipeQuantitySchema })).check(
    z.maxLength(50, recipeText.tooManyComponents),
    z.refine((list) => new Set(list.map((c) => c.component_id)).size === list.length, recipeText.componentRepeated),
  ),
});
export type RecipeInput = z.infer<typeof recipeInputSchema>;

/** A product and its recipe, as GET /api/v2/recipes lists them and PUT answers one. */
export const recipeRowSchema = z.object({
  id: int,
  name: str,
  unit: str,
  components: z.array(z.object({ component_id: int, name: str, unit: str, quantity: num })),
});
export type RecipeRow = z.infer<typeof recipeRowSchema>;
export const recipePageSchema = z.object({ data: z.array(recipeRowSchema), meta: z.object({ total: int }) });
