import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { currentUserSchema, noContentSchema } from '../../../domain/schemas/auth';
import { ApiError, apiRequest } from '../../lib/api';
import { clearLocalStorage, discardToken } from '../../lib/session-store';

export const authKeys = {
  currentUser: ['user', 'current'] as const,
};

export const currentUserQueryOptions = () =>
  queryOptions({
    queryKey: authKeys.currentUser,
    queryFn: ({ signal }) => apiRequest('/api/v1/user/current', { schema: currentUserSchema, signal }),
    // Offline, the last known user keeps the app usable; only a 401 signs the person out.
    networkMode: 'offlineFirst',
    staleTime: 5 * 60 * 1000,
    gcTime: Infinity,
    retry: (failures, error) => !(error instanceof ApiError && error.status === 401) && failures < 2,
  });

/**
 * The current user, checked against the server. The token is discarded only when the
 * server says it is not valid (401), never because the device is offline.
 */
export function useCurrentUser() {
  const query = useQuery(currentUserQueryOptions());
  const rejected = query.error instanceof ApiError && query.error.status === 401;
  useEffect(() => {
    if (rejected) discardToken();
  }, [rejected]);
  return query;
}

export function useSignOut() {
  const queryClient = useQueryClient();
  return async () => {
    // Revoking on the server is best effort: signing out must work offline too.
    await apiRequest('/api/v1/user/logout', { method: 'POST', schema: noContentSchema }).catch(() => undefined);
    queryClient.clear();
    clearLocalStorage();
  };
}
