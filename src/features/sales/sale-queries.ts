import { queryOptions } from '@tanstack/react-query';
import { saleDetailAnswerSchema } from '../../../domain/schemas/quotations';
import { companySearchSchema } from '../../../domain/schemas/orders';
import { contactListSchema } from '../../../domain/schemas/reads';
import { itemListSchema } from '../../../domain/schemas/reference';
import { apiRequest } from '../../lib/api';

/**
 * The reads of the quotation form, the sale's page and the calendar. Keys start with
 * 'sale-detail' and 'sales-calendar' so the lists' own keys ('sales', 'quotations') stay theirs.
 */
export const saleQueryKeys = {
  detail: (id: number) => ['sale-detail', id] as const,
  calendar: (from: string, to: string) => ['sales-calendar', from, to] as const,
  contacts: ['contacts', 'all'] as const,
  items: ['items', 'all'] as const,
  company: (id: number, name: string) => ['company-search', 'by-id', id, name] as const,
};

/** GET /api/v2/sales/{id}: a quotation or a sale with all it shows. */
export const saleDetailQueryOptions = (id: number) =>
  queryOptions({
    queryKey: saleQueryKeys.detail(id),
    queryFn: async ({ signal }) => (await apiRequest(`/api/v2/sales/${id}`, { schema: saleDetailAnswerSchema, signal })).data,
  });

/** Every contact: the API lists them all (GET /api/v1/contact/all); the form keeps the company's. */
export const contactsQueryOptions = () =>
  queryOptions({
    queryKey: saleQueryKeys.contacts,
    queryFn: async ({ signal }) => (await apiRequest('/api/v1/contact/all', { schema: contactListSchema, signal })).data,
    staleTime: 5 * 60 * 1000,
    // Every customer's people, phones and e-mails: kept in memory, not written to local storage.
    meta: { persist: false },
  });

/** Every item with its list price: an edited quotation previews its totals with today's prices, as the server re-prices it. */
export const itemsQueryOptions = () =>
  queryOptions({
    queryKey: saleQueryKeys.items,
    queryFn: async ({ signal }) => (await apiRequest('/api/v1/item/all', { schema: itemListSchema, signal })).data,
  });

/**
 * One company with its branches, by name (the search filters only by name) and then by id:
 * what the cart's branch select needs for an edited quotation.
 */
export const companyQueryOptions = (id: number, name: string) =>
  queryOptions({
    queryKey: saleQueryKeys.company(id, name),
    queryFn: async ({ signal }) => {
      const found = await apiRequest(`/api/v2/company_p?${new URLSearchParams({ 'filter[name]': name, itemsPerPage: '50' })}`, {
        schema: companySearchSchema,
        signal,
      });
      return found.data.find((company) => company.id === id) ?? null;
    },
    meta: { persist: false },
  });
