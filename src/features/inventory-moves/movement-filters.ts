import { currentMonth, dateBetween, pagedQuery, stored, type DateRange, type ListPaging } from '../../../domain/office-list';

/**
 * The filters of the inventory lists (adjustments, waste, transfers, the report): a date
 * range, a branch and an item, kept in browser storage until cleared (spec §9).
 */
export interface MoveFilters {
  date: DateRange | null;
  branchId: number | null;
  itemId: number | null;
}

export const EMPTY_MOVE_FILTERS: MoveFilters = { date: null, branchId: null, itemId: null };

export function parseStoredMoveFilters(raw: string | null): MoveFilters | null {
  const value = stored.object(raw);
  if (!value) return null;
  const [branchId] = stored.ids([value.branchId]);
  const [itemId] = stored.ids([value.itemId]);
  return { date: stored.dateRange(value.date), branchId: branchId ?? null, itemId: itemId ?? null };
}

export function moveFilterParams(filters: MoveFilters): URLSearchParams {
  const params = new URLSearchParams();
  const range = dateBetween(filters.date);
  if (range) params.set('filter[date_between]', range);
  if (filters.branchId !== null) params.set('filter[branch_id]', String(filters.branchId));
  if (filters.itemId !== null) params.set('filter[item_id]', String(filters.itemId));
  return params;
}

export function moveListQuery<C extends string>(filters: MoveFilters, paging: ListPaging<C>, total?: number): string {
  return pagedQuery(moveFilterParams(filters), paging, total);
}

/** The report's view and filters: by card or by detail, over a period (this month until another is chosen). */
export type ReportView = 'card' | 'detail';
export interface ReportFilters extends MoveFilters {
  date: DateRange;
  view: ReportView;
  /** Detail only: one movement type or source. */
  type: string;
  source: string;
}

export const reportFallback = (now: Date): ReportFilters => ({
  ...EMPTY_MOVE_FILTERS,
  date: currentMonth(now),
  view: 'card',
  type: '',
  source: '',
});

export function parseStoredReportFilters(raw: string | null, now: Date): ReportFilters | null {
  const value = stored.object(raw);
  const base = parseStoredMoveFilters(raw);
  if (!value || !base) return null;
  return {
    ...base,
    date: base.date ?? currentMonth(now),
    view: value.view === 'detail' ? 'detail' : 'card',
    type: stored.text(value.type),
    source: stored.text(value.source),
  };
}

export function reportParams(filters: ReportFilters): URLSearchParams {
  const params = moveFilterParams(filters);
  if (filters.view === 'detail') {
    if (filters.type) params.set('filter[type]', filters.type);
    if (filters.source) params.set('filter[source]', filters.source);
  }
  return params;
}

export function reportQuery<C extends string>(filters: ReportFilters, paging: ListPaging<C>, total?: number): string {
  const params = reportParams(filters);
  params.set('type', filters.view);
  return pagedQuery(params, paging, total);
}

/** The address of an item's card for the report's period and branch. */
export function itemCardHref(itemId: number, filters: Pick<MoveFilters, 'date' | 'branchId'>): string {
  const params = new URLSearchParams();
  if (filters.date) {
    const [from, to] = [...filters.date].sort();
    params.set('from', from!);
    params.set('to', to!);
  }
  if (filters.branchId !== null) params.set('branch', String(filters.branchId));
  const search = params.toString();
  return `/inventory-reports/${itemId}${search ? `?${search}` : ''}`;
}

/** The item card's period and branch, read back from its address (this month when absent or malformed). */
export function itemCardFilters(search: string, now: Date): { date: DateRange; branchId: number | null } {
  const params = new URLSearchParams(search);
  const range = stored.dateRange([params.get('from'), params.get('to')]);
  const [branchId] = stored.ids([Number(params.get('branch'))]);
  return { date: range ?? currentMonth(now), branchId: branchId ?? null };
}

/** A quantity as typed: undefined when empty, NaN when it is no number ('1,5': a comma only separates thousands). */
export function typedQuantity(typed: string): number | undefined {
  const trimmed = typed.trim();
  if (trimmed === '') return undefined;
  if (!/^[-+]?(\d{1,3}(,\d{3})+|\d+)?(\.\d+)?$/.test(trimmed) || !/\d/.test(trimmed)) return Number.NaN;
  return Number(trimmed.replace(/,/g, ''));
}
