import type { ListPaging } from '../../../domain/office-list';
import {
  EMPTY_SALE_FILTERS,
  parseStoredSaleFilters,
  saleFilterParams,
  type SaleListFilters,
  type SaleSortColumn,
} from '../../../domain/sale-list';
import { salePageSchema, type SalePageRow } from '../../../domain/schemas/reads';
import { useListFilters } from './use-list-filters';
import { useListPaging, usePagedList } from './use-paged-list';
import { useStoredFilters } from './use-stored-filters';

const noFilters = () => EMPTY_SALE_FILTERS;

/** A row of the quotation and sale lists is known by its id. */
export const saleRowKey = (row: SalePageRow) => row.id;

/**
 * The lists of quotations and sales (/quotations, /sales, /pedidos, /canceled) read the same
 * rows with the same filters: their paging, their filters kept under `filtersKey` with the
 * drawer's wiring, and one page of `path` (GET /api/v2/q or /api/v2/sales).
 */
export function useSaleList({
  filtersKey,
  queryKey,
  path,
  search,
}: {
  filtersKey: string;
  queryKey: (filters: SaleListFilters) => readonly unknown[];
  path: string;
  search: (paging: ListPaging<SaleSortColumn>, filters: SaleListFilters, total?: number) => string;
}) {
  const paging = useListPaging<SaleSortColumn>();
  const stored = useStoredFilters(filtersKey, parseStoredSaleFilters, noFilters);
  const { filters, button, drawer } = useListFilters(stored, saleFilterParams, paging);
  const list = usePagedList({
    queryKey: queryKey(filters),
    path,
    search: (page, total) => search(page, filters, total),
    paging,
    schema: salePageSchema,
  });
  return { paging, filters, button, drawer, list };
}
