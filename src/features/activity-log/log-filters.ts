import { isLogAction, isLoggedEntity, type LogAction, type LoggedEntity } from '../../../domain/activity-log';
import { dateBetween, stored, type DateRange } from '../../../domain/office-list';

/**
 * What the /activity-log filter drawer holds (kept in browser storage until cleared) and how
 * it becomes the query of GET /api/v2/logs.
 */
export interface LogFilters {
  date: DateRange | null;
  userId: number | null;
  entity: LoggedEntity | '';
  action: LogAction | '';
}

export const EMPTY_LOG_FILTERS: LogFilters = { date: null, userId: null, entity: '', action: '' };

/** Stored filters read back: only what is well formed. */
export function parseStoredLogFilters(raw: string | null): LogFilters | null {
  const value = stored.object(raw);
  if (!value) return null;
  const [userId] = stored.ids([value.userId]);
  const entity = typeof value.entity === 'string' && isLoggedEntity(value.entity) ? value.entity : '';
  const action = typeof value.action === 'string' && isLogAction(value.action) ? value.action : '';
  return { date: stored.dateRange(value.date), userId: userId ?? null, entity, action };
}

export function logFilterParams(filters: LogFilters): URLSearchParams {
  const params = new URLSearchParams();
  const range = dateBetween(filters.date);
  if (range) params.set('filter[date_between]', range);
  if (filters.userId !== null) params.set('filter[user_id]', String(filters.userId));
  if (filters.entity) params.set('filter[entity]', filters.entity);
  if (filters.action) params.set('filter[action]', filters.action);
  return params;
}
