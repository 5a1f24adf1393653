/**
 * Pesos as people type them and as the app counts them: integer cents, so a float never
 * decides an amount. Payments, expenses and any other typed amount read through here.
 */

/** Pesos with at most two decimals (as typed or as the server sends them) in integer cents. */
export function toCents(amount: number): number {
  return Math.round(amount * 100);
}

export function fromCents(cents: number): number {
  return cents / 100;
}

/**
 * An amount as people type it ('1200', '1,200.50', '$ 1 200.5') in integer cents; null when it
 * is no amount. A comma only separates thousands in es-MX, never decimals: '1,5' is refused
 * rather than read as 15 or 1.5. More than two decimals is refused too.
 */
export function parseAmount(typed: string): number | null {
  const text = typed.replace(/[$\s]/g, '');
  if (!/^(\d{1,3}(,\d{3})+|\d+)(\.\d*)?$/.test(text)) return null;
  const [whole, fraction = ''] = text.replace(/,/g, '').split('.');
  if (fraction.length > 2) return null;
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

/** True when what was typed looks like an amount with more than two decimals ('10.001'). */
export function hasTooManyDecimals(typed: string): boolean {
  return /\.\d{3,}\s*$/.test(typed.trim());
}

/**
 * Quantity × unit price in pesos, rounded to centavos on integer hundredths as the database's
 * `round(x, 2)` does (halves away from zero, also for a negative quantity such as a shortfall).
 */
export function amountOf(quantity: number, unitPrice: number): number {
  const tenThousandths = Math.round(quantity * 100) * Math.round(unitPrice * 100);
  return (Math.sign(tenThousandths) * Math.round(Math.abs(tenThousandths) / 100)) / 100;
}

/**
 * The amount as typed, in pesos: undefined when nothing was typed, NaN when it is no amount
 * ('1,5': a comma only separates thousands), so the schema refuses it with its message.
 */
export function typedAmount(typed: string): number | undefined {
  if (typed.trim() === '') return undefined;
  const cents = parseAmount(typed);
  if (cents !== null) return fromCents(cents);
  // '10.001' is a number with too many decimals: the schema says so rather than 'no amount'.
  return hasTooManyDecimals(typed) ? Number(typed.replace(/[$\s,]/g, '')) : Number.NaN;
}
