import { useCallback } from 'react';
import { EMPTY_FILTERS, parseStoredFilters, todayRange, type ShippingFilters } from '../../../domain/shipping-list';
import { useStoredFilters as useKeptFilters } from '../../ui/office-list/use-stored-filters';

/** Where the drawer's filters live between visits (spec §9: they persist until cleared). */
export const FILTERS_STORAGE_KEY = 'shippings-filters';

/**
 * The list's filters, kept in browser storage until cleared. With nothing saved, a
 * deployment that opens on today's routes (`shippingsDefaultToToday`) starts there.
 */
export function useStoredFilters(defaultToToday: boolean): [ShippingFilters, (next: ShippingFilters | null) => ShippingFilters] {
  const fallback = useCallback(
    () => (defaultToToday ? { ...EMPTY_FILTERS, date: todayRange(new Date()) } : EMPTY_FILTERS),
    [defaultToToday],
  );
  return useKeptFilters(FILTERS_STORAGE_KEY, parseStoredFilters, fallback);
}
