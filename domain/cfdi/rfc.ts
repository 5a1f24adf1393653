import { Rfc } from '@nodecfdi/rfc';
import { fiscalMessages } from '../messages/fiscal';
import type { PersonaKind } from './catalogs';

/**
 * The RFC as the SAT checks it, with @nodecfdi/rfc. `Rfc.isValid` checks the form and the date
 * only, not the check digit (measured, decision 017), so the check digit is asked for apart —
 * except on the SAT's two generic RFCs, whose check digit does not match by design.
 *
 * The library pulls luxon (about 24 KB gzip together), so this file stays out of the browser:
 * the customer form checks the format (RFC_PATTERN) and the server checks the check digit.
 */

/** 'Público en general': a sale to someone who asks for no invoice of their own (the global invoice). */
export const PUBLICO_EN_GENERAL = Rfc.RFC_GENERIC as 'XAXX010101000';
/** A foreign receiver without a Mexican RFC. */
export const EXTRANJERO = Rfc.RFC_FOREIGN as 'XEXX010101000';

/** What is wrong with `rfc` (already trimmed and in capitals), in Spanish; null when the SAT would take it. */
export function rfcProblem(rfc: string): string | null {
  if (!Rfc.isValid(rfc) || rfc !== rfc.toUpperCase()) return fiscalMessages.rfcFormat;
  if (rfc === PUBLICO_EN_GENERAL || rfc === EXTRANJERO) return null;
  return Rfc.unparsed(rfc).doesCheckSumMatch() ? null : fiscalMessages.rfcCheckDigit;
}

/** 13 characters name a persona física (the generic RFCs too), 12 a persona moral. */
export function rfcKind(rfc: string): PersonaKind {
  return Rfc.unparsed(rfc).isFisica() ? 'fisica' : 'moral';
}
