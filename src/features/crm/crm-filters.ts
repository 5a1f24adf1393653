import { dateBetween, pagedQuery, stored, type DateRange, type ListPaging } from '../../../domain/office-list';
import type { CrmSortColumn } from '../../../domain/schemas/crm';

/**
 * The filters of /calls, /activities and /mail (kept until cleared): the dates and, for
 * activities and e-mails, a state.
 */
export interface CrmFilters {
  date: DateRange | null;
  state: string;
}

export const EMPTY_CRM_FILTERS: CrmFilters = { date: null, state: '' };

export function parseStoredCrmFilters(raw: string | null): CrmFilters | null {
  const value = stored.object(raw);
  if (!value) return null;
  return { date: stored.dateRange(value.date), state: typeof value.state === 'string' ? value.state.slice(0, 20) : '' };
}

/** The query of a list whose state filter is called `stateFilter` on the server. */
export const crmFilterParams = (stateFilter: string | null) => (filters: CrmFilters) => {
  const params = new URLSearchParams();
  const range = dateBetween(filters.date);
  if (range) params.set('filter[date_between]', range);
  if (stateFilter && filters.state) params.set(`filter[${stateFilter}]`, filters.state);
  return params;
};

export function crmListQuery(params: URLSearchParams, paging: ListPaging<CrmSortColumn | 'created_at'>, total?: number): string {
  return pagedQuery(params, paging, total);
}
