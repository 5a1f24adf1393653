import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DateRange } from '../../../domain/office-list';
import { expenseDeletedSchema, expenseRowSchema, type ExpenseInput } from '../../../domain/schemas/expenses';
import { expenseSummarySchema } from '../../../domain/schemas/reads';
import { namedListSchema } from '../../../domain/schemas/reference';
import { apiRequest } from '../../lib/api';
import { useRequestKeys } from '../../lib/request-key';
import type { ExpenseFilters } from './expense-filters';

export const expenseKeys = {
  all: ['expenses'] as const,
  /** The list's filters; the office list kit adds the page. */
  list: (filters: ExpenseFilters) => [...expenseKeys.all, 'list', filters] as const,
  summary: (range: DateRange) => [...expenseKeys.all, 'summary', range] as const,
};

const ONE_HOUR = 60 * 60 * 1000;

/** The reference lists of the form and the filter (spec §3 reference lists). */
function useReferenceList(key: string, path: string) {
  return useQuery({
    queryKey: ['reference', key],
    queryFn: ({ signal }) => apiRequest(path, { schema: namedListSchema, signal }),
    select: (answer) => answer.data,
    staleTime: ONE_HOUR,
  });
}

export const useExpenseTypes = () => useReferenceList('expense-types', '/api/v1/expense_type/all');
export const usePaymentMethods = () => useReferenceList('payment-methods', '/api/v1/payment_method/all');

/** The period's expenses by type (GET /api/v2/expenses-summary). */
export function useExpenseSummary(range: DateRange) {
  return useQuery({
    queryKey: expenseKeys.summary(range),
    queryFn: ({ signal }) =>
      apiRequest(`/api/v2/expenses-summary?${new URLSearchParams({ 'filter[date_between]': `${range[0]},${range[1]}` })}`, {
        schema: expenseSummarySchema,
        signal,
      }),
    select: (answer) => answer.data,
  });
}

/**
 * Recording and deleting are direct requests with an Idempotency-Key (docs/architecture.md): a
 * retry of the same expense after a lost answer is not recorded twice. The list, the summary
 * and the reports refresh after each.
 */
export function useExpenseMutations() {
  const queryClient = useQueryClient();
  const keys = useRequestKeys();
  const settle = (kind: string) => () => {
    keys.done(kind);
    void queryClient.invalidateQueries({ queryKey: ['reports'] });
    return queryClient.invalidateQueries({ queryKey: expenseKeys.all });
  };
  const create = useMutation({
    mutationFn: (body: ExpenseInput) =>
      apiRequest('/api/v2/expenses', { method: 'POST', body, schema: expenseRowSchema, idempotencyKey: keys.keyFor('create', body) }),
    onSuccess: settle('create'),
  });
  const remove = useMutation({
    mutationFn: (id: number) =>
      apiRequest(`/api/v2/expenses/${id}`, { method: 'DELETE', schema: expenseDeletedSchema, idempotencyKey: keys.keyFor('remove', id) }),
    onSuccess: settle('remove'),
  });
  return { create, remove };
}
