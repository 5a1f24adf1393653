import { writeSheet, type SheetCell } from '../../ui/office-list/export-sheet';
import { chartTableRows, type ChartData } from '../../ui/charts/chart-data';
import type { TableExtra } from '../../ui/charts/chart-figure';

/**
 * The rows of a chart's table as Excel writes them: the label column (or `labelCells`, a
 * date as a date), then each series and each extra column, numbers as numbers.
 */
export function chartSheetRows({
  labelHeader,
  data,
  extras = [],
  labelCells,
}: {
  labelHeader: string;
  data: ChartData;
  extras?: readonly TableExtra[];
  labelCells?: readonly SheetCell[];
}): Record<string, SheetCell>[] {
  return chartTableRows(data).map((row, index) => ({
    [labelHeader]: labelCells?.[index] ?? row.label,
    ...Object.fromEntries(data.series.map((series, column) => [series.name, row.values[column]!])),
    ...Object.fromEntries(extras.map((extra) => [extra.name, extra.values[index] ?? 0])),
  }));
}

/** Writes '{name}.xlsx' with the table a chart shows. */
export function exportChart(name: string, table: Parameters<typeof chartSheetRows>[0]): Promise<void> {
  return writeSheet({ file: `${name}.xlsx`, sheet: name.slice(0, 31), rows: chartSheetRows(table) });
}
