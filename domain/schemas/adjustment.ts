import * as z from 'zod/mini';
import { inventoryMessages } from '../messages/inventory';

/** POST /api/v2/inventories: an 'Ajuste Manual' of one item; negative takes stock out. */
export const adjustmentSchema = z.object({
  item_id: z.int().check(z.positive(), z.maximum(2_147_483_647)),
  // To 2 decimals, as movements are stored: 0.004 would be kept as a zero movement.
  quantity: z.number().check(
    z.refine((n) => Math.round(n * 100) !== 0, inventoryMessages.adjustmentZero),
    z.refine((n) => Math.abs(Math.round(n * 100) - n * 100) < 1e-6, inventoryMessages.adjustmentInvalid),
    z.gte(-1_000_000),
    z.lte(1_000_000),
  ),
});
export type Adjustment = z.infer<typeof adjustmentSchema>;

export const adjustmentResultSchema = z.object({ id: z.int(), item_id: z.int(), stock: z.number() });

/** GET /api/v2/inventory/stock: each item's stock, without costs (those are the reports'). */
export const itemStockListSchema = z.object({
  data: z.array(z.object({ item_id: z.int(), name: z.string(), unit: z.string(), stock: z.number() })),
});
