import { useId, useMemo } from 'react';
import { formatCalendarDate, formatMoney } from '../../../domain/format';
import { reportScreensMessages } from '../../../domain/messages/report-screens';
import type { DateRange } from '../../../domain/office-list';
import { ChartFigure, ChartPlaceholder } from '../../ui/charts/chart-figure';
import { seriesTotals } from '../../ui/charts/chart-data';
import { calendarDate, writeSheet } from '../../ui/office-list/export-sheet';
import { QueryStatus } from '../../ui/query-status';
import { exportChart } from './export-report';
import { PeriodPicker, usePeriod } from './period-picker';
import { useCollectionsBySeller, useDueBalances, useIndicators, useSalemanReport, useSalesSeries } from './queries';
import { ReportExportButton, ReportScreen, useCanDownload } from './report-parts';
import { collectionsBySellerChart, salesSeriesChart, sellersChart, topDueBalances } from './report-charts';

const text = reportScreensMessages.reports;
type Notify = (message: string) => void;

/**
 * `/reports` (spec §7 report/*): over a period (this month by default, Monterrey),
 * the indicators, sales and collections by day (by month past two months) as a chart with
 * its table, what each seller sold and collected, the payments each person recorded, and
 * the customers that owe the most. Each table exports to Excel.
 */
export default function ReportsPage() {
  const { period, setPeriod, range } = usePeriod('thisMonth');
  return (
    <ReportScreen title={text.title}>
      {(notify) => (
        <>
          <PeriodPicker period={period} range={range} onChange={setPeriod} />
          <Indicators range={range} />
          <SalesSeriesSection range={range} notify={notify} />
          <SellersSection range={range} notify={notify} />
          <CollectionsSection range={range} notify={notify} />
          <DueBalancesSection notify={notify} />
        </>
      )}
    </ReportScreen>
  );
}

/** The period's indicators; their labels hold their place while the figures load, so nothing below moves. */
function Indicators({ range }: { range: DateRange }) {
  const indicators = useIndicators(range);
  const headingId = useId();
  const data = indicators.data;
  const figures: [string, string | undefined][] = [
    [text.salesTotal, data && formatMoney(data.sales_total)],
    [text.salesCount, data && String(data.sales_count)],
    [text.quotationsCount, data && String(data.quotations_count)],
    [text.collectionsTotal, data && formatMoney(data.collections_total)],
    [text.expensesTotal, data && formatMoney(data.expenses_total)],
    [text.purchasesTotal, data && formatMoney(data.purchases_total)],
  ];
  return (
    <section className="totals-panel" aria-labelledby={headingId} aria-busy={indicators.isFetching}>
      <h2 id={headingId} className="report-screen__subheading">
        {text.indicators}
      </h2>
      {indicators.isError && !data ? (
        <QueryStatus query={indicators} />
      ) : (
        <dl className="totals-panel__figures">
          {figures.map(([label, value]) => (
            <div key={label}>
              <dt>{label}</dt>
              <dd>{value ?? '—'}</dd>
            </div>
          ))}
        </dl>
      )}
      {indicators.isPending && (
        <span role="status" className="visually-hidden">
          {text.loading}
        </span>
      )}
    </section>
  );
}

function SalesSeriesSection({ range, notify }: { range: DateRange; notify: Notify }) {
  const series = useSalesSeries(range);
  const canDownload = useCanDownload();
  const chart = useMemo(() => series.data && salesSeriesChart(series.data), [series.data]);
  const group = series.data?.meta.group ?? 'day';
  const title = text.seriesTitle(group);
  if (!chart || !series.data) return <ChartPlaceholder title={title} query={series} loading={text.loading} />;
  const rows = series.data.data;
  return (
    <ChartFigure
      title={title}
      data={chart.data}
      extras={chart.extras}
      labelHeader={group === 'day' ? text.day : text.month}
      totals
      actions={
        canDownload && (
          <ReportExportButton
            section={title}
            onError={notify}
            run={() =>
              exportChart(text.exportSeries, {
                labelHeader: group === 'day' ? text.day : text.month,
                data: chart.data,
                extras: chart.extras,
                // Days as dates in the sheet, months as their Spanish names.
                labelCells: group === 'day' ? rows.map((row) => calendarDate(row.period)) : undefined,
              })
            }
          />
        )
      }
    />
  );
}

const sellersByAmount = (rows: Parameters<typeof sellersChart>[0]) => sellersChart(rows, formatMoney);

function SellersSection({ range, notify }: { range: DateRange; notify: Notify }) {
  const sellers = useSalemanReport(range);
  return (
    <PeopleSection
      title={text.sellersTitle}
      labelHeader={text.seller}
      exportName={text.exportSellers}
      query={sellers}
      toChart={sellersByAmount}
      notify={notify}
    />
  );
}

