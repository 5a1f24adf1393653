import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/client';
import { rows } from '../db/sql-rows';
import { ClaimLoop } from '../claim-loop';

/**
 * Where the trucks went is kept 90 days (issue 47), then deleted by every process's loop, a
 * bounded batch at a time from the oldest (the index on received_at finds them): a short
 * statement each, never one that holds the table for minutes after a long pause.
 */
export const POSITIONS_KEPT_DAYS = 90;
/** Positions deleted per statement. */
export const RETENTION_BATCH = 5_000;
/** How often a process looks for positions past their time. */
export const RETENTION_POLL_MS = 60 * 60_000;

/** Deletes one batch of positions received more than 90 days before `now`; how many went. */
export async function deleteExpiredPositions(db: Db, now: Date = new Date(), batch = RETENTION_BATCH): Promise<number> {
  const before = new Date(now.getTime() - POSITIONS_KEPT_DAYS * 24 * 60 * 60_000).toISOString();
  const [gone] = await rows<{ count: number }>(
    db,
    sql`WITH expired AS (
        DELETE FROM route_positions WHERE id IN (
          SELECT id FROM route_positions WHERE received_at < ${before} ORDER BY received_at LIMIT ${batch})
        RETURNING 1)
      SELECT count(*)::int AS count FROM expired`,
  );
  return gone?.count ?? 0;
}

/** Starts the retention loop with the server and stops it before the server closes. */
export function startPositionRetention(app: FastifyInstance, db: Db, pollMs = RETENTION_POLL_MS): ClaimLoop<number> {
  // ClaimLoop claims until nothing is left: each claim is one batch deleted (its count, or none).
  const loop = new ClaimLoop<number>({
    name: 'route positions retention',
    claim: async () => {
      const count = await deleteExpiredPositions(db);
      return count > 0 ? [count] : [];
    },
    handle: async () => undefined,
    pollMs,
    log: app.log,
  });
  app.addHook('onReady', async () => loop.start());
  app.addHook('preClose', async () => loop.stop());
  return loop;
}
