import { monterreyDateTime } from './time';

/**
 * How amounts read in the product (spec §1, §9): pesos in es-MX format (MXN), weights in kg
 * with 2 decimals. Written out rather than through Intl.NumberFormat: creating that formatter
 * loads the locale's number data, about 25 ms of a phone's start on the first screen that
 * shows an amount. The output is Intl's, character for character (format.test.ts compares them).
 */
export function formatMoney(amount: number): string {
  const { negative, digits } = twoDecimals(amount);
  return `${negative ? '-' : ''}$${digits}`;
}

export function formatKg(weight: number): string {
  return `${formatTwoDecimals(weight)} kg`;
}

function formatTwoDecimals(value: number): string {
  const { negative, digits } = twoDecimals(value);
  return `${negative ? '-' : ''}${digits}`;
}

/**
 * |value| rounded to 2 decimals and grouped by thousands ('1,234.50'), and whether a minus
 * goes before it. Rounding is half away from zero on the shortest decimal that reads back as
 * the same number (1.005 → 1.01), as Intl does, not on the binary value as toFixed does
 * (1.005 → 1.00). Intl shows the minus of a negative that rounds to zero ('-0.00').
 */
function twoDecimals(value: number): { negative: boolean; digits: string } {
  const negative = value < 0 || Object.is(value, -0);
  const magnitude = Math.abs(value);
  if (!Number.isFinite(magnitude)) return { negative, digits: Number.isNaN(magnitude) ? 'NaN' : '∞' };
  let shortest = String(magnitude);
  // Exponent notation only below 1e-6 (rounds to 0.00) or from 1e21: '2.5e+22' is 25 and 21 zeros.
  if (shortest.includes('e')) {
    const [mantissa = '0', exponent = '0'] = shortest.split('e');
    const [head = '0', tail = ''] = mantissa.split('.');
    shortest = magnitude < 1 ? '0' : head + tail + '0'.repeat(Number(exponent) - tail.length);
  }
  const [whole = '0', fraction = ''] = shortest.split('.');
  let cents = BigInt(whole + fraction.slice(0, 2).padEnd(2, '0'));
  if (fraction.charCodeAt(2) >= 53 /* '5' */) cents += 1n;
  const text = cents.toString().padStart(3, '0');
  const units = text.slice(0, -2).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return { negative, digits: `${units}.${text.slice(-2)}` };
}

/** A quantity of a product, up to 2 decimals without trailing zeros: '1,234.5', '12'. */
export function formatQuantity(value: number): string {
  return formatTwoDecimals(value)
    .replace(/\.00$/, '')
    .replace(/(\.\d)0$/, '$1');
}

/**
 * An amount short enough for a chart's axis: '$950', '$12.5 mil', '$1.3 M' (1 decimal at most).
 * Intl's compact notation words these differently from one browser version to the next.
 */
export function formatCompactMoney(amount: number): string {
  const magnitude = Math.abs(amount);
  const sign = amount < 0 ? '-' : '';
  const [scaled, unit] = magnitude >= 999_950 ? [magnitude / 1e6, ' M'] : magnitude >= 999.95 ? [magnitude / 1e3, ' mil'] : [magnitude, ''];
  const rounded = Math.round(scaled * 10) / 10;
  return `${sign}$${formatQuantity(rounded)}${unit}`;
}

/**
 * A unit as it reads after a quantity: '82 piezas', '1 pieza', '3 manteles', '2.5 kg'.
 * Abbreviations (three letters or fewer: kg, pza, lt) stay as they are.
 */
export function unitFor(quantity: number, unit: string): string {
  if (Math.abs(quantity) === 1 || unit.length <= 3 || !/^[a-záéíóúñ]+$/i.test(unit)) return unit;
  if (/[aeiouáéíóú]$/i.test(unit)) return `${unit}s`;
  if (/ón$/i.test(unit)) return `${unit.slice(0, -2)}ones`;
  if (/z$/i.test(unit)) return `${unit.slice(0, -1)}ces`;
  return `${unit}es`;
}

/** A quantity with its unit: '82 piezas', '12.5 kg'. */
export function formatQuantityOf(quantity: number, unit: string): string {
  return `${formatQuantity(quantity)} ${unitFor(quantity, unit)}`;
}

/** Kilometres of a total or an average (spec §9: 2 decimals). */
export function formatKm(km: number): string {
  return `${formatTwoDecimals(km)} kms`;
}

/** A calendar date ('YYYY-MM-DD', a scheduled or validity date) as lists show it: '15/01/2027'. */
export function formatCalendarDate(date: string): string {
  const [year, month, day] = date.slice(0, 10).split('-');
  return year && month && day ? `${day}/${month}/${year}` : date;
}

/** An instant (ISO 8601) as Monterrey date and time, as lists show created and edited times: '22/11/2026 21:30'. */
export function formatMoment(iso: string): string {
  return monterreyDateTime(new Date(iso));
}

/** A maps search on an address (spec §2: the delivery address opens a maps search). */
export function mapsSearchUrl(query: string): string {
  return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(query)}`;
}
