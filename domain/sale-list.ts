import { currentMonth, dateBetween, folioDigits, pagedQuery, stored, type DateRange, type ListPaging, type ListSort } from './office-list';
import { JOB_POSITIONS } from './job-positions';
import { SALE_SERIES, type SaleSeries } from './sales';
import { monterreyDate } from './time';

/**
 * The quotation and sale lists (spec §2 /quotations, /sales, /canceled, /pedidos; §7 q and
 * sales): what their filter drawers hold, how that becomes the query of GET /api/v2/q and
 * GET /api/v2/sales (and of sale/totals), and the state a quotation is in.
 */

/** Payment states a sale goes through (the server writes them; a quotation is 'Cotización'). */
export const PAYMENT_STATUSES = ['Pendiente', 'Parcial', 'Pagada'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/** Where a sale's order to fill stands (GET /api/v2/sales `order_status`). */
export const ORDER_STATUSES = ['nuevo', 'en_produccion', 'surtido'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export interface SaleListFilters {
  /** Both dates of the scheduled date, 'YYYY-MM-DD', or none. */
  date: DateRange | null;
  /** Folio as typed: '12', 'C-12' or 'V-12'. */
  id: string;
  /** Part of the company's name or legal name. */
  company: string;
  sellerIds: number[];
  series: SaleSeries | '';
  /** Sales only. */
  paymentStatus: PaymentStatus | '';
  /** /pedidos only. */
  orderStatus: OrderStatus | '';
}

export const EMPTY_SALE_FILTERS: SaleListFilters = {
  date: null,
  id: '',
  company: '',
  sellerIds: [],
  series: '',
  paymentStatus: '',
  orderStatus: '',
};

/** Columns GET /api/v2/q and GET /api/v2/sales sort by, as the server names them. */
export const SALE_SORT_COLUMNS = ['id', 'company_name', 'date', 'total', 'due_balance', 'created_at'] as const;
export type SaleSortColumn = (typeof SALE_SORT_COLUMNS)[number];
export type SaleSort = ListSort<SaleSortColumn>;

/** The number of a quotation or sale folio as people type it ('12', 'C-12', 'V-12'). */
export function saleFolioNumber(text: string): string | null {
  return folioDigits(text, 'CV');
}

/** The filters that narrow anything, as `filter[...]` parameters (spec §7). */
export function saleFilterParams(filters: SaleListFilters, options: { canceled?: boolean } = {}): URLSearchParams {
  const params = new URLSearchParams();
  const id = saleFolioNumber(filters.id);
  if (id) params.set('filter[id]', id);
  const company = filters.company.trim();
  if (company) params.set('filter[company]', company);
  if (filters.sellerIds.length > 0) params.set('filter[user_id]', filters.sellerIds.join(','));
  const range = dateBetween(filters.date);
  if (range) params.set('filter[date_between]', range);
  if (filters.series) params.set('filter[type]', filters.series);
  if (filters.paymentStatus) params.set('filter[payment_status]', filters.paymentStatus);
  if (filters.orderStatus) params.set('filter[order_status]', filters.orderStatus);
  if (options.canceled) params.set('filter[canceled]', '1');
  return params;
}

export function hasActiveSaleFilters(filters: SaleListFilters): boolean {
  return saleFilterParams(filters).toString() !== '';
}

export interface SaleListRequest extends ListPaging<SaleSortColumn> {
  filters: SaleListFilters;
  /** /canceled: only the cancelled ones, with their reason. */
  canceled?: boolean;
}

export function saleListQuery(request: SaleListRequest, total?: number): string {
  return pagedQuery(saleFilterParams(request.filters, { canceled: request.canceled }), request, total);
}

/** The last day /pedidos reaches when no end is chosen: "from today on" has no end. */
export const OPEN_END = '9999-12-31';

/**
 * /pedidos: the orders by scheduled date. With no dates chosen it shows those from today on,
 * soonest first unless another sort is chosen.
 */
export function pedidosQuery(request: SaleListRequest, now: Date, total?: number): string {
  const filters = request.filters.date ? request.filters : { ...request.filters, date: [monterreyDate(now), OPEN_END] as DateRange };
  return pagedQuery(saleFilterParams(filters), { ...request, sort: request.sort ?? { column: 'date', descending: false } }, total);
}

/**
 * The totals of /sales: those of the rows the filters select (sale/totals takes the same
 * filters), over the current month when no dates are chosen (spec §9). Answers the range too.
 */
export function saleTotalsQuery(filters: SaleListFilters, now: Date): { range: DateRange; query: string } {
  const range = filters.date ? ([...filters.date].sort() as DateRange) : currentMonth(now);
  return { range, query: saleFilterParams({ ...filters, date: range }).toString() };
}

export type QuotationStatus = 'canceled' | 'sold' | 'expired' | 'current';

/**
 * Where a quotation stands: cancelled, sold (a sale was made from it), expired once its
 * validity date (due_date) is before today in Monterrey, else current.
 */
export function quotationStatus(
  quotation: { canceled_at: string | null; sale_id: number | null; due_date: string | null },
  now: Date,
): QuotationStatus {
  if (quotation.canceled_at) return 'canceled';
  if (quotation.sale_id !== null) return 'sold';
  if (quotation.due_date && quotation.due_date.slice(0, 10) < monterreyDate(now)) return 'expired';
  return 'current';
}

/** Stored filters back, keeping only well-formed fields. */
export function parseStoredSaleFilters(raw: string | null): SaleListFilters | null {
  const value = stored.object(raw);
  if (value === null) return null;
  return {
    date: stored.dateRange(value.date),
    id: stored.text(value.id),
    company: stored.text(value.company),
    sellerIds: stored.ids(value.sellerIds),
    series: stored.oneOf(value.series, SALE_SERIES),
    paymentStatus: stored.oneOf(value.paymentStatus, PAYMENT_STATUSES),
    orderStatus: stored.oneOf(value.orderStatus, ORDER_STATUSES),
  };
}

/** Who the Vendedor filter offers: the staff, not the drivers nor the warehouse (they never sell). */
export function isSeller(user: { job_position: string | null }): boolean {
  return !([JOB_POSITIONS.deliveryDriver, JOB_POSITIONS.executiveDriver, JOB_POSITIONS.warehouse] as string[]).includes(
    user.job_position ?? '',
  );
}
