import { newSaleMessages } from '../../../domain/messages/new-sale';
import { quotationsMessages } from '../../../domain/messages/quotations';

/** The fields of the quotation form a message can be about. */
export type QuotationField = 'company' | 'branch' | 'contact' | 'items' | 'series' | 'date' | 'validity' | 'po' | 'note' | 'internal';

/** quotationInputSchema's keys, by the form field that edits them. */
const FIELD_OF_KEY: Record<string, QuotationField> = {
  company_id: 'company',
  company_branch_id: 'branch',
  contact_id: 'contact',
  items: 'items',
  type: 'series',
  date: 'date',
  due_date: 'validity',
  purchase_order: 'po',
  note: 'note',
  internal_note: 'internal',
};

/** The server's refusals that are about one field (server/repositories/pricing.ts, server/routes/quotations.ts). */
const FIELD_OF_MESSAGE = new Map<string, QuotationField>([
  [newSaleMessages.companyNotFound, 'company'],
  [newSaleMessages.branchNotFound, 'branch'],
  [newSaleMessages.itemNotFound, 'items'],
  [newSaleMessages.repeatedItem, 'items'],
  [newSaleMessages.emptyCart, 'items'],
  [newSaleMessages.quantityPositive, 'items'],
  [quotationsMessages.contactNotFound, 'contact'],
  [quotationsMessages.validityBeforeToday, 'validity'],
]);

/**
 * Which field to put the focus on for a failed save: by the key a client-side check named,
 * else by the server's message. Null when the message is about the quotation as a whole.
 */
export function quotationFieldOf(message: string | null, key?: PropertyKey): QuotationField | null {
  if (typeof key === 'string' && key in FIELD_OF_KEY) return FIELD_OF_KEY[key]!;
  return (message !== null && FIELD_OF_MESSAGE.get(message)) || null;
}
