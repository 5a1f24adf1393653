import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { PersistQueryClientProvider } from '@tanstack/react-query-persist-client';
import { createSyncStoragePersister } from '@tanstack/query-sync-storage-persister';
import type { ReactNode } from 'react';
import { APP_VERSION } from '../../domain/version';
import { ApiError } from '../lib/api';
import { discardToken } from '../lib/session-store';

/** Any 401 means the server no longer accepts the token: back to the login (spec §4). */
function signOutOnUnauthorized(error: unknown): void {
  if (error instanceof ApiError && error.status === 401) discardToken();
}

const queryClient = new QueryClient({
  queryCache: new QueryCache({ onError: signOutOnUnauthorized }),
  mutationCache: new MutationCache({ onError: signOutOnUnauthorized }),
  defaultOptions: {
    queries: { networkMode: 'offlineFirst', refetchOnWindowFocus: true, gcTime: 24 * 60 * 60 * 1000 },
  },
});

// The last answers are kept in local storage so an offline start shows them; sign-out clears it.
const persister = createSyncStoragePersister({ storage: window.localStorage, key: 'query-cache', throttleTime: 250 });

export function Providers({ children }: { children: ReactNode }) {
  return (
    <PersistQueryClientProvider
      client={queryClient}
      persistOptions={{ persister, buster: APP_VERSION, maxAge: 30 * 24 * 60 * 60 * 1000 }}
    >
      {children}
    </PersistQueryClientProvider>
  );
}
