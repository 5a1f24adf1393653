import { dateBetween, stored, type DateRange } from '../../../domain/office-list';
import { PAYMENT_STATUSES, type PaymentStatus } from '../../../domain/sale-list';

/** What the /invoices filter drawer holds (kept until cleared) and its query of GET /api/v2/invoices. */
export interface InvoiceFilters {
  date: DateRange | null;
  invoice: string;
  company: string;
  cfdiId: number | null;
  paymentStatus: PaymentStatus | '';
}

export const EMPTY_INVOICE_FILTERS: InvoiceFilters = { date: null, invoice: '', company: '', cfdiId: null, paymentStatus: '' };

export function parseStoredInvoiceFilters(raw: string | null): InvoiceFilters | null {
  const value = stored.object(raw);
  if (!value) return null;
  const [cfdiId] = stored.ids([value.cfdiId]);
  const text = (field: unknown) => (typeof field === 'string' ? field.slice(0, 100) : '');
  const status = PAYMENT_STATUSES.find((candidate) => candidate === value.paymentStatus) ?? '';
  return {
    date: stored.dateRange(value.date),
    invoice: text(value.invoice),
    company: text(value.company),
    cfdiId: cfdiId ?? null,
    paymentStatus: status,
  };
}

export function invoiceFilterParams(filters: InvoiceFilters): URLSearchParams {
  const params = new URLSearchParams();
  const range = dateBetween(filters.date);
  if (range) params.set('filter[date_between]', range);
  if (filters.invoice.trim()) params.set('filter[invoice]', filters.invoice.trim());
  if (filters.company.trim()) params.set('filter[company]', filters.company.trim());
  if (filters.cfdiId !== null) params.set('filter[cfdi_id]', String(filters.cfdiId));
  if (filters.paymentStatus) params.set('filter[payment_status]', filters.paymentStatus);
  return params;
}
