import { dateBetween, stored, type DateRange } from '../../../domain/office-list';
import type { FilteredListSource } from '../../ui/office-list/use-filtered-list';

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

const noFilters = () => EMPTY_CRM_FILTERS;

/**
 * Where a CRM list's rows come from (useFilteredList): `path` paged with the dates and the
 * state the server calls `stateFilter`, the filters kept under `storeKey`.
 */
export function crmListSource<Row>(list: {
  storeKey: string;
  stateFilter: string | null;
  path: string;
  queryKey: readonly unknown[];
  schema: FilteredListSource<CrmFilters, Row>['schema'];
}): FilteredListSource<CrmFilters, Row> {
  return {
    storeKey: list.storeKey,
    parse: parseStoredCrmFilters,
    empty: noFilters,
    params: crmFilterParams(list.stateFilter),
    queryKey: (filters) => [...list.queryKey, filters],
    path: list.path,
    schema: list.schema,
  };
}
