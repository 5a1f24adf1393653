import * as z from 'zod/mini';
import { productionMessages } from '../messages/production';
import { shippingMessages } from '../messages/shipping';
import { PRODUCTION_STATUSES } from '../production';
import { isCalendarDay } from '../time';

const int = z.int();
const num = z.number();
const str = z.string();
const opt = <T extends z.ZodMiniType>(schema: T) => z.nullable(schema);
const text = productionMessages;

const hasCents = (n: number) => Math.abs(Math.round(n * 100) - n * 100) < 1e-6;

/**
 * POST /api/v2/productions (/production): a production order planned in the office
 * from products that have a recipe (the server checks they do), each once, with a quantity to
 * two decimals; a planned date and a note. It starts as 'Planeada'.
 */
export const productionInputSchema = z.object({
  planned_date: z.pipe(
    z.optional(z.nullable(z.string().check(z.refine((date) => date === '' || isCalendarDay(date), shippingMessages.invalidDate)))),
    z.transform((value) => (value ? value : null)),
  ),
  note: z.pipe(
    z.optional(z.nullable(z.string().check(z.trim(), z.maxLength(500, text.noteTooLong)))),
    z.transform((value) => (value ? value : null)),
  ),
  items: z
    .array(
      z.object({
        item_id: z
          .int({ error: text.productRequired })
          .check(z.positive(text.productRequired), z.maximum(2_147_483_647, text.productRequired)),
        quantity: z
          .number({ error: text.quantityInvalid })
          .check(z.gt(0, text.quantityPositive), z.lte(1_000_000, text.quantityTooLarge), z.refine(hasCents, text.quantityCents)),
      }),
      { error: text.itemsRequired },
    )
    .check(
      z.minLength(1, text.itemsRequired),
      z.maxLength(50, text.tooManyItems),
      z.refine((list) => new Set(list.map((line) => line.item_id)).size === list.length, text.productRepeated),
    ),
});
export type ProductionInput = z.infer<typeof productionInputSchema>;

const status = z.enum(PRODUCTION_STATUSES);
const productLine = z.object({ item_id: int, name: str, unit: str, quantity: num });

/** One production as GET /api/v2/productions lists it. */
export const productionRowSchema = z.object({
  id: int,
  sale_id: opt(int),
  company_name: opt(str),
  status,
  planned_date: opt(str),
  note: opt(str),
  created_at: str,
  started_at: opt(str),
  finished_at: opt(str),
  items: z.array(productLine),
});
export type ProductionRow = z.infer<typeof productionRowSchema>;
export const productionPageSchema = z.object({ data: z.array(productionRowSchema), meta: z.object({ total: int }) });
export const PRODUCTION_SORT_COLUMNS = ['id', 'planned_date', 'created_at'] as const;
export type ProductionSortColumn = (typeof PRODUCTION_SORT_COLUMNS)[number];

/**
 * One production (GET /api/v2/productions/{id}, and what starting or finishing it answers):
 * its products with what already entered stock, the raw material its recipes need against
 * the current stock (consumed: what left for it already), and its movements.
 */
export const productionSchema = z.extend(productionRowSchema, {
  created_by: opt(str),
  items: z.array(z.extend(productLine, { entered: num })),
  needs: z.array(z.object({ component_id: int, name: str, unit: str, required: num, consumed: num, stock: num, shortage: num })),
  movements: z.array(
    z.object({
      id: int,
      item_id: int,
      item_name: str,
      type: str,
      quantity: num,
      signed_quantity: num,
      created_at: str,
      user_name: opt(str),
    }),
  ),
});
export type Production = z.infer<typeof productionSchema>;

/** GET /api/v2/mfproductions: what production consumed and produced over a period, and each production. */
export const productionLogSchema = z.object({
  from: str,
  to: str,
  produced: z.array(z.object({ item_id: int, name: str, unit: str, quantity: num })),
  consumed: z.array(z.object({ item_id: int, name: str, unit: str, quantity: num })),
  productions: z.array(
    z.object({
      id: int,
      sale_id: opt(int),
      company_name: opt(str),
      status,
      started_at: opt(str),
      finished_at: opt(str),
      produced: z.array(z.object({ item_id: int, name: str, unit: str, quantity: num })),
      consumed: z.array(z.object({ item_id: int, name: str, unit: str, quantity: num })),
    }),
  ),
});
export type ProductionLog = z.infer<typeof productionLogSchema>;