function CollectionsSection({ range, notify }: { range: DateRange; notify: Notify }) {
  const collections = useCollectionsBySeller(range);
  return (
    <PeopleSection
      title={text.collectionsBySellerTitle}
      labelHeader={text.receivedBy}
      exportName={text.exportCollections}
      query={collections}
      toChart={collectionsBySellerChart}
      notify={notify}
    />
  );
}

/** One horizontal bar per person (who sold, who received payments), with its table, totals and Excel export. */
function PeopleSection<Rows>({
  title,
  labelHeader,
  exportName,
  query,
  toChart,
  notify,
}: {
  title: string;
  labelHeader: string;
  exportName: string;
  query: Parameters<typeof QueryStatus>[0]['query'] & { data: Rows | undefined };
  /** Stable (module level): the chart is rebuilt only when the rows change. */
  toChart: (rows: Rows) => ReturnType<typeof collectionsBySellerChart>;
  notify: Notify;
}) {
  const canDownload = useCanDownload();
  const chart = useMemo(() => query.data && toChart(query.data), [query.data, toChart]);
  if (!chart) return <ChartPlaceholder title={title} query={query} loading={text.loading} height={160} />;
  return (
    <ChartFigure
      title={title}
      data={chart.data}
      extras={chart.extras}
      labelHeader={labelHeader}
      horizontal
      height={Math.max(160, 44 * chart.data.labels.length + 40)}
      totals
      actions={
        canDownload && (
          <ReportExportButton
            section={title}
            onError={notify}
            disabled={chart.data.labels.length === 0}
            run={() => exportChart(exportName, { labelHeader, data: chart.data, extras: chart.extras })}
          />
        )
      }
    />
  );
}

/** The ten customers that owe the most now, and what all of them owe. */
function DueBalancesSection({ notify }: { notify: Notify }) {
  const balances = useDueBalances();
  const canDownload = useCanDownload();
  const headingId = useId();
  const rows = balances.data ?? [];
  const top = useMemo(() => topDueBalances(balances.data ?? [], 10), [balances.data]);
  const [total] = seriesTotals({
    labels: rows.map((row) => row.name),
    series: [{ name: text.dueBalance, values: rows.map((row) => row.due_balance) }],
  });
  return (
    <section className="chart-figure" aria-labelledby={headingId}>
      <div className="chart-figure__header">
        <h2 id={headingId}>{text.dueBalanceTitle}</h2>
        {canDownload && (
          <ReportExportButton
            section={text.dueBalanceTitle}
            onError={notify}
            disabled={rows.length === 0}
            run={() =>
              writeSheet({
                file: `${text.exportDueBalance}.xlsx`,
                sheet: text.exportDueBalance,
                rows: rows.map((row) => ({
                  [text.customer]: row.name,
                  [text.openSales]: row.sales,
                  [text.dueBalance]: row.due_balance,
                  [text.oldestDue]: row.oldest_due_date ? calendarDate(row.oldest_due_date) : null,
                })),
              })
            }
          />
        )}
      </div>
      <QueryStatus query={balances} loading={text.loading} />
      {balances.data && rows.length === 0 && <p className="empty-state">{reportScreensMessages.empty}</p>}
      {rows.length > 0 && (
        <>
          <p className="chart-figure__note">{text.dueBalanceNote(top.length, rows.length)}</p>
          <div
            className="chart-figure__table"
            tabIndex={0}
            role="region"
            aria-label={reportScreensMessages.chart.table(text.dueBalanceTitle)}
          >
            <table className="data-table">
              <caption className="visually-hidden">{text.dueBalanceTitle}</caption>
              <thead>
                <tr>
                  <th scope="col">{text.customer}</th>
                  <th scope="col" className="numeric">
                    {text.openSales}
                  </th>
                  <th scope="col" className="numeric">
                    {text.dueBalance}
                  </th>
                  <th scope="col">{text.oldestDue}</th>
                </tr>
              </thead>
              <tbody>
                {top.map((row) => (
                  <tr key={row.company_id}>
                    <th scope="row">{row.name}</th>
                    <td className="numeric">{row.sales}</td>
                    <td className="numeric">{formatMoney(row.due_balance)}</td>
                    <td className="nowrap">{row.oldest_due_date ? formatCalendarDate(row.oldest_due_date) : '—'}</td>
                  </tr>
                ))}
              </tbody>
              <tfoot>
                <tr>
                  <th scope="row">{text.allCustomers}</th>
                  <td className="numeric">{rows.reduce((sum, row) => sum + row.sales, 0)}</td>
                  <td className="numeric">{formatMoney(total ?? 0)}</td>
                  <td />
                </tr>
              </tfoot>
            </table>
          </div>
        </>
      )}
    </section>
  );
}
