import * as z from 'zod/mini';
import { newSaleMessages } from '../messages/new-sale';
import { shippingMessages } from '../messages/shipping';
import { SALE_SERIES } from '../sales';
import { isCalendarDay } from '../time';

const id = z.int().check(z.positive(), z.maximum(2_147_483_647));
const text = newSaleMessages;

/** A real day: '2026-02-31' matches the pattern but is no date. */

const hasTwoDecimals = (n: number) => Math.abs(Math.round(n * 100) - n * 100) < 1e-6;

/**
 * POST /api/v2/sales: a new sale, which is an order to fill from its scheduled date
 * (spec §3 quotation/sale). Prices come from the server's items, never from the client.
 */
export const newSaleSchema = z.object({
  company_id: id,
  company_branch_id: z.nullable(id),
  date: z
    .string({ error: shippingMessages.required })
    .check(z.minLength(1, { error: shippingMessages.required, abort: true }), z.refine(isCalendarDay, shippingMessages.invalidDate)),
  type: z.enum(SALE_SERIES),
  note: z.nullable(z.string().check(z.maxLength(2000))),
  internal_note: z.nullable(z.string().check(z.maxLength(2000))),
  purchase_order: z.nullable(z.string().check(z.maxLength(60))),
  bar: z.boolean(),
  items: z
    // Quantities are kept to 2 decimals (kg to 10 g), as the database stores them.
    .array(
      z.object({
        item_id: id,
        quantity: z.number().check(z.gte(0.01, text.quantityPositive), z.lte(100_000), z.refine(hasTwoDecimals, text.quantityPositive)),
      }),
    )
    .check(z.minLength(1, text.emptyCart), z.maxLength(200)),
});
export type NewSale = z.infer<typeof newSaleSchema>;

/** The saved sale as the server priced it, lines included: what its ticket prints. */
export const createdSaleSchema = z.object({
  id: z.int(),
  date: z.string(),
  subtotal: z.number(),
  iva: z.number(),
  total: z.number(),
  type: z.enum(SALE_SERIES),
  items: z.array(
    z.object({ item_id: z.int(), name: z.string(), unit: z.string(), quantity: z.number(), price: z.number(), amount: z.number() }),
  ),
});
export type CreatedSale = z.infer<typeof createdSaleSchema>;
