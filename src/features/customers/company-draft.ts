import { usoCfdi } from '../../../domain/cfdi/catalogs';
import { receiverProblemsWith } from '../../../domain/cfdi/receiver-rules';
import { customersMessages } from '../../../domain/messages/customers';
import {
  companyInputSchema,
  RFC_PATTERN,
  type CompanyDetail,
  type CompanyDraft,
  type CompanyInput,
} from '../../../domain/schemas/customers';

/**
 * The company form's state as typed (every field text), and the way to and from what the
 * server takes. Pure, so the rules of the form are tested without drawing it.
 */

export interface BranchDraft {
  /** Stable across renders and removals: the React key and the base of the fields' ids. */
  key: string;
  id: number | null;
  name: string;
  address: string;
  /** Its place on the map (issue 47) as typed, decimal degrees; both empty for none. */
  latitude: string;
  longitude: string;
  /** A sale or quotation names it: it cannot be removed. */
  inUse: boolean;
}

export interface ContactDraft {
  key: string;
  id: number | null;
  name: string;
  last: string;
  phone: string;
  email: string;
  inUse: boolean;
}

export interface CompanyFormDraft {
  name: string;
  macro: string;
  razon_social: string;
  rfc: string;
  credit_days: string;
  delivery_address: string;
  delivery_references: string;
  delivery_time: string;
  /** '' for none. */
  cfdi_id: string;
  /** c_RegimenFiscal's key; '' for none. */
  regimen_fiscal: string;
  cp_fiscal: string;
  branches: BranchDraft[];
  contacts: ContactDraft[];
}

let added = 0;
const newKey = (prefix: string) => `${prefix}-new-${++added}`;

export const newBranch = (): BranchDraft => ({
  key: newKey('branch'),
  id: null,
  name: '',
  address: '',
  latitude: '',
  longitude: '',
  inUse: false,
});
export const newContact = (): ContactDraft => ({
  key: newKey('contact'),
  id: null,
  name: '',
  last: '',
  phone: '',
  email: '',
  inUse: false,
});

/** A new customer starts with one branch to fill, the one most customers have. */
export function emptyDraft(): CompanyFormDraft {
  return {
    name: '',
    macro: '',
    razon_social: '',
    rfc: '',
    credit_days: '0',
    delivery_address: '',
    delivery_references: '',
    delivery_time: '',
    cfdi_id: '',
    regimen_fiscal: '',
    cp_fiscal: '',
    branches: [{ ...newBranch(), name: 'Matriz' }],
    contacts: [],
  };
}

/** The form of a saved customer. */
export function draftOf(company: CompanyDetail): CompanyFormDraft {
  return {
    name: company.name,
    macro: company.macro ?? '',
    razon_social: company.razon_social,
    rfc: company.rfc ?? '',
    credit_days: String(company.credit_days),
    delivery_address: company.delivery_address ?? '',
    delivery_references: company.delivery_references ?? '',
    delivery_time: company.delivery_time ?? '',
    cfdi_id: company.cfdi_id === null ? '' : String(company.cfdi_id),
    regimen_fiscal: company.regimen_fiscal ?? '',
    cp_fiscal: company.cp_fiscal ?? '',
    branches: company.branches.map((b) => ({
      key: `branch-${b.id}`,
      id: b.id,
      name: b.name,
      address: b.address,
      latitude: b.latitude === null || b.latitude === undefined ? '' : String(b.latitude),
      longitude: b.longitude === null || b.longitude === undefined ? '' : String(b.longitude),
      inUse: b.in_use,
    })),
    contacts: company.contacts.map((c) => ({
      key: `contact-${c.id}`,
      id: c.id,
      name: c.name,
      last: c.last,
      phone: c.phone ?? '',
      email: c.email ?? '',
      inUse: c.in_use,
    })),
  };
}

