import { dateBetween, pagedQuery, stored, type DateRange, type ListPaging } from '../../../domain/office-list';
import { PURCHASE_ORDER_STATUSES, type PurchaseOrderStatus } from '../../../domain/purchasing';

/**
 * The filters of the purchasing lists (kept in browser storage until cleared, spec §9) and
 * the query strings they become: /shopping (GET /api/v2/shoppings), /provider-payments
 * (GET /api/v2/provider_payments) and /providers (GET /api/v2/providers).
 */
export interface ShoppingFilters {
  date: DateRange | null;
  providerId: number | null;
  status: PurchaseOrderStatus | '';
}
export const EMPTY_SHOPPING_FILTERS: ShoppingFilters = { date: null, providerId: null, status: '' };

export function parseStoredShoppingFilters(raw: string | null): ShoppingFilters | null {
  const value = stored.object(raw);
  if (!value) return null;
  const [providerId] = stored.ids([value.providerId]);
  return {
    date: stored.dateRange(value.date),
    providerId: providerId ?? null,
    status: stored.oneOf(value.status, PURCHASE_ORDER_STATUSES),
  };
}

export function shoppingFilterParams(filters: ShoppingFilters): URLSearchParams {
  const params = new URLSearchParams();
  const range = dateBetween(filters.date);
  if (range) params.set('filter[date_between]', range);
  if (filters.providerId !== null) params.set('filter[provider_id]', String(filters.providerId));
  if (filters.status) params.set('filter[status]', filters.status);
  return params;
}

export const shoppingListQuery = <C extends string>(filters: ShoppingFilters, paging: ListPaging<C>, total?: number) =>
  pagedQuery(shoppingFilterParams(filters), paging, total);

export interface PaymentFilters {
  date: DateRange | null;
  providerId: number | null;
}
export const EMPTY_PAYMENT_FILTERS: PaymentFilters = { date: null, providerId: null };

export function parseStoredPaymentFilters(raw: string | null): PaymentFilters | null {
  const value = stored.object(raw);
  if (!value) return null;
  const [providerId] = stored.ids([value.providerId]);
  return { date: stored.dateRange(value.date), providerId: providerId ?? null };
}

export function paymentFilterParams(filters: PaymentFilters): URLSearchParams {
  const params = new URLSearchParams();
  const range = dateBetween(filters.date);
  if (range) params.set('filter[date_between]', range);
  if (filters.providerId !== null) params.set('filter[provider_id]', String(filters.providerId));
  return params;
}

export const paymentListQuery = <C extends string>(filters: PaymentFilters, paging: ListPaging<C>, total?: number) =>
  pagedQuery(paymentFilterParams(filters), paging, total);

export interface ProviderFilters {
  search: string;
}
export const EMPTY_PROVIDER_FILTERS: ProviderFilters = { search: '' };

export function parseStoredProviderFilters(raw: string | null): ProviderFilters | null {
  const value = stored.object(raw);
  return value ? { search: stored.text(value.search) } : null;
}

export function providerFilterParams(filters: ProviderFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.search.trim()) params.set('filter[name]', filters.search.trim());
  return params;
}

export const providerListQuery = <C extends string>(filters: ProviderFilters, paging: ListPaging<C>, total?: number) =>
  pagedQuery(providerFilterParams(filters), paging, total);
