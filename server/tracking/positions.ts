import { sql } from 'drizzle-orm';
import { routeMapMessages } from '../../domain/messages/route-map';
import type { PositionBatch } from '../../domain/schemas/tracking';
import type { Db } from '../db/client';
import { rows } from '../db/sql-rows';
import { publishEvent } from '../events/bus';
import { HttpError } from '../http-errors';
import { monterreyWallInstant } from '../repositories/route-map';

/**
 * Where a started route's phone was (issue 47): a batch from the device, kept once per route,
 * person and device time. Positions are kept only while the route runs: from the minute its
 * odometer was started to a few minutes after it was finished (the phone may still be sending
 * the last ones); those outside, or from a clock ahead of ours, are answered as not recorded
 * — never refused, or the device would send them again forever.
 */

/** After the final odometer reading, the phone's last positions are still the route's for this long. */
export const AFTER_FINISH_GRACE_MS = 5 * 60_000;
/** A phone's clock may run this far ahead of the server's; a position later than that is not believed. */
export const CLOCK_AHEAD_TOLERANCE_MS = 5 * 60_000;

interface RouteWindow {
  driver_id: number | null;
  date: string;
  started: string | null;
  finished: string | null;
}

export interface RecordedBatch {
  /** Positions within the route's running time (new or already kept). */
  accepted: number;
  /** Of them, the ones kept now for the first time. */
  recorded: number;
}

/** A PostgreSQL array literal of `values` (one parameter: one prepared statement whatever the batch's size). */
const arrayLiteral = (values: readonly (string | number | null)[]) =>
  `{${values.map((v) => (v === null ? 'NULL' : typeof v === 'number' ? String(v) : `"${v}"`)).join(',')}}`;

/**
 * Records a batch for the route's driver in `tx` (one SELECT of the route without locking it,
 * one INSERT of every position, one NOTIFY) and announces the newest new position to the office.
 */
export async function recordPositions(
  tx: Db,
  shippingId: number,
  userId: number,
  batch: PositionBatch,
  now: Date = new Date(),
): Promise<RecordedBatch> {
  // Positions are the one write whose last moments may be lost to a crash of the database (a few
  // dots of a trail): their commit does not wait for the disk, which would otherwise be most of
  // a batch's time with 200 trucks. The route is read in the same statement.
  const [route] = await rows<RouteWindow>(
    tx,
    sql`SELECT set_config('synchronous_commit', 'off', true) AS commit_mode, driver_id, date, to_char(km_capture_time_start, 'YYYY-MM-DD HH24:MI') AS started,
        to_char(km_capture_time, 'YYYY-MM-DD HH24:MI') AS finished
      FROM shippings WHERE id = ${shippingId} AND deleted_at IS NULL`,
  );
  if (!route) throw new HttpError(404, routeMapMessages.shippingNotFound);
  if (route.driver_id !== userId) throw new HttpError(403, routeMapMessages.onlyDriverSendsPositions);
  if (route.started === null) return { accepted: 0, recorded: 0 };
  const from = monterreyWallInstant(route.started);
  // The finish is stored to the minute: the whole minute counts, then the grace.
  const finishedBy = route.finished === null ? Infinity : monterreyWallInstant(route.finished) + 60_000 + AFTER_FINISH_GRACE_MS;
  const until = Math.min(finishedBy, now.getTime() + CLOCK_AHEAD_TOLERANCE_MS);
  // One position per instant (the same instant written with another offset is the same one).
  const within = new Map<number, PositionBatch['positions'][number]>();
  for (const position of batch.positions) {
    const at = Date.parse(position.recorded_at);
    if (at >= from && at <= until) within.set(at, position);
  }
  if (within.size === 0) return { accepted: 0, recorded: 0 };
  const kept = [...within.entries()];
  const inserted = await rows<{ at: number; latitude: number; longitude: number }>(
    tx,
    sql`INSERT INTO route_positions (shipping_id, user_id, recorded_at, latitude, longitude, accuracy, speed, heading)
      SELECT ${shippingId}, ${userId}, p.recorded_at, p.latitude, p.longitude, p.accuracy, p.speed, p.heading
      FROM unnest(${arrayLiteral(kept.map(([at]) => new Date(at).toISOString()))}::timestamptz[],
        ${arrayLiteral(kept.map(([, p]) => p.latitude))}::float8[], ${arrayLiteral(kept.map(([, p]) => p.longitude))}::float8[],
        ${arrayLiteral(kept.map(([, p]) => p.accuracy ?? null))}::real[], ${arrayLiteral(kept.map(([, p]) => p.speed ?? null))}::real[],
        ${arrayLiteral(kept.map(([, p]) => p.heading ?? null))}::real[])
        AS p(recorded_at, latitude, longitude, accuracy, speed, heading)
      ON CONFLICT (shipping_id, user_id, recorded_at) DO NOTHING
      RETURNING (extract(epoch FROM recorded_at) * 1000)::float8 AS at, latitude, longitude`,
  );
  const newest = inserted.reduce<(typeof inserted)[number] | null>((best, p) => (best === null || p.at > best.at ? p : best), null);
  if (newest) {
    await publishEvent(tx, {
      type: 'route.position',
      shipping_id: shippingId,
      date: route.date,
      latitude: newest.latitude,
      longitude: newest.longitude,
      recorded_at: new Date(newest.at).toISOString(),
    });
  }
  return { accepted: within.size, recorded: inserted.length };
}
