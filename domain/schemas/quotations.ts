import * as z from 'zod/mini';
import { loginMessages } from '../messages/login';
import { quotationsMessages } from '../messages/quotations';
import { SALE_SERIES } from '../sales';
import { newSaleSchema } from './new-sale';

const int = z.int();
const num = z.number();
const str = z.string();
const opt = <T extends z.ZodMiniType>(schema: T) => z.nullable(schema);
const id = z.int().check(z.positive(), z.maximum(2_147_483_647));
const text = quotationsMessages;

/**
 * POST /api/v2/quotations and PUT /api/v2/quotations/{id}: the same cart as a new sale
 * (company, branch, items, series, scheduled date, notes) plus the contact it is for and
 * its validity (due_date). Prices come from the server's items, never from the client.
 */
export const quotationInputSchema = z.object({
  ...z.omit(newSaleSchema, { bar: true, offline: true }).shape,
  contact_id: z.nullable(id),
  /** Valid until (spec §9 'validity up to due_date'). */
  due_date: newSaleSchema.shape.date,
});
export type QuotationInput = z.infer<typeof quotationInputSchema>;

/** POST /api/v2/quotations/{id}/sale takes no fields: the sale is the quotation as quoted. */
export const quotationToSaleSchema = z.strictObject({});

/** POST /api/v2/quotations/{id}/cancel: the reason shows on /canceled. */
export const quotationCancelSchema = z.object({
  reason: z.string().check(z.trim(), z.minLength(1, text.reasonRequired), z.maxLength(500, text.reasonTooLong)),
});
export type QuotationCancel = z.infer<typeof quotationCancelSchema>;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** POST /api/v2/quotations/{id}/email: without `to`, the quotation's contact (or the company's first contact with an e-mail). */
export const quotationEmailRequestSchema = z.object({
  to: z.optional(
    z
      .array(z.string().check(z.trim(), z.maxLength(254), z.regex(EMAIL, loginMessages.invalidEmail)))
      .check(z.minLength(1, text.emailRecipientRequired), z.maxLength(10, text.emailTooManyRecipients)),
  ),
});
export type QuotationEmailRequest = z.infer<typeof quotationEmailRequestSchema>;

export const EMAIL_STATUSES = ['pendiente', 'enviado', 'fallido'] as const;
export type EmailStatus = (typeof EMAIL_STATUSES)[number];

/** One queued message as GET /api/v2/quotations/{id}/emails lists it (and the POST answers). */
export const emailMessageSchema = z.object({
  id: int,
  sale_id: int,
  to: z.array(str),
  subject: str,
  status: z.enum(EMAIL_STATUSES),
  attempts: int,
  last_error: opt(str),
  created_at: str,
  sent_at: opt(str),
  next_attempt_at: opt(str),
});
export type EmailMessage = z.infer<typeof emailMessageSchema>;
export const emailMessageListSchema = z.object({ data: z.array(emailMessageSchema) });

/**
 * GET /api/v2/sales/{id} (a quotation or a sale, one table): everything its page, its print
 * views, its PDF and its e-mail show. Amounts are the server's, to the cent.
 */
export const saleDetailSchema = z.object({
  id: int,
  kind: z.enum(['sale', 'quotation']),
  type: z.enum(SALE_SERIES),
  date: str,
  due_date: opt(str),
  created_at: str,
  updated_at: str,
  subtotal: num,
  iva: num,
  total: num,
  /** What its credit notes took off the total (0 on a quotation). */
  returned: num,
  due_balance: num,
  payment_status: str,
  sale_weight: num,
  note: opt(str),
  internal_note: opt(str),
  purchase_order: opt(str),
  bar: z.boolean(),
  canceled_at: opt(str),
  cancel_reason: opt(str),
  /** On a sale: the quotation it came from. On a quotation: the sale made from it. */
  quotation_id: opt(int),
  sale_id: opt(int),
  company: z.object({
    id: int,
    name: str,
    razon_social: str,
    rfc: opt(str),
    credit_days: int,
    delivery_address: opt(str),
  }),
  company_branch: opt(z.object({ id: int, name: str, address: str })),
  contact: opt(z.object({ id: int, name: str, last: str, email: opt(str), phone: opt(str) })),
  user: z.object({ id: int, name: str, last: str, email: str }),
  items: z.array(z.object({ id: int, item_id: int, name: str, macro: opt(str), unit: str, quantity: num, price: num, amount: num })),
  /** The order to fill: null for a quotation. */
  order: opt(z.object({ status: z.enum(['nuevo', 'en_produccion', 'surtido']), dispatched_at: opt(str) })),
  /** Its deliveries (a sale can be on a route more than once after a rejection). */
  shipping_details: z.array(
    z.object({
      id: int,
      shipping_id: int,
      shipping_date: str,
      completed: z.boolean(),
      is_delivered: z.boolean(),
      delivered_at: opt(str),
      delivery_rejection_comment: opt(str),
      pdf: opt(str),
    }),
  ),
  collections: z.array(z.object({ id: int, collection_id: int, date: str, amount: num, payment_method: opt(str), reference: opt(str) })),
  /**
   * A sale made without a connection (issue 46): when the device made it (ISO instant), the
   * provisional folio its ticket printed, the total the device showed and what the server found
   * on its arrival (Spanish). Null for a sale made online; absent in answers of older servers.
   */
  offline: z.optional(opt(z.object({ made_at: str, provisional: str, device_total: opt(num), warnings: z.array(str) }))),
});
export type SaleDetail = z.infer<typeof saleDetailSchema>;
export const saleDetailAnswerSchema = z.object({ data: saleDetailSchema });

/** What every quotation write answers: the saved quotation (or, for /sale, the sale) in full. */
export const quotationWriteAnswerSchema = saleDetailAnswerSchema;
