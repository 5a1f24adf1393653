import { useState } from 'react';

/**
 * An office list's filters and its filter drawer's wiring (spec §2, §9). `stored` is the
 * list's kept filters and what saves them (useStoredFilters); `params` the query string they
 * send, so a filter counts only when it narrows the list. Filtrar keeps the filters (forgets
 * them when none narrows), Limpiar forgets them; either goes back to the first page.
 */
export function useListFilters<F>(
  stored: readonly [F, (next: F | null) => F],
  params: (filters: F) => URLSearchParams,
  paging: { setPage: (page: number) => void },
) {
  const [filters, save] = stored;
  const { setPage } = paging;
  const [open, setOpen] = useState(false);
  const count = (of: F) => [...params(of).keys()].length;
  return {
    filters,
    /** FiltersButton's props: 'Filtros (n)' opens the drawer. */
    button: { active: count(filters), onOpen: () => setOpen(true) },
    /** The drawer's props while it is open; null while closed. */
    drawer: open
      ? {
          filters,
          onApply: (next: F) => {
            save(count(next) > 0 ? next : null);
            setPage(1);
          },
          onClear: () => {
            setPage(1);
            return save(null);
          },
          onClose: () => setOpen(false),
        }
      : null,
  };
}
