import { formatMoney } from './format';
import { collectionsMessages } from './messages/collections';
import { fromCents, hasTooManyDecimals, parseAmount, toCents } from './money';

/**
 * How a customer's payment is applied to what it owes. One rule, run by the server
 * when it saves the payment and by the form to show beforehand what the server will do:
 *
 * - 'Aplicar a las más antiguas': the oldest due date first, then the oldest sale (lowest id),
 *   each sale paid up to its balance, until the money runs out.
 * - 'Elegir': an amount per sale, never above that sale's balance, the lines adding up to no
 *   more than the payment.
 *
 * Whatever is not applied stays as the customer's credit (collections.unapplied). Money is
 * counted in integer cents here: a float never decides how much someone still owes.
 */

export type ApplyMode = 'oldest' | 'lines';

/** The most one payment can be: far above any real one, well inside numeric(14, 2). */
export const MAX_PAYMENT = 99_999_999.99;

/** True for an amount that is a whole number of cents ('1200.5' yes, '0.125' no). */
export function isWholeCents(amount: number): boolean {
  return Number.isFinite(amount) && Number(amount.toFixed(2)) === amount;
}

/**
 * A decimal as PostgreSQL writes a numeric ('1234.50', '-3.1', '7') in integer cents, read
 * from its digits: no float ever holds the amount on its way in.
 */
export function decimalToCents(decimal: string): number {
  const match = /^(-?)(\d+)(?:\.(\d*))?$/.exec(decimal.trim());
  if (!match) throw new Error(`Not a decimal: ${decimal}`);
  const [, sign, whole, fraction = ''] = match;
  const cents = Number(whole) * 100 + Number(fraction.padEnd(2, '0').slice(0, 2));
  return sign === '-' ? -cents : cents;
}

