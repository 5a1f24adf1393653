import { useCallback, useState } from 'react';

/**
 * A list's filters, kept in browser storage under `key` until cleared (spec §9). `parse`
 * reads back only what is well formed; `fallback` is what a first visit, or a cleared
 * drawer, shows — keep it stable (module level or useCallback).
 */
export function useStoredFilters<F>(key: string, parse: (raw: string | null) => F | null, fallback: () => F): [F, (next: F | null) => F] {
  const [filters, setFilters] = useState<F>(() => parse(localStorage.getItem(key)) ?? fallback());
  const save = useCallback(
    (next: F | null) => {
      if (next === null) {
        localStorage.removeItem(key);
        const cleared = fallback();
        setFilters(cleared);
        return cleared;
      }
      try {
        localStorage.setItem(key, JSON.stringify(next));
      } catch {
        // Storage full: the filters still apply now, they are only not kept for the next visit.
      }
      setFilters(next);
      return next;
    },
    [key, fallback],
  );
  return [filters, save];
}
