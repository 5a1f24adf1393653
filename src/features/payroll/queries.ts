import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DateRange } from '../../../domain/office-list';
import { payrollRowSchema, type PayrollInput } from '../../../domain/schemas/payroll';
import { payrollTotalsSchema } from '../../../domain/schemas/reads';
import { userListSchema } from '../../../domain/schemas/reference';
import { apiRequest } from '../../lib/api';
import { useRequestKeys } from '../../lib/request-key';
import type { PayrollFilters } from './payroll-filters';

export const payrollKeys = {
  all: ['payroll'] as const,
  list: (filters: PayrollFilters) => [...payrollKeys.all, 'list', filters] as const,
  totals: (range: DateRange) => [...payrollKeys.all, 'totals', range] as const,
};

/** The people who can be paid: every user, with the positions they hold. */
export function useEmployees() {
  return useQuery({
    queryKey: ['users'],
    queryFn: ({ signal }) => apiRequest('/api/v1/user/all', { schema: userListSchema, signal }),
    select: (answer) => answer.data,
    staleTime: 60 * 60 * 1000,
  });
}

/** GET /api/v2/payroll/totals for the period. */
export function usePayrollTotals(range: DateRange) {
  return useQuery({
    queryKey: payrollKeys.totals(range),
    queryFn: ({ signal }) =>
      apiRequest(`/api/v2/payroll/totals?${new URLSearchParams({ 'filter[date_between]': `${range[0]},${range[1]}` })}`, {
        schema: payrollTotalsSchema,
        signal,
      }),
    select: (answer) => answer.data,
  });
}

/**
 * Creating and editing a receipt are direct requests with an Idempotency-Key (docs/architecture.md):
 * a retry after a lost answer does not make a second receipt. The list and totals refresh after.
 */
export function usePayrollMutations() {
  const queryClient = useQueryClient();
  const keys = useRequestKeys();
  const settle = (kind: string) => () => {
    keys.done(kind);
    return queryClient.invalidateQueries({ queryKey: payrollKeys.all });
  };
  const create = useMutation({
    mutationFn: (body: PayrollInput) =>
      apiRequest('/api/v2/payrolls', { method: 'POST', body, schema: payrollRowSchema, idempotencyKey: keys.keyFor('create', body) }),
    onSuccess: settle('create'),
  });
  const update = useMutation({
    mutationFn: ({ id, body }: { id: number; body: PayrollInput }) =>
      apiRequest(`/api/v2/payrolls/${id}`, {
        method: 'PUT',
        body,
        schema: payrollRowSchema,
        idempotencyKey: keys.keyFor('update', { id, body }),
      }),
    onSuccess: settle('update'),
  });
  return { create, update };
}
