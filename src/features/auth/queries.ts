import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { currentUserSchema, noContentSchema } from '../../../domain/schemas/auth';
import { ApiError, apiRequest } from '../../lib/api';
import { clearLocalStorage } from '../../lib/session-store';

export const authKeys = {
  currentUser: ['user', 'current'] as const,
};

export const currentUserQueryOptions = () =>
  queryOptions({
    queryKey: authKeys.currentUser,
    queryFn: ({ signal }) => apiRequest('/api/v1/user/current', { schema: currentUserSchema, signal }),
    // Offline, the last known user keeps the app usable; only a 401 signs the person out.
    networkMode: 'offlineFirst',
    // Checked on every start: a revoked or expired token must send the person to the login.
    staleTime: 0,
    gcTime: Infinity,
    retry: (failures, error) => !(error instanceof ApiError && error.status === 401) && failures < 2,
  });

/**
 * The current user, checked against the server. The token is discarded (by the query
 * cache, see providers.tsx) only when the server answers 401, never because the device is offline.
 */
export function useCurrentUser() {
  return useQuery(currentUserQueryOptions());
}

export function useSignOut() {
  const queryClient = useQueryClient();
  return async () => {
    // Revoking on the server is best effort: signing out must work offline too.
    await apiRequest('/api/v1/user/logout', { method: 'POST', schema: noContentSchema }).catch(() => undefined);
    // The server forgot this device's notices with the session; the browser lets go of them too.
    await import('../../lib/push-subscription').then((push) => push.dropPushSubscription()).catch(() => undefined);
    queryClient.clear();
    clearLocalStorage();
  };
}
