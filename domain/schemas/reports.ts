import * as z from 'zod/mini';

/**
 * The report reads (the older ones, indicators, due balances, collections by
 * person, huecos and the seller report, are in reads.ts). Amounts are pesos computed by the
 * server in numeric and answered with 2 decimals.
 */
const int = z.int();
const num = z.number();
const str = z.string();

export const SERIES_GROUPS = ['day', 'month'] as const;

/**
 * GET /api/v2/report/sales_by_day: sales (total of the non-cancelled sales by scheduled date)
 * and collections (non-cancelled payments by date), one row per day or month of the period,
 * days or months without either included with zeros.
 */
export const salesSeriesSchema = z.object({
  data: z.array(
    z.object({
      /** 'YYYY-MM-DD', or 'YYYY-MM' by month. */
      period: str,
      /** The day as lists show it, or the month in Spanish ('Marzo 2026'). */
      label: str,
      sales_total: num,
      sales_count: int,
      collections_total: num,
    }),
  ),
  meta: z.object({ from: str, to: str, group: z.enum(SERIES_GROUPS) }),
});
export type SalesSeries = z.infer<typeof salesSeriesSchema>;

const utilityFigures = {
  /** Subtotal (without VAT) of the non-cancelled sales. */
  sales: num,
  /** Quantity × today's cost of each item sold (not the cost on the day of the sale). */
  cost_of_goods: num,
  gross_profit: num,
  /** Expenses not deleted. */
  expenses: num,
  net_profit: num,
};

/** GET /api/v2/report/utilities: by month of the period (every month, zeros included), and the period's totals. */
export const utilitiesSchema = z.object({
  data: z.array(z.object({ month: str, label: str, ...utilityFigures })),
  meta: z.object({ from: str, to: str, totals: z.object(utilityFigures) }),
});
export type Utilities = z.infer<typeof utilitiesSchema>;
export type UtilityMonth = Utilities['data'][number];

export const ITEMS_REPORT_SORTS = ['amount', 'quantity', 'sales_count', 'cost', 'name'] as const;
export type ItemsReportSort = (typeof ITEMS_REPORT_SORTS)[number];

export const itemsReportRowSchema = z.object({
  item_id: int,
  name: str,
  unit: str,
  quantity: num,
  /** Quantity × price of the lines sold. */
  amount: num,
  /** Sales the item was in. */
  sales_count: int,
  /** Quantity × today's cost of the item. */
  cost: num,
});
export type ItemsReportRow = z.infer<typeof itemsReportRowSchema>;

/** GET /api/v2/report/items: items sold in a period, paged; meta has the period's totals over every row. */
export const itemsReportPageSchema = z.object({
  data: z.array(itemsReportRowSchema),
  meta: z.object({ total: int, amount: num, cost: num }),
});
