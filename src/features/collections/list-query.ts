import { currentMonth, dateBetween, pagedQuery, stored, type DateRange, type ListPaging } from '../../../domain/office-list';

/**
 * The /collections list (spec §7 collections, collection/totals): what its filter drawer holds,
 * how that becomes the query of GET /api/v2/collections and of its totals, and reading the
 * filters back from browser storage.
 */
export interface CollectionListFilters {
  /** Both dates of the payment date, 'YYYY-MM-DD', or none. */
  date: DateRange | null;
  /** Part of the customer's name or legal name. */
  company: string;
  paymentMethodId: number | null;
  /** Cancelled payments instead of the ones that stand. */
  canceled: boolean;
}

export const EMPTY_COLLECTION_FILTERS: CollectionListFilters = { date: null, company: '', paymentMethodId: null, canceled: false };

export const COLLECTION_SORT_COLUMNS = ['id', 'date', 'amount', 'company_name'] as const;
export type CollectionSortColumn = (typeof COLLECTION_SORT_COLUMNS)[number];

/** The filters that narrow anything, as `filter[...]` parameters. */
export function collectionFilterParams(filters: CollectionListFilters): URLSearchParams {
  const params = new URLSearchParams();
  const range = dateBetween(filters.date);
  if (range) params.set('filter[date_between]', range);
  const company = filters.company.trim();
  if (company) params.set('filter[company]', company);
  if (filters.paymentMethodId !== null) params.set('filter[payment_method_id]', String(filters.paymentMethodId));
  if (filters.canceled) params.set('filter[canceled]', '1');
  return params;
}

export function collectionListQuery(
  request: ListPaging<CollectionSortColumn> & { filters: CollectionListFilters },
  total?: number,
): string {
  return pagedQuery(collectionFilterParams(request.filters), request, total);
}

/** The totals of the rows the filters select, over the current month when no dates are chosen (spec §9). */
export function collectionTotalsQuery(filters: CollectionListFilters, now: Date): { range: DateRange; query: string } {
  const range = filters.date ? ([...filters.date].sort() as DateRange) : currentMonth(now);
  return { range, query: collectionFilterParams({ ...filters, date: range }).toString() };
}

/** Stored filters back, keeping only well-formed fields. */
export function parseStoredCollectionFilters(raw: string | null): CollectionListFilters | null {
  const value = stored.object(raw);
  if (value === null) return null;
  const method = value.paymentMethodId;
  return {
    date: stored.dateRange(value.date),
    company: stored.text(value.company),
    paymentMethodId: typeof method === 'number' && Number.isInteger(method) && method > 0 ? method : null,
    canceled: value.canceled === true,
  };
}
