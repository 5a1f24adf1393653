import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { DateRange } from '../../../domain/office-list';
import { periodFilter, seriesGroupFor } from '../../../domain/reports';
import {
  collectionBySellerSchema,
  dueBalanceReportSchema,
  expenseSummarySchema,
  huecosSchema,
  indicatorsSchema,
  salemanReportResultSchema,
} from '../../../domain/schemas/reads';
import { itemsReportPageSchema, salesSeriesSchema, utilitiesSchema, type ItemsReportSort } from '../../../domain/schemas/reports';
import { apiRequest } from '../../lib/api';

export const reportKeys = {
  all: ['reports'] as const,
  indicators: (range: DateRange) => [...reportKeys.all, 'indicators', range] as const,
  series: (range: DateRange) => [...reportKeys.all, 'series', range] as const,
  sellers: (range: DateRange) => [...reportKeys.all, 'sellers', range] as const,
  collectionsBySeller: (range: DateRange) => [...reportKeys.all, 'collections-by-seller', range] as const,
  dueBalances: () => [...reportKeys.all, 'due-balances'] as const,
  utilities: (range: DateRange) => [...reportKeys.all, 'utilities', range] as const,
  items: (range: DateRange) => [...reportKeys.all, 'items', range] as const,
  topItems: (range: DateRange, sort: ItemsReportSort) => [...reportKeys.all, 'top-items', range, sort] as const,
  expenseTypes: (range: DateRange) => [...reportKeys.all, 'expense-types', range] as const,
  huecos: (year: number) => [...reportKeys.all, 'huecos', year] as const,
};

const during = (range: DateRange) => new URLSearchParams({ 'filter[date_between]': periodFilter(range) });
// A new period keeps the last figures on screen until its own arrive.
const steady = { placeholderData: keepPreviousData } as const;

export function useIndicators(range: DateRange) {
  return useQuery({
    queryKey: reportKeys.indicators(range),
    queryFn: ({ signal }) => apiRequest(`/api/v2/report/sum_total_indicators?${during(range)}`, { schema: indicatorsSchema, signal }),
    select: (answer) => answer.data,
    ...steady,
  });
}

/** Sales and collections by day for up to about two months, by month beyond. */
export function useSalesSeries(range: DateRange) {
  return useQuery({
    queryKey: reportKeys.series(range),
    queryFn: ({ signal }) => {
      const query = during(range);
      query.set('group', seriesGroupFor(range[0], range[1]));
      return apiRequest(`/api/v2/report/sales_by_day?${query}`, { schema: salesSeriesSchema, signal });
    },
    ...steady,
  });
}

export function useSalemanReport(range: DateRange) {
  return useQuery({
    queryKey: reportKeys.sellers(range),
    queryFn: ({ signal }) =>
      apiRequest('/api/v2/saleman_report', {
        method: 'POST',
        body: { date_from: range[0], date_to: range[1] },
        schema: salemanReportResultSchema,
        signal,
      }),
    select: (answer) => answer.data,
    ...steady,
  });
}

export function useCollectionsBySeller(range: DateRange) {
  return useQuery({
    queryKey: reportKeys.collectionsBySeller(range),
    queryFn: ({ signal }) => apiRequest(`/api/v2/report/collection_total?${during(range)}`, { schema: collectionBySellerSchema, signal }),
    select: (answer) => answer.data,
    ...steady,
  });
}

/** What each customer owes now: not bound to the period. */
export function useDueBalances() {
  return useQuery({
    queryKey: reportKeys.dueBalances(),
    queryFn: ({ signal }) => apiRequest('/api/v2/report/due_balance_report', { schema: dueBalanceReportSchema, signal }),
    select: (answer) => answer.data,
  });
}

export function useUtilities(range: DateRange) {
  return useQuery({
    queryKey: reportKeys.utilities(range),
    queryFn: ({ signal }) => apiRequest(`/api/v2/report/utilities?${during(range)}`, { schema: utilitiesSchema, signal }),
    ...steady,
  });
}

/** The first ten items of the period by `sort` (descending): a chart's bars. */
export function useTopItems(range: DateRange, sort: ItemsReportSort) {
  return useQuery({
    queryKey: reportKeys.topItems(range, sort),
    queryFn: ({ signal }) => {
      const query = during(range);
      query.set('sort', `-${sort}`);
      query.set('itemsPerPage', '10');
      return apiRequest(`/api/v2/report/items?${query}`, { schema: itemsReportPageSchema, signal });
    },
    ...steady,
  });
}

export function useExpensesByType(range: DateRange) {
  return useQuery({
    queryKey: reportKeys.expenseTypes(range),
    queryFn: ({ signal }) => apiRequest(`/api/v2/expenses-summary?${during(range)}`, { schema: expenseSummarySchema, signal }),
    select: (answer) => answer.data,
    ...steady,
  });
}

export function useHuecos(year: number) {
  return useQuery({
    queryKey: reportKeys.huecos(year),
    queryFn: ({ signal }) => apiRequest(`/api/v2/huecos?year=${year}`, { schema: huecosSchema, signal }),
    ...steady,
  });
}