/** Integer cents as a decimal for SQL ('123456' → '1234.56'), exact at any size a payment has. */
export function centsToDecimal(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.trunc(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** What is wrong with a typed amount, in Spanish; null when it is a positive amount in cents. */
export function amountProblem(typed: string): string | null {
  const text = collectionsMessages;
  if (typed.trim() === '') return text.amountRequired;
  const cents = parseAmount(typed);
  if (cents === null) return hasTooManyDecimals(typed) ? text.amountCents : text.amountInvalid;
  if (cents <= 0) return text.amountPositive;
  if (cents > toCents(MAX_PAYMENT)) return text.amountTooLarge;
  return null;
}

export interface OpenSaleBalance {
  id: number;
  /** 'YYYY-MM-DD'; a sale without one goes after those with one. */
  due_date: string | null;
  balanceCents: number;
}

export interface AppliedLine {
  sale_id: number;
  cents: number;
}

export interface Application {
  lines: AppliedLine[];
  /** What is left of the payment: the customer's credit. */
  unappliedCents: number;
}

/** The order 'Aplicar a las más antiguas' pays in: oldest due date first, then the oldest sale. */
export function oldestFirst<T extends { id: number; due_date: string | null }>(sales: readonly T[]): T[] {
  return [...sales].sort((a, b) => {
    if (a.due_date !== b.due_date) {
      if (a.due_date === null) return 1;
      if (b.due_date === null) return -1;
      return a.due_date < b.due_date ? -1 : 1;
    }
    return a.id - b.id;
  });
}

/** 'Aplicar a las más antiguas': each sale in turn paid up to its balance until the money runs out. */
export function applyOldestFirst(amountCents: number, sales: readonly OpenSaleBalance[]): Application {
  let left = amountCents;
  const lines: AppliedLine[] = [];
  for (const sale of oldestFirst(sales)) {
    if (left <= 0) break;
    if (sale.balanceCents <= 0) continue;
    const cents = Math.min(left, sale.balanceCents);
    lines.push({ sale_id: sale.id, cents });
    left -= cents;
  }
  return { lines, unappliedCents: left };
}

/** Why chosen lines cannot be applied, for the message that names the sale. */
export type LineProblem =
  | { kind: 'notOpen'; saleId: number }
  | { kind: 'repeated'; saleId: number }
  | { kind: 'notPositive'; saleId: number }
  | { kind: 'overBalance'; saleId: number; balanceCents: number }
  | { kind: 'overAmount'; appliedCents: number; amountCents: number };

/**
 * 'Elegir': the first problem of the chosen lines, or null when they can be applied as they
 * are. `balances` holds the open sales of the customer (sale id → balance in cents).
 */
export function chosenLinesProblem(
  amountCents: number,
  lines: readonly AppliedLine[],
  balances: ReadonlyMap<number, number>,
): LineProblem | null {
  const seen = new Set<number>();
  let applied = 0;
  for (const line of lines) {
    if (seen.has(line.sale_id)) return { kind: 'repeated', saleId: line.sale_id };
    seen.add(line.sale_id);
    const balance = balances.get(line.sale_id);
    if (balance === undefined) return { kind: 'notOpen', saleId: line.sale_id };
    if (line.cents <= 0) return { kind: 'notPositive', saleId: line.sale_id };
    if (line.cents > balance) return { kind: 'overBalance', saleId: line.sale_id, balanceCents: balance };
    applied += line.cents;
  }
  if (applied > amountCents) return { kind: 'overAmount', appliedCents: applied, amountCents };
  return null;
}

/** The chosen lines as an application: what they do not cover stays as credit. */
export function applyChosenLines(amountCents: number, lines: readonly AppliedLine[]): Application {
  const applied = lines.reduce((sum, line) => sum + line.cents, 0);
  return { lines: lines.map((line) => ({ ...line })), unappliedCents: amountCents - applied };
}

/** The Spanish sentence for a problem: it names the sale and says how much it owes. */
export function lineProblemMessage(problem: LineProblem): string {
  const text = collectionsMessages;
  switch (problem.kind) {
    case 'notOpen':
      return text.saleNotOpen(problem.saleId);
    case 'repeated':
      return text.repeatedSale(problem.saleId);
    case 'notPositive':
      return text.lineAmountPositive(problem.saleId);
    case 'overBalance':
      return text.overBalance(problem.saleId, formatMoney(fromCents(problem.balanceCents)));
    case 'overAmount':
      return text.overAmount(formatMoney(fromCents(problem.appliedCents)), formatMoney(fromCents(problem.amountCents)));
  }
}

/** What the form shows before saving: the application the server will make, or why it cannot. */
export interface PaymentPreview {
  /** Null while the amount typed is no amount. */
  amountCents: number | null;
  application: Application;
  /** The first problem of the chosen lines, in Spanish (it names the sale). */
  problem: string | null;
}

/**
 * The form's preview of a payment, by the same rule the server applies: `chosen` holds the
 * amount typed for each sale ('Elegir'; empty text = nothing for that sale).
 */
export function previewPayment(
  amountText: string,
  sales: readonly OpenSaleBalance[],
  mode: ApplyMode,
  chosen: ReadonlyMap<number, string>,
): PaymentPreview {
  const amountCents = amountProblem(amountText) === null ? parseAmount(amountText) : null;
  if (mode === 'oldest') return { amountCents, application: applyOldestFirst(amountCents ?? 0, sales), problem: null };
  const lines: AppliedLine[] = [];
  for (const sale of sales) {
    const typed = chosen.get(sale.id)?.trim() ?? '';
    if (typed === '') continue;
    const cents = parseAmount(typed);
    if (cents === null)
      return { amountCents, application: { lines, unappliedCents: 0 }, problem: collectionsMessages.lineAmountInvalid(sale.id) };
    lines.push({ sale_id: sale.id, cents });
  }
  const balances = new Map(sales.map((sale) => [sale.id, sale.balanceCents]));
  // Until the amount is known, only the lines themselves are checked.
  const problem = chosenLinesProblem(amountCents ?? Number.MAX_SAFE_INTEGER, lines, balances);
  const application = applyChosenLines(amountCents ?? 0, lines);
  return {
    amountCents,
    application: { ...application, unappliedCents: Math.max(application.unappliedCents, 0) },
    problem: problem && lineProblemMessage(problem),
  };
}

export type PaymentStatus = 'Pendiente' | 'Parcial' | 'Pagada';

/**
 * A sale's payment status follows what payments cover of it, never its credit notes: nothing
 * paid is 'Pendiente' (a return on an unpaid sale lowers what it owes, it pays nothing; a
 * cancelled sale has had its payments released), paid with nothing left is 'Pagada', and
 * 'Parcial' between.
 */
export function paymentStatusFor(amounts: { paidCents: number; balanceCents: number }): PaymentStatus {
  if (amounts.paidCents <= 0) return 'Pendiente';
  if (amounts.balanceCents <= 0) return 'Pagada';
  return 'Parcial';
}

/**
 * What payments cover of a sale that stands: its total less its credit notes less what it
 * still owes (a return takes off the balance first and releases the paid part as credit, so
 * this holds after every correction).
 */
export function paidCentsOf(sale: SaleAmounts): number {
  return sale.totalCents - sale.returnedCents - sale.balanceCents;
}

export interface SaleAmounts {
  totalCents: number;
  returnedCents: number;
  balanceCents: number;
}

/** The payment status of a sale that stands, from its amounts. */
export function paymentStatusOf(sale: SaleAmounts): PaymentStatus {
  return paymentStatusFor({ paidCents: paidCentsOf(sale), balanceCents: sale.balanceCents });
}

/** A payment's folio as screens and its receipt show it. */
export function collectionFolio(id: number): string {
  return `R-${id}`;
}
