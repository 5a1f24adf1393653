import { useMemo, useState } from 'react';
import { formatMoney, formatQuantityOf } from '../../../domain/format';
import { reportScreensMessages } from '../../../domain/messages/report-screens';
import { pagedQuery } from '../../../domain/office-list';
import { periodFilter, type Period } from '../../../domain/reports';
import { itemsReportPageSchema, type ItemsReportRow, type ItemsReportSort } from '../../../domain/schemas/reports';
import { ChartFigure } from '../../ui/charts/chart-figure';
import { ListRows, type ListColumn } from '../../ui/office-list/list-rows';
import { ListScreen } from '../../ui/office-list/list-screen';
import { useToast } from '../../ui/toast';
import { PageExport } from '../../ui/office-list/page-export';
import { useListPaging, usePagedList } from '../../ui/office-list/use-paged-list';
import { useWideScreen } from '../../ui/office-list/use-wide-screen';
import { PeriodPicker, usePeriod } from './period-picker';
import { reportKeys, useTopItems } from './queries';
import { formatQuantity } from '../../../domain/format';
import { topItemsChart } from './report-charts';
import './reports.css';

const text = reportScreensMessages.items;

export const ITEM_COLUMNS: ListColumn<ItemsReportRow, ItemsReportSort>[] = [
  { key: 'name', sort: 'name', label: text.item, cell: (row) => row.name },
  { key: 'unit', label: text.unit, cell: (row) => row.unit, nowrap: true },
  { key: 'quantity', sort: 'quantity', label: text.quantity, cell: (row) => formatQuantity(row.quantity), numeric: true },
  { key: 'amount', sort: 'amount', label: text.amount, cell: (row) => formatMoney(row.amount), numeric: true },
  { key: 'sales_count', sort: 'sales_count', label: text.salesCount, cell: (row) => row.sales_count, numeric: true },
  { key: 'cost', sort: 'cost', label: text.cost, cell: (row) => formatMoney(row.cost), numeric: true },
];

/** The Excel rows of the page on screen: the visible columns, numbers as numbers. */
export function itemsExportRows(rows: readonly ItemsReportRow[]) {
  return rows.map((row) => ({
    [text.item]: row.name,
    [text.unit]: row.unit,
    [text.quantity]: row.quantity,
    [text.amount]: row.amount,
    [text.salesCount]: row.sales_count,
    [text.cost]: row.cost,
  }));
}

const rowKey = (row: ItemsReportRow) => row.item_id;

/**
 * `/items-report` ('Reporte de Productos'): the items sold in a period (this month
 * by default) with their unit, quantity, amount, number of sales and cost, by amount unless
 * another column is chosen, server paged; the top ten as a chart with its table; Excel
 * export of the page.
 */
export default function ItemsReportPage() {
  const { period, setPeriod, range } = usePeriod('thisMonth');
  const paging = useListPaging<ItemsReportSort>();
  const wide = useWideScreen();
  const [chartOpen, setChartOpen] = useState(wide);
  const [notify, toast] = useToast();
  const list = usePagedList({
    queryKey: reportKeys.items(range),
    path: '/api/v2/report/items',
    search: (page, total) => pagedQuery(new URLSearchParams({ 'filter[date_between]': periodFilter(range) }), page, total),
    paging,
    schema: itemsReportPageSchema,
  });
  const top = useTopItems(range, 'amount');
  const chart = useMemo(() => top.data && topItemsChart(top.data.data, 'amount'), [top.data]);
  const choose = (next: Period) => {
    setPeriod(next);
    paging.setPage(1);
  };

  return (
    <ListScreen
      title={text.title}
      list={list}
      paging={paging}
      loading={text.loading}
      empty={text.empty}
      toolbar={
        <>
          <PeriodPicker period={period} range={range} onChange={choose} />
          <button
            type="button"
            className="outline-button"
            aria-expanded={chartOpen}
            aria-controls="items-chart"
            onClick={() => setChartOpen((open) => !open)}
          >
            {text.chartToggle}
          </button>
          <PageExport rows={list.rows} file={text.exportFile} sheet={text.exportSheet} toRows={itemsExportRows} notify={notify} />
        </>
      }
      above={
        <div id="items-chart">
          {top.data && <p className="office-list__status">{text.periodTotal(formatMoney(top.data.meta.amount), top.data.meta.total)}</p>}
          {chartOpen && chart && (
            <ChartFigure
              title={text.chartTitle}
              data={chart.data}
              extras={chart.extras}
              labelHeader={text.item}
              horizontal
              height={Math.max(160, 30 * chart.data.labels.length + 40)}
            />
          )}
        </div>
      }
      overlays={toast}
    >
      <ListRows
        list={list}
        paging={paging}
        rowKey={rowKey}
        columns={ITEM_COLUMNS}
        estimateSize={88}
        card={(row) => (
          <div className="list-card">
            <div className="list-card__main">
              <span className="list-card__title">{row.name}</span>
              <span>
                {formatQuantityOf(row.quantity, row.unit)} · {text.salesCount}: {row.sales_count}
              </span>
              <span>
                {text.amount}: {formatMoney(row.amount)} · {text.cost}: {formatMoney(row.cost)}
              </span>
            </div>
          </div>
        )}
      />
    </ListScreen>
  );
}
