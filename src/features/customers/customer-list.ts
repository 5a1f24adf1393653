import { pagedQuery, stored, type ListPaging } from '../../../domain/office-list';
import type { CompanySortColumn } from '../../../domain/schemas/customers';

/**
 * What /clients narrows its rows by: the search text (name, macro, razón social or RFC) and
 * whether the office has checked the customer. Kept in browser storage until cleared (spec §9).
 */
export interface CustomerFilters {
  search: string;
  /** '' all, '1' verified, '0' created at the counter and not checked yet. */
  verified: '' | '0' | '1';
}

export const NO_CUSTOMER_FILTERS: CustomerFilters = { search: '', verified: '' };

/** The filters as GET /api/v2/companies takes them; an empty one narrows nothing and is not sent. */
export function customerFilterParams(filters: CustomerFilters): URLSearchParams {
  const params = new URLSearchParams();
  const search = filters.search.trim();
  if (search) params.set('filter[search]', search);
  if (filters.verified) params.set('filter[verified]', filters.verified);
  return params;
}

/** The query string of one page of /clients or /unverified_clients. */
export function customerListQuery(paging: ListPaging<CompanySortColumn>, filters: CustomerFilters, total?: number): string {
  return pagedQuery(customerFilterParams(filters), paging, total);
}

/** Stored filters back, keeping only what is well formed. */
export function parseStoredCustomerFilters(raw: string | null): CustomerFilters | null {
  const value = stored.object(raw);
  if (!value) return null;
  return { search: stored.text(value.search), verified: stored.oneOf(value.verified, ['0', '1'] as const) };
}
