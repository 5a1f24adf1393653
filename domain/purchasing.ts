import { purchasingMessages } from './messages/purchasing';
import { amountOf } from './money';
import { addDays } from './time';

/**
 * Purchase orders (spec §3): an order is 'Pendiente' until something of it
 * arrives, 'Parcial' while some line still waits, and 'Recibida' once every line is in.
 * Quantities are kept to 2 decimals, so they are compared in hundredths.
 */
export const PURCHASE_ORDER_STATUSES = ['Pendiente', 'Parcial', 'Recibida'] as const;
export type PurchaseOrderStatus = (typeof PURCHASE_ORDER_STATUSES)[number];

const hundredths = (value: number) => Math.round(value * 100);

/** What is still to arrive of a line, to 2 decimals (never below zero). */
export function pendingQuantity(line: { quantity: number; received_quantity: number }): number {
  return Math.max(0, hundredths(line.quantity) - hundredths(line.received_quantity)) / 100;
}

/** The status an order's lines give it. */
export function purchaseOrderStatus(lines: readonly { quantity: number; received_quantity: number }[]): PurchaseOrderStatus {
  if (lines.every((line) => hundredths(line.received_quantity) === 0)) return 'Pendiente';
  return lines.every((line) => pendingQuantity(line) === 0) ? 'Recibida' : 'Parcial';
}

/** The due date a new order proposes: today plus the provider's credit days. */
export function defaultDueDate(today: string, creditDays: number): string {
  return addDays(today, Math.max(0, Math.trunc(creditDays)));
}

/** 'OC-12': how a purchase order is named on screens, prints and files. */
export const purchaseOrderFolio = (id: number): string => purchasingMessages.folio(id);

/** A line's amount in pesos: quantity × unit cost, rounded to centavos on integer hundredths. */
export function lineTotal(quantity: number, unitCost: number): number {
  return amountOf(quantity, unitCost);
}

/** What is owed: purchases less payments, in centavos so float noise never shows. */
export function balanceOwed(ordersTotal: number, paymentsTotal: number): number {
  return (hundredths(ordersTotal) - hundredths(paymentsTotal)) / 100;
}
