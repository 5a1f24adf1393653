import * as z from 'zod/mini';
import { messages } from '../messages';

const id = z.int().check(z.positive(), z.maximum(2_147_483_647));
const date = z.string({ error: messages.shipping.required }).check(z.regex(/^\d{4}-\d{2}-\d{2}$/, messages.shipping.invalidDate));
const amount = z.number().check(z.gt(0, messages.purchasing.amountPositive), z.lte(100_000_000));

/** POST/PUT shoppings (purchase orders, spec §3): the total is the sum of quantity × unit cost. */
export const shoppingInputSchema = z.object({
  provider_id: id,
  due_date: date,
  items: z
    .array(z.object({ item_id: id, quantity: z.number().check(z.gt(0), z.lte(1_000_000)), unit_cost: z.number().check(z.gte(0), z.lte(10_000_000)) }))
    .check(z.minLength(1, messages.purchasing.itemsRequired), z.maxLength(500)),
});
export type ShoppingInput = z.infer<typeof shoppingInputSchema>;

export const providerPaymentInputSchema = z.object({
  provider_id: id,
  purchase_order_id: z.optional(z.nullable(id)),
  date,
  amount,
  payment_method_id: z.optional(z.nullable(id)),
  reference: z.optional(z.nullable(z.string().check(z.maxLength(60)))),
});
export type ProviderPaymentInput = z.infer<typeof providerPaymentInputSchema>;

/** POST saleman_report (spec §7). */
export const salemanReportSchema = z.object({ date_from: date, date_to: date, user_id: z.optional(z.nullable(id)) });
