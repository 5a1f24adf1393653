/**
 * How amounts read in the product (spec §1, §9): pesos in es-MX format (MXN), weights in
 * kg with 2 decimals. One formatter each, built once: Intl formatters are costly to create.
 */
const money = new Intl.NumberFormat('es-MX', { style: 'currency', currency: 'MXN' });
const kilograms = new Intl.NumberFormat('es-MX', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

export function formatMoney(amount: number): string {
  return money.format(amount);
}

export function formatKg(weight: number): string {
  return `${kilograms.format(weight)} kg`;
}

/** A maps search on an address (spec §2: the delivery address opens a maps search). */
export function mapsSearchUrl(query: string): string {
  return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(query)}`;
}
