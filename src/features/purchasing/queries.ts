import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  deletedSchema,
  providerDetailSchema,
  providerPageSchema,
  providerPaymentRowSchema,
  providerRowSchema,
  shoppingDetailSchema,
  shoppingItemsSchema,
  shoppingReportSchema,
  type ProviderInput,
  type ProviderPaymentInput,
  type ReceiveInput,
  type ShoppingInput,
} from '../../../domain/schemas/purchasing';
import { namedListSchema } from '../../../domain/schemas/reference';
import type { DateRange } from '../../../domain/office-list';
import { apiRequest } from '../../lib/api';
import { useRequestKeys } from '../../lib/request-key';
import { retryUnlessNotFound } from '../../ui/record-screen';

/** Query keys of purchasing: every change refreshes all of them (a receipt moves a list, a page and a report). */
export const purchasingKeys = {
  all: ['purchasing'] as const,
  providers: (filters: unknown) => [...purchasingKeys.all, 'providers', filters] as const,
  providerOptions: () => [...purchasingKeys.all, 'provider-options'] as const,
  provider: (id: number) => [...purchasingKeys.all, 'provider', id] as const,
  shoppings: (filters: unknown) => [...purchasingKeys.all, 'shoppings', filters] as const,
  shopping: (id: number) => [...purchasingKeys.all, 'shopping', id] as const,
  payments: (filters: unknown) => [...purchasingKeys.all, 'payments', filters] as const,
  report: (range: DateRange) => [...purchasingKeys.all, 'report', range] as const,
};

const ONE_HOUR = 60 * 60 * 1000;

/** Every provider by name (filters and pickers), with its balance. */
export function useProviderOptions() {
  return useQuery({
    queryKey: purchasingKeys.providerOptions(),
    queryFn: ({ signal }) => apiRequest('/api/v2/providers?itemsPerPage=1000&sort=name', { schema: providerPageSchema, signal }),
    select: (answer) => answer.data,
  });
}

export function useProvider(id: number | null) {
  return useQuery({
    queryKey: purchasingKeys.provider(id ?? 0),
    queryFn: ({ signal }) => apiRequest(`/api/v2/providers/${id}`, { schema: providerDetailSchema, signal }),
    enabled: id !== null,
    retry: retryUnlessNotFound,
  });
}

export function useShopping(id: number | null) {
  return useQuery({
    queryKey: purchasingKeys.shopping(id ?? 0),
    queryFn: ({ signal }) => apiRequest(`/api/v2/shoppings/${id}`, { schema: shoppingDetailSchema, signal }),
    enabled: id !== null,
    retry: retryUnlessNotFound,
  });
}

/** The catalogue a purchase order picks from, with each item's cost (the unit cost it proposes). */
export function useShoppingItems() {
  return useQuery({
    queryKey: [...purchasingKeys.all, 'items'],
    queryFn: ({ signal }) => apiRequest('/api/v2/shopping_items', { schema: shoppingItemsSchema, signal }),
    select: (answer) => answer.data,
    staleTime: 5 * 60 * 1000,
  });
}

export function usePaymentMethods() {
  return useQuery({
    queryKey: ['reference', 'payment-methods'],
    queryFn: ({ signal }) => apiRequest('/api/v1/payment_method/all', { schema: namedListSchema, signal }),
    select: (answer) => answer.data,
    staleTime: ONE_HOUR,
  });
}

export function useShoppingReport(range: DateRange) {
  return useQuery({
    queryKey: purchasingKeys.report(range),
    queryFn: ({ signal }) =>
      apiRequest(`/api/v2/shopping_report?${new URLSearchParams({ 'filter[date_between]': `${range[0]},${range[1]}` })}`, {
        schema: shoppingReportSchema,
        signal,
      }),
    select: (answer) => answer.data,
  });
}

/**
 * The changes of purchasing, direct requests with an Idempotency-Key (docs/architecture.md): a
 * retry after a lost answer applies once — above all a receipt, which moves stock. Each
 * refreshes purchasing and the inventory screens, whose stock a receipt changes.
 */
export function usePurchasingMutations() {
  const queryClient = useQueryClient();
  const keys = useRequestKeys();
  const settle = (kind: string) => () => {
    keys.done(kind);
    void queryClient.invalidateQueries({ queryKey: ['inventory'] });
    return queryClient.invalidateQueries({ queryKey: purchasingKeys.all });
  };
  const saveProvider = useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: ProviderInput }) =>
      apiRequest(id === null ? '/api/v2/providers' : `/api/v2/providers/${id}`, {
        method: id === null ? 'POST' : 'PUT',
        body,
        schema: providerRowSchema,
        idempotencyKey: keys.keyFor('provider', { id, body }),
      }),
    onSuccess: settle('provider'),
  });
  const saveShopping = useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: ShoppingInput }) =>
      apiRequest(id === null ? '/api/v2/shoppings' : `/api/v2/shoppings/${id}`, {
        method: id === null ? 'POST' : 'PUT',
        body,
        schema: shoppingDetailSchema,
        idempotencyKey: keys.keyFor('shopping', { id, body }),
      }),
    onSuccess: settle('shopping'),
  });
  const removeShopping = useMutation({
    mutationFn: (id: number) =>
      apiRequest(`/api/v2/shoppings/${id}`, {
        method: 'DELETE',
        schema: deletedSchema,
        idempotencyKey: keys.keyFor('remove-shopping', id),
      }),
    onSuccess: settle('remove-shopping'),
  });
  const receive = useMutation({
    mutationFn: ({ id, body }: { id: number; body: ReceiveInput }) =>
      apiRequest(`/api/v2/shoppings/${id}/receive`, {
        method: 'POST',
        body,
        schema: shoppingDetailSchema,
        idempotencyKey: keys.keyFor('receive', { id, body }),
      }),
    onSuccess: settle('receive'),
  });
  const pay = useMutation({
    mutationFn: (body: ProviderPaymentInput) =>
      apiRequest('/api/v2/provider_payments', {
        method: 'POST',
        body,
        schema: providerPaymentRowSchema,
        idempotencyKey: keys.keyFor('pay', body),
      }),
    onSuccess: settle('pay'),
  });
  const removePayment = useMutation({
    mutationFn: (id: number) =>
      apiRequest(`/api/v2/provider_payments/${id}`, {
        method: 'DELETE',
        schema: deletedSchema,
        idempotencyKey: keys.keyFor('remove-payment', id),
      }),
    onSuccess: settle('remove-payment'),
  });
  return { saveProvider, saveShopping, removeShopping, receive, pay, removePayment };
}
