import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  branchListSchema,
  recordedMovementSchema,
  transferRowSchema,
  type ManualAdjustmentInput,
  type MermaInput,
  type TransferInput,
} from '../../../domain/schemas/inventory-moves';
import { itemListSchema, namedListSchema } from '../../../domain/schemas/reference';
import { apiRequest } from '../../lib/api';
import { useRequestKeys } from '../../lib/request-key';

/** Query keys of the inventory screens; every change invalidates `inventory` (the /inventory screen's too). */
export const inventoryMoveKeys = {
  all: ['inventory'] as const,
  list: (name: string, filters: unknown) => [...inventoryMoveKeys.all, name, filters] as const,
};

const ONE_HOUR = 60 * 60 * 1000;

/** Where stock is kept (GET /api/v2/branches). */
export function useBranches() {
  return useQuery({
    queryKey: ['reference', 'branches'],
    queryFn: ({ signal }) => apiRequest('/api/v2/branches', { schema: branchListSchema, signal }),
    select: (answer) => answer.data,
    staleTime: ONE_HOUR,
  });
}

/** The catalogue's items for the pickers (GET /api/v1/item/all). */
export function useItems() {
  return useQuery({
    queryKey: ['reference', 'items'],
    queryFn: ({ signal }) => apiRequest('/api/v1/item/all', { schema: itemListSchema, signal }),
    select: (answer) => answer.data,
    staleTime: ONE_HOUR,
  });
}

/** The usual reasons of an adjustment (reference list 'adjustments'), offered as suggestions. */
export function useAdjustmentReasons() {
  return useQuery({
    queryKey: ['reference', 'adjustments'],
    queryFn: ({ signal }) => apiRequest('/api/v1/adjustment/all', { schema: namedListSchema, signal }),
    select: (answer) => answer.data,
    staleTime: ONE_HOUR,
  });
}

/**
 * Recording an adjustment, a waste or a transfer: direct requests with an Idempotency-Key
 * (docs/architecture.md), so a retry after a lost answer moves stock once. Every inventory read
 * and report refreshes after each.
 */
export function useInventoryMoveMutations() {
  const queryClient = useQueryClient();
  const keys = useRequestKeys();
  const settle = (kind: string) => () => {
    keys.done(kind);
    return queryClient.invalidateQueries({ queryKey: inventoryMoveKeys.all });
  };
  const adjust = useMutation({
    mutationFn: (body: ManualAdjustmentInput) =>
      apiRequest('/api/v2/adjustments', {
        method: 'POST',
        body,
        schema: recordedMovementSchema,
        idempotencyKey: keys.keyFor('adjust', body),
      }),
    onSuccess: settle('adjust'),
  });
  const waste = useMutation({
    mutationFn: (body: MermaInput) =>
      apiRequest('/api/v2/mermas', { method: 'POST', body, schema: recordedMovementSchema, idempotencyKey: keys.keyFor('waste', body) }),
    onSuccess: settle('waste'),
  });
  const transfer = useMutation({
    mutationFn: (body: TransferInput) =>
      apiRequest('/api/v2/inventory_transfers', {
        method: 'POST',
        body,
        schema: transferRowSchema,
        idempotencyKey: keys.keyFor('transfer', body),
      }),
    onSuccess: settle('transfer'),
  });
  return { adjust, waste, transfer };
}
