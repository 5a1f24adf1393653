import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { companySearchSchema } from '../../domain/schemas/orders';
import { apiRequest } from '../lib/api';

/** Names shorter than this find too much to be useful: nothing is asked until then. */
export const COMPANY_SEARCH_MIN = 2;

/**
 * Customers whose name or legal name contains `text` (GET /api/v2/company_p, twenty at most),
 * for every picker that chooses a customer: the sale cart, a payment, the shippings filter.
 * The last results stay while the next load; they are not kept for offline starts.
 */
export function useCompanySearch(text: string) {
  const name = text.trim();
  return useQuery({
    queryKey: ['company-search', name],
    enabled: name.length >= COMPANY_SEARCH_MIN,
    queryFn: ({ signal }) =>
      apiRequest(`/api/v2/company_p?${new URLSearchParams({ 'filter[name]': name, itemsPerPage: '20' })}`, {
        schema: companySearchSchema,
        signal,
      }),
    select: (answer) => answer.data,
    placeholderData: keepPreviousData,
    meta: { persist: false },
  });
}
