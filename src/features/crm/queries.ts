import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  activityRowSchema,
  callRowSchema,
  leadDetailSchema,
  leadRowSchema,
  type ActivityInput,
  type CallInput,
  type LeadInput,
} from '../../../domain/schemas/crm';
import { funnelListSchema, funnelPhaseListSchema, leadPageSchema } from '../../../domain/schemas/reads';
import { namedListSchema } from '../../../domain/schemas/reference';
import { apiRequest } from '../../lib/api';
import { useRequestKeys } from '../../lib/request-key';

const ONE_HOUR = 60 * 60 * 1000;

export const crmKeys = {
  all: ['crm'] as const,
  leads: (funnelId: number) => [...crmKeys.all, 'leads', funnelId] as const,
  lead: (id: number) => [...crmKeys.all, 'lead', id] as const,
  calls: ['crm', 'calls'] as const,
  activities: ['crm', 'activities'] as const,
};

function useReference(key: string, path: string) {
  return useQuery({
    queryKey: ['reference', key],
    queryFn: ({ signal }) => apiRequest(path, { schema: namedListSchema, signal }),
    select: (answer) => answer.data,
    staleTime: ONE_HOUR,
  });
}

export const useResults = () => useReference('results', '/api/v1/result/all');
export const useActivityTypes = () => useReference('activity-types', '/api/v2/activity_types');
export const useOrigins = () => useReference('origins', '/api/v1/origin/all');

export function useFunnels() {
  return useQuery({
    queryKey: ['reference', 'funnels'],
    queryFn: ({ signal }) => apiRequest('/api/v2/funnels', { schema: funnelListSchema, signal }),
    select: (answer) => answer.data,
    staleTime: ONE_HOUR,
  });
}

export function usePhases() {
  return useQuery({
    queryKey: ['reference', 'funnel-phases'],
    queryFn: ({ signal }) => apiRequest('/api/v2/funnel_phases', { schema: funnelPhaseListSchema, signal }),
    select: (answer) => answer.data,
    staleTime: ONE_HOUR,
  });
}

/** Every lead of a funnel: the board shows them all (a wholesaler's funnel holds dozens, not thousands). */
export function useFunnelLeads(funnelId: number | null) {
  return useQuery({
    queryKey: crmKeys.leads(funnelId ?? 0),
    enabled: funnelId !== null,
    queryFn: ({ signal }) =>
      apiRequest(`/api/v2/leads?${new URLSearchParams({ 'filter[funnel_id]': String(funnelId), itemsPerPage: '500', sort: 'name' })}`, {
        schema: leadPageSchema,
        signal,
      }),
    select: (answer) => answer.data,
  });
}

/** Leads to log a call or an activity against. */
export function useAllLeads() {
  return useQuery({
    queryKey: [...crmKeys.all, 'leads', 'all'],
    queryFn: ({ signal }) =>
      apiRequest(`/api/v2/leads?${new URLSearchParams({ itemsPerPage: '500', sort: 'name' })}`, { schema: leadPageSchema, signal }),
    select: (answer) => answer.data,
  });
}

export function useLead(id: number) {
  return useQuery({
    queryKey: crmKeys.lead(id),
    queryFn: ({ signal }) => apiRequest(`/api/v2/leads/${id}`, { schema: leadDetailSchema, signal }),
    select: (answer) => answer.data,
  });
}

/**
 * The CRM's writes, each a direct request with an Idempotency-Key (docs/architecture.md); what
 * they change is read again afterwards (the board, the lead's page, the lists, the calendar).
 */
export function useCrmMutations() {
  const queryClient = useQueryClient();
  const keys = useRequestKeys();
  const settle = (kind: string) => () => {
    keys.done(kind);
    return queryClient.invalidateQueries({ queryKey: crmKeys.all });
  };
  const createLead = useMutation({
    mutationFn: (body: LeadInput) =>
      apiRequest('/api/v2/leads', { method: 'POST', body, schema: leadRowSchema, idempotencyKey: keys.keyFor('lead', body) }),
    onSuccess: settle('lead'),
  });
  const moveLead = useMutation({
    mutationFn: ({ id, phaseId }: { id: number; phaseId: number }) =>
      apiRequest(`/api/v2/leads/${id}/move`, {
        method: 'POST',
        body: { funnel_phase_id: phaseId },
        schema: leadRowSchema,
        idempotencyKey: keys.keyFor('move', { id, phaseId }),
      }),
    onSuccess: settle('move'),
  });
  const createCall = useMutation({
    mutationFn: (body: CallInput) =>
      apiRequest('/api/v2/calls', { method: 'POST', body, schema: callRowSchema, idempotencyKey: keys.keyFor('call', body) }),
    onSuccess: settle('call'),
  });
  const createActivity = useMutation({
    mutationFn: (body: ActivityInput) =>
      apiRequest('/api/v2/activities', { method: 'POST', body, schema: activityRowSchema, idempotencyKey: keys.keyFor('activity', body) }),
    onSuccess: settle('activity'),
  });
  const setDone = useMutation({
    mutationFn: ({ id, done }: { id: number; done: boolean }) =>
      apiRequest(`/api/v2/activities/${id}`, {
        method: 'PATCH',
        body: { done },
        schema: activityRowSchema,
        idempotencyKey: keys.keyFor('done', { id, done }),
      }),
    onSuccess: settle('done'),
  });
  return { createLead, moveLead, createCall, createActivity, setDone };
}
