import { Component, lazy, Suspense, useCallback, useId, useMemo, useRef, useState, type CSSProperties, type ReactNode } from 'react';
import { formatCompactMoney, formatMoney } from '../../../domain/format';
import { reportScreensMessages } from '../../../domain/messages/report-screens';
import { QueryStatus } from '../query-status';
import { chartTableRows, seriesTotals, type ChartData } from './chart-data';
import '../office-list/office-list.css';
import './chart-figure.css';

const text = reportScreensMessages.chart;

// Chartist and its styles load with the first chart, never with the app's start.
const BarChart = lazy(() => import('./bar-chart'));

/** A column of the table that the chart does not draw (a count, say). */
export interface TableExtra {
  name: string;
  values: readonly number[];
  format?: (value: number) => string;
}

/**
 * Whether the element has come near the screen, and stays so once it has: a report draws the
 * charts the person scrolls to, not all of them as it opens (each costs a phone 50–70 ms of
 * measuring its labels). Screens scroll inside their content box, not the page: `scrollMargin`
 * widens that box by its height, so a chart is drawn a screen before it shows; a browser without
 * it (before Chrome 120, Safari) draws it as it comes into view. Where nothing can observe (a
 * server render) it is near at once.
 */
function useNearScreen(): [(element: Element | null) => void, boolean] {
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  const observer = useRef<IntersectionObserver | null>(null);
  const ref = useCallback((element: Element | null) => {
    observer.current?.disconnect();
    observer.current = null;
    if (!element || typeof IntersectionObserver === 'undefined') return;
    observer.current = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        observer.current?.disconnect();
        setNear(true);
      },
      // scrollMargin is newer than the DOM types this project compiles against.
      { rootMargin: '100% 0px', scrollMargin: '100% 0px' } as IntersectionObserverInit,
    );
    observer.current.observe(element);
  }, []);
  return [near ? noRef : ref, near];
}
const noRef = () => undefined;

/** A chart that failed to load (offline, a stale chunk) leaves its table, which has the same numbers. */
class ChartBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    return this.state.failed ? <p className="chart-figure__note">{text.failed}</p> : this.props.children;
  }
}

/**
 * A chart's section while its data loads (or failed to): its heading and the room the chart
 * and its table will take, so that nothing below jumps when they arrive.
 */
export function ChartPlaceholder({
  title,
  query,
  loading,
  height = 280,
}: {
  title: string;
  query: Parameters<typeof QueryStatus>[0]['query'];
  loading?: string;
  height?: number;
}) {
  const headingId = useId();
  return (
    <section className="chart-figure" aria-labelledby={headingId} aria-busy={query.isPending}>
      <div className="chart-figure__header">
        <h2 id={headingId}>{title}</h2>
      </div>
      <div className="chart-figure__placeholder" style={{ '--chart-height': `${height}px` } as CSSProperties}>
        <QueryStatus query={query} loading={loading} />
      </div>
    </section>
  );
}

/**
 * A report's chart with its table beside it: both drawn from one ChartData, so
 * the bars and the rows are the same in number and value. The chart is for the eye; the
 * table, with its caption, headers and totals, is what screen readers and keyboards read.
 */
