import {
  EMPTY_FILTERS,
  filterParams,
  parseStoredFilters,
  shippingListQuery,
  todayRange,
  type ShippingFilters,
  type SortColumn,
} from '../../../domain/shipping-list';
import { SHIPPING_SUMMARY, shippingPageSchema, type ShippingSummary } from '../../../domain/schemas/shipping';
import type { FilteredListSource } from '../../ui/office-list/use-filtered-list';
import { shippingKeys } from './queries';

/** Where the drawer's filters live between visits (spec §9: they persist until cleared). */
export const FILTERS_STORAGE_KEY = 'shippings-filters';

/**
 * Where /shippings' rows come from: the filters kept until cleared (with nothing kept, a
 * deployment that opens on today's routes, `shippingsDefaultToToday`, starts there), one
 * route's page asking for that route, and each delivery's summary only (the whole sale is
 * read when a route is opened). Only what narrows the list counts: a folio that is not one is
 * not sent (filterParams).
 */
export function shippingListSource(
  defaultToToday: boolean,
  routeId: number | undefined,
): FilteredListSource<ShippingFilters, ShippingSummary, SortColumn> {
  return {
    storeKey: FILTERS_STORAGE_KEY,
    parse: parseStoredFilters,
    empty: () => (defaultToToday ? { ...EMPTY_FILTERS, date: todayRange(new Date()) } : EMPTY_FILTERS),
    params: filterParams,
    queryKey: (filters) => shippingKeys.list({ filters, routeId }),
    path: '/api/v2/shippings',
    search: (page, filters, total) => `${shippingListQuery({ ...page, filters, routeId }, total)}&include=${SHIPPING_SUMMARY}`,
    schema: shippingPageSchema,
  };
}
