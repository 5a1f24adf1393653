import { BarChart as Chartist, type BarChartOptions } from 'chartist';
import 'chartist/dist/index.css';
import { useEffect, useRef } from 'react';
import { barGeometry, labelStep, type ChartData } from './chart-data';
import './charts.css';

/** Room the value axis takes beside the bars; a horizontal chart's names need more. */
const VALUE_AXIS = 64;
const NAME_AXIS = 132;

export interface BarChartProps {
  data: ChartData;
  /** Bars along the value axis from left to right, one row per label (names read better so). */
  horizontal?: boolean;
  /** Short values for the value axis ('$12 mil'). */
  formatAxis: (value: number) => string;
  /** Full values for a bar's tooltip ('$12,345.67'). */
  formatValue: (value: number) => string;
  height: number;
}

function options(element: HTMLElement, { data, horizontal = false, formatAxis, height }: BarChartProps): BarChartOptions {
  const labels = data.labels.length;
  const series = horizontal ? 1 : data.series.length;
  const space = horizontal ? height - 40 : element.clientWidth - VALUE_AXIS - 24;
  const { width, distance } = barGeometry(space, labels, series);
  element.style.setProperty('--bar-width', `${width}px`);
  const step = horizontal ? 1 : labelStep(labels, space, 34);
  const name = (value: unknown, index: number) => (index % step === 0 ? String(value) : null);
  const amount = (value: unknown) => formatAxis(Number(value));
  return {
    height: `${height}px`,
    horizontalBars: horizontal,
    // Chartist draws horizontal bars bottom-up; reversed, the first label is on top, as in the table.
    reverseData: horizontal,
    seriesBarDistance: distance,
    // Room on the right for the last value of a horizontal chart's axis.
    chartPadding: { top: 12, right: horizontal ? 60 : 16, bottom: 4, left: 8 },
    axisX: horizontal ? { labelInterpolationFnc: amount, scaleMinSpace: 72 } : { labelInterpolationFnc: name, showGrid: false },
    axisY: horizontal
      ? { labelInterpolationFnc: name, offset: NAME_AXIS, showGrid: false }
      : { labelInterpolationFnc: amount, offset: VALUE_AXIS, scaleMinSpace: 28 },
  };
}

const chartData = (data: ChartData) => ({
  labels: [...(data.axisLabels ?? data.labels)],
  series: data.series.map((series) => [...series.values]),
});

/**
 * The one chart of the app: Chartist's bar chart, as SVG. It is drawn for the eye
 * only (aria-hidden): the table its figure shows beside it carries the same numbers to
 * screen readers and keyboards. Each bar has a native tooltip with its label and value.
 * Loaded only by the report screens (src/ui/charts/chart-figure.tsx imports it lazily).
 */
export default function BarChart(props: BarChartProps) {
  const element = useRef<HTMLDivElement>(null);
  const latest = useRef(props);
  latest.current = props;
  const { data, horizontal = false } = props;

  useEffect(() => {
    const container = element.current;
    if (!container) return undefined;
    const chart = new Chartist(container, chartData(data), options(container, latest.current));
    chart.on('draw', (event) => {
      if (event.type !== 'bar') return;
      const { data: shown, formatValue } = latest.current;
      // Tooltips name the bar with the table's label, in the table's order.
      const index = horizontal ? shown.labels.length - 1 - event.index : event.index;
      const series = shown.series[event.seriesIndex];
      const value = series?.values[index] ?? 0;
      event.element.elem('title').text(`${shown.labels[index] ?? ''} · ${series?.name ?? ''}: ${formatValue(value)}`);
    });
    // Bar widths follow the space each label gets: recomputed when the figure changes size.
    let width = container.clientWidth;
    const resized = new ResizeObserver(() => {
      if (Math.abs(container.clientWidth - width) < 8) return;
      width = container.clientWidth;
      chart.update(undefined, options(container, latest.current), true);
    });
    resized.observe(container);
    return () => {
      resized.disconnect();
      chart.detach();
      container.replaceChildren();
    };
  }, [data, horizontal]);

  // Its height is kept before Chartist draws (on the next tick), so nothing below it moves.
  return (
    <div
      ref={element}
      className={`bar-chart${horizontal ? ' bar-chart--horizontal' : ''}`}
      style={{ minHeight: props.height }}
      aria-hidden="true"
    />
  );
}
