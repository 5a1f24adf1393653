import { useLiveQuery } from 'dexie-react-hooks';
import { useCallback, useEffect, useMemo, useState, useSyncExternalStore, type ReactNode } from 'react';
import type { SyncEngine } from '../../sync/engine';
import type { SyncSession } from './session';
import { readSyncStatus } from '../../sync/status';
import { discardToken, readToken } from '../lib/session-store';
import { getSyncDatabase } from './database';
import { setSendingSource } from '../lib/sending-gate';
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

// The engine, with the schemas of the pull and of the commands, is the larger half of the sync's
// code: it is evaluated in a task of its own rather than in the shell's, whose first render it
// would hold on a phone for 50–100 ms. Asked for as the shell loads, it is in hand by the time
// the person is known; until then the engine is null, as between sign-in and its creation.
const sessionModule = import('./session');
// A failure is met where the module is used; until then it is not reported as unhandled.
sessionModule.catch(() => undefined);
const noSubscription = () => () => undefined;

/** A promise and the function that settles it (the first value wins). */
function settlable<T>(): { promise: Promise<T>; settle: (value: T) => void } {
  let settle!: (value: T) => void;
  const promise = new Promise<T>((resolve) => (settle = resolve));
  return { promise, settle };
}

/**
 * The signed-in person's sync: one engine for them, started on sign-in and stopped on
 * sign-out or unmount. The device store stays: its outbox belongs to whoever made it.
 */
export function SyncProvider({ userId, children }: { userId: number; children: ReactNode }) {
  const db = getSyncDatabase();
  const [engine, setEngine] = useState<SyncEngine | null>(null);
  // What a command awaits when the person acts before the engine exists (the provider is keyed by
  // the person: another person signed in is another provider).
  const [ready] = useState(() => settlable<SyncEngine | null>());

  // The engine takes commands once its code has loaded (they wait for it before) and starts
  // sending and pulling once the first screen painted (its start held the office screens' first
  // frame). The status is read at once: the driver's routes and the warehouse's orders wait for it.
  const firstPaint = useMemo(() => afterFirstPaint(), []);

  useEffect(() => {
    let session: SyncSession | null = null;
    let disposed = false;
    // A chunk that cannot load (an old tab after a deploy, offline before the service worker held
    // the app) leaves the queue on the device, sent at the next start; a command meanwhile is
    // refused with the generic error rather than waiting for ever.
    sessionModule
      .then(({ startSyncSession }) => {
        if (disposed) return;
        session = startSyncSession({ db, userId, getToken: readToken, onAuthLost: discardToken, startAfter: firstPaint });
        setEngine(session.engine);
        setSendingSource(session.engine);
        ready.settle(session.engine);
      })
      .catch(() => ready.settle(null));
    return () => {
      disposed = true;
      if (!session) return;
      setSendingSource(null);
      setEngine(null);
      void session.dispose();
    };
  }, [db, userId, firstPaint, ready]);

  const status = useLiveQuery(() => readSyncStatus(db, userId), [db, userId]);
  const online = useSyncExternalStore(subscribeOnline, readOnline);
  const subscribeSending = useCallback((listener: () => void) => engine?.subscribe(listener) ?? noSubscription(), [engine]);
  const sending = useSyncExternalStore(subscribeSending, () => engine?.sending ?? false);

  const state = useMemo<SyncState>(
    () => ({
      db,
      userId,
      engine,
      engineReady: ready.promise,
      status: status ?? EMPTY_STATUS,
      statusLoaded: status !== undefined,
      online,
      sending,
    }),
    [db, userId, engine, ready, status, online, sending],
  );
  return <SyncContext.Provider value={state}>{children}</SyncContext.Provider>;
}
