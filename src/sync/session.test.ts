import 'fake-indexeddb/auto';
import { Dexie } from 'dexie';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { openSyncDatabase, readMeta, writeMeta, type SyncDatabase } from '../../sync/db';
import { requestPersistentStorage } from './database';
import { pullPage } from '../../sync/test-fixtures';
import { startSyncSession, type SyncSession } from './session';

class FakeDocument extends EventTarget {
  visibilityState: DocumentVisibilityState = 'visible';
}

let opened: { db: SyncDatabase; session: SyncSession }[] = [];
afterEach(async () => {
  for (const { db, session } of opened) {
    await session.dispose();
    db.close();
    await Dexie.delete(db.name);
  }
  opened = [];
});

function setUp(options: { token?: string | null; onAuthLost?: () => void; storage?: StorageManager } = {}) {
  const db = openSyncDatabase(`session-${crypto.randomUUID()}`);
  const pulls: string[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL) => {
    pulls.push(String(input));
    return new Response(JSON.stringify(pullPage({ cursor: 'c1' })), { status: 200, headers: { 'content-type': 'application/json' } });
  }) as unknown as typeof globalThis.fetch;
  const events = new EventTarget();
  const visibility = new FakeDocument();
  const token = options.token === undefined ? 'token-1' : options.token;
  const make = () =>
    startSyncSession({
      db,
      userId: 7,
      getToken: () => token,
      onAuthLost: options.onAuthLost ?? (() => undefined),
      fetch,
      events,
      visibility: visibility as unknown as Document,
      storage: options.storage,
    });
  return { db, pulls, events, visibility, make };
}

async function settle(session: SyncSession): Promise<void> {
  await session.ready;
  await vi.waitFor(async () => {
    await session.engine.idle();
    expect(await readMeta(session.engine.db, 'cursor')).toBe('c1');
  });
  await session.engine.idle();
}

describe('a sync session', () => {
  it('pulls on start, then again when the connection comes back and when the app is shown', async () => {
    const { db, pulls, events, visibility, make } = setUp();
    const session = make();
    opened.push({ db, session });
    await settle(session);
    const afterStart = pulls.length;
    expect(afterStart).toBeGreaterThanOrEqual(1);

    events.dispatchEvent(new Event('online'));
    await vi.waitFor(() => expect(pulls.length).toBeGreaterThan(afterStart));
    await session.engine.idle();
    const afterOnline = pulls.length;

    visibility.visibilityState = 'hidden';
    visibility.dispatchEvent(new Event('visibilitychange'));
    await session.engine.idle();
    expect(pulls.length).toBe(afterOnline);

    visibility.visibilityState = 'visible';
    visibility.dispatchEvent(new Event('visibilitychange'));
    await vi.waitFor(() => expect(pulls.length).toBeGreaterThan(afterOnline));
  });

  it('stops listening and sending when disposed, and keeps the device store', async () => {
    const { db, pulls, events, make } = setUp();
    const session = make();
    opened.push({ db, session });
    await settle(session);
    await writeMeta(db, 'nextSeq', 5);
    await session.dispose();
    const before = pulls.length;
    events.dispatchEvent(new Event('online'));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(pulls.length).toBe(before);
    expect(await readMeta(db, 'nextSeq')).toBe(5);
  });

  it('resumes a queue the server paused when a session starts with a new sign-in', async () => {
    const { db, make } = setUp();
    await db.open();
    await writeMeta(db, 'authPaused', true);
    const session = make();
    opened.push({ db, session });
    await settle(session);
    expect(await readMeta(db, 'authPaused')).toBe(false);
  });

  it('asks the browser to keep the store', async () => {
    const persist = vi.fn(async () => true);
    const { db, make } = setUp({ storage: { persist, persisted: async () => false } as unknown as StorageManager });
    const session = make();
    opened.push({ db, session });
    await settle(session);
    await vi.waitFor(() => expect(persist).toHaveBeenCalledTimes(1));
  });
});

describe('requestPersistentStorage', () => {
  it('does nothing where the browser has no storage manager, and does not ask twice once granted', async () => {
    expect(await requestPersistentStorage(undefined)).toBe(false);
    const persist = vi.fn(async () => true);
    expect(await requestPersistentStorage({ persist, persisted: async () => true } as unknown as StorageManager)).toBe(true);
    expect(persist).not.toHaveBeenCalled();
  });
});