export function ChartFigure({
  title,
  data,
  labelHeader,
  format = formatMoney,
  formatAxis = formatCompactMoney,
  extras = [],
  totals = false,
  horizontal = false,
  drawn,
  height = 280,
  actions,
  note,
}: {
  title: string;
  data: ChartData;
  /** The heading of the labels' column ('Día', 'Mes', 'Producto'). */
  labelHeader: string;
  format?: (value: number) => string;
  formatAxis?: (value: number) => string;
  extras?: readonly TableExtra[];
  /** A last row with each column's total. */
  totals?: boolean;
  horizontal?: boolean;
  /** The series the chart draws, by position (all unless said); the table shows every series. */
  drawn?: readonly number[];
  height?: number;
  /** Buttons of the section (Excel export). */
  actions?: ReactNode;
  note?: ReactNode;
}) {
  const headingId = useId();
  const rows = chartTableRows(data);
  // The chart redraws only when its data changes: callers keep `data` stable (useMemo).
  const drawnKey = drawn?.join(',');
  const chart = useMemo(
    () => (drawnKey === undefined ? data : { ...data, series: drawnKey.split(',').map((index) => data.series[Number(index)]!) }),
    [data, drawnKey],
  );
  const [chartRef, chartNear] = useNearScreen();
  const sums = totals ? seriesTotals(data) : [];
  const extraSums = totals ? extras.map((extra) => extra.values.reduce((sum, value) => sum + value, 0)) : [];
  return (
    <section className="chart-figure" aria-labelledby={headingId}>
      <div className="chart-figure__header">
        <h2 id={headingId}>{title}</h2>
        {actions}
      </div>
      {note && <p className="chart-figure__note">{note}</p>}
      {rows.length === 0 ? (
        <p className="empty-state">{reportScreensMessages.empty}</p>
      ) : (
        <div className={`chart-figure__body${1 + data.series.length + extras.length > 4 ? ' chart-figure__body--stacked' : ''}`}>
          <figure className="chart-figure__chart" ref={chartRef}>
            {chart.series.length > 1 && (
              <ul className="chart-legend" aria-hidden="true">
                {chart.series.map((series, index) => (
                  <li key={series.name}>
                    <span className={`chart-legend__swatch chart-legend__swatch--${'abcd'[index]}`} />
                    {series.name}
                  </li>
                ))}
              </ul>
            )}
            {chartNear ? (
              <ChartBoundary>
                <Suspense
                  fallback={
                    <div className="chart-figure__loading" style={{ height }} role="status">
                      {text.loading}
                    </div>
                  }
                >
                  <BarChart data={chart} horizontal={horizontal} formatAxis={formatAxis} formatValue={format} height={height} />
                </Suspense>
              </ChartBoundary>
            ) : (
              // The chart's room, kept until it is scrolled near: nothing below moves when it draws.
              <div className="chart-figure__loading" style={{ height }} />
            )}
            <figcaption className="visually-hidden">
              {title}. {text.sameData}
            </figcaption>
          </figure>
          {/* Focusable so that a keyboard can scroll a long table. */}
          <div className="chart-figure__table" tabIndex={0} role="region" aria-label={text.table(title)}>
            <table className="data-table">
              <caption className="visually-hidden">{title}</caption>
              <thead>
                <tr>
                  <th scope="col">{labelHeader}</th>
                  {data.series.map((series) => (
                    <th key={series.name} scope="col" className="numeric">
                      {series.name}
                    </th>
                  ))}
                  {extras.map((extra) => (
                    <th key={extra.name} scope="col" className="numeric">
                      {extra.name}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {rows.map((row, index) => (
                  <tr key={`${row.label}-${index}`}>
                    <th scope="row">{row.label}</th>
                    {row.values.map((value, column) => (
                      <td key={data.series[column]!.name} className="numeric">
                        {format(value)}
                      </td>
                    ))}
                    {extras.map((extra) => (
                      <td key={extra.name} className="numeric">
                        {(extra.format ?? String)(extra.values[index] ?? 0)}
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
              {totals && (
                <tfoot>
                  <tr>
                    <th scope="row">{text.total}</th>
                    {sums.map((sum, column) => (
                      <td key={data.series[column]!.name} className="numeric">
                        {format(sum)}
                      </td>
                    ))}
                    {extraSums.map((sum, column) => (
                      <td key={extras[column]!.name} className="numeric">
                        {(extras[column]!.format ?? String)(sum)}
                      </td>
                    ))}
                  </tr>
                </tfoot>
              )}
            </table>
          </div>
        </div>
      )}
    </section>
  );
}
