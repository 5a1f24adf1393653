import { useMutation, useQueryClient } from '@tanstack/react-query';
import { companyDetailAnswerSchema, type CompanyDetail, type CompanyDraft } from '../../domain/schemas/customers';
import { apiRequest } from '../lib/api';
import { useRequestKeys } from '../lib/request-key';

/**
 * The customers' keys: lists under 'customers/list' (the office list kit adds the page), one
 * customer under 'customers/detail/{id}' with the sections of its page below it.
 */
export const customerKeys = {
  all: ['customers'] as const,
  lists: ['customers', 'list'] as const,
  list: (filters: unknown) => [...customerKeys.lists, filters] as const,
  unverified: ['customers', 'list', 'unverified'] as const,
  detail: (id: number) => [...customerKeys.all, 'detail', id] as const,
  section: (id: number, section: string, page: number) => [...customerKeys.detail(id), section, page] as const,
};

/**
 * The writes of a customer: create (office or counter), edit, verify. Each carries an
 * Idempotency-Key that stays the same while the same change is retried, so a lost answer
 * does not create the customer twice; the saved customer is what its page then shows.
 */
export function useCustomerWrites() {
  const queryClient = useQueryClient();
  const keys = useRequestKeys();
  const saved = (kind: string) => (answer: { data: CompanyDetail }) => {
    keys.done(kind);
    queryClient.setQueryData(customerKeys.detail(answer.data.id), answer.data);
    // Lists show it (and its new state); the carts' company search finds it by its new name.
    void queryClient.invalidateQueries({ queryKey: customerKeys.lists });
    void queryClient.invalidateQueries({ queryKey: ['company-search'] });
  };

  const create = useMutation({
    mutationFn: (body: CompanyDraft) =>
      apiRequest('/api/v2/companies', {
        method: 'POST',
        body,
        schema: companyDetailAnswerSchema,
        idempotencyKey: keys.keyFor('create', body),
      }),
    onSuccess: saved('create'),
  });

  const update = useMutation({
    mutationFn: ({ id, body }: { id: number; body: CompanyDraft }) =>
      apiRequest(`/api/v2/companies/${id}`, {
        method: 'PUT',
        body,
        schema: companyDetailAnswerSchema,
        idempotencyKey: keys.keyFor('update', { id, body }),
      }),
    onSuccess: saved('update'),
  });

  const verify = useMutation({
    mutationFn: (id: number) =>
      apiRequest(`/api/v2/companies/${id}/verify`, {
        method: 'POST',
        body: {},
        schema: companyDetailAnswerSchema,
        idempotencyKey: keys.keyFor('verify', id),
      }),
    onSuccess: saved('verify'),
  });

  return { create, update, verify };
}
