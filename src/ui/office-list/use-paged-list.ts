import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useState } from 'react';
import * as z from 'zod/mini';
import { pageOffset, pageWindow, type ListPaging, type ListSort } from '../../../domain/office-list';
import { apiRequest } from '../../lib/api';

export interface ListPagingState<C extends string> extends ListPaging<C> {
  /** A new sort starts again at the first page. */
  setSort: (sort: ListSort<C> | null) => void;
  setPage: (page: number) => void;
  setItemsPerPage: (size: number) => void;
}

/** The page a list shows: one sort column, the page, and its size (15 until changed). */
export function useListPaging<C extends string>(): ListPagingState<C> {
  const [sort, setSortState] = useState<ListSort<C> | null>(null);
  const [page, setPage] = useState(1);
  const [itemsPerPage, setItemsPerPage] = useState(15);
  const setSort = useCallback((next: ListSort<C> | null) => {
    setSortState(next);
    setPage(1);
  }, []);
  return { sort, page, itemsPerPage, setSort, setPage, setItemsPerPage };
}

interface Page<Row> {
  data: Row[];
  meta: { total: number };
}

/** Only the total is read from a probe page: its rows are not needed. */
const countSchema = z.object({ meta: z.object({ total: z.int() }) });

/**
 * One page of a server-paged list, as a persisted TanStack query (docs/architecture.md: the last
 * results show offline). "All" first learns the total, then asks for that many (spec §7);
 * the previous page stays on screen while the next loads; deleting the last row of the last
 * page steps back to the page that still has rows.
 *
 * `queryKey` names the list and its filters; the paging is added to it. `search` builds the
 * query string of a page (a pure function in domain/).
 */
export function usePagedList<Row, C extends string>({
  queryKey,
  path,
  search,
  paging,
  schema,
}: {
  queryKey: readonly unknown[];
  path: string;
  search: (paging: ListPaging<C>, total?: number) => string;
  paging: ListPagingState<C>;
  schema: { parse(input: unknown): Page<Row> };
}) {
  const { sort, page, itemsPerPage, setPage } = paging;
  const request = useMemo(() => ({ sort, page, itemsPerPage }), [sort, page, itemsPerPage]);
  const pageKey = [...queryKey, request];
  const query = useQuery({
    queryKey: pageKey,
    queryFn: async ({ signal }) => {
      let total: number | undefined;
      if (request.itemsPerPage === 0) {
        const probe = await apiRequest(`${path}?${search({ ...request, itemsPerPage: 1, page: 1 })}`, { schema: countSchema, signal });
        total = probe.meta.total;
      }
      const answer = await apiRequest(`${path}?${search(request, total)}`, { schema, signal });
      return { ...answer, offset: pageOffset(request) };
    },
    placeholderData: keepPreviousData,
    // "All" can be thousands of rows: kept in memory, not written to local storage.
    meta: { persist: request.itemsPerPage !== 0 },
    // Pages not looked at for an hour leave the cache, and so local storage.
    gcTime: 60 * 60 * 1000,
  });
  const rows = query.data?.data ?? EMPTY;
  const total = query.data?.meta.total ?? 0;
  const { from, to, lastPage } = pageWindow({ total, itemsPerPage, offset: query.data?.offset ?? 0, shown: rows.length });
  useEffect(() => {
    if (query.data && !query.isPlaceholderData && page > lastPage) setPage(lastPage);
  }, [query.data, query.isPlaceholderData, page, lastPage, setPage]);
  // The page's key: the list's rows listen to its fetches themselves (ListRows), so the screen
  // does not read isFetching and is not redrawn when a refetch starts or brings the same rows.
  return { query, queryKey: pageKey, rows: rows as Row[], range: { from, to, total }, lastPage };
}

export type PagedList<Row = unknown> = ReturnType<typeof usePagedList<Row, string>>;

const EMPTY: never[] = [];
