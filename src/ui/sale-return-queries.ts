import { queryOptions } from '@tanstack/react-query';
import type { SaleReturnPrintData } from '../../domain/documents/sale-return-document';
import { saleReturnListSchema, type SaleReturn } from '../../domain/schemas/sale-returns';
import { apiRequest } from '../lib/api';
import { openPrintWindow } from '../lib/session-store';

/**
 * A sale's returns (credit notes) as the sale's page and the office's route panel read and print
 * them: one cache entry per sale, shared by both.
 */
export const saleReturnsKey = (saleId: number) => ['sale-returns', saleId] as const;

/** GET /api/v2/sales/{id}/returns: the sale's credit notes, oldest first. */
export const saleReturnsQueryOptions = (saleId: number) =>
  queryOptions({
    queryKey: saleReturnsKey(saleId),
    queryFn: async ({ signal }) => (await apiRequest(`/api/v2/sales/${saleId}/returns`, { schema: saleReturnListSchema, signal })).data,
  });

export const printSaleReturn = (saleReturn: SaleReturn) =>
  openPrintWindow({ kind: 'saleReturn', data: { saleReturn } satisfies SaleReturnPrintData });
