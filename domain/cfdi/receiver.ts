import { receiverProblemsWith, type ReceiverFiscalData, type ReceiverProblems } from './receiver-rules';
import { rfcProblem } from './rfc';

export { receiverHints, withoutLegalForm, type ReceiverFiscalData, type ReceiverField, type ReceiverProblems } from './receiver-rules';

/**
 * The receiver's fiscal data checked together as the SAT checks it, the RFC with its check digit
 * (@nodecfdi/rfc). The server's check of a customer and of an invoice's receiver; the browser
 * uses receiver-rules.ts with a format check, to keep the RFC library out of its bundle.
 */
export function receiverProblems(data: ReceiverFiscalData): ReceiverProblems {
  return receiverProblemsWith(rfcProblem, data);
}
