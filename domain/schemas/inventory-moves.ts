import * as z from 'zod/mini';
import { MERMA_REASONS } from '../inventory-moves';
import { inventoryMovesMessages } from '../messages/inventory-moves';

/**
 * The contracts of the inventory screens: what the forms send (the same schemas
 * check them in the browser and on the server) and what the reads answer.
 */
const int = z.int();
const num = z.number();
const str = z.string();
const opt = <T extends z.ZodMiniType>(schema: T) => z.nullable(schema);
const text = inventoryMovesMessages;

const hasCents = (n: number) => Math.abs(Math.round(n * 100) - n * 100) < 1e-6;
const itemId = z.int({ error: text.itemRequired }).check(z.positive(text.itemRequired), z.maximum(2_147_483_647, text.itemNotFound));
const branchId = (required: string) =>
  z.int({ error: required }).check(z.positive(required), z.maximum(2_147_483_647, text.branchNotFound));
/** Omitted or null: the branch of the person recording it. */
const optionalBranch = z.optional(z.nullable(branchId(text.branchNotFound)));
const quantityNumber = z.number({ error: (issue) => (issue.input === undefined ? text.quantityRequired : text.quantityInvalid) });
/** A quantity that moves stock: to two decimals (as movements are stored), within ±1,000,000. */
const positiveQuantity = quantityNumber.check(
  z.gt(0, text.quantityPositive),
  z.lte(1_000_000, text.quantityTooLarge),
  z.refine(hasCents, text.quantityCents),
);
const signedQuantity = quantityNumber.check(
  z.refine((n) => Math.round(n * 100) !== 0, text.quantityZero),
  z.refine(hasCents, text.quantityCents),
  z.gte(-1_000_000, text.quantityTooLarge),
  z.lte(1_000_000, text.quantityTooLarge),
);
const note = z.optional(z.nullable(z.string().check(z.trim(), z.maxLength(300, text.noteTooLong))));

/** POST /api/v2/adjustments: an 'Ajuste Manual' up (positive) or down (negative), always with why. */
export const manualAdjustmentInputSchema = z.object({
  item_id: itemId,
  quantity: signedQuantity,
  reason: z
    .string({ error: text.reasonRequired })
    .check(z.trim(), z.minLength(1, text.reasonRequired), z.maxLength(300, text.reasonTooLong)),
  branch_id: optionalBranch,
});
export type ManualAdjustmentInput = z.infer<typeof manualAdjustmentInputSchema>;

/** POST /api/v2/mermas: waste of a positive quantity, for a reason of the fixed list ('Otro' with its words). */
export const mermaInputSchema = z
  .object({
    item_id: itemId,
    quantity: positiveQuantity,
    reason: z.enum(MERMA_REASONS, { error: text.mermaReasonRequired }),
    other_reason: z.optional(z.nullable(z.string().check(z.trim(), z.maxLength(280, text.reasonTooLong)))),
    branch_id: optionalBranch,
  })
  .check(
    z.superRefine((value, ctx) => {
      if (value.reason === text.otherPrefix && !value.other_reason)
        ctx.issues.push({ code: 'custom', path: ['other_reason'], message: text.otherReasonRequired, input: value.other_reason });
    }),
  );
export type MermaInput = z.infer<typeof mermaInputSchema>;

/** POST /api/v2/inventory_transfers: items from one branch to another, all or none. */
export const transferInputSchema = z
  .object({
    from_branch_id: branchId(text.transfers.fromRequired),
    to_branch_id: branchId(text.transfers.toRequired),
    items: z
      .array(z.object({ item_id: itemId, quantity: positiveQuantity }), { error: text.transfers.linesRequired })
      .check(z.minLength(1, text.transfers.linesRequired), z.maxLength(100, text.transfers.tooManyLines)),
    note,
  })
  .check(
    z.superRefine((value, ctx) => {
      if (value.from_branch_id === value.to_branch_id)
        ctx.issues.push({ code: 'custom', path: ['to_branch_id'], message: text.transfers.sameBranch, input: value.to_branch_id });
      if (new Set(value.items.map((line) => line.item_id)).size !== value.items.length)
        ctx.issues.push({ code: 'custom', path: ['items'], message: text.transfers.repeatedItem, input: value.items });
    }),
  );
export type TransferInput = z.infer<typeof transferInputSchema>;

/** GET /api/v2/branches: where stock is kept. */
export const branchListSchema = z.object({ data: z.array(z.object({ id: int, name: str, address: str })) });
export type Branch = z.infer<typeof branchListSchema>['data'][number];

