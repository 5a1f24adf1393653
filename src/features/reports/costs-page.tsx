import { useMemo } from 'react';
import { reportScreensMessages } from '../../../domain/messages/report-screens';
import type { DateRange } from '../../../domain/office-list';
import { ChartFigure, ChartPlaceholder } from '../../ui/charts/chart-figure';
import { exportChart } from './export-report';
import { PeriodPicker, usePeriod } from './period-picker';
import { useExpensesByType, useTopItems, useUtilities } from './queries';
import { ReportExportButton, ReportScreen, useCanDownload } from './report-parts';
import { costsByMonthChart, expenseTypesChart, topItemsChart } from './report-charts';

const text = reportScreensMessages.costs;
type Notify = (message: string) => void;

/**
 * `/costs` ('Costos'; permission utilities): the cost side of the utilities over a
 * period (this year by default): the cost of the goods sold and the expenses by month, the
 * items that cost the most, and the expenses by type. Each a chart with its table and Excel.
 */
export default function CostsPage() {
  const { period, setPeriod, range } = usePeriod('thisYear');
  return (
    <ReportScreen title={text.title}>
      {(notify) => (
        <>
          <PeriodPicker period={period} range={range} onChange={setPeriod} />
          <ByMonth range={range} notify={notify} />
          <ByItem range={range} notify={notify} />
          <ByType range={range} notify={notify} />
        </>
      )}
    </ReportScreen>
  );
}

function ByMonth({ range, notify }: { range: DateRange; notify: Notify }) {
  const utilities = useUtilities(range);
  const canDownload = useCanDownload();
  const data = useMemo(() => utilities.data && costsByMonthChart(utilities.data), [utilities.data]);
  if (!data) return <ChartPlaceholder title={text.byMonthTitle} query={utilities} loading={text.loading} />;
  return (
    <ChartFigure
      title={text.byMonthTitle}
      data={data}
      labelHeader={text.month}
      totals
      note={text.note}
      actions={
        canDownload && (
          <ReportExportButton
            section={text.byMonthTitle}
            onError={notify}
            run={() => exportChart(text.exportByMonth, { labelHeader: text.month, data })}
          />
        )
      }
    />
  );
}

function ByItem({ range, notify }: { range: DateRange; notify: Notify }) {
  const top = useTopItems(range, 'cost');
  const canDownload = useCanDownload();
  const chart = useMemo(() => top.data && topItemsChart(top.data.data, 'cost'), [top.data]);
  if (!chart) return <ChartPlaceholder title={text.byItemTitle} query={top} loading={text.loading} height={340} />;
  return (
    <ChartFigure
      title={text.byItemTitle}
      data={chart.data}
      extras={chart.extras}
      labelHeader={text.item}
      horizontal
      height={Math.max(160, 30 * chart.data.labels.length + 40)}
      actions={
        canDownload && (
          <ReportExportButton
            section={text.byItemTitle}
            onError={notify}
            disabled={chart.data.labels.length === 0}
            run={() => exportChart(text.exportByItem, { labelHeader: text.item, data: chart.data, extras: chart.extras })}
          />
        )
      }
    />
  );
}

function ByType({ range, notify }: { range: DateRange; notify: Notify }) {
  const types = useExpensesByType(range);
  const canDownload = useCanDownload();
  const chart = useMemo(() => types.data && expenseTypesChart(types.data), [types.data]);
  if (!chart) return <ChartPlaceholder title={text.byTypeTitle} query={types} loading={text.loading} height={220} />;
  return (
    <ChartFigure
      title={text.byTypeTitle}
      data={chart.data}
      extras={chart.extras}
      labelHeader={text.type}
      horizontal
      totals
      height={Math.max(160, 36 * chart.data.labels.length + 40)}
      actions={
        canDownload && (
          <ReportExportButton
            section={text.byTypeTitle}
            onError={notify}
            disabled={chart.data.labels.length === 0}
            run={() => exportChart(text.exportByType, { labelHeader: text.type, data: chart.data, extras: chart.extras })}
          />
        )
      }
    />
  );
}
