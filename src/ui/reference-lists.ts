import { queryOptions } from '@tanstack/react-query';
import { isCurrentCfdi } from '../../domain/invoices';
import { namedListSchema } from '../../domain/schemas/reference';
import { apiRequest } from '../lib/api';

/** The CFDI uses the product keeps (spec §5: id above 100), for the form's select. */
export const cfdiOptions = () =>
  queryOptions({
    queryKey: ['reference', 'cfdi'],
    queryFn: async ({ signal }) =>
      (await apiRequest('/api/v1/cfdi/all', { schema: namedListSchema, signal })).data.filter((cfdi) => isCurrentCfdi(cfdi.id)),
    staleTime: 60 * 60 * 1000,
  });
