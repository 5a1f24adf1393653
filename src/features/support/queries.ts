import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  supportTicketDetailSchema,
  supportTicketPageSchema,
  supportTicketSchema,
  type NewSupportTicket,
  type SupportReply,
} from '../../../domain/schemas/support';
import { useRequestKeys } from '../../lib/request-key';
import { apiRequest } from '../../lib/api';

export interface SupportListParams {
  description: string;
  page: number;
  /** 0 means all. */
  itemsPerPage: number;
}

export const supportKeys = {
  all: ['support-tickets'] as const,
  list: (params: SupportListParams) => [...supportKeys.all, params] as const,
};

/** "All" (spec §9) asks for the largest page the server gives, which covers any total it lists. */
const ALL_ITEMS = 100_000;

export function supportListUrl({ description, page, itemsPerPage }: SupportListParams): string {
  const query = new URLSearchParams({ sort: '-created_at', page: String(page) });
  query.set('itemsPerPage', String(itemsPerPage === 0 ? ALL_ITEMS : itemsPerPage));
  if (description.trim()) query.set('filter[description]', description.trim());
  return `/api/support/support_tickets?${query.toString()}`;
}

export const supportListQueryOptions = (params: SupportListParams) =>
  queryOptions({
    queryKey: supportKeys.list(params),
    queryFn: ({ signal }) => apiRequest(supportListUrl(params), { schema: supportTicketPageSchema, signal }),
    placeholderData: keepPreviousData,
  });

export function useSupportTickets(params: SupportListParams) {
  return useQuery(supportListQueryOptions(params));
}

export function useCreateSupportTicket() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ticket: NewSupportTicket) =>
      apiRequest('/api/support/support_tickets', { method: 'POST', body: ticket, schema: supportTicketSchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: supportKeys.all }),
  });
}

export const ticketQueryOptions = (id: number) =>
  queryOptions({
    queryKey: [...supportKeys.all, 'ticket', id] as const,
    queryFn: ({ signal }) =>
      apiRequest(`/api/support/support_tickets/${id}`, { schema: supportTicketDetailSchema, signal }).then((r) => r.data),
  });

/** An answer, a new state or who takes it: once per Idempotency-Key, the list and the ticket read again. */
export function useAnswerTicket(id: number) {
  const queryClient = useQueryClient();
  const keys = useRequestKeys();
  return useMutation({
    mutationFn: (reply: SupportReply) =>
      apiRequest(`/api/support/support_tickets/${id}/replies`, {
        method: 'POST',
        body: reply,
        schema: supportTicketDetailSchema,
        idempotencyKey: keys.keyFor('reply', reply),
      }),
    onSuccess: ({ data }) => {
      keys.done('reply');
      queryClient.setQueryData(ticketQueryOptions(id).queryKey, data);
      void queryClient.invalidateQueries({ queryKey: supportKeys.all });
    },
  });
}
