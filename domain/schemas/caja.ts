import * as z from 'zod/mini';
import { CASH_MOVEMENT_KINDS } from '../caja';
import { cajaMessages } from '../messages/caja';

const int = z.int();
const num = z.number();
const str = z.string();
const opt = <T extends z.ZodMiniType>(schema: T) => z.nullable(schema);
const text = cajaMessages;
const hasCents = (n: number) => Math.abs(Math.round(n * 100) - n * 100) < 1e-6;
const pesos = (positive: boolean) =>
  z
    .number({ error: (issue) => (issue.input === undefined ? text.amountRequired : text.amountInvalid) })
    .check(
      positive ? z.gt(0, text.amountPositive) : z.gte(0, text.amountNegative),
      z.lte(10_000_000, text.amountTooLarge),
      z.refine(hasCents, text.amountCents),
    );

/** POST /api/v2/cash_movements: cash put into or taken out of the drawer today, and why. */
export const cashMovementInputSchema = z.object({
  kind: z.enum(CASH_MOVEMENT_KINDS, { error: text.kindRequired }),
  amount: pesos(true),
  reason: z
    .string({ error: text.reasonRequired })
    .check(z.trim(), z.minLength(1, text.reasonRequired), z.maxLength(300, text.reasonTooLong)),
});
export type CashMovementInput = z.infer<typeof cashMovementInputSchema>;

/** POST /api/v2/cash_cuts: the cash counted in the drawer at the end of today. */
export const cashCutInputSchema = z.object({
  counted: pesos(false),
  note: z.optional(z.nullable(z.string().check(z.trim(), z.maxLength(300, text.reasonTooLong)))),
});
export type CashCutInput = z.infer<typeof cashCutInputSchema>;

const cutSchema = z.object({ id: int, expected: num, counted: num, difference: num, note: opt(str), created_at: str });

/** GET /api/v2/caja: one person's counter day, as the server added it up. */
export const cajaDaySchema = z.object({
  data: z.object({
    date: str,
    user_name: str,
    counter_sales: z.object({
      count: int,
      total: num,
      rows: z.array(z.object({ id: int, company_name: str, total: num, payment_status: str, created_at: str })),
    }),
    payments: z.object({
      by_method: z.array(z.object({ method: str, count: int, total: num })),
      total: num,
      cash: num,
    }),
    movements: z.array(z.object({ id: int, kind: z.enum(CASH_MOVEMENT_KINDS), amount: num, reason: str, created_at: str })),
    cash_in: num,
    cash_out: num,
    expected_cash: num,
    cut: opt(cutSchema),
  }),
});
export type CajaDay = z.infer<typeof cajaDaySchema>['data'];
export const cashMovementRowSchema = z.object({ id: int, kind: z.enum(CASH_MOVEMENT_KINDS), amount: num, reason: str, created_at: str });
export const cashCutRowSchema = cutSchema;
