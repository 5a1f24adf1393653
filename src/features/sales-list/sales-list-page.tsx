import { useState } from 'react';
import { messages } from '../../../domain/messages';
import { hasPermission } from '../../../domain/permissions';
import {
  EMPTY_SALE_FILTERS,
  parseStoredSaleFilters,
  saleFilterParams,
  saleListQuery,
  type SaleSortColumn,
} from '../../../domain/sale-list';
import { salePageSchema, type SalePageRow } from '../../../domain/schemas/reads';
import { ListCards, ListTable } from '../../app/office-list/list-rows';
import { ExportButton, FiltersButton, ListScreen, TotalsToggle, useListToast } from '../../app/office-list/list-screen';
import { SaleFilterDrawer } from '../../app/office-list/sale-filters';
import { useListFilters } from '../../app/office-list/use-list-filters';
import { useListPaging, usePagedList } from '../../app/office-list/use-paged-list';
import { useStoredFilters } from '../../app/office-list/use-stored-filters';
import { useWideScreen } from '../../app/office-list/use-wide-screen';
import { useShell } from '../../app/shell-context';
import { exportSales } from './export-sales';
import { salesKeys } from './queries';
import { SALE_COLUMNS, SaleCard } from './sale-rows';
import { SaleTotalsPanel } from './totals-panel';

const text = messages.sales.list;
const FILTERS_KEY = 'sales-filters';
const noFilters = () => EMPTY_SALE_FILTERS;
const rowKey = (row: SalePageRow) => row.id;

/**
 * `/sales` (issue 12): the sales with their payment status, due balance and order, server
 * paged and sorted, filters kept until cleared, the totals of the filtered range, Excel
 * export of the page; each sale opens its page.
 */
export default function SalesListPage() {
  const { user } = useShell();
  const [now] = useState(() => new Date());
  const paging = useListPaging<SaleSortColumn>();
  const stored = useStoredFilters(FILTERS_KEY, parseStoredSaleFilters, noFilters);
  const { filters, button, drawer } = useListFilters(stored, saleFilterParams, paging);
  const list = usePagedList({
    queryKey: salesKeys.list(filters),
    path: '/api/v2/sales',
    search: (page, total) => saleListQuery({ ...page, filters }, total),
    paging,
    schema: salePageSchema,
  });
  const [totalsOpen, setTotalsOpen] = useState(false);
  const [notify, toast] = useListToast();
  const wide = useWideScreen();
  const sales = list.rows;

  return (
    <ListScreen
      title={text.title}
      list={list}
      paging={paging}
      loading={text.loading}
      empty={text.empty}
      toolbar={
        <>
          <FiltersButton {...button} />
          <TotalsToggle open={totalsOpen} onToggle={() => setTotalsOpen((open) => !open)} controls="sales-totals" />
          {hasPermission(user, 'download') && (
            <ExportButton run={() => exportSales(sales)} disabled={sales.length === 0} onError={(message) => notify(message, 'danger')} />
          )}
        </>
      }
      above={totalsOpen && <SaleTotalsPanel id="sales-totals" filters={filters} now={now} />}
      overlays={
        <>
          {drawer && <SaleFilterDrawer title={text.filterTitle} fields={{ series: true, paymentStatus: true }} {...drawer} />}
          {toast}
        </>
      }
    >
      {wide ? (
        <ListTable
          rows={sales}
          rowKey={rowKey}
          columns={SALE_COLUMNS}
          busy={list.query.isFetching}
          sort={paging.sort}
          onSort={paging.setSort}
          menuColumn={false}
        />
      ) : (
        <ListCards rows={sales} rowKey={rowKey} busy={list.query.isFetching} estimateSize={104}>
          {(row) => <SaleCard row={row} link />}
        </ListCards>
      )}
    </ListScreen>
  );
}
