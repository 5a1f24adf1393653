import { fromCents, toCents } from './money';

/**
 * A payroll receipt's arithmetic (spec §3 Payroll), the same on the server that
 * stores it and in the form that previews it. Pesos in, integer cents inside, pesos out:
 * a float never decides a total.
 *
 * Perceptions ('sum'): the fixed pay of the period ('fijos', `amount`), extra time, the
 * punctuality, performance and production awards, holidays, the prima vacacional and other
 * benefits. Deductions ('rest'): IMSS, Infonavit, absences and the loan instalment.
 * `total` is what the employee receives: perceptions minus deductions.
 */
export const PERCEPTION_FIELDS = [
  'amount',
  'extra_time',
  'punctuality_award',
  'performance_award',
  'production_award',
  'holidays',
  'prima_vacacional',
  'benefits',
] as const;
export const DEDUCTION_FIELDS = ['imss', 'infonavit', 'absence', 'loan'] as const;
export type PerceptionField = (typeof PERCEPTION_FIELDS)[number];
export type DeductionField = (typeof DEDUCTION_FIELDS)[number];
export type PayrollAmounts = Record<PerceptionField | DeductionField, number>;

/** The days of pay a period's fixed pay covers by default: the fortnight Mexican payrolls use. */
export const PAYROLL_PERIOD_DAYS = 15;

export interface PayrollTotals {
  sum: number;
  rest: number;
  total: number;
}

export function payrollTotals(amounts: PayrollAmounts): PayrollTotals {
  const sum = PERCEPTION_FIELDS.reduce((cents, field) => cents + toCents(amounts[field]), 0);
  const rest = DEDUCTION_FIELDS.reduce((cents, field) => cents + toCents(amounts[field]), 0);
  return { sum: fromCents(sum), rest: fromCents(rest), total: fromCents(sum - rest) };
}

/** The fixed pay a daily salary suggests for a period: the form's starting value, never forced. */
export function suggestedFixedPay(dailySalary: number): number {
  return fromCents(toCents(dailySalary) * PAYROLL_PERIOD_DAYS);
}
