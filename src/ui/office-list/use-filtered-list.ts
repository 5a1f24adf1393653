import { pagedQuery } from '../../../domain/office-list';
import { useListFilters } from './use-list-filters';
import { useListPaging, usePagedList } from './use-paged-list';
import { useStoredFilters } from './use-stored-filters';

/** Where a filtered office list's rows come from and where its filters are kept. */
export interface FilteredListSource<F, Row> {
  /** The localStorage key its filters are kept under until cleared. */
  storeKey: string;
  parse: (raw: string | null) => F | null;
  empty: () => F;
  /** The query string the filters send (its keys count the active filters). */
  params: (filters: F) => URLSearchParams;
  queryKey: (filters: F) => readonly unknown[];
  path: string;
  schema: { parse(input: unknown): { data: Row[]; meta: { total: number } } };
}

/**
 * A server-paged list with kept filters and its drawer's wiring: the paging, the filters'
 * button and drawer props (useListFilters), and the page of rows, asked for with the same
 * query string the filters count by.
 */
export function useFilteredList<F, Row, C extends string>(source: FilteredListSource<F, Row>) {
  const paging = useListPaging<C>();
  const stored = useStoredFilters(source.storeKey, source.parse, source.empty);
  const { filters, button, drawer } = useListFilters(stored, source.params, paging);
  const list = usePagedList({
    queryKey: source.queryKey(filters),
    path: source.path,
    search: (page, total) => pagedQuery(source.params(filters), page, total),
    paging,
    schema: source.schema,
  });
  return { paging, filters, button, drawer, list };
}
