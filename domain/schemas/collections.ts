import * as z from 'zod/mini';
import { AGING_BUCKETS } from '../aging';
import { isWholeCents, MAX_PAYMENT } from '../collections';
import { collectionsMessages } from '../messages/collections';
import { isCalendarDay } from '../time';

/**
 * The contract of collections and overdue balances: the payment write and its
 * cancellation, a payment as its receipt shows it, the /collections list and its totals, and
 * the overdue balances by customer with the aging buckets. The server validates with these
 * and the app parses every answer with them.
 */
const int = z.int();
const num = z.number();
const str = z.string();
const opt = <T extends z.ZodMiniType>(schema: T) => z.nullable(schema);
const id = z.int().check(z.positive(), z.maximum(2_147_483_647));
const text = collectionsMessages;

/** A real day: '2026-02-31' matches the pattern but is no date. */

const money = (positive: string) =>
  z
    .number({ error: text.amountRequired })
    .check(z.gt(0, positive), z.lte(MAX_PAYMENT, text.amountTooLarge), z.refine(isWholeCents, text.amountCents));

const optionalText = (max: number, tooLong: string) => z.nullable(z.string().check(z.trim(), z.maxLength(max, tooLong)));

/**
 * POST /api/v2/collections: a payment from a customer and how it is applied. Without `lines`
 * it is applied to the oldest due sales first (`apply: 'oldest'`, the default); with `lines`,
 * to those sales by those amounts. What is not applied stays as the customer's credit.
 */
export const collectionInputSchema = z
  .object({
    company_id: z
      .int({ error: text.companyRequired })
      .check(z.positive(text.companyRequired), z.maximum(2_147_483_647, text.companyRequired)),
    date: z.string({ error: text.dateRequired }).check(z.refine(isCalendarDay, text.dateRequired)),
    amount: money(text.amountPositive),
    payment_method_id: z
      .int({ error: text.paymentMethodRequired })
      .check(z.positive(text.paymentMethodRequired), z.maximum(2_147_483_647, text.paymentMethodRequired)),
    reference: z.optional(optionalText(60, text.referenceTooLong)),
    note: z.optional(optionalText(500, text.noteTooLong)),
    apply: z.optional(z.enum(['oldest', 'lines'])),
    lines: z.optional(
      z
        .array(
          z.object({
            sale_id: id,
            amount: z
              .number({ error: text.amountRequired })
              .check(z.gt(0, text.amountPositive), z.lte(MAX_PAYMENT, text.amountTooLarge), z.refine(isWholeCents, text.amountCents)),
          }),
        )
        .check(z.maxLength(200, text.tooManyLines)),
    ),
  })
  .check(
    z.refine((body) => !(body.apply === 'oldest' && body.lines !== undefined) && !(body.apply === 'lines' && body.lines === undefined), {
      message: text.applyConflict,
    }),
  );
export type CollectionInput = z.infer<typeof collectionInputSchema>;

/**
 * POST /api/v2/balances/{id}/credit: the customer's credit (what earlier payments left
 * unapplied) applied to its open sales, oldest first, or by the chosen amounts.
 */
export const creditApplySchema = z.object({
  lines: z.optional(
    z
      .array(
        z.object({
          sale_id: id,
          amount: z
            .number({ error: text.amountRequired })
            .check(z.gt(0, text.amountPositive), z.lte(MAX_PAYMENT, text.amountTooLarge), z.refine(isWholeCents, text.amountCents)),
        }),
      )
      .check(z.minLength(1, text.amountRequired), z.maxLength(200, text.tooManyLines)),
  ),
});
export type CreditApply = z.infer<typeof creditApplySchema>;

/** POST /api/v2/collections/{id}/cancel: the reason is kept with the payment. */
export const collectionCancelSchema = z.object({
  reason: z
    .string({ error: text.reasonRequired })
    .check(z.trim(), z.minLength(1, text.reasonRequired), z.maxLength(500, text.reasonTooLong)),
});
export type CollectionCancel = z.infer<typeof collectionCancelSchema>;

const person = z.object({ id: int, name: str, last: str });

/** One sale a payment paid: how much went to it, its balance right after, and its balance now. */
export const collectionLineSchema = z.object({
  id: int,
  sale_id: int,
  sale_date: str,
  sale_due_date: opt(str),
  sale_total: num,
  amount: num,
  /** Its balance once this payment (and those before it that still stand) was applied. */
  balance_after: num,
  /** Its balance today. */
  due_balance: num,
  payment_status: str,
});
export type CollectionLine = z.infer<typeof collectionLineSchema>;

