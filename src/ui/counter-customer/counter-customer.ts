import { companyInputSchema, type CompanyInput } from '../../../domain/schemas/customers';

/** What the counter asks of a new customer: the least that makes a sale possible. */
export interface CounterFields {
  name: string;
  razon_social: string;
  rfc: string;
  contactName: string;
  phone: string;
}

export const EMPTY_COUNTER_FIELDS: CounterFields = { name: '', razon_social: '', rfc: '', contactName: '', phone: '' };

/**
 * The customer to create, checked with the server's schema. A phone or a contact's name makes
 * a contact; a phone alone is the customer's own, so its contact takes the customer's name.
 * Errors are keyed by the counter's fields.
 */
export function counterCustomer(
  fields: CounterFields,
): { ok: true; body: CompanyInput } | { ok: false; errors: Partial<Record<keyof CounterFields, string>> } {
  const contactName = fields.contactName.trim();
  const phone = fields.phone.trim();
  const parsed = companyInputSchema.safeParse({
    name: fields.name,
    razon_social: fields.razon_social,
    rfc: fields.rfc,
    branches: [],
    contacts: contactName || phone ? [{ name: contactName || fields.name, phone }] : [],
  });
  if (parsed.success) return { ok: true, body: parsed.data };
  const errors: Partial<Record<keyof CounterFields, string>> = {};
  for (const issue of parsed.error.issues) {
    const [first, , field] = issue.path;
    const key: keyof CounterFields | null =
      first === 'name' || first === 'razon_social' || first === 'rfc'
        ? first
        : first === 'contacts'
          ? field === 'phone'
            ? 'phone'
            : // A phone alone borrows the customer's name: a missing one is said under Nombre already.
              contactName
              ? 'contactName'
              : null
          : null;
    if (key && !errors[key]) errors[key] = issue.message;
  }
  return { ok: false, errors };
}
