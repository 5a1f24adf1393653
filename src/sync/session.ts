import { readMeta, type SyncDatabase } from '../../sync/db';
import { APP_PUSH_BATCH_SIZE, SyncEngine } from '../../sync/engine';
import { requestPersistentStorage } from './database';

export interface SyncSessionOptions {
  db: SyncDatabase;
  userId: number;
  getToken(): string | null;
  /** The server refused the session: the person is sent to sign in again. */
  onAuthLost(): void;
  fetch?: typeof fetch;
  /** Where `online` is heard (window). */
  events?: Pick<EventTarget, 'addEventListener' | 'removeEventListener'>;
  /** Where `visibilitychange` is heard (document). */
  visibility?: Pick<Document, 'addEventListener' | 'removeEventListener' | 'visibilityState'>;
  storage?: StorageManager;
  /** Whether the device says it has a network (navigator.onLine). */
  isOnline?(): boolean;
  /**
   * Settles when the engine may start sending and pulling (after the first screen painted);
   * commands taken before are kept in the outbox and go once it starts.
   */
  startAfter?: Promise<void>;
}

export interface SyncSession {
  engine: SyncEngine;
  /** Settles once the engine started (and a paused queue was resumed). */
  ready: Promise<void>;
  dispose(): Promise<void>;
}

/**
 * One signed-in person's sync: their engine, woken when the connection comes back and
 * when the app comes to the foreground (docs/sync-engine.md rule 11).
 */
export function startSyncSession(options: SyncSessionOptions): SyncSession {
  const { db, userId } = options;
  const events = options.events ?? window;
  const visibility = options.visibility ?? document;
  const fetchImpl = options.fetch ?? window.fetch.bind(window);
  const engine = new SyncEngine({
    db,
    transport: { baseUrl: '', fetch: fetchImpl },
    userId,
    getToken: options.getToken,
    onAuthLost: options.onAuthLost,
    // A day's queue after hours offline goes in a few dozen requests (POST /api/v2/sync/push).
    pushBatchSize: APP_PUSH_BATCH_SIZE,
    // With no network nothing is tried; 'online' wakes it (below).
    isOnline: options.isOnline ?? (() => typeof navigator === 'undefined' || navigator.onLine),
  });
  let disposed = false;
  const onOnline = () => void engine.connectivityRestored();
  const wakeIfVisible = () => {
    if (visibility.visibilityState === 'visible') engine.wake();
  };
  events.addEventListener('online', onOnline);
  visibility.addEventListener('visibilitychange', wakeIfVisible);

  const ready = (async () => {
    await options.startAfter;
    if (disposed) return;
    // A 401 sends the person to the login and discards that token; a session that starts
    // with a token is a new sign-in, so a queue the server paused goes on (rule 5).
    if ((await readMeta<boolean>(db, 'authPaused')) && options.getToken()) await engine.resumeAfterSignIn();
    if (disposed) return;
    await engine.start();
    void requestPersistentStorage(options.storage);
  })().catch(() => undefined);

  return {
    engine,
    ready,
    async dispose() {
      disposed = true;
      events.removeEventListener('online', onOnline);
      visibility.removeEventListener('visibilitychange', wakeIfVisible);
      await ready;
      await engine.stop();
    },
  };
}