/** GET /api/v2/collections/{id} (and what the writes answer): the payment as its receipt shows it. */
export const collectionSchema = z.object({
  id: int,
  date: str,
  amount: num,
  /** Applied to sales. */
  applied: num,
  /** Left as the customer's credit. */
  unapplied: num,
  reference: opt(str),
  note: opt(str),
  created_at: str,
  company: z.object({ id: int, name: str, razon_social: str, rfc: opt(str) }),
  payment_method: opt(z.object({ id: int, name: str })),
  user: person,
  details: z.array(collectionLineSchema),
  canceled_at: opt(str),
  cancel_reason: opt(str),
  canceled_by: opt(person),
  /** The route a driver took it on ('Cobrado en ruta #N'), and the provisional number of the phone's receipt. */
  shipping_id: z.optional(opt(int)),
  provisional: z.optional(opt(str)),
});
export type Collection = z.infer<typeof collectionSchema>;
export const collectionAnswerSchema = z.object({ data: collectionSchema });

/** A row of GET /api/v2/collections (/collections and a customer's page). */
export const collectionListRowSchema = z.object({
  id: int,
  company_id: int,
  company_name: str,
  user_id: int,
  user_name: str,
  date: str,
  amount: num,
  unapplied: num,
  payment_method_id: opt(int),
  payment_method: opt(str),
  reference: opt(str),
  note: opt(str),
  created_at: str,
  canceled_at: opt(str),
  cancel_reason: opt(str),
  canceled_by_name: opt(str),
  /** The route a driver took it on ('Cobrado en ruta #N'). */
  shipping_id: z.optional(opt(int)),
});
export type CollectionListRow = z.infer<typeof collectionListRowSchema>;
export const collectionListPageSchema = z.object({ data: z.array(collectionListRowSchema), meta: z.object({ total: int }) });

/** GET /api/v2/collection/totals: over the list's filters (not cancelled unless asked). */
export const collectionListTotalsSchema = z.object({
  data: z.object({
    count: int,
    total: num,
    unapplied: num,
    by_payment_method: z.array(z.object({ payment_method_id: opt(int), name: opt(str), count: int, total: num })),
  }),
});
export type CollectionListTotals = z.infer<typeof collectionListTotalsSchema>['data'];

/** What a customer owes, split by the aging buckets (domain/aging.ts). */
const bucketTotals = {
  current: num,
  days_0_30: num,
  days_31_60: num,
  days_61_90: num,
  days_over_90: num,
};

/** A row of GET /api/v2/balances: a customer with sales past their due date. */
export const balanceRowSchema = z.object({
  company_id: int,
  company_name: str,
  credit_days: int,
  /** Sales past due with a balance, and what they owe. */
  count: int,
  total: num,
  ...bucketTotals,
  oldest_due_date: str,
  /** What its payments left unapplied: credit it has with us, beside what it owes. */
  credit: num,
});
export type BalanceRow = z.infer<typeof balanceRowSchema>;

/** The grand totals over every row the filters select, not only the page. */
export const balanceTotalsSchema = z.object({ customers: int, count: int, total: num, ...bucketTotals });
export type BalanceTotals = z.infer<typeof balanceTotalsSchema>;

export const balancePageSchema = z.object({
  data: z.array(balanceRowSchema),
  meta: z.object({ total: int, today: str, totals: balanceTotalsSchema }),
});

/** An open sale of one customer (GET /api/v2/balances/{id}): the payment form and the drill-down of /balances. */
export const openSaleSchema = z.object({
  id: int,
  date: str,
  due_date: opt(str),
  total: num,
  due_balance: num,
  payment_status: str,
  /** Whole days past its due date; 0 or less while not due. */
  days_overdue: int,
  bucket: z.enum(AGING_BUCKETS),
  user_name: str,
});
export type OpenSale = z.infer<typeof openSaleSchema>;

export const customerBalanceSchema = z.object({
  data: z.array(openSaleSchema),
  meta: z.object({
    today: str,
    company: z.object({ id: int, name: str, razon_social: str, credit_days: int }),
    totals: z.object({ count: int, total: num, overdue: num, ...bucketTotals }),
    /** What earlier payments left unapplied (not cancelled). */
    credit: num,
  }),
});
export type CustomerBalance = z.infer<typeof customerBalanceSchema>;
