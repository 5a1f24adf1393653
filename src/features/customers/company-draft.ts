import { companyInputSchema, type CompanyDetail, type CompanyDraft, type CompanyInput } from '../../../domain/schemas/customers';

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
  branches: BranchDraft[];
  contacts: ContactDraft[];
}

let added = 0;
const newKey = (prefix: string) => `${prefix}-new-${++added}`;

export const newBranch = (): BranchDraft => ({ key: newKey('branch'), id: null, name: '', address: '', inUse: false });
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
    branches: company.branches.map((b) => ({ key: `branch-${b.id}`, id: b.id, name: b.name, address: b.address, inUse: b.in_use })),
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
    branches: draft.branches.map((b) => ({ id: b.id, name: b.name, address: b.address })),
    contacts: draft.contacts.map((c) => ({ id: c.id, name: c.name, last: c.last, phone: c.phone, email: c.email })),
  };
}

/** A field's place in the form: 'name', 'branches.0.address', 'contacts.1.email'. */
export type FieldPath = string;

/**
 * Checks the draft with the server's own schema: the body to send, or each field's first
 * message (a field shows one message at a time) in the order the form shows them.
 */
export function checkDraft(
  draft: CompanyFormDraft,
): { ok: true; body: CompanyInput; sent: CompanyDraft } | { ok: false; errors: Map<FieldPath, string> } {
  const sent = bodyOf(draft);
  const parsed = companyInputSchema.safeParse(sent);
  if (parsed.success) return { ok: true, body: parsed.data, sent };
  const errors = new Map<FieldPath, string>();
  for (const issue of parsed.error.issues) {
    const path = issue.path.join('.');
    if (!errors.has(path)) errors.set(path, issue.message);
  }
  return { ok: false, errors };
}
