import { pagedQuery, stored, type ListPaging } from '../../../domain/office-list';

/**
 * The /balances list (GET /api/v2/balances): what its filter drawer holds and how
 * that becomes the query, and reading the filters back from browser storage.
 */
export interface BalanceListFilters {
  /** Part of the customer's name or legal name. */
  company: string;
  /** Only the sales of these sellers. */
  sellerIds: number[];
}

export const EMPTY_BALANCE_FILTERS: BalanceListFilters = { company: '', sellerIds: [] };

export const BALANCE_SORT_COLUMNS = [
  'company_name',
  'credit_days',
  'count',
  'total',
  'oldest_due_date',
  'current',
  'days_0_30',
  'days_31_60',
  'days_61_90',
  'days_over_90',
] as const;
export type BalanceSortColumn = (typeof BALANCE_SORT_COLUMNS)[number];

export function balanceFilterParams(filters: BalanceListFilters): URLSearchParams {
  const params = new URLSearchParams();
  const company = filters.company.trim();
  if (company) params.set('filter[company]', company);
  if (filters.sellerIds.length > 0) params.set('filter[user_id]', filters.sellerIds.join(','));
  return params;
}

export function balanceListQuery(request: ListPaging<BalanceSortColumn> & { filters: BalanceListFilters }, total?: number): string {
  return pagedQuery(balanceFilterParams(request.filters), request, total);
}

export function parseStoredBalanceFilters(raw: string | null): BalanceListFilters | null {
  const value = stored.object(raw);
  if (value === null) return null;
  return { company: stored.text(value.company), sellerIds: stored.ids(value.sellerIds) };
}
