import { currentMonth, dateBetween, stored, type DateRange } from '../../../domain/office-list';

/**
 * What the /payroll filter drawer holds (kept in browser storage until cleared) and how it
 * becomes the query of GET /api/v2/payrolls and of payroll/totals.
 */
export interface PayrollFilters {
  date: DateRange | null;
  userId: number | null;
}

export const EMPTY_PAYROLL_FILTERS: PayrollFilters = { date: null, userId: null };

export function parseStoredPayrollFilters(raw: string | null): PayrollFilters | null {
  const value = stored.object(raw);
  if (!value) return null;
  const [userId] = stored.ids([value.userId]);
  return { date: stored.dateRange(value.date), userId: userId ?? null };
}

export function payrollFilterParams(filters: PayrollFilters): URLSearchParams {
  const params = new URLSearchParams();
  const range = dateBetween(filters.date);
  if (range) params.set('filter[date_between]', range);
  if (filters.userId !== null) params.set('filter[user_id]', String(filters.userId));
  return params;
}

/** The period the totals above the list add up: the filter's dates, or this month (spec §9). */
export function payrollTotalsRange(filters: PayrollFilters, now: Date): DateRange {
  return filters.date ? ([...filters.date].sort() as DateRange) : currentMonth(now);
}
