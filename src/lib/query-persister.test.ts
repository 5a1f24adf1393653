import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PersistedClient } from '@tanstack/react-query-persist-client';
import { createQueryPersister } from './query-persister';
import { clearLocalStorage, saveToken } from './session-store';

/** The browser's storage as a map: the unit tests run in Node. */
class MemoryStorage implements Storage {
  private readonly items = new Map<string, string>();
  get length() {
    return this.items.size;
  }
  clear() {
    this.items.clear();
  }
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  key(index: number) {
    return [...this.items.keys()][index] ?? null;
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
  setItem(key: string, value: string) {
    this.items.set(key, value);
  }
}

/** What the query cache hands the persister: one answer of the signed-in person. */
function cacheOf(email: string): PersistedClient {
  return {
    timestamp: Date.now(),
    buster: 'test',
    clientState: {
      mutations: [],
      queries: [
        {
          queryKey: ['user', 'current'],
          queryHash: '["user","current"]',
          dehydratedAt: Date.now(),
          state: {
            data: { email },
            dataUpdateCount: 1,
            dataUpdatedAt: Date.now(),
            error: null,
            errorUpdateCount: 0,
            errorUpdatedAt: 0,
            fetchFailureCount: 0,
            fetchFailureReason: null,
            fetchMeta: null,
            isInvalidated: false,
            status: 'success',
            fetchStatus: 'idle',
          },
        },
      ],
    },
  };
}

describe('the kept query cache on a shared device', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.stubGlobal('localStorage', new MemoryStorage());
    vi.stubGlobal('sessionStorage', new MemoryStorage());
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('keeps the signed-in person’s answers for an offline start', async () => {
    const persister = createQueryPersister(250);
    saveToken('token-de-laura');
    await persister.persistClient(cacheOf('ventas@demo.mx'));
    vi.advanceTimersByTime(300);
    expect(localStorage.getItem('query-cache')).toContain('ventas@demo.mx');
  });

  it('leaves nothing behind when a throttled write lands after sign-out', async () => {
    const persister = createQueryPersister(250);
    saveToken('token-de-laura');
    await persister.persistClient(cacheOf('ventas@demo.mx'));
    // Sign-out clears the query cache (one more write asked for) and then local storage.
    await persister.persistClient({ ...cacheOf('ventas@demo.mx'), clientState: { mutations: [], queries: [] } });
    clearLocalStorage();
    vi.advanceTimersByTime(300);
    expect(localStorage.getItem('query-cache')).toBeNull();
    expect(localStorage.length).toBe(0);
  });

  it('never writes one person’s answers into the next person’s session', async () => {
    const persister = createQueryPersister(250);
    saveToken('token-de-laura');
    await persister.persistClient(cacheOf('ventas@demo.mx'));
    clearLocalStorage();
    saveToken('token-de-jorge');
    vi.advanceTimersByTime(300);
    expect(localStorage.getItem('query-cache')).toBeNull();
    await persister.persistClient(cacheOf('oficina@demo.mx'));
    vi.advanceTimersByTime(300);
    expect(localStorage.getItem('query-cache')).toContain('oficina@demo.mx');
    expect(localStorage.getItem('query-cache')).not.toContain('ventas@demo.mx');
  });
});
