import type * as z from 'zod/mini';
import { formatQuantity } from '../../../domain/format';
import { reportScreensMessages } from '../../../domain/messages/report-screens';
import type {
  collectionBySellerSchema,
  dueBalanceReportSchema,
  expenseSummarySchema,
  salemanReportResultSchema,
} from '../../../domain/schemas/reads';
import type { ItemsReportRow, SalesSeries, Utilities } from '../../../domain/schemas/reports';
import type { ChartData } from '../../ui/charts/chart-data';
import type { TableExtra } from '../../ui/charts/chart-figure';

/**
 * The charts of the report screens, each built from one server answer: the labels, the
 * series the chart draws and the table shows, and the table's extra columns.
 */
const text = reportScreensMessages;

type RowOf<S extends z.ZodMiniType> = z.infer<S> extends { data: (infer R)[] } ? R : never;
export type SalemanReportRow = RowOf<typeof salemanReportResultSchema>;
export type CollectionBySellerRow = RowOf<typeof collectionBySellerSchema>;
export type DueBalanceReportRow = RowOf<typeof dueBalanceReportSchema>;
export type ExpenseSummaryRow = RowOf<typeof expenseSummarySchema>;

/** 'Mar 26' for 'Marzo 2026': a month on a narrow axis. */
const shortMonth = (label: string) => `${label.slice(0, 3)} ${label.slice(-2)}`;

/** Sales and collections of each day (the day of the month on the axis) or each month. */
export function salesSeriesChart(series: SalesSeries): { data: ChartData; extras: TableExtra[] } {
  const rows = series.data;
  const byDay = series.meta.group === 'day';
  return {
    data: {
      labels: rows.map((row) => row.label),
      axisLabels: rows.map((row) => (byDay ? row.period.slice(8, 10) : shortMonth(row.label))),
      series: [
        { name: text.reports.sales, values: rows.map((row) => row.sales_total) },
        { name: text.reports.collections, values: rows.map((row) => row.collections_total) },
      ],
    },
    extras: [{ name: text.reports.salesCountColumn, values: rows.map((row) => row.sales_count) }],
  };
}

const personName = (row: { name: string; last: string }) => `${row.name} ${row.last}`.trim();

/** What each seller sold (drawn), with the number of sales, what was collected and what is owed. */
export function sellersChart(
  rows: readonly SalemanReportRow[],
  format: (value: number) => string,
): { data: ChartData; extras: TableExtra[] } {
  return {
    data: { labels: rows.map(personName), series: [{ name: text.reports.sold, values: rows.map((row) => row.sales_total) }] },
    extras: [
      { name: text.reports.salesCountColumn, values: rows.map((row) => row.sales_count) },
      { name: text.reports.collected, values: rows.map((row) => row.collected), format },
      { name: text.reports.owed, values: rows.map((row) => row.due_balance), format },
    ],
  };
}

/** The payments each person recorded in the period. */
export function collectionsBySellerChart(rows: readonly CollectionBySellerRow[]): { data: ChartData; extras: TableExtra[] } {
  return {
    data: { labels: rows.map(personName), series: [{ name: text.reports.collections, values: rows.map((row) => row.total) }] },
    extras: [{ name: text.reports.receipts, values: rows.map((row) => row.count) }],
  };
}

/** The customers that owe the most, largest first. */
export function topDueBalances(rows: readonly DueBalanceReportRow[], count: number): DueBalanceReportRow[] {
  return [...rows].sort((a, b) => b.due_balance - a.due_balance).slice(0, count);
}

/** The series of the utilities table, in its order; the chart draws all but the gross profit. */
export const UTILITY_DRAWN = [0, 1, 3, 4] as const;

export function utilitiesChart(utilities: Utilities): ChartData {
  const months = utilities.data;
  const u = text.utilities;
  return {
    labels: months.map((month) => month.label),
    axisLabels: months.map((month) => shortMonth(month.label)),
    series: [
      { name: u.sales, values: months.map((month) => month.sales) },
      { name: u.costOfGoods, values: months.map((month) => month.cost_of_goods) },
      { name: u.grossProfit, values: months.map((month) => month.gross_profit) },
      { name: u.expenses, values: months.map((month) => month.expenses) },
      { name: u.netProfit, values: months.map((month) => month.net_profit) },
    ],
  };
}

/** The cost side of each month: the cost of the goods sold and the expenses. */
export function costsByMonthChart(utilities: Utilities): ChartData {
  const months = utilities.data;
  return {
    labels: months.map((month) => month.label),
    axisLabels: months.map((month) => shortMonth(month.label)),
    series: [
      { name: text.costs.costOfGoods, values: months.map((month) => month.cost_of_goods) },
      { name: text.costs.expenses, values: months.map((month) => month.expenses) },
    ],
  };
}

/** Items by what they sold (amount) or what they cost, with their quantity and sales. */
export function topItemsChart(rows: readonly ItemsReportRow[], measure: 'amount' | 'cost'): { data: ChartData; extras: TableExtra[] } {
  const labels = rows.map((row) => `${row.name} (${row.unit})`);
  if (measure === 'amount')
    return {
      data: { labels, series: [{ name: text.items.amount, values: rows.map((row) => row.amount) }] },
      extras: [
        { name: text.items.quantity, values: rows.map((row) => row.quantity), format: formatQuantity },
        { name: text.items.salesCount, values: rows.map((row) => row.sales_count) },
      ],
    };
  return {
    data: { labels, series: [{ name: text.costs.cost, values: rows.map((row) => row.cost) }] },
    extras: [{ name: text.costs.quantity, values: rows.map((row) => row.quantity), format: formatQuantity }],
  };
}

/** The period's expenses by type, the types without any left out. */
export function expenseTypesChart(rows: readonly ExpenseSummaryRow[]): { data: ChartData; extras: TableExtra[] } {
  const spent = rows.filter((row) => row.count > 0);
  return {
    data: { labels: spent.map((row) => row.name), series: [{ name: text.costs.total, values: spent.map((row) => row.total) }] },
    extras: [{ name: text.costs.count, values: spent.map((row) => row.count) }],
  };
}
