import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CurrentUser } from '../../domain/schemas/auth';
import { SessionCache } from './session-cache';

const user = { id: 7, name: 'Ana', permissions: ['shippings'] } as unknown as CurrentUser;
const now = Date.parse('2026-03-02T15:00:00Z');
const session = { user, lastUsedAt: now, expiresAt: now + 86_400_000 };

afterEach(() => vi.useRealTimers());

describe('SessionCache', () => {
  it('serves a checked session for a few seconds, never past its token’s expiry', () => {
    const cache = new SessionCache();
    cache.hold('hash-a', session, cache.generation, now);
    expect(cache.get('hash-a', now + 1_000)?.user).toBe(user);
    expect(cache.get('hash-a', now + 10_000)).toBeNull();
    cache.hold('hash-b', { ...session, expiresAt: now + 500 }, cache.generation, now);
    expect(cache.get('hash-b', now + 500)).toBeNull();
    expect(cache.get('unknown', now)).toBeNull();
  });

  it('forgets one token on its notice and every session on a notice for all', () => {
    const cache = new SessionCache();
    cache.hold('hash-a', session, cache.generation, now);
    cache.hold('hash-b', session, cache.generation, now);
    cache.forget('hash-a');
    expect(cache.get('hash-a', now)).toBeNull();
    expect(cache.get('hash-b', now)).not.toBeNull();
    cache.forget('*');
    expect(cache.get('hash-b', now)).toBeNull();
  });

  it('does not keep a check that was running when a notice came', () => {
    const cache = new SessionCache();
    const startedAt = cache.generation;
    cache.forget('some-other-token');
    cache.hold('hash-a', session, startedAt, now);
    expect(cache.get('hash-a', now)).toBeNull();
    const droppedAt = cache.generation;
    cache.drop('hash-a');
    cache.hold('hash-a', session, droppedAt, now);
    expect(cache.get('hash-a', now)).toBeNull();
  });

  it('tells a sign-out when its own notice has arrived, and stops waiting after a second without one', async () => {
    vi.useFakeTimers();
    const cache = new SessionCache();
    let heard = false;
    const waiting = cache.heard('hash-a').then(() => (heard = true));
    cache.drop('hash-a');
    await Promise.resolve();
    expect(heard).toBe(false);
    cache.forget('hash-a');
    await waiting;
    expect(heard).toBe(true);

    let gaveUp = false;
    const unanswered = cache.heard('hash-b').then(() => (gaveUp = true));
    await vi.advanceTimersByTimeAsync(999);
    expect(gaveUp).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await unanswered;
    expect(gaveUp).toBe(true);
  });
});
