import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DateRange } from '../../../domain/office-list';
import { productionLogSchema, productionSchema, type ProductionInput } from '../../../domain/schemas/production';
import { apiRequest } from '../../lib/api';
import { useRequestKeys } from '../../lib/request-key';
import { retryUnlessNotFound } from '../../ui/record-screen';
import type { ProductionFilters } from './production-filters';

export const productionKeys = {
  all: ['productions'] as const,
  list: (filters: ProductionFilters) => [...productionKeys.all, 'list', filters] as const,
  one: (id: number) => [...productionKeys.all, 'one', id] as const,
  log: (range: DateRange) => [...productionKeys.all, 'log', range] as const,
};

export function useProduction(id: number | null) {
  return useQuery({
    queryKey: productionKeys.one(id ?? 0),
    queryFn: ({ signal }) => apiRequest(`/api/v2/productions/${id}`, { schema: productionSchema, signal }),
    enabled: id !== null,
    retry: retryUnlessNotFound,
  });
}

export function useProductionLog(range: DateRange) {
  return useQuery({
    queryKey: productionKeys.log(range),
    queryFn: ({ signal }) =>
      apiRequest(`/api/v2/mfproductions?${new URLSearchParams({ 'filter[date_between]': `${range[0]},${range[1]}` })}`, {
        schema: productionLogSchema,
        signal,
      }),
  });
}

/**
 * Planning, starting and finishing are direct requests with an Idempotency-Key
 * (docs/architecture.md): a retry after a lost answer moves stock once. Stock, the lists and the
 * inventory screen refresh after each.
 */
export function useProductionMutations() {
  const queryClient = useQueryClient();
  const keys = useRequestKeys();
  const settle = (kind: string) => {
    keys.done(kind);
    void queryClient.invalidateQueries({ queryKey: ['inventory'] });
    void queryClient.invalidateQueries({ queryKey: ['catalogue'] });
    return queryClient.invalidateQueries({ queryKey: productionKeys.all });
  };
  const create = useMutation({
    mutationFn: (body: ProductionInput) =>
      apiRequest('/api/v2/productions', { method: 'POST', body, schema: productionSchema, idempotencyKey: keys.keyFor('create', body) }),
    onSuccess: () => settle('create'),
  });
  const step = useMutation({
    mutationFn: ({ id, action }: { id: number; action: 'start' | 'finish' }) =>
      apiRequest(`/api/v2/productions/${id}/${action}`, {
        method: 'POST',
        schema: productionSchema,
        idempotencyKey: keys.keyFor(`${action}-${id}`, null),
      }),
    onSuccess: (saved, { id, action }) => {
      queryClient.setQueryData(productionKeys.one(id), saved);
      return settle(`${action}-${id}`);
    },
  });
  return { create, step };
}
