import * as z from 'zod/mini';
import { salesMessages } from '../messages/sales';

const text = salesMessages.corrections;
const id = z.int().check(z.positive(), z.maximum(2_147_483_647));
const twoDecimals = (n: number) => Math.abs(Math.round(n * 100) - n * 100) < 1e-6;

/** POST /api/v2/sales/{id}/returns: what the customer gave back, line by line, and why. */
export const saleReturnInputSchema = z.object({
  reason: z
    .string({ error: text.returnReasonRequired })
    .check(z.trim(), z.minLength(1, text.returnReasonRequired), z.maxLength(500, text.returnReasonTooLong)),
  lines: z
    .array(
      z.object({
        item_id: id,
        quantity: z
          .number({ error: text.returnQuantityInvalid })
          .check(
            z.gt(0, text.returnQuantityInvalid),
            z.lte(100_000, text.returnQuantityInvalid),
            z.refine(twoDecimals, text.returnQuantityInvalid),
          ),
      }),
    )
    .check(z.minLength(1, text.returnNothing), z.maxLength(200)),
});
export type SaleReturnInput = z.infer<typeof saleReturnInputSchema>;

/** A return as its credit note prints it. */
export const saleReturnSchema = z.object({
  id: z.int(),
  sale_id: z.int(),
  created_at: z.string(),
  reason: z.string(),
  subtotal: z.number(),
  total: z.number(),
  credit: z.number(),
  created_by: z.object({ name: z.string(), last: z.string() }),
  company: z.object({ name: z.string(), razon_social: z.string(), rfc: z.nullable(z.string()) }),
  lines: z.array(
    z.object({
      item_id: z.int(),
      name: z.string(),
      unit: z.string(),
      quantity: z.number(),
      price: z.number(),
      amount: z.number(),
      /** Why this line came back, when it has its own (a partial delivery's line; null otherwise). */
      reason: z.optional(z.nullable(z.string())),
    }),
  ),
});
export type SaleReturn = z.infer<typeof saleReturnSchema>;
export const saleReturnAnswerSchema = z.object({ data: saleReturnSchema });
export const saleReturnListSchema = z.object({ data: z.array(saleReturnSchema) });