/** One movement as the inventory lists and the detail report show it. */
export const movementRowSchema = z.object({
  id: int,
  created_at: str,
  item_id: int,
  item_name: str,
  unit: str,
  branch_id: int,
  branch_name: str,
  type: str,
  source: str,
  /** As stored: subtracting types carry it positive. */
  quantity: num,
  /** What it did to stock. */
  signed_quantity: num,
  reason: opt(str),
  user_name: opt(str),
  transfer_id: opt(int),
});
export type MovementRow = z.infer<typeof movementRowSchema>;
export const movementPageSchema = z.object({ data: z.array(movementRowSchema), meta: z.object({ total: int }) });

/** POST /api/v2/adjustments and /api/v2/mermas: the movement and the item's stock after it in that branch. */
export const recordedMovementSchema = z.object({ movement: movementRowSchema, stock: num });

/** Columns the adjustments and mermas lists sort by. */
export const MOVEMENT_SORT_COLUMNS = ['created_at', 'item_name', 'quantity'] as const;
export type MovementSortColumn = (typeof MOVEMENT_SORT_COLUMNS)[number];

export const transferRowSchema = z.object({
  id: int,
  created_at: str,
  from_branch_id: int,
  from_branch_name: str,
  to_branch_id: int,
  to_branch_name: str,
  note: opt(str),
  user_name: opt(str),
  items: z.array(z.object({ item_id: int, name: str, unit: str, quantity: num })),
});
export type TransferRow = z.infer<typeof transferRowSchema>;
export const transferPageSchema = z.object({ data: z.array(transferRowSchema), meta: z.object({ total: int }) });
export const TRANSFER_SORT_COLUMNS = ['id', 'created_at'] as const;
export type TransferSortColumn = (typeof TRANSFER_SORT_COLUMNS)[number];

/** GET /api/v2/inventory/cost: stock valued at each item's cost; the total of every row the filters keep. */
export const inventoryCostRowSchema = z.object({ item_id: int, name: str, unit: str, stock: num, cost: num, value: num });
export type InventoryCostRow = z.infer<typeof inventoryCostRowSchema>;
export const inventoryCostPageSchema = z.object({ data: z.array(inventoryCostRowSchema), meta: z.object({ total: int, value: num }) });
export const INVENTORY_COST_SORT_COLUMNS = ['name', 'stock', 'cost', 'value'] as const;
export type InventoryCostSortColumn = (typeof INVENTORY_COST_SORT_COLUMNS)[number];

/** GET /api/v2/inventory/pos: the counter's items and their stock; `low` counts those at or under the limit. */
export const posStockRowSchema = z.object({ item_id: int, name: str, unit: str, ean13: opt(str), stock: num, low: z.boolean() });
export type PosStockRow = z.infer<typeof posStockRowSchema>;
export const posStockPageSchema = z.object({ data: z.array(posStockRowSchema), meta: z.object({ total: int, low: int }) });
export const POS_STOCK_SORT_COLUMNS = ['name', 'stock'] as const;
export type PosStockSortColumn = (typeof POS_STOCK_SORT_COLUMNS)[number];

/**
 * GET /api/v2/inventory_report?type=card: per item over the period, what it had before,
 * what came in, what went out and what it had at the end (closing = opening + entries −
 * exits); `stock` is the closing and `value` the closing at the item's cost.
 */
export const inventoryReportCardRowSchema = z.object({
  item_id: int,
  name: str,
  unit: str,
  opening: num,
  entries: num,
  exits: num,
  closing: num,
  stock: num,
  cost: num,
  value: num,
});
export type InventoryReportCardRow = z.infer<typeof inventoryReportCardRowSchema>;
export const inventoryReportCardPageSchema = z.object({ data: z.array(inventoryReportCardRowSchema), meta: z.object({ total: int }) });
export const CARD_SORT_COLUMNS = ['name', 'opening', 'entries', 'exits', 'closing', 'value'] as const;
export type CardSortColumn = (typeof CARD_SORT_COLUMNS)[number];

/** GET /api/v2/inventory_report?type=detail: every movement of the period. */
export const inventoryReportDetailPageSchema = movementPageSchema;
export const DETAIL_SORT_COLUMNS = ['created_at', 'item_name', 'quantity'] as const;
export type DetailSortColumn = (typeof DETAIL_SORT_COLUMNS)[number];

/** GET /api/v2/inventory_report/{id}: one item's card, its movements with the balance after each. */
export const itemCardSchema = z.object({
  item: z.object({ id: int, name: str, unit: str, cost: num }),
  range: z.tuple([str, str]),
  opening: num,
  entries: num,
  exits: num,
  closing: num,
  by_type: z.array(z.object({ type: str, quantity: num, count: int })),
  data: z.array(z.object({ ...movementRowSchema.shape, balance: num })),
  meta: z.object({ total: int }),
});
export type ItemCard = z.infer<typeof itemCardSchema>;
export type ItemCardMovement = ItemCard['data'][number];
