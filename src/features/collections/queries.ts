import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { BusinessIdentity } from '../../../domain/deployment';
import type { ReceiptPrintData } from '../../../domain/documents/receipt-document';
import {
  collectionAnswerSchema,
  collectionListPageSchema,
  collectionListTotalsSchema,
  type CollectionListRow,
  customerBalanceSchema,
  type Collection,
  type CollectionCancel,
  type CollectionInput,
} from '../../../domain/schemas/collections';
import { namedListSchema } from '../../../domain/schemas/reference';
import { apiRequest } from '../../lib/api';
import { useRequestKeys } from '../../lib/request-key';
import { openPrintWindow, openPrintWindowAfter, PrintBlockedError } from '../../lib/session-store';
import type { FilteredListSource } from '../../ui/office-list/use-filtered-list';
import {
  collectionFilterParams,
  collectionListQuery,
  collectionTotalsQuery,
  EMPTY_COLLECTION_FILTERS,
  parseStoredCollectionFilters,
  type CollectionListFilters,
  type CollectionSortColumn,
} from './list-query';

/** Query keys of payments. */
export const collectionKeys = {
  all: ['collections'] as const,
  list: (filters: CollectionListFilters) => [...collectionKeys.all, 'list', filters] as const,
  totals: (filters: CollectionListFilters, range: readonly [string, string]) => [...collectionKeys.all, 'totals', filters, range] as const,
  detail: (id: number) => [...collectionKeys.all, 'detail', id] as const,
  customer: (companyId: number) => ['balances', 'customer', companyId] as const,
};

/**
 * What a payment or its cancellation changes: payments, balances, sales (lists and pages),
 * customers (their balance and payments) and the reports. Refreshed without being waited for.
 */
const CHANGED_BY_A_PAYMENT = new Set(['collections', 'balances', 'sales', 'sale-detail', 'customers', 'reports']);
const isChangedByAPayment = (query: { queryKey: readonly unknown[] }) => CHANGED_BY_A_PAYMENT.has(String(query.queryKey[0]));

/** The payment methods of the reference list (spec §3), read once an hour. */
export function usePaymentMethods() {
  return useQuery({
    queryKey: ['payment-methods'],
    queryFn: ({ signal }) => apiRequest('/api/v1/payment_method/all', { schema: namedListSchema, signal }),
    select: (answer) => answer.data,
    staleTime: 60 * 60 * 1000,
  });
}

/** A customer's open sales, oldest due first, and its credit (GET /api/v2/balances/{id}). */
export function customerBalanceOptions(companyId: number) {
  return queryOptions({
    queryKey: collectionKeys.customer(companyId),
    queryFn: ({ signal }) => apiRequest(`/api/v2/balances/${companyId}`, { schema: customerBalanceSchema, signal }),
  });
}

const detailOptions = (id: number) =>
  queryOptions({
    queryKey: collectionKeys.detail(id),
    queryFn: async ({ signal }) => (await apiRequest(`/api/v2/collections/${id}`, { schema: collectionAnswerSchema, signal })).data,
    staleTime: 15_000,
  });

/** The totals panel of /collections: GET /api/v2/collection/totals over the list's filters, the current month by default. */
export function useCollectionTotals(filters: CollectionListFilters, now: Date) {
  const { range, query } = collectionTotalsQuery(filters, now);
  return useQuery({
    queryKey: collectionKeys.totals(filters, range),
    queryFn: async ({ signal }) => ({
      range,
      ...(await apiRequest(`/api/v2/collection/totals?${query}`, { schema: collectionListTotalsSchema, signal })).data,
    }),
  });
}

/** Opens the receipt of a payment already at hand; throws PrintBlockedError when the browser blocks the window. */
export function printReceipt(collection: Collection): void {
  if (!openPrintWindow({ kind: 'receipt', data: { collection } satisfies ReceiptPrintData })) throw new PrintBlockedError();
}

/**
 * Recording a payment: one direct request with an Idempotency-Key that stays the same while the
 * same payment is sent again (a lost answer must not collect twice) and changes once it saved.
 */
