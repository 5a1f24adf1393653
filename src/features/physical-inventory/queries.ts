import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  physicalApplyResultSchema,
  physicalDifferencesSchema,
  physicalInventoryRowSchema,
  physicalInventorySchema,
} from '../../../domain/schemas/physical-inventory';
import { apiRequest } from '../../lib/api';
import { useRequestKeys } from '../../lib/request-key';

/** Query keys of /physical-inventory: every change invalidates them all. */
export const physicalKeys = {
  all: ['physical-inventories'] as const,
  list: (status: string) => ['physical-inventories', 'list', status] as const,
  differences: (id: number) => ['physical-inventories', 'differences', id] as const,
};

const base = '/api/v2/physical_inventories';

/** Opens the count of the person's branch (a direct request: the server gives its number). */
export function useOpenCount() {
  const queryClient = useQueryClient();
  const keys = useRequestKeys();
  return useMutation({
    mutationFn: () =>
      apiRequest(base, { method: 'POST', body: {}, schema: physicalInventorySchema, idempotencyKey: keys.keyFor('open', {}) }),
    onSuccess: () => keys.done('open'),
    onSettled: () => queryClient.invalidateQueries({ queryKey: physicalKeys.all }),
  });
}

export function useDifferences(id: number) {
  return useQuery({
    queryKey: physicalKeys.differences(id),
    queryFn: ({ signal }) => apiRequest(`${base}/${id}/differences`, { schema: physicalDifferencesSchema, signal }),
  });
}

/** The office's close, apply: direct requests with their Idempotency-Key, then every list reads again. */
export function usePhysicalMutations() {
  const queryClient = useQueryClient();
  const keys = useRequestKeys();
  const settle = () => queryClient.invalidateQueries({ queryKey: physicalKeys.all });
  const close = useMutation({
    mutationFn: (id: number) =>
      apiRequest(`${base}/${id}/close`, {
        method: 'POST',
        body: {},
        schema: physicalInventoryRowSchema,
        idempotencyKey: keys.keyFor(`close-${id}`, {}),
      }),
    onSuccess: (_answer, id) => keys.done(`close-${id}`),
    onSettled: settle,
  });
  const apply = useMutation({
    mutationFn: ({ id, zero_uncounted }: { id: number; zero_uncounted: boolean }) =>
      apiRequest(`${base}/${id}/apply`, {
        method: 'POST',
        body: { zero_uncounted },
        schema: physicalApplyResultSchema,
        idempotencyKey: keys.keyFor(`apply-${id}`, { zero_uncounted }),
      }),
    onSuccess: (_answer, { id }) => {
      keys.done(`apply-${id}`);
      // Stock moved: the inventory screens read it again.
      void queryClient.invalidateQueries({ queryKey: ['inventory'] });
    },
    onSettled: settle,
  });
  return { close, apply };
}
