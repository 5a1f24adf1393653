import { useMemo } from 'react';
import { reportScreensMessages } from '../../../domain/messages/report-screens';
import { ChartFigure, ChartPlaceholder } from '../../ui/charts/chart-figure';
import { exportChart } from './export-report';
import { PeriodPicker, usePeriod } from './period-picker';
import { useUtilities } from './queries';
import { ReportExportButton, ReportScreen, useCanDownload } from './report-parts';
import { UTILITY_DRAWN, utilitiesChart } from './report-charts';

const text = reportScreensMessages.utilities;

/**
 * `/utilities` ('Utilidades'): by month of the period (this year by default, as it
 * reads by month), the sales (subtotal), the cost of the goods sold at today's item costs, the
 * gross profit, the expenses and the net profit, with the period's totals; a chart and its
 * table, exported to Excel. Every figure is the server's.
 */
export default function UtilitiesPage() {
  const { period, setPeriod, range } = usePeriod('thisYear');
  const utilities = useUtilities(range);
  const canDownload = useCanDownload();
  const data = useMemo(() => utilities.data && utilitiesChart(utilities.data), [utilities.data]);
  return (
    <ReportScreen title={text.title}>
      {(notify) => (
        <>
          <PeriodPicker period={period} range={range} onChange={setPeriod} />
          {!data && <ChartPlaceholder title={text.chartTitle} query={utilities} loading={text.loading} height={320} />}
          {data && (
            <ChartFigure
              title={text.chartTitle}
              data={data}
              drawn={UTILITY_DRAWN}
              labelHeader={text.month}
              totals
              note={text.note}
              height={320}
              actions={
                canDownload && (
                  <ReportExportButton
                    section={text.chartTitle}
                    onError={notify}
                    run={() => exportChart(text.exportSheet, { labelHeader: text.month, data })}
                  />
                )
              }
            />
          )}
        </>
      )}
    </ReportScreen>
  );
}
