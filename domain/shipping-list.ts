import { currentMonth, dateBetween, folioDigits, pagedQuery, stored, type ListPaging, type ListSort } from './office-list';
import { monterreyDate } from './time';

/**
 * The office shippings list (spec §2 'Shippings list', §3 'Shipping filter', §7): what the
 * filter drawer holds, how it becomes the query of GET /api/v2/shippings, and the totals.
 */
export interface ShippingFilters {
  /** Both dates, 'YYYY-MM-DD', or none: a range counts only once two dates are chosen. */
  date: [string, string] | null;
  id: string;
  /** Chosen companies keep their names so the drawer can show them after a reload. */
  companies: { id: number; name: string }[];
  driverIds: number[];
  vehicleIds: number[];
  saleId: string;
  note: string;
}

export const EMPTY_FILTERS: ShippingFilters = { date: null, id: '', companies: [], driverIds: [], vehicleIds: [], saleId: '', note: '' };

/** Columns the list sorts by (one at a time), as the server names them. */
export const SORTABLE_COLUMNS = [
  'id',
  'driver_id',
  'date',
  'vehicle_id',
  'weight',
  'initial_km',
  'final_km',
  'note',
  'route',
  'created_at',
  'updated_at',
] as const;
export type SortColumn = (typeof SORTABLE_COLUMNS)[number];
export type ShippingSort = ListSort<SortColumn>;

export interface ShippingListRequest extends ListPaging<SortColumn> {
  filters: ShippingFilters;
  /** `/shippings/{id}`: the list filtered to that route (filter[id]). */
  routeId?: number;
}

/** The filters that narrow anything, as `filter[...]` parameters (spec §7). */
export function filterParams(filters: ShippingFilters, routeId?: number): URLSearchParams {
  const params = new URLSearchParams();
  // One route's page shows that route, whatever the drawer holds.
  if (routeId !== undefined) {
    params.set('filter[id]', String(routeId));
    return params;
  }
  const id = folioNumber(filters.id);
  if (id) params.set('filter[id]', id);
  if (filters.note.trim()) params.set('filter[note]', filters.note.trim());
  const saleId = folioNumber(filters.saleId);
  if (saleId) params.set('filter[shippingDetail.sale_id]', saleId);
  const range = dateBetween(filters.date);
  if (range) params.set('filter[date_between]', range);
  if (filters.driverIds.length > 0) params.set('filter[driver_id]', filters.driverIds.join(','));
  if (filters.vehicleIds.length > 0) params.set('filter[vehicle_id]', filters.vehicleIds.join(','));
  if (filters.companies.length > 0) params.set('filter[shippingDetail.company_id]', filters.companies.map((c) => c.id).join(','));
  return params;
}

/**
 * The number of a folio as people type it: '123', or as the screens show it, 'E-123' for a
 * route and 'V-45' for a sale. Anything else is no folio (null).
 */
export function folioNumber(text: string): string | null {
  return folioDigits(text, 'EV');
}

/** The query string of one page of the list: filters, sort only when a column is chosen, page and size. */
export function shippingListQuery(request: ShippingListRequest, total?: number): string {
  return pagedQuery(filterParams(request.filters, request.routeId), request, total);
}

export function hasActiveFilters(filters: ShippingFilters): boolean {
  return filterParams(filters).toString() !== '';
}

export function todayRange(now: Date): [string, string] {
  const today = monterreyDate(now);
  return [today, today];
}

/** The filters the totals use: the list's, over the current month when no dates are chosen. */
export function totalsFilters(filters: ShippingFilters, now: Date): ShippingFilters {
  return filters.date ? filters : { ...filters, date: currentMonth(now) };
}

export interface ShippingTotals {
  count: number;
  totalWeight: number;
  averageWeight: number;
  totalRoute: number;
  averageRoute: number;
}

const twoDecimals = (n: number) => Math.round(n * 100) / 100;

/**
 * Totals over a set of shippings (spec §9): weight counts delivered details only (their
 * sale_weight), each average is the total divided by the number of shippings, 2 decimals.
 */
export function shippingTotals(
  shippings: readonly { route: number | null; shipping_details: readonly { is_delivered: boolean; sale: { sale_weight: number } }[] }[],
): ShippingTotals {
  let weight = 0;
  let route = 0;
  for (const shipping of shippings) {
    for (const detail of shipping.shipping_details) if (detail.is_delivered) weight += detail.sale.sale_weight;
    route += shipping.route ?? 0;
  }
  const count = shippings.length;
  return {
    count,
    totalWeight: twoDecimals(weight),
    averageWeight: count === 0 ? 0 : twoDecimals(weight / count),
    totalRoute: twoDecimals(route),
    averageRoute: count === 0 ? 0 : twoDecimals(route / count),
  };
}

/** Reads stored filters back, keeping only well-formed fields: storage may hold an older shape. */
export function parseStoredFilters(raw: string | null): ShippingFilters | null {
  const value = stored.object(raw);
  if (value === null) return null;
  const companies = Array.isArray(value.companies)
    ? value.companies.filter(
        (c): c is { id: number; name: string } =>
          typeof c === 'object' &&
          c !== null &&
          Number.isInteger((c as { id: unknown }).id) &&
          typeof (c as { name: unknown }).name === 'string',
      )
    : [];
  return {
    date: stored.dateRange(value.date),
    id: stored.text(value.id),
    companies,
    driverIds: stored.ids(value.driverIds),
    vehicleIds: stored.ids(value.vehicleIds),
    saleId: stored.text(value.saleId),
    note: stored.text(value.note),
  };
}
