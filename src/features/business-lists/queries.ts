import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { listRowSchema, listRowsSchema, type BusinessListName, type RowInput } from '../../../domain/business-lists';
import { noContentSchema } from '../../../domain/schemas/auth';
import { apiRequest } from '../../lib/api';
import { useRequestKeys } from '../../lib/request-key';

export const listKeys = {
  list: (list: BusinessListName) => ['business-lists', list] as const,
};

export const useBusinessList = (list: BusinessListName) =>
  useQuery({
    queryKey: listKeys.list(list),
    queryFn: ({ signal }) => apiRequest(`/api/v2/lists/${list}`, { schema: listRowsSchema, signal }),
    select: (answer) => answer.data,
  });

/**
 * Changes to a list, each with an Idempotency-Key. The pickers that read the list (cached an
 * hour as reference lists) are refreshed with it, so a new payment method shows at once.
 */
export function useBusinessListMutations(list: BusinessListName) {
  const queryClient = useQueryClient();
  const keys = useRequestKeys();
  const settle = (kind: string) => () => {
    keys.done(kind);
    void queryClient.invalidateQueries({ queryKey: ['reference'] });
    return queryClient.invalidateQueries({ queryKey: listKeys.list(list) });
  };
  const path = (id?: number, action?: string) => `/api/v2/lists/${list}${id === undefined ? '' : `/${id}`}${action ? `/${action}` : ''}`;
  const save = useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: RowInput }) =>
      apiRequest(path(id ?? undefined), {
        method: id === null ? 'POST' : 'PUT',
        body,
        schema: listRowSchema,
        idempotencyKey: keys.keyFor('save', { id, body }),
      }),
    onSuccess: settle('save'),
  });
  const setOffered = useMutation({
    mutationFn: ({ id, offered }: { id: number; offered: boolean }) =>
      apiRequest(path(id, offered ? 'reactivate' : 'deactivate'), {
        method: 'POST',
        schema: listRowSchema,
        idempotencyKey: keys.keyFor('offered', { id, offered }),
      }),
    onSuccess: settle('offered'),
  });
  const remove = useMutation({
    mutationFn: (id: number) =>
      apiRequest(path(id), { method: 'DELETE', schema: noContentSchema, idempotencyKey: keys.keyFor('remove', id) }),
    onSuccess: settle('remove'),
  });
  return { save, setOffered, remove };
}
