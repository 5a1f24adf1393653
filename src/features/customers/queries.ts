import { queryOptions } from '@tanstack/react-query';
import { companyDetailAnswerSchema } from '../../../domain/schemas/customers';
import { customerKeys } from '../../ui/company-writes';
import { apiRequest } from '../../lib/api';

/** GET /api/v2/companies/{id}: data, branches, contacts and balance. */
export const customerDetailOptions = (id: number) =>
  queryOptions({
    queryKey: customerKeys.detail(id),
    queryFn: async ({ signal }) => (await apiRequest(`/api/v2/companies/${id}`, { schema: companyDetailAnswerSchema, signal })).data,
    // Its contacts' phones and e-mails stay in memory, never in local storage.
    meta: { persist: false },
  });
