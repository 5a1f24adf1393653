/**
 * What a chart draws and its table shows: one list of labels and, per series, one value per
 * label. The chart and the table beside it are drawn from this one object, so they cannot
 * disagree: a report's chart and its table agree.
 */
export interface ChartSeries {
  name: string;
  values: readonly number[];
}

export interface ChartData {
  labels: readonly string[];
  series: readonly ChartSeries[];
  /** Shorter labels for the chart's axis (the day of the month, say); the table keeps `labels`. */
  axisLabels?: readonly string[];
}

export interface ChartTableRow {
  label: string;
  values: number[];
}

/** The table's rows: one per label, in the chart's order, each with its value of every series. */
export function chartTableRows(data: ChartData): ChartTableRow[] {
  return data.labels.map((label, index) => ({ label, values: data.series.map((series) => series.values[index] ?? 0) }));
}

/**
 * Each series' total, added in whole centavos: amounts of 2 decimals add up exactly, so the
 * total row equals the server's total for the same period.
 */
export function seriesTotals(data: ChartData): number[] {
  return data.series.map((series) => series.values.reduce((sum, value) => sum + Math.round(value * 100), 0) / 100);
}

/**
 * The width of each bar and the distance between a label's bars, from the space a label gets:
 * bars fill about 80 % of it, between 2 and 28 pixels wide.
 */
export function barGeometry(space: number, labels: number, series: number): { width: number; distance: number } {
  const perLabel = space / Math.max(labels, 1);
  const width = Math.max(2, Math.min(28, Math.floor((perLabel * 0.8) / Math.max(series, 1))));
  return { width, distance: width + 1 };
}

/** Every nth axis label, so that about `room / minSpace` of them show and none overlap. */
export function labelStep(labels: number, room: number, minSpace: number): number {
  return Math.max(1, Math.ceil(labels / Math.max(1, Math.floor(room / minSpace))));
}
