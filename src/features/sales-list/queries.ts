import { useQuery } from '@tanstack/react-query';
import { saleTotalsQuery, type SaleListFilters } from '../../../domain/sale-list';
import { saleTotalsSchema } from '../../../domain/schemas/reads';
import { apiRequest } from '../../lib/api';

export const salesKeys = {
  all: ['sales'] as const,
  /** A list's filters; the office list kit adds the page. */
  list: (filters: SaleListFilters) => [...salesKeys.all, 'list', filters] as const,
  pedidos: (filters: SaleListFilters, today: string) => [...salesKeys.all, 'pedidos', filters, today] as const,
  totals: (filters: SaleListFilters, range: readonly [string, string]) => [...salesKeys.all, 'totals', filters, range] as const,
};

/** The totals panel of /sales: GET /api/v2/sale/totals over the list's filters, the current month by default. */
export function useSaleTotals(filters: SaleListFilters, now: Date) {
  const { range, query } = saleTotalsQuery(filters, now);
  return useQuery({
    queryKey: salesKeys.totals(filters, range),
    queryFn: async ({ signal }) => ({
      range,
      ...(await apiRequest(`/api/v2/sale/totals?${query}`, { schema: saleTotalsSchema, signal })).data,
    }),
  });
}