/** What is sent: the texts as typed (the schema trims them; empty is none). */
export function bodyOf(draft: CompanyFormDraft): CompanyDraft {
  return {
    name: draft.name,
    macro: draft.macro,
    razon_social: draft.razon_social,
    rfc: draft.rfc,
    credit_days: draft.credit_days,
    delivery_address: draft.delivery_address,
    delivery_references: draft.delivery_references,
    delivery_time: draft.delivery_time,
    cfdi_id: draft.cfdi_id === '' ? null : Number(draft.cfdi_id),
    regimen_fiscal: draft.regimen_fiscal,
    cp_fiscal: draft.cp_fiscal,
    // The place always goes, empty as '' (none): the form is where the office clears it.
    branches: draft.branches.map((b) => ({ id: b.id, name: b.name, address: b.address, latitude: b.latitude, longitude: b.longitude })),
    contacts: draft.contacts.map((c) => ({ id: c.id, name: c.name, last: c.last, phone: c.phone, email: c.email })),
  };
}

/** A field's place in the form: 'name', 'branches.0.address', 'contacts.1.email'. */
export type FieldPath = string;

/** A uso CFDI of the list the form offers: its id, its name and the SAT key its name starts with. */
export interface UsoOption {
  id: number;
  name: string;
  clave: string | null;
}

/**
 * The SAT key a uso's name starts with ('G03 Gastos en general' → 'G03'), as migration 0043 read
 * the keys of the list; null for a name without one. The list's read (/api/v1/cfdi/all) answers
 * only id and name.
 */
export function usoOptionOf(entry: { id: number; name: string }): UsoOption {
  const [first] = entry.name.trim().split(/\s+/);
  return { ...entry, clave: usoCfdi(first) ? first! : null };
}

/**
 * The usos the select offers: with a régimen chosen, only those it admits (c_UsoCFDI) — plus the
 * one saved, so an edit never drops it silently (the check then names it); without one, all.
 */
export function usoOptionsFor(options: readonly UsoOption[], regimen: string, keep: string): UsoOption[] {
  if (regimen === '') return [...options];
  return options.filter(
    (option) =>
      String(option.id) === keep ||
      (option.clave !== null && (usoCfdi(option.clave)?.regimenes as readonly string[] | undefined)?.includes(regimen)),
  );
}

/** The form checks the RFC's form; its check digit is the server's (decision in domain/cfdi/rfc.ts). */
const rfcFormOnly = (rfc: string) => (RFC_PATTERN.test(rfc) ? null : customersMessages.invalidRfc);

/**
 * Checks the draft with the server's own schema and the fiscal rules the server applies (all
 * but the RFC's check digit): the body to send, or each field's first message (a field shows
 * one message at a time) in the order the form shows them.
 */
export function checkDraft(
  draft: CompanyFormDraft,
  usos: readonly UsoOption[] = [],
): { ok: true; body: CompanyInput; sent: CompanyDraft } | { ok: false; errors: Map<FieldPath, string> } {
  const sent = bodyOf(draft);
  const parsed = companyInputSchema.safeParse(sent);
  const errors = new Map<FieldPath, string>();
  if (!parsed.success)
    for (const issue of parsed.error.issues) {
      const path = issue.path.join('.');
      if (!errors.has(path)) errors.set(path, issue.message);
    }
  const trimmed = (value: string) => value.trim().toUpperCase() || null;
  const fiscal = receiverProblemsWith(rfcFormOnly, {
    rfc: trimmed(draft.rfc),
    regimen_fiscal: trimmed(draft.regimen_fiscal),
    cp_fiscal: trimmed(draft.cp_fiscal),
    uso_cfdi: usos.find((option) => String(option.id) === draft.cfdi_id)?.clave ?? null,
  });
  for (const [field, message] of Object.entries(fiscal)) {
    const path = field === 'uso_cfdi' ? 'cfdi_id' : field;
    if (!errors.has(path)) errors.set(path, message);
  }
  if (parsed.success && errors.size === 0) return { ok: true, body: parsed.data, sent };
  return { ok: false, errors: sortedLikeTheForm(errors) };
}

/** The form's order of fields, so the focus goes to the first one on screen. */
const FIELD_ORDER = ['name', 'macro', 'razon_social', 'rfc', 'credit_days', 'regimen_fiscal', 'cp_fiscal', 'cfdi_id'];
function sortedLikeTheForm(errors: Map<FieldPath, string>): Map<FieldPath, string> {
  const rank = (path: FieldPath) => {
    const index = FIELD_ORDER.indexOf(path);
    return index === -1 ? FIELD_ORDER.length : index;
  };
  return new Map([...errors].sort(([a], [b]) => rank(a) - rank(b)));
}
