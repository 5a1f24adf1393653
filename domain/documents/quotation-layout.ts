import type { DeploymentId } from '../deployment';

/**
 * The layouts a quotation prints in: full, short, and the party-rental quotation of the
 * `eventos` deployment. Apart from the document itself so that a list that only offers the
 * choice does not load (and evaluate) the whole document with its schemas.
 */
export const QUOTATION_LAYOUTS = ['full', 'short', 'rental'] as const;
export type QuotationLayout = (typeof QUOTATION_LAYOUTS)[number];

/** The layout a deployment prints by default: the event-rental business quotes rentals. */
export function defaultQuotationLayout(deployment: DeploymentId): QuotationLayout {
  return deployment === 'eventos' ? 'rental' : 'full';
}
