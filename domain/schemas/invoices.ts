import * as z from 'zod/mini';

const int = z.int();
const num = z.number();
const str = z.string();
const opt = <T extends z.ZodMiniType>(schema: T) => z.nullable(schema);

/**
 * One invoiced sale as GET /api/v2/invoices lists it (spec §2 /invoices): the
 * invoice number written on its delivery, the customer's tax data and CFDI use (spec §5:
 * only entries above 100 are kept; an older one reads as none), and where the sale stands:
 * paid or owing, delivered or not.
 */
export const invoiceRowSchema = z.object({
  shipping_detail_id: int,
  invoice: str,
  sale_id: int,
  date: str,
  company_id: int,
  company_name: str,
  razon_social: str,
  rfc: opt(str),
  cfdi_id: opt(int),
  cfdi: opt(str),
  total: num,
  due_balance: num,
  payment_status: str,
  delivery: z.enum(['entregada', 'rechazada', 'pendiente']),
});
export type InvoiceRow = z.infer<typeof invoiceRowSchema>;

export const invoicePageSchema = z.object({ data: z.array(invoiceRowSchema), meta: z.object({ total: int }) });

export const INVOICE_SORT_COLUMNS = ['invoice', 'date', 'total'] as const;
export type InvoiceSortColumn = (typeof INVOICE_SORT_COLUMNS)[number];
