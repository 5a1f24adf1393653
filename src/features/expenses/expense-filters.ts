import { currentMonth, dateBetween, stored, type DateRange } from '../../../domain/office-list';

/**
 * What the /expenses filter drawer holds (kept in browser storage until cleared, spec §9)
 * and how it becomes the query of GET /api/v2/expenses and of expenses-summary.
 */
export interface ExpenseFilters {
  date: DateRange | null;
  /** One expense type, or none (every type). */
  typeId: number | null;
}

export const EMPTY_EXPENSE_FILTERS: ExpenseFilters = { date: null, typeId: null };

/** Stored filters read back: only what is well formed. */
export function parseStoredExpenseFilters(raw: string | null): ExpenseFilters | null {
  const value = stored.object(raw);
  if (!value) return null;
  const [typeId] = stored.ids([value.typeId]);
  return { date: stored.dateRange(value.date), typeId: typeId ?? null };
}

export function expenseFilterParams(filters: ExpenseFilters): URLSearchParams {
  const params = new URLSearchParams();
  const range = dateBetween(filters.date);
  if (range) params.set('filter[date_between]', range);
  if (filters.typeId !== null) params.set('filter[expense_type_id]', String(filters.typeId));
  return params;
}

/**
 * The period of the summary by type above the list: the filter's dates, or the current
 * month when none are chosen (spec §9). By type, so the type filter does not narrow it.
 */
export function expenseSummaryRange(filters: ExpenseFilters, now: Date): DateRange {
  return filters.date ? ([...filters.date].sort() as DateRange) : currentMonth(now);
}
