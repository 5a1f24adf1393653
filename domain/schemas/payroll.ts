import * as z from 'zod/mini';
import { payrollMessages } from '../messages/payroll';
import { shippingMessages } from '../messages/shipping';
import { DEDUCTION_FIELDS, PERCEPTION_FIELDS, type DeductionField, type PerceptionField } from '../payroll';
import { isCalendarDay } from '../time';

const int = z.int();
const num = z.number();
const str = z.string();
const opt = <T extends z.ZodMiniType>(schema: T) => z.nullable(schema);
const text = payrollMessages;

const hasCents = (n: number) => Math.abs(Math.round(n * 100) - n * 100) < 1e-6;

/** A peso amount of a receipt: zero or more, with centavos, within reason. */
const pesos = (label: string) =>
  z
    .number({ error: (issue) => (issue.input === undefined ? text.amountRequired(label) : text.amountInvalid(label)) })
    .check(
      z.gte(0, text.amountNegative(label)),
      z.lte(10_000_000, text.amountTooLarge(label)),
      z.refine(hasCents, text.amountCents(label)),
    );

const amountFields = Object.fromEntries(
  [...PERCEPTION_FIELDS, ...DEDUCTION_FIELDS].map((field) => [field, pesos(text.fields[field])]),
) as Record<PerceptionField | DeductionField, ReturnType<typeof pesos>>;

/**
 * POST /api/v2/payrolls and PUT /api/v2/payrolls/{id}: one employee's receipt for
 * the period ending on `date`, with every amount of spec §3. The server computes `sum`, `rest`
 * and `total` from them (domain/payroll.ts); the same schema checks the form.
 */
export const payrollInputSchema = z.object({
  user_id: z
    .int({ error: text.employeeRequired })
    .check(z.positive(text.employeeRequired), z.maximum(2_147_483_647, text.employeeRequired)),
  date: z
    .string({ error: shippingMessages.required })
    .check(z.minLength(1, shippingMessages.required), z.refine(isCalendarDay, shippingMessages.invalidDate)),
  job_position: z.nullable(z.optional(z.string().check(z.trim(), z.maxLength(120, text.positionTooLong)))),
  sub_job_position: z.nullable(z.optional(z.string().check(z.trim(), z.maxLength(120, text.positionTooLong)))),
  daily_salary: pesos(text.fields.daily_salary),
  ...amountFields,
});
export type PayrollInput = z.infer<typeof payrollInputSchema>;

/** One receipt as the payroll list and the writes answer it. */
export const payrollRowSchema = z.object({
  id: int,
  user_id: int,
  employee: str,
  date: str,
  job_position: opt(str),
  sub_job_position: opt(str),
  daily_salary: num,
  amount: num,
  extra_time: num,
  punctuality_award: num,
  performance_award: num,
  production_award: num,
  holidays: num,
  prima_vacacional: num,
  benefits: num,
  imss: num,
  infonavit: num,
  absence: num,
  loan: num,
  sum: num,
  rest: num,
  total: num,
});
export type PayrollRow = z.infer<typeof payrollRowSchema>;

export const payrollPageSchema = z.object({ data: z.array(payrollRowSchema), meta: z.object({ total: int }) });

/** Columns GET /api/v2/payrolls sorts by. */
export const PAYROLL_SORT_COLUMNS = ['date', 'employee', 'total'] as const;
export type PayrollSortColumn = (typeof PAYROLL_SORT_COLUMNS)[number];
