import { createSyncStoragePersister } from '@tanstack/query-sync-storage-persister';
import type { Persister } from '@tanstack/react-query-persist-client';
import { QUERY_CACHE_KEY, readToken } from './session-store';

/**
 * Keeps the last server answers in local storage for an offline start, for the session that
 * read them only. The persister writes on a timer (throttled), so a write asked for before
 * sign-out can land after sign-out cleared local storage, and put the last person's answers
 * back for the next one on a shared tablet. A write therefore lands only while the session
 * that asked for it is still the signed-in one; anything else is dropped.
 */
export function createQueryPersister(throttleTime = 250): Persister {
  let askedBy: string | null = null;
  const persister = createSyncStoragePersister({
    storage: {
      getItem: (key) => localStorage.getItem(key),
      setItem: (key, value) => {
        const token = readToken();
        if (token !== null && token === askedBy) localStorage.setItem(key, value);
      },
      removeItem: (key) => localStorage.removeItem(key),
    },
    key: QUERY_CACHE_KEY,
    throttleTime,
  });
  return {
    ...persister,
    persistClient: (client) => {
      askedBy = readToken();
      return persister.persistClient(client);
    },
  };
}
