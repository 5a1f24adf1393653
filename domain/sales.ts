/** VAT rate (spec §9): subtotal × 1.16. */
export const VAT_RATE = 0.16;

export const SALE_SERIES = ['Serie A', 'Serie B'] as const;
export type SaleSeries = (typeof SALE_SERIES)[number];

export function roundCents(value: number): number {
  return Math.round(value * 100) / 100;
}

/**
 * The folio a quotation is known by: the list, its print views, the PDF's file name
 * ('Cotización C-12.pdf') and the e-mail subject all use this one form.
 */
export function quotationFolio(id: number): string {
  return `C-${id}`;
}
