import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { rateLimits } from '../db/schema';
import { rows } from '../db/sql-rows';

type Callback = (error: Error | null, result?: { current: number; ttl: number }) => void;

/**
 * @fastify/rate-limit's store kept in the database: a client's count is the same whichever
 * server process it reaches. One statement per request counts and, when the window has
 * passed, starts a new one; an expired window's row is simply overwritten.
 */
export function databaseRateLimitStore(db: Db) {
  return class DatabaseRateLimitStore {
    /** The plugin passes its options first; the prefix names the route of a child store. */
    constructor(_options?: unknown, readonly prefix = '') {}

    incr(key: string, callback: Callback, timeWindow: number): void {
      rows<{ hits: number; ttl: number }>(
        db,
        sql`INSERT INTO ${rateLimits} AS r (key, hits, window_ends_at)
            VALUES (${this.prefix + key}, 1, now() + ${timeWindow} * interval '1 millisecond')
            ON CONFLICT (key) DO UPDATE SET
              hits = CASE WHEN r.window_ends_at > now() THEN r.hits + 1 ELSE 1 END,
              window_ends_at = CASE WHEN r.window_ends_at > now() THEN r.window_ends_at ELSE EXCLUDED.window_ends_at END
            RETURNING hits, greatest(0, ceil(extract(epoch FROM window_ends_at - now()) * 1000))::int AS ttl`,
      ).then(
        ([row]) => callback(null, { current: row!.hits, ttl: row!.ttl }),
        (error: Error) => callback(error),
      );
    }

    /** Each route with its own limit counts apart. */
    child(routeOptions: object) {
      const route = (routeOptions as { routeInfo?: { method?: string; url?: string } }).routeInfo;
      return new DatabaseRateLimitStore(undefined, `${this.prefix}${route?.method ?? ''} ${route?.url ?? ''}|`);
    }
  };
}
