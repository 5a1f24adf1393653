import * as z from 'zod/mini';
import { physicalInventoryMessages } from '../messages/physical-inventory';

/**
 * Physical inventory (/physical-inventory): a count of one branch's shelves. The
 * tablet opens it ('Abierto'), counts shelf by shelf ((shelf, item) → quantity, a later count
 * replacing an earlier one), closes it ('Cerrado'); the office reviews the differences with
 * the book stock and applies them once ('Aplicado').
 */
const text = physicalInventoryMessages;
const int = z.int();
const num = z.number();
const str = z.string();
const opt = <T extends z.ZodMiniType>(schema: T) => z.nullable(schema);
const id = z.int().check(z.positive(), z.maximum(2_147_483_647));

export const PHYSICAL_INVENTORY_STATUSES = ['Abierto', 'Cerrado', 'Aplicado'] as const;
export type PhysicalInventoryStatus = (typeof PHYSICAL_INVENTORY_STATUSES)[number];

export const SHELF_MAX_LENGTH = 40;
const hasTwoDecimals = (n: number) => Math.abs(Math.round(n * 100) - n * 100) < 1e-6;

/** A shelf's name as typed: trimmed, 1 to 40 characters. */
export const shelfSchema = z
  .string({ error: text.shelfRequired })
  .check(z.trim(), z.minLength(1, text.shelfRequired), z.maxLength(SHELF_MAX_LENGTH, text.shelfTooLong));

/** What was counted: 0 or more, to 2 decimals as stock is stored. */
export const countedQuantitySchema = z
  .number({ error: text.quantityInvalid })
  .check(z.gte(0, text.quantityInvalid), z.lte(1_000_000, text.quantityInvalid), z.refine(hasTwoDecimals, text.quantityInvalid));

/** POST /api/v2/physical_inventories: the branch (the person's own when omitted). */
export const physicalInventoryOpenSchema = z.strictObject({
  branch_id: z.optional(id),
  note: z.optional(z.nullable(z.string().check(z.trim(), z.maxLength(300)))),
});

/**
 * PUT /api/v2/physical_inventories/{id}/counts: sets (not adds) the quantity of one item on
 * one shelf, so a replayed or repeated count changes nothing. `counted_at` is when the
 * person counted (docs/sync-engine.md rule 4), not when it reached the server.
 */
export const physicalCountSchema = z.strictObject({
  shelf: shelfSchema,
  item_id: id,
  quantity: countedQuantitySchema,
  // A strict ISO instant (zod checks the calendar: no 30 February), as the database reads it.
  counted_at: z.iso.datetime({ offset: true, error: text.countedAtInvalid }),
});
export type PhysicalCount = z.infer<typeof physicalCountSchema>;

/** DELETE /api/v2/physical_inventories/{id}/counts: takes one item off one shelf's count. */
export const physicalCountRemovalSchema = z.strictObject({ shelf: shelfSchema, item_id: id });

/** POST /api/v2/physical_inventories/{id}/apply: with 'Corte Ceros', items not counted go to zero. */
export const physicalApplySchema = z.strictObject({ zero_uncounted: z.boolean() });

/** One count line: (shelf, item) → quantity. */
export const physicalCountLineSchema = z.object({
  shelf: str,
  item_id: int,
  item_name: str,
  unit: str,
  quantity: num,
  counted_at: str,
  counted_by: opt(str),
});
export type PhysicalCountLine = z.infer<typeof physicalCountLineSchema>;

const inventoryFields = {
  id: int,
  branch_id: int,
  branch_name: str,
  status: z.enum(PHYSICAL_INVENTORY_STATUSES),
  note: opt(str),
  zero_uncounted: z.boolean(),
  created_at: str,
  created_by: opt(str),
  closed_at: opt(str),
  applied_at: opt(str),
  line_count: int,
};

/** A count as GET /api/v2/physical_inventories lists it. */
export const physicalInventoryRowSchema = z.object(inventoryFields);
export type PhysicalInventoryRow = z.infer<typeof physicalInventoryRowSchema>;
export const physicalInventoryPageSchema = z.object({ data: z.array(physicalInventoryRowSchema), meta: z.object({ total: int }) });

/** A count with its lines: GET /api/v2/physical_inventories/{id}, and each open count in the sync pull. */
export const physicalInventorySchema = z.object({ ...inventoryFields, lines: z.array(physicalCountLineSchema) });
export type PhysicalInventory = z.infer<typeof physicalInventorySchema>;

/** The answer of a count command. */
export const physicalCountResultSchema = z.object({ physical_inventory_id: int, shelf: str, item_id: int, quantity: num, counted_at: str });

/** GET /api/v2/physical_inventories/{id}/differences: book stock vs counted, valued at cost (2 decimals). */
export const physicalDifferencesSchema = z.object({
  id: int,
  status: z.enum(PHYSICAL_INVENTORY_STATUSES),
  branch_name: str,
  zero_uncounted: z.boolean(),
  counted: z.array(z.object({ item_id: int, name: str, unit: str, book: num, counted: num, difference: num, unit_cost: num, value: num })),
  uncounted: z.array(z.object({ item_id: int, name: str, unit: str, book: num, unit_cost: num, value: num })),
  total_value: num,
});
export type PhysicalDifferences = z.infer<typeof physicalDifferencesSchema>;

/** POST /api/v2/physical_inventories/{id}/apply: what moved. */
export const physicalApplyResultSchema = z.object({ id: int, status: z.literal('Aplicado'), applied_at: str, movements: int });

/** Columns GET /api/v2/physical_inventories sorts by. */
export const PHYSICAL_INVENTORY_SORT_COLUMNS = ['id', 'created_at'] as const;
export type PhysicalInventorySortColumn = (typeof PHYSICAL_INVENTORY_SORT_COLUMNS)[number];
