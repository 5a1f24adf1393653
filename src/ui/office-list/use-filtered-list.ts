import { pagedQuery, type ListPaging } from '../../../domain/office-list';
import { useListFilters } from './use-list-filters';
import { useListPaging, usePagedList } from './use-paged-list';
import { useStoredFilters } from './use-stored-filters';

/** Where a filtered office list's rows come from and where its filters are kept. */
export interface FilteredListSource<F, Row, C extends string = string> {
  /** The localStorage key its filters are kept under until cleared. */
  storeKey: string;
  parse: (raw: string | null) => F | null;
  empty: () => F;
  /** The query string the filters send (its keys count the active filters). */
  params: (filters: F) => URLSearchParams;
  queryKey: (filters: F) => readonly unknown[];
  path: string;
  schema: { parse(input: unknown): { data: Row[]; meta: { total: number } } };
  /**
   * The query string of a page, where the list asks for more than its filters (the cancelled
   * ones only, or today on when no date is chosen); by default the filters' params and the page.
   */
  search?: (paging: ListPaging<C>, filters: F, total?: number) => string;
}

/**
 * A server-paged list with kept filters and its drawer's wiring: the paging, the filters'
 * button and drawer props (useListFilters), and the page of rows, asked for with the same
 * query string the filters count by; `save` keeps filters set outside the drawer (a view switch).
 */
export function useFilteredList<F, Row, C extends string>(source: FilteredListSource<F, Row, C>) {
  const paging = useListPaging<C>();
  const stored = useStoredFilters(source.storeKey, source.parse, source.empty);
  const { filters, button, drawer } = useListFilters(stored, source.params, paging);
  const list = usePagedList({
    queryKey: source.queryKey(filters),
    path: source.path,
    search: (page, total) => (source.search ? source.search(page, filters, total) : pagedQuery(source.params(filters), page, total)),
    paging,
    schema: source.schema,
  });
  return { paging, filters, save: stored[1], button, drawer, list };
}

export type FilteredList<F, Row, C extends string> = ReturnType<typeof useFilteredList<F, Row, C>>;
