import { useCallback, useState } from 'react';
import { EMPTY_FILTERS, parseStoredFilters, todayRange, type ShippingFilters } from '../../../domain/shipping-list';

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
  const [filters, setFilters] = useState<ShippingFilters>(
    () => parseStoredFilters(localStorage.getItem(FILTERS_STORAGE_KEY)) ?? fallback(),
  );
  // Cleared filters are what a first visit shows.
  const save = useCallback(
    (next: ShippingFilters | null) => {
      if (next === null) {
        localStorage.removeItem(FILTERS_STORAGE_KEY);
        const cleared = fallback();
        setFilters(cleared);
        return cleared;
      }
      try {
        localStorage.setItem(FILTERS_STORAGE_KEY, JSON.stringify(next));
      } catch {
        // Storage full: the filters still apply now, they are only not kept for the next visit.
      }
      setFilters(next);
      return next;
    },
    [fallback],
  );
  return [filters, save];
}
