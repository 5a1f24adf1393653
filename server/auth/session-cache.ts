import type { CurrentUser } from '../../domain/schemas/auth';
import type { Database, Db } from '../db/client';

/**
 * Sessions a server process checked a moment ago, so that a signed-in request does not
 * ask the database again who its bearer is (the check is a round trip and a query on
 * every request, more than the cheapest reads themselves cost).
 *
 * Invariant: a session is never served from here after the database has told this process
 * that it changed. Triggers (migration 0018) NOTIFY `sessions_changed` on every change to
 * what the check reads, from any writer and any process: a token updated or removed names
 * its hash, anything else ('*') forgets every session. A check that was already running
 * when a notice came is used for its own request but not kept (the generation guards it),
 * and nothing is held before the process listens. The short hold bounds what a lost notice
 * (a listening connection cut) could cost.
 */
export const SESSIONS_CHANNEL = 'sessions_changed';
const HOLD_MS = 10_000;
/** Live sessions are few (one per person and device); the bound only guards memory. */
const MAX_SESSIONS = 10_000;
/** How long a sign-out waits for its own notice before answering anyway. */
const ECHO_TIMEOUT_MS = 1_000;

export interface HeldSession {
  user: CurrentUser;
  expiresAt: number;
  lastUsedAt: number;
}

export class SessionCache {
  private readonly sessions = new Map<string, HeldSession & { heldUntil: number }>();
  private readonly echoes = new Map<string, Set<() => void>>();
  /** Bumped by every notice: a check begun before a notice is not kept. */
  private generationCount = 0;

  get generation(): number {
    return this.generationCount;
  }

  /** The session of a token's hash if held and still good at `now`; the caller checks the slide. */
  get(tokenHash: string, now: number): HeldSession | null {
    const held = this.sessions.get(tokenHash);
    if (!held) return null;
    if (now >= held.heldUntil || now >= held.expiresAt) {
      this.sessions.delete(tokenHash);
      return null;
    }
    return held;
  }

  /** Keeps what a database check found, unless a notice came while it ran. */
  hold(tokenHash: string, session: HeldSession, checkedAtGeneration: number, now: number): void {
    if (checkedAtGeneration !== this.generationCount) return;
    if (this.sessions.size >= MAX_SESSIONS) this.sessions.clear();
    this.sessions.set(tokenHash, { ...session, heldUntil: now + HOLD_MS });
  }

  /** Drops a session here and now (this process removed its token); checks in flight are not kept. */
  drop(tokenHash: string): void {
    this.generationCount += 1;
    this.sessions.delete(tokenHash);
  }

  /** A notice from the database: one token's hash, or '*' for every session. */
  forget(notice: string): void {
    this.generationCount += 1;
    if (notice === '*') this.sessions.clear();
    else this.sessions.delete(notice);
    const waiting = this.echoes.get(notice);
    if (waiting) {
      this.echoes.delete(notice);
      for (const resolve of waiting) resolve();
    }
  }

  /**
   * Resolves when this process has heard the notice of a token's removal (or after a
   * second): the database sends it to every listening process together, so a sign-out
   * that waits for it answers once the other processes have been told too.
   */
  heard(tokenHash: string): Promise<void> {
    return new Promise((resolve) => {
      const waiting = this.echoes.get(tokenHash) ?? new Set();
      this.echoes.set(tokenHash, waiting);
      const done = () => {
        clearTimeout(timer);
        waiting.delete(done);
        if (waiting.size === 0 && this.echoes.get(tokenHash) === waiting) this.echoes.delete(tokenHash);
        resolve();
      };
      const timer = setTimeout(done, ECHO_TIMEOUT_MS);
      waiting.add(done);
    });
  }
}

const caches = new WeakMap<Db, SessionCache>();
const starting = new WeakMap<Db, Promise<void>>();

/** The session cache of a database's processes, once it listens for notices; null before (nothing is held then). */
export function sessionCacheOf(db: Db): SessionCache | null {
  return caches.get(db) ?? null;
}

/**
 * After this process committed a change to what sessions carry (a person, their permissions, a
 * role): forgotten here at once, since the database's notice arrives a moment after the commit
 * and the person's next request may come first. Other processes hear the notice.
 */
export function forgetSessionsHere(db: Db): void {
  sessionCacheOf(db)?.forget('*');
}

/** Starts holding sessions checked on `database`, listening for its notices first. */
export function holdSessions(database: Database): Promise<void> {
  let started = starting.get(database.db);
  if (!started) {
    const cache = new SessionCache();
    started = database
      .listen(SESSIONS_CHANNEL, (notice) => cache.forget(notice))
      .then(() => {
        caches.set(database.db, cache);
        // While notices may be missed nothing is held: every request asks the database again.
        database.watchListening((listening) => {
          if (listening) caches.set(database.db, cache);
          else {
            caches.delete(database.db);
            cache.forget('*');
          }
        });
      });
    starting.set(database.db, started);
  }
  return started;
}
