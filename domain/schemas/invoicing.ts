import * as z from 'zod/mini';
import { invoicingMessages as text } from '../messages/invoicing';
import { EMAIL_PATTERN } from './auth';

/**
 * Invoicing (CFDI 4.0): the fiscal setup as 'Facturación' edits it (secrets go in, never out),
 * the CSD upload, the documents as lists and pages show them, and the requests that make,
 * cancel, retry and send them.
 */

const int = z.int();
const num = z.number();
const str = z.string();
const opt = <T extends z.ZodMiniType>(schema: T) => z.nullable(schema);

export const CFDI_KINDS = ['factura', 'nota_credito', 'pago', 'global'] as const;
export const CFDI_STATUSES = ['pendiente', 'timbrado', 'error', 'cancelando', 'cancelado'] as const;
export const CANCEL_MOTIVES = ['01', '02', '03', '04'] as const;

export const cfdiSeriesSchema = z.object({
  kind: z.enum(CFDI_KINDS),
  serie: str.check(z.trim(), z.regex(/^[A-Za-z0-9]{0,25}$/, 'La serie admite hasta 25 letras o números.')),
  next_folio: int.check(z.minimum(1, 'El folio empieza en 1.'), z.maximum(2_000_000_000)),
});

export const fiscalSettingsSchema = z.object({
  regimen_fiscal: opt(str),
  lugar_expedicion: opt(str),
  csd: opt(
    z.object({
      no_certificado: str,
      valid_to: str,
      days_left: int,
    }),
  ),
  pac: z.object({ provider: opt(str), user: opt(str), has_password: z.boolean() }),
  invoice_on_sale: z.boolean(),
  series: z.array(cfdiSeriesSchema),
  /** What keeps the business from invoicing, in the order to fix it; empty when ready. */
  missing: z.array(str),
  /** The CSD expires within 30 days (or has). */
  warning: opt(str),
});
export type FiscalSettings = z.infer<typeof fiscalSettingsSchema>;

export const fiscalSettingsUpdateSchema = z.object({
  regimen_fiscal: z.optional(z.nullable(str.check(z.regex(/^\d{3}$/, 'Elija el régimen fiscal.')))),
  lugar_expedicion: z.optional(z.nullable(str.check(z.trim(), z.regex(/^\d{5}$/, 'El lugar de expedición es un código postal de 5 dígitos.')))),
  pac_user: z.optional(z.nullable(str.check(z.trim(), z.maxLength(200, 'El usuario del PAC admite hasta 200 caracteres.')))),
  /** Only when it changes; never read back. */
  pac_password: z.optional(str.check(z.minLength(1, 'Escriba la contraseña del PAC.'), z.maxLength(500))),
  invoice_on_sale: z.optional(z.boolean()),
  series: z.optional(z.array(cfdiSeriesSchema).check(z.maxLength(4))),
});

const base64 = (max: number, message: string) => str.check(z.regex(/^[A-Za-z0-9+/=\s]+$/, message), z.maxLength(max, message));

/** The CSD's two files as base64 and the key's password (a CSD is a few KB). */
export const csdUploadSchema = z.object({
  cer: base64(20_000, 'El certificado (.cer) no es un archivo válido.'),
  key: base64(20_000, 'La llave privada (.key) no es un archivo válido.'),
  password: str.check(z.minLength(1, 'Escriba la contraseña de la llave privada.'), z.maxLength(200)),
});

export const cfdiDocumentSchema = z.object({
  id: int,
  kind: z.enum(CFDI_KINDS),
  serie: str,
  folio: int,
  sale_id: opt(int),
  return_id: opt(int),
  collection_id: opt(int),
  company_id: opt(int),
  company_name: opt(str),
  receptor_rfc: str,
  receptor_nombre: str,
  metodo_pago: opt(str),
  total: num,
  status: z.enum(CFDI_STATUSES),
  pending: opt(str),
  uuid: opt(str),
  last_error: opt(str),
  attempts: int,
  next_attempt_at: opt(str),
  cancel_motive: opt(str),
  related_id: opt(int),
  created_at: str,
  stamped_at: opt(str),
  canceled_at: opt(str),
});
export type CfdiDocument = z.infer<typeof cfdiDocumentSchema>;

export const cfdiPageSchema = z.object({ data: z.array(cfdiDocumentSchema), meta: z.object({ total: int }) });
export const cfdiListSchema = z.array(cfdiDocumentSchema);

export const CFDI_SORT_COLUMNS = ['created_at', 'folio', 'total'] as const;

const emailList = z.array(str.check(z.trim(), z.regex(EMAIL_PATTERN, text.emailInvalid))).check(z.maxLength(10, text.tooManyRecipients));

export const invoiceRequestSchema = z.object({
  /** Send it to the customer once stamped: these addresses, or the customer's contacts' when empty. */
  email: z.optional(z.boolean()),
  to: z.optional(emailList),
});

export const cancelRequestSchema = z.object({ motivo: z.enum(CANCEL_MOTIVES, text.cancelMotiveRequired) });

export const emailRequestSchema = z.object({ to: z.optional(emailList) });

export const globalInvoiceRequestSchema = z.object({
  periodicidad: z.enum(['01', '02', '03', '04', '05'], text.globalPeriodInvalid),
  from: str.check(z.regex(/^\d{4}-\d{2}-\d{2}$/, text.globalPeriodInvalid)),
  to: str.check(z.regex(/^\d{4}-\d{2}-\d{2}$/, text.globalPeriodInvalid)),
});

/** What a document request answers: the document as queued (its state moves on as the PAC answers). */
export const cfdiRequestAnswerSchema = z.object({ document: cfdiDocumentSchema, substitute: z.optional(cfdiDocumentSchema) });
