import { inventoryMovesMessages } from './messages/inventory-moves';

/**
 * The inventory screens (/adjustments, /mermas, /inventory-transfer,
 * /inventory-cost, /inventory-reports, /inventory-pos): the fixed lists and small rules
 * both the forms and the server use.
 */

/** Why stock was wasted: a short fixed list of the catalogue; 'Otro' carries its own words. */
export const MERMA_REASONS = inventoryMovesMessages.mermaReasons;
export type MermaReason = (typeof MERMA_REASONS)[number];

/** The reason a waste movement records: the reason, or 'Otro: …' with what was written. */
export function mermaReasonText(reason: MermaReason, other?: string | null): string {
  return reason === inventoryMovesMessages.otherPrefix ? `${inventoryMovesMessages.otherPrefix}: ${(other ?? '').trim()}` : reason;
}

/** At or below this (in the item's unit) a counter item's stock shows as low on /inventory-pos. */
export const LOW_STOCK_LIMIT = 10;

export function isLowStock(stock: number): boolean {
  return stock <= LOW_STOCK_LIMIT;
}

/** How a transfer's folio reads: T-{id}. */
export const transferFolio = (id: number) => `T-${id}`;
