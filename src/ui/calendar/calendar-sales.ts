import { queryOptions } from '@tanstack/react-query';
import { salePageSchema, type SalePageRow } from '../../../domain/schemas/reads';
import { apiRequest } from '../../lib/api';

/** A sale as the calendars show it: the sales calendar and the CRM's, beside its activities. */
export type CalendarSale = Pick<SalePageRow, 'id' | 'date' | 'company_name' | 'total' | 'order_status'>;

/** Rows per request: a range with more is read page by page, so no one answer grows without bound. */
const CALENDAR_PAGE = 500;

/**
 * Every sale scheduled from `from` to `to` (both included), page after page: a month of a
 * busy branch is more than one page.
 */
export const calendarQueryOptions = (from: string, to: string) =>
  queryOptions({
    queryKey: ['sales-calendar', from, to] as const,
    queryFn: async ({ signal }) => {
      const query = (page: number) =>
        new URLSearchParams({
          'filter[date_between]': `${from},${to}`,
          sort: 'date',
          itemsPerPage: String(CALENDAR_PAGE),
          page: String(page),
        });
      const first = await apiRequest(`/api/v2/sales?${query(1)}`, { schema: salePageSchema, signal });
      const pages = Math.ceil(first.meta.total / CALENDAR_PAGE);
      const rest = await Promise.all(
        Array.from({ length: Math.max(0, pages - 1) }, (_, i) =>
          apiRequest(`/api/v2/sales?${query(i + 2)}`, { schema: salePageSchema, signal }),
        ),
      );
      return [first, ...rest].flatMap((answer) => answer.data);
    },
  });
