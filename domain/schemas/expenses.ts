import * as z from 'zod/mini';
import { expensesMessages } from '../messages/expenses';
import { shippingMessages } from '../messages/shipping';
import { isCalendarDay } from '../time';

const int = z.int();
const num = z.number();
const str = z.string();
const opt = <T extends z.ZodMiniType>(schema: T) => z.nullable(schema);
const id = z.int().check(z.positive(), z.maximum(2_147_483_647));
const text = expensesMessages;

const hasCents = (n: number) => Math.abs(Math.round(n * 100) - n * 100) < 1e-6;

/**
 * POST /api/v2/expenses: an expense of a type of the reference list
 * (GET /api/v1/expense_type/all), on a day, in pesos with centavos, with what it was for
 * and, when known, how it was paid. The same schema checks the form and the server.
 */
export const expenseInputSchema = z.object({
  expense_type_id: z.int({ error: text.typeRequired }).check(z.positive(text.typeRequired), z.maximum(2_147_483_647, text.typeRequired)),
  date: z
    .string({ error: shippingMessages.required })
    .check(z.minLength(1, shippingMessages.required), z.refine(isCalendarDay, shippingMessages.invalidDate)),
  amount: z
    .number({ error: (issue) => (issue.input === undefined ? text.amountRequired : text.amountInvalid) })
    .check(z.gt(0, text.amountPositive), z.lte(100_000_000, text.amountTooLarge), z.refine(hasCents, text.amountCents)),
  description: z
    .string({ error: text.descriptionRequired })
    .check(z.trim(), z.minLength(1, text.descriptionRequired), z.maxLength(300, text.descriptionTooLong)),
  payment_method_id: z.optional(z.nullable(id)),
});
export type ExpenseInput = z.infer<typeof expenseInputSchema>;

/** One expense as GET /api/v2/expenses lists it and POST answers it. */
export const expenseRowSchema = z.object({
  id: int,
  expense_type_id: int,
  type: str,
  date: str,
  amount: num,
  description: opt(str),
  payment_method_id: opt(int),
  payment_method: opt(str),
  user_id: int,
  user_name: str,
  created_at: str,
});
export type ExpenseRow = z.infer<typeof expenseRowSchema>;

export const expensePageSchema = z.object({ data: z.array(expenseRowSchema), meta: z.object({ total: int }) });

/** DELETE /api/v2/expenses/{id}: the id of the expense no longer counted. */
export const expenseDeletedSchema = z.object({ id: int });

/** Columns GET /api/v2/expenses sorts by. */
export const EXPENSE_SORT_COLUMNS = ['date', 'amount', 'id'] as const;
export type ExpenseSortColumn = (typeof EXPENSE_SORT_COLUMNS)[number];
