import { MutationCache, QueryCache, QueryClient, type Query } from '@tanstack/react-query';
import { PersistQueryClientProvider } from '@tanstack/react-query-persist-client';
import type { ReactNode } from 'react';
import { APP_VERSION } from '../../domain/version';
import { ApiError } from '../lib/api';
import { createQueryPersister } from '../lib/query-persister';
import { discardToken, readToken, subscribeToSession } from '../lib/session-store';

/** Any 401 means the server no longer accepts the token: back to the login (spec §4). */
function signOutOnUnauthorized(error: unknown): void {
  if (error instanceof ApiError && error.status === 401) discardToken();
}

const queryClient = new QueryClient({
  queryCache: new QueryCache({ onError: signOutOnUnauthorized }),
  mutationCache: new MutationCache({ onError: signOutOnUnauthorized }),
  defaultOptions: {
    queries: { networkMode: 'offlineFirst', refetchOnWindowFocus: true, gcTime: 24 * 60 * 60 * 1000 },
    // A direct change is sent now or fails now with its message: never held as a paused
    // mutation, a second queue beside the sync outbox (docs/architecture.md).
    mutations: { networkMode: 'always', retry: false },
  },
});

// A session ended by the server (a 401 here or in the sync engine) leaves nothing it read in
// memory either: the next person to sign in on this device must not start as the last one.
subscribeToSession(() => {
  if (readToken() === null) queryClient.clear();
});

// The last answers are kept in local storage so an offline start shows them; sign-out clears it
// and no write of the session that ended lands after it.
const persister = createQueryPersister();

/**
 * Successful answers are kept, except those a query marks `meta: { persist: false }`: a
 * month of routes is megabytes, more than local storage holds and too much to write again
 * after every change.
 */
const dehydrateOptions = {
  shouldDehydrateQuery: (query: Query) => query.state.status === 'success' && query.meta?.persist !== false,
};

export function Providers({ children }: { children: ReactNode }) {
  return (
    <PersistQueryClientProvider
      client={queryClient}
      persistOptions={{ persister, buster: APP_VERSION, maxAge: 30 * 24 * 60 * 60 * 1000, dehydrateOptions }}
    >
      {children}
    </PersistQueryClientProvider>
  );
}
