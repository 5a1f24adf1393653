import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { personSchema, temporaryPasswordSchema, type PersonInput, type RoleInput } from '../../../domain/schemas/people';
import { roleListSchema, roleSchema } from '../../../domain/schemas/reads';
import { namedListSchema } from '../../../domain/schemas/reference';
import { apiRequest } from '../../lib/api';
import { useRequestKeys } from '../../lib/request-key';

export const peopleKeys = {
  all: ['people'] as const,
  list: (filters: object) => [...peopleKeys.all, 'list', filters] as const,
  person: (id: number) => [...peopleKeys.all, 'person', id] as const,
  roles: ['roles'] as const,
};

const ONE_HOUR = 60 * 60 * 1000;

export const useRoles = () =>
  useQuery({
    queryKey: peopleKeys.roles,
    queryFn: ({ signal }) => apiRequest('/api/v2/roles', { schema: roleListSchema, signal }),
    select: (answer) => answer.data,
  });

function useNamedList(key: string, path: string) {
  return useQuery({
    queryKey: ['reference', key],
    queryFn: ({ signal }) => apiRequest(path, { schema: namedListSchema, signal }),
    select: (answer) => answer.data,
    staleTime: ONE_HOUR,
  });
}

export const useJobPositions = () => useNamedList('job-positions', '/api/v2/job_positions');
export const useBranches = () => useNamedList('branches', '/api/v2/branches');

/** One person, read for the form from what the server holds now. */
export const usePerson = (id: number) =>
  useQuery({
    queryKey: peopleKeys.person(id),
    queryFn: ({ signal }) => apiRequest(`/api/v2/users/${id}`, { schema: personSchema, signal }),
    // Read once for the form: a refresh on refocus would swap what is being typed.
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });

/**
 * Changes to people. Edits, deactivation and reactivation carry an Idempotency-Key; creating
 * someone and resetting a password do not: their answer holds a temporary password the
 * server does not keep, so a lost answer is not replayed (the person then shows in the list,
 * and a new reset gives another).
 */
export function usePersonMutations() {
  const queryClient = useQueryClient();
  const keys = useRequestKeys();
  const settle = (kind: string) => () => {
    keys.done(kind);
    void queryClient.invalidateQueries({ queryKey: peopleKeys.roles });
    return queryClient.invalidateQueries({ queryKey: peopleKeys.all });
  };
  const create = useMutation({
    mutationFn: (body: PersonInput) => apiRequest('/api/v2/users', { method: 'POST', body, schema: temporaryPasswordSchema }),
    onSuccess: settle('create'),
  });
  const update = useMutation({
    mutationFn: ({ id, body }: { id: number; body: PersonInput }) =>
      apiRequest(`/api/v2/users/${id}`, { method: 'PUT', body, schema: personSchema, idempotencyKey: keys.keyFor('update', { id, body }) }),
    onSuccess: settle('update'),
  });
  const setActive = useMutation({
    mutationFn: ({ id, active }: { id: number; active: boolean }) =>
      apiRequest(`/api/v2/users/${id}/${active ? 'reactivate' : 'deactivate'}`, {
        method: 'POST',
        schema: personSchema,
        idempotencyKey: keys.keyFor('active', { id, active }),
      }),
    onSuccess: settle('active'),
  });
  const resetPassword = useMutation({
    mutationFn: (id: number) => apiRequest(`/api/v2/users/${id}/password-reset`, { method: 'POST', schema: temporaryPasswordSchema }),
    onSuccess: settle('reset'),
  });
  return { create, update, setActive, resetPassword };
}

export function useRoleMutations() {
  const queryClient = useQueryClient();
  const keys = useRequestKeys();
  const settle = (kind: string) => () => {
    keys.done(kind);
    void queryClient.invalidateQueries({ queryKey: peopleKeys.all });
    return queryClient.invalidateQueries({ queryKey: peopleKeys.roles });
  };
  const save = useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: RoleInput }) =>
      apiRequest(id === null ? '/api/v2/roles' : `/api/v2/roles/${id}`, {
        method: id === null ? 'POST' : 'PUT',
        body,
        schema: roleSchema,
        idempotencyKey: keys.keyFor('save', { id, body }),
      }),
    onSuccess: settle('save'),
  });
  return { save };
}
