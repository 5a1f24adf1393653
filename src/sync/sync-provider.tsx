import { useLiveQuery } from 'dexie-react-hooks';
import { useCallback, useEffect, useMemo, useState, useSyncExternalStore, type ReactNode } from 'react';
import type { SyncEngine } from '../../sync/engine';
import { readSyncStatus } from '../../sync/status';
import { discardToken, readToken } from '../lib/session-store';
import { getSyncDatabase } from './database';
import { setSendingSource } from '../lib/sending-gate';
import { startSyncSession } from './session';
import { afterFirstPaint } from '../lib/after-first-paint';
import { EMPTY_STATUS, SyncContext, type SyncState } from './sync-context';

function subscribeOnline(listener: () => void): () => void {
  window.addEventListener('online', listener);
  window.addEventListener('offline', listener);
  return () => {
    window.removeEventListener('online', listener);
    window.removeEventListener('offline', listener);
  };
}

const readOnline = () => navigator.onLine;
const noSubscription = () => () => undefined;

/**
 * The signed-in person's sync: one engine for them, started on sign-in and stopped on
 * sign-out or unmount. The device store stays: its outbox belongs to whoever made it.
 */
export function SyncProvider({ userId, children }: { userId: number; children: ReactNode }) {
  const db = getSyncDatabase();
  const [engine, setEngine] = useState<SyncEngine | null>(null);

  // The engine takes commands at once and starts sending and pulling once the first screen
  // painted (its start held the office screens' first frame). The status is read at once: the
  // driver's routes and the warehouse's orders wait for it.
  const firstPaint = useMemo(() => afterFirstPaint(), []);

  useEffect(() => {
    const session = startSyncSession({ db, userId, getToken: readToken, onAuthLost: discardToken, startAfter: firstPaint });
    setEngine(session.engine);
    setSendingSource(session.engine);
    return () => {
      setSendingSource(null);
      setEngine(null);
      void session.dispose();
    };
  }, [db, userId, firstPaint]);

  const status = useLiveQuery(() => readSyncStatus(db, userId), [db, userId]);
  const online = useSyncExternalStore(subscribeOnline, readOnline);
  const subscribeSending = useCallback((listener: () => void) => engine?.subscribe(listener) ?? noSubscription(), [engine]);
  const sending = useSyncExternalStore(subscribeSending, () => engine?.sending ?? false);

  const state = useMemo<SyncState>(
    () => ({ db, userId, engine, status: status ?? EMPTY_STATUS, statusLoaded: status !== undefined, online, sending }),
    [db, userId, engine, status, online, sending],
  );
  return <SyncContext.Provider value={state}>{children}</SyncContext.Provider>;
}
