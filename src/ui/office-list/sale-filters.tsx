import { useQuery } from '@tanstack/react-query';
import { salesMessages } from '../../../domain/messages/sales';
import type { ListPaging } from '../../../domain/office-list';
import {
  EMPTY_SALE_FILTERS,
  isSeller,
  ORDER_STATUSES,
  parseStoredSaleFilters,
  PAYMENT_STATUSES,
  saleFilterParams,
  type SaleListFilters,
  type SaleSortColumn,
} from '../../../domain/sale-list';
import { SALE_SERIES } from '../../../domain/sales';
import { salePageSchema, type SalePageRow } from '../../../domain/schemas/reads';
import { userListSchema } from '../../../domain/schemas/reference';
import { apiRequest } from '../../lib/api';
import { CheckList, ChoiceField, FilterDrawer, TextField } from './filter-drawer';
import type { FilteredListSource } from './use-filtered-list';

const text = salesMessages.list;
const label = text.columns;
const SERIES = SALE_SERIES.map((value) => ({ value, label: value }));
const PAYMENTS = PAYMENT_STATUSES.map((value) => ({ value, label: value }));
const ORDERS = ORDER_STATUSES.map((value) => ({ value, label: salesMessages.orderStatus[value] }));

const noFilters = () => EMPTY_SALE_FILTERS;

/** A row of the quotation and sale lists is known by its id. */
export const saleRowKey = (row: SalePageRow) => row.id;

/**
 * The source of the lists of quotations and sales (/quotations, /sales, /pedidos, /canceled)
 * for useFilteredList: the same rows with the same filters, kept under `storeKey`, one page of
 * `path` (GET /api/v2/q or /api/v2/sales).
 */
export function saleListSource(list: {
  storeKey: string;
  queryKey: (filters: SaleListFilters) => readonly unknown[];
  path: string;
  /** By default the filters and the page (saleListQuery); /canceled and /pedidos ask for more. */
  search?: (paging: ListPaging<SaleSortColumn>, filters: SaleListFilters, total?: number) => string;
}): FilteredListSource<SaleListFilters, SalePageRow, SaleSortColumn> {
  return { ...list, parse: parseStoredSaleFilters, empty: noFilters, params: saleFilterParams, schema: salePageSchema };
}

/** The people the Vendedor filter offers; the same cached answer as every other user list. */
function useSellers() {
  return useQuery({
    queryKey: ['users'],
    queryFn: ({ signal }) => apiRequest('/api/v1/user/all', { schema: userListSchema, signal }),
    select: (answer) => answer.data.filter(isSeller).map((user) => ({ id: user.id, label: `${user.name} ${user.last}` })),
    staleTime: 60 * 60 * 1000,
  });
}

/**
 * The filter drawer of the quotation and sale lists (/quotations, /canceled, /sales,
 * /pedidos: two features, one drawer): Fecha, Folio, Empresa (text), Vendedor (several),
 * and, where the list has them, Serie, Estado de pago and Pedido.
 */
export function SaleFilterDrawer({
  title,
  filters,
  fields,
  onApply,
  onClear,
  onClose,
}: {
  title: string;
  filters: SaleListFilters;
  fields: { series?: boolean; paymentStatus?: boolean; orderStatus?: boolean };
  onApply: (filters: SaleListFilters) => void;
  onClear: () => SaleListFilters;
  onClose: () => void;
}) {
  const sellers = useSellers();
  return (
    <FilterDrawer title={title} filters={filters} onApply={onApply} onClear={onClear} onClose={onClose}>
      {(draft, set) => (
        <>
          <TextField label={label.folio} value={draft.id} onChange={(id) => set({ id })} />
          <TextField label={label.company} value={draft.company} onChange={(company) => set({ company })} />
          <CheckList
            legend={label.seller}
            options={sellers.data ?? []}
            chosen={draft.sellerIds}
            onChange={(sellerIds) => set({ sellerIds })}
          />
          {fields.series && (
            <ChoiceField
              label={label.series}
              anyLabel={text.anySeries}
              options={SERIES}
              value={draft.series}
              onChange={(series) => set({ series })}
            />
          )}
          {fields.paymentStatus && (
            <ChoiceField
              label={label.paymentStatus}
              anyLabel={text.any}
              options={PAYMENTS}
              value={draft.paymentStatus}
              onChange={(paymentStatus) => set({ paymentStatus })}
            />
          )}
          {fields.orderStatus && (
            <ChoiceField
              label={label.order}
              anyLabel={text.any}
              options={ORDERS}
              value={draft.orderStatus}
              onChange={(orderStatus) => set({ orderStatus })}
            />
          )}
        </>
      )}
    </FilterDrawer>
  );
}
