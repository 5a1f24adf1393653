import { readMeta, type PositionRow, type PositionsDropped, type SyncDatabase } from './db';

/**
 * Positions of a started route (issue 47), written one by one as the phone takes them and sent
 * in batches by the engine (sync/position-batches.ts, loaded only when there is something to
 * send). This module is what the recorder needs, and only that: it stays small because the
 * recorder loads with the driver's routes.
 */

export interface TakenPosition {
  shippingId: number;
  userId: number;
  /** ISO instant from the phone's fix (rule 4: the time it was taken, never the time it is sent). */
  recorded_at: string;
  latitude: number;
  longitude: number;
  accuracy?: number | null;
  speed?: number | null;
  heading?: number | null;
}

/** A reading inside the range the server takes (domain/schemas/tracking.ts), else null. */
function within(value: number | null | undefined, min: number, max: number): number | null {
  return typeof value === 'number' && Number.isFinite(value) && value >= min && value <= max ? value : null;
}

/**
 * Keeps one position until it is sent; returns its id, or null when the fix is not a place
 * (latitude or longitude missing or out of range, no valid instant). Readings a phone gives
 * out of range (a heading of NaN while standing still) are kept as unknown: one odd reading
 * must not make the server refuse the whole batch it travels in.
 */
export async function recordPosition(db: SyncDatabase, position: TakenPosition): Promise<number | null> {
  const latitude = within(position.latitude, -90, 90);
  const longitude = within(position.longitude, -180, 180);
  const at = Date.parse(position.recorded_at);
  if (latitude === null || longitude === null || Number.isNaN(at)) return null;
  const row: PositionRow = {
    shippingId: position.shippingId,
    userId: position.userId,
    recorded_at: new Date(at).toISOString(),
    latitude,
    longitude,
    accuracy: within(position.accuracy, 0, 100_000),
    speed: within(position.speed, 0, 200),
    heading: within(position.heading, 0, 360),
  };
  return (await db.positions.add(row)) as number;
}

/** How many of this person's positions wait on the device: for the sync panel, if it shows them. */
export function waitingPositions(db: SyncDatabase, userId: number): Promise<number> {
  return db.positions.where('userId').equals(userId).count();
}

/** What the server refused for good so far on this device (null: nothing). */
export async function droppedPositions(db: SyncDatabase): Promise<PositionsDropped | null> {
  return (await readMeta<PositionsDropped | null>(db, 'positionsDropped')) ?? null;
}
