import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { defaultQuotationLayout, type QuotationLayout } from '../../../domain/documents/quotation-layout';
import type { DeploymentId } from '../../../domain/deployment';
import type { SaleListFilters } from '../../../domain/sale-list';
import { quotationWriteAnswerSchema, saleDetailAnswerSchema, type QuotationCancel } from '../../../domain/schemas/quotations';
import { apiRequest } from '../../lib/api';
import { useRequestKeys } from '../../lib/request-key';
import { openPrintWindowAfter } from '../../lib/session-store';

/**
 * The quotation lists' keys. A quotation's detail is 'sale-detail' (the form and the sale's
 * page read it), the sales lists are 'sales': both are refreshed after a change here.
 */
export const quotationKeys = {
  all: ['quotations'] as const,
  /** The list's filters; the office list kit adds the page. */
  list: (filters: SaleListFilters) => [...quotationKeys.all, 'list', filters] as const,
  canceled: (kind: 'quotations' | 'sales', filters: SaleListFilters) => [...quotationKeys.all, 'canceled', kind, filters] as const,
};

const detailKey = (id: number) => ['sale-detail', id] as const;

const detailOptions = (id: number) =>
  queryOptions({
    queryKey: detailKey(id),
    queryFn: async ({ signal }) => (await apiRequest(`/api/v2/sales/${id}`, { schema: saleDetailAnswerSchema, signal })).data,
    // A print shows the quotation as it is now, give or take a moment.
    staleTime: 15_000,
  });

/**
 * What the row menu does: print (the quotation as the server has it, in the deployment's
 * layout or the short one), turn into a sale, cancel. Writes carry an Idempotency-Key, so a
 * retried request after a lost answer does not sell or cancel twice.
 */
export function useQuotationActions(deployment: DeploymentId) {
  const queryClient = useQueryClient();
  const keys = useRequestKeys();
  const refresh = (id: number) =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: quotationKeys.all }),
      queryClient.invalidateQueries({ queryKey: ['sales'] }),
      queryClient.invalidateQueries({ queryKey: detailKey(id) }),
    ]);

  const print = useMutation({
    mutationFn: ({ id, layout }: { id: number; layout: 'default' | QuotationLayout }) =>
      openPrintWindowAfter(async () => ({
        kind: 'quotation',
        data: {
          sale: await queryClient.fetchQuery(detailOptions(id)),
          layout: layout === 'default' ? defaultQuotationLayout(deployment) : layout,
        },
      })),
  });

  const toSale = useMutation({
    mutationFn: (id: number) =>
      apiRequest(`/api/v2/quotations/${id}/sale`, {
        method: 'POST',
        body: {},
        schema: quotationWriteAnswerSchema,
        idempotencyKey: keys.keyFor('toSale', id),
      }),
    onSuccess: (_answer, id) => {
      keys.done('toSale');
      return refresh(id);
    },
  });

  const cancel = useMutation({
    mutationFn: ({ id, body }: { id: number; body: QuotationCancel }) =>
      apiRequest(`/api/v2/quotations/${id}/cancel`, {
        method: 'POST',
        body,
        schema: quotationWriteAnswerSchema,
        idempotencyKey: keys.keyFor('cancel', { id, body }),
      }),
    onSuccess: (_answer, { id }) => {
      keys.done('cancel');
      return refresh(id);
    },
  });

  /** Started when a row's menu opens, so Imprimir finds the quotation at hand and its window opens at once. */
  const prefetch = useCallback((id: number) => void queryClient.prefetchQuery(detailOptions(id)), [queryClient]);

  return { print, toSale, cancel, prefetch };
}
