import { fromCents, toCents } from './money';

/**
 * The counter's drawer (/caja): the payment method whose payments are cash in the
 * drawer, and what the drawer should hold at the cut: the cash payments taken plus the cash
 * put in, minus the cash taken out. Pesos in, integer cents inside.
 */
export const CASH_PAYMENT_METHOD = 'Efectivo';

export const CASH_MOVEMENT_KINDS = ['entrada', 'salida'] as const;
export type CashMovementKind = (typeof CASH_MOVEMENT_KINDS)[number];

export function expectedCash({ cashPayments, cashIn, cashOut }: { cashPayments: number; cashIn: number; cashOut: number }): number {
  return fromCents(toCents(cashPayments) + toCents(cashIn) - toCents(cashOut));
}

/** Counted minus expected: positive is money over, negative money short. */
export function cashDifference(counted: number, expected: number): number {
  return fromCents(toCents(counted) - toCents(expected));
}
