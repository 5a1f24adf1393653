import { dateBetween, stored, type DateRange } from '../../../domain/office-list';
import { PRODUCTION_STATUSES, type ProductionStatus } from '../../../domain/production';

/** What /production narrows its rows by (kept until cleared, spec §9): the production's day and its status. */
export interface ProductionFilters {
  date: DateRange | null;
  status: ProductionStatus | '';
}

export const NO_PRODUCTION_FILTERS: ProductionFilters = { date: null, status: '' };

export function productionFilterParams(filters: ProductionFilters): URLSearchParams {
  const params = new URLSearchParams();
  const range = dateBetween(filters.date);
  if (range) params.set('filter[date_between]', range);
  if (filters.status) params.set('filter[status]', filters.status);
  return params;
}

export function parseStoredProductionFilters(raw: string | null): ProductionFilters | null {
  const value = stored.object(raw);
  if (!value) return null;
  return { date: stored.dateRange(value.date), status: stored.oneOf(value.status, PRODUCTION_STATUSES) };
}
