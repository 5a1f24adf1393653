import { fiscalMessages } from '../messages/fiscal';
import { regimenAdmits, regimenFiscal, usoCfdi, usoAdmits, type PersonaKind } from './catalogs';

/**
 * The receiver's fiscal data checked together, the way the SAT checks a CFDI 4.0's Receptor:
 * the régimen must be one a persona of the RFC's kind may declare, the uso one that régimen
 * admits (c_UsoCFDI), the CP five digits, and the generic RFCs carry fixed values. Pure and
 * without the RFC library, so the customer form runs it too: the caller says how the RFC is
 * checked (the server and receiver.ts with @nodecfdi/rfc's check digit, the form by format).
 *
 * A field that is null or missing is not given and not checked: a customer may be saved
 * without fiscal data; invoicing asks for all of it.
 */

export interface ReceiverFiscalData {
  rfc?: string | null;
  razon_social?: string | null;
  regimen_fiscal?: string | null;
  cp_fiscal?: string | null;
  /** The SAT key of the uso CFDI (c_UsoCFDI), e.g. 'G03'. */
  uso_cfdi?: string | null;
}
export type ReceiverField = keyof ReceiverFiscalData;
export type ReceiverProblems = Partial<Record<ReceiverField, string>>;

/** How an RFC is checked: its problem in Spanish, or null. */
export type RfcCheck = (rfc: string) => string | null;

const GENERIC_RFC = 'XAXX010101000';
const FOREIGN_RFC = 'XEXX010101000';
const SIN_OBLIGACIONES = '616';
const SIN_EFECTOS = 'S01';
const CP = /^\d{5}$/;

const given = (value: string | null | undefined): value is string => value != null && value !== '';

export function receiverProblemsWith(checkRfc: RfcCheck, data: ReceiverFiscalData): ReceiverProblems {
  const problems: ReceiverProblems = {};
  const { rfc, regimen_fiscal: regimen, uso_cfdi: uso, cp_fiscal: cp } = data;
  // The kind is known only from an RFC the check accepts; otherwise the régimen is checked alone.
  let kind: PersonaKind | undefined;
  if (given(rfc)) {
    const problem = checkRfc(rfc);
    if (problem) problems.rfc = problem;
    else kind = rfc.length === 13 ? 'fisica' : 'moral';
  }
  const generic = rfc === GENERIC_RFC;
  const foreign = rfc === FOREIGN_RFC;

  let regimenOk = false;
  if (given(regimen)) {
    if (!regimenFiscal(regimen)) problems.regimen_fiscal = fiscalMessages.regimenUnknown;
    else if (generic && regimen !== SIN_OBLIGACIONES) problems.regimen_fiscal = fiscalMessages.publicoEnGeneralRegimen;
    else if (foreign && regimen !== SIN_OBLIGACIONES) problems.regimen_fiscal = fiscalMessages.extranjeroRegimen;
    else if (kind && !regimenAdmits(regimen, kind)) problems.regimen_fiscal = fiscalMessages.regimenNotForKind(regimen, kind);
    else regimenOk = true;
  }

  if (given(uso)) {
    const entry = usoCfdi(uso);
    if (!entry) problems.uso_cfdi = fiscalMessages.usoUnknown;
    else if (generic && uso !== SIN_EFECTOS) problems.uso_cfdi = fiscalMessages.publicoEnGeneralUso;
    else if (kind && !entry[kind]) problems.uso_cfdi = fiscalMessages.usoNotForKind(uso, kind);
    // Against a régimen that is itself wrong the uso says nothing new: that régimen's message is enough.
    else if (regimenOk && !usoAdmits(uso, regimen!)) problems.uso_cfdi = fiscalMessages.usoNotForRegimen(uso, regimen!);
  }

  if (given(cp) && !CP.test(cp)) problems.cp_fiscal = fiscalMessages.cpFiscal;
  return problems;
}

/**
 * A legal form at the end of a name ('S.A. de C.V.', 'S. de R.L. de C.V.', 'S.A.P.I. de C.V.',
 * 'S.C.', 'A.C.', …), with or without dots and spaces.
 */
const LEGAL_FORM =
  /(?:,\s*|\s+)((?:S\.?\s*A\.?\s*P\.?\s*I\.?|S\.?\s*A\.?\s*B\.?|S\.?\s*A\.?\s*S\.?|S\.?\s*A\.?|S\.?\s*(?:DE\s+)?R\.?\s*L\.?|S\.?\s*C\.?|A\.?\s*C\.?|S\.?\s*P\.?\s*R\.?|S\.?\s*C\.?\s*L\.?)(?:\s+DE\s+(?:C\.?\s*V\.?|R\.?\s*L\.?|R\.?\s*I\.?|R\.?\s*S\.?))*)\.?\s*$/i;

/**
 * Hints that do not refuse: a razón social with its legal form. Since CFDI 4.0 the Nombre must
 * match the SAT's register, which keeps the name without 'S.A. de C.V.'.
 */
export function receiverHints(data: ReceiverFiscalData): ReceiverProblems {
  const name = data.razon_social?.trim();
  const form = name ? LEGAL_FORM.exec(name)?.[1] : undefined;
  return form ? { razon_social: fiscalMessages.razonSocialLegalForm(form.trim()) } : {};
}

/** The razón social as the SAT registers it: the legal form at its end taken off. */
export function withoutLegalForm(razonSocial: string): string {
  return razonSocial.trim().replace(LEGAL_FORM, '').trim();
}
