import { useState } from 'react';
import { salesMessages } from '../../../domain/messages/sales';
import { ListRows } from '../../ui/office-list/list-rows';
import { FiltersButton, ListScreen, TotalsToggle } from '../../ui/office-list/list-screen';
import { useToast } from '../../ui/toast';
import { PageExport } from '../../ui/office-list/page-export';
import { SaleFilterDrawer, saleListSource, saleRowKey } from '../../ui/office-list/sale-filters';
import { useFilteredList } from '../../ui/office-list/use-filtered-list';
import { SALE_SHEET } from './export-sales';
import { salesKeys } from './queries';
import { saleColumns, SaleCard } from './sale-rows';
import { SaleTotalsPanel } from './totals-panel';
import { fillsOrders } from '../../../domain/deployment';
import { useShell } from '../../ui/shell-context';

const text = salesMessages.list;

/**
 * `/sales`: the sales with their payment status, due balance and order, server
 * paged and sorted, filters kept until cleared, the totals of the filtered range, Excel
 * export of the page; each sale opens its page.
 */
export default function SalesListPage() {
  const { deployment } = useShell();
  const [now] = useState(() => new Date());
  const { paging, filters, button, drawer, list } = useFilteredList(
    saleListSource({
      storeKey: 'sales-filters',
      queryKey: salesKeys.list,
      path: '/api/v2/sales',
    }),
  );
  const [totalsOpen, setTotalsOpen] = useState(false);
  const [notify, toast] = useToast();
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
          <PageExport rows={sales} {...SALE_SHEET} notify={notify} />
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
      <ListRows
        list={list}
        paging={paging}
        rowKey={saleRowKey}
        columns={saleColumns(fillsOrders(deployment))}
        estimateSize={104}
        card={(row) => <SaleCard row={row} link />}
      />
    </ListScreen>
  );
}
