import { useState } from 'react';
import { messages } from '../../../domain/messages';
import { hasPermission } from '../../../domain/permissions';
import { saleListQuery } from '../../../domain/sale-list';
import { ListCards, ListTable } from '../../app/office-list/list-rows';
import { ExportButton, FiltersButton, ListScreen, TotalsToggle, useListToast } from '../../app/office-list/list-screen';
import { SaleFilterDrawer } from '../../app/office-list/sale-filters';
import { saleRowKey, useSaleList } from '../../app/office-list/use-sale-list';
import { useWideScreen } from '../../app/office-list/use-wide-screen';
import { useShell } from '../../app/shell-context';
import { exportSales } from './export-sales';
import { salesKeys } from './queries';
import { SALE_COLUMNS, SaleCard } from './sale-rows';
import { SaleTotalsPanel } from './totals-panel';

const text = messages.sales.list;

/**
 * `/sales` (issue 12): the sales with their payment status, due balance and order, server
 * paged and sorted, filters kept until cleared, the totals of the filtered range, Excel
 * export of the page; each sale opens its page.
 */
export default function SalesListPage() {
  const { user } = useShell();
  const [now] = useState(() => new Date());
  const { paging, filters, button, drawer, list } = useSaleList({
    filtersKey: 'sales-filters',
    queryKey: salesKeys.list,
    path: '/api/v2/sales',
    search: (page, filters, total) => saleListQuery({ ...page, filters }, total),
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
          rowKey={saleRowKey}
          columns={SALE_COLUMNS}
          busy={list.query.isFetching}
          sort={paging.sort}
          onSort={paging.setSort}
          menuColumn={false}
        />
      ) : (
        <ListCards rows={sales} rowKey={saleRowKey} busy={list.query.isFetching} estimateSize={104}>
          {(row) => <SaleCard row={row} link />}
        </ListCards>
      )}
    </ListScreen>
  );
}
