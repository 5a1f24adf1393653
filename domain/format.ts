import { BUSINESS_TIME_ZONE, onFirstUse } from './time';

/**
 * How amounts read in the product (spec §1, §9): pesos in es-MX format (MXN), weights in
 * kg with 2 decimals. One formatter each, built on first use: Intl formatters are costly to create.
 */
const money = onFirstUse(() => new Intl.NumberFormat('es-MX', { style: 'currency', currency: 'MXN' }));
const kilograms = onFirstUse(() => new Intl.NumberFormat('es-MX', { minimumFractionDigits: 2, maximumFractionDigits: 2 }));

export function formatMoney(amount: number): string {
  return money().format(amount);
}

export function formatKg(weight: number): string {
  return `${kilograms().format(weight)} kg`;
}

/** Kilometres of a total or an average (spec §9: 2 decimals). */
export function formatKm(km: number): string {
  return `${kilograms().format(km)} kms`;
}

/** A calendar date ('YYYY-MM-DD', a scheduled or validity date) as lists show it: '15/01/2027'. */
export function formatCalendarDate(date: string): string {
  const [year, month, day] = date.slice(0, 10).split('-');
  return year && month && day ? `${day}/${month}/${year}` : date;
}

// Built once, on first use: an Intl formatter is costly to create, and a long list formats two instants a row.
const moment = onFirstUse(() => new Intl.DateTimeFormat('es-MX', { timeZone: BUSINESS_TIME_ZONE, dateStyle: 'short', timeStyle: 'short' }));

/** An instant (ISO 8601) as Monterrey date and time, as lists show created and edited times. */
export function formatMoment(iso: string): string {
  return moment().format(new Date(iso));
}

/** A maps search on an address (spec §2: the delivery address opens a maps search). */
export function mapsSearchUrl(query: string): string {
  return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(query)}`;
}
