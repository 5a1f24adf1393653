/** VAT rate (spec §9): subtotal × 1.16. */
export const VAT_RATE = 0.16;

export const SALE_SERIES = ['Serie A', 'Serie B'] as const;
export type SaleSeries = (typeof SALE_SERIES)[number];

/**
 * To the cent, halves away from zero, as PostgreSQL's round(numeric, 2) does. The cents are
 * read at 15 significant digits first: 1.19 × 2.5 is 2.9749999… in binary, and must round to
 * 2.98 as the database rounds the line, or the lines would not add up to the subtotal.
 */
export function roundCents(value: number): number {
  const cents = Number((Math.abs(value) * 100).toPrecision(15));
  return (Math.sign(value) * Math.round(cents)) / 100;
}

/**
 * The folio a quotation is known by: the list, its print views, the PDF's file name
 * ('Cotización C-12.pdf') and the e-mail subject all use this one form.
 */
export function quotationFolio(id: number): string {
  return `C-${id}`;
}