export function useRecordPayment() {
  const queryClient = useQueryClient();
  const keys = useRequestKeys();
  return useMutation({
    mutationFn: (body: CollectionInput) =>
      apiRequest('/api/v2/collections', {
        method: 'POST',
        body,
        schema: collectionAnswerSchema,
        idempotencyKey: keys.keyFor('collection', body),
      }),
    onSuccess: ({ data }) => {
      keys.done('collection');
      queryClient.setQueryData(collectionKeys.detail(data.id), data);
      // Not waited for: the form says it saved at once and the figures follow.
      void queryClient.invalidateQueries({ predicate: isChangedByAPayment });
    },
  });
}

/**
 * 'Aplicar saldo a favor': the customer's credit applied to its open sales, oldest first; the
 * answer is the customer's balance as it now stands.
 */
export function useApplyCredit(companyId: number) {
  const queryClient = useQueryClient();
  const keys = useRequestKeys();
  return useMutation({
    mutationFn: () =>
      apiRequest(`/api/v2/balances/${companyId}/credit`, {
        method: 'POST',
        body: {},
        schema: customerBalanceSchema,
        idempotencyKey: keys.keyFor('credit', companyId),
      }),
    onSuccess: (balance) => {
      keys.done('credit');
      queryClient.setQueryData(collectionKeys.customer(companyId), balance);
      void queryClient.invalidateQueries({ predicate: isChangedByAPayment });
    },
  });
}

/** The row menu of /collections: the receipt (read first, its window opened within the click) and cancelling. */
export function useCollectionActions() {
  const queryClient = useQueryClient();
  const keys = useRequestKeys();
  const receipt = useMutation({
    mutationFn: (id: number) =>
      openPrintWindowAfter(async () => ({
        kind: 'receipt',
        data: { collection: await queryClient.fetchQuery(detailOptions(id)) } satisfies ReceiptPrintData,
      })),
  });
  const cancel = useMutation({
    mutationFn: ({ id, body }: { id: number; body: CollectionCancel }) =>
      apiRequest(`/api/v2/collections/${id}/cancel`, {
        method: 'POST',
        body,
        schema: collectionAnswerSchema,
        idempotencyKey: keys.keyFor('cancel', { id, body }),
      }),
    onSuccess: ({ data }) => {
      keys.done('cancel');
      queryClient.setQueryData(collectionKeys.detail(data.id), data);
      void queryClient.invalidateQueries({ predicate: isChangedByAPayment });
    },
  });
  /** The receipt as a PDF, drawn in the browser from the same document as its print view. */
  const pdf = useMutation({
    mutationFn: async ({ id, identity }: { id: number; identity: BusinessIdentity }) => {
      const [collection, { receiptDocument }, { downloadDocumentPdf }] = await Promise.all([
        queryClient.fetchQuery(detailOptions(id)),
        import('../../../domain/documents/receipt-document'),
        import('../../ui/download-pdf'),
      ]);
      await downloadDocumentPdf(receiptDocument(collection, identity));
    },
  });
  /** Started when a row's menu opens, so 'Ver recibo' finds the payment at hand. */
  const prefetch = useCallback((id: number) => void queryClient.prefetchQuery(detailOptions(id)), [queryClient]);
  return { receipt, cancel, pdf, prefetch };
}

/**
 * GET /api/v2/collections as an office list: /collections and /receipts read the same rows,
 * each keeping its filters under its own name.
 */
export const collectionListSource = (
  storeKey: string,
): FilteredListSource<CollectionListFilters, CollectionListRow, CollectionSortColumn> => ({
  storeKey,
  parse: parseStoredCollectionFilters,
  empty: () => EMPTY_COLLECTION_FILTERS,
  params: collectionFilterParams,
  queryKey: collectionKeys.list,
  path: '/api/v2/collections',
  schema: collectionListPageSchema,
  search: (page, filters, total) => collectionListQuery({ ...page, filters }, total),
});
