import { POSITIONS_PER_BATCH, type PositionBatch, type RoutePosition } from '../domain/schemas/tracking';
import { writeMeta, type PositionRow, type PositionsDropped, type SyncDatabase } from './db';
import { droppedPositions } from './positions';
import { classifyFailure, classifyResponse } from './reply';
import type { Transport } from './types';

/**
 * Sending the positions a started route recorded (issue 47): batches of at most
 * POSITIONS_PER_BATCH per route, oldest first, in each sync round after the outbox. They are not
 * outbox rows: a position never holds a delivery back, and one the server refuses is dropped
 * rather than shown to the driver. The engine loads this module only when the table holds
 * something to send, so it is not part of the app's start.
 */

export interface PositionSendOptions {
  transport: Transport;
  userId: number;
  deviceId: string;
  token: string;
  now(): number;
  /** A fresh signal per request: a timeout, and the engine stopping. */
  requestSignal(): AbortSignal;
}

/**
 * How a round of sending ended. 'done': nothing left to send that the server could take now;
 * 'retry': the network or the server failed, what was not sent waits for the next round;
 * 'auth': the session is no longer valid (the engine pauses as for the outbox).
 */
export type PositionsOutcome = { kind: 'done' } | { kind: 'retry'; message: string } | { kind: 'auth'; message: string };

export interface PositionsRound {
  outcome: PositionsOutcome;
  /** Positions the server acknowledged in this round (recorded, or already had). */
  sent: number;
  /** Positions the server refused for good in this round, dropped from the device. */
  dropped: number;
}

export const positionsPath = (shippingId: number) => `/api/v2/shippings/${shippingId}/positions`;

/**
 * The batch's key: the device and its first and last row. Row ids only go up and a sent batch
 * is deleted, so the same key always carries the same positions: a batch whose answer was lost
 * goes again under its key, and the server records nothing twice.
 */
export const positionsKey = (deviceId: string, rows: readonly PositionRow[]) => `positions-${deviceId}-${rows[0]!.id}-${rows.at(-1)!.id}`;

function wire(row: PositionRow): RoutePosition {
  return {
    recorded_at: row.recorded_at,
    latitude: row.latitude,
    longitude: row.longitude,
    accuracy: row.accuracy,
    speed: row.speed,
    heading: row.heading,
  };
}

/** The routes this person has positions of, in the order their oldest position was taken. */
async function routesWithPositions(db: SyncDatabase, userId: number): Promise<number[]> {
  const keys = (await db.positions
    .where('[userId+shippingId]')
    .between([userId, -Infinity], [userId, Infinity])
    .uniqueKeys()) as unknown as [number, number][];
  const oldest = await Promise.all(
    keys.map(async ([, shippingId]) => ({ shippingId, first: (await oldestBatch(db, userId, shippingId, 1))[0]?.id ?? Infinity })),
  );
  return oldest.sort((a, b) => a.first - b.first).map((route) => route.shippingId);
}

/** A route's oldest positions of this person (the index keeps them in id order). */
function oldestBatch(db: SyncDatabase, userId: number, shippingId: number, size = POSITIONS_PER_BATCH): Promise<PositionRow[]> {
  return db.positions.where('[userId+shippingId]').equals([userId, shippingId]).limit(size).toArray();
}

/**
 * Whether the route's lane of the outbox still holds commands on their way (an offline
 * 'Iniciar' retrying or backing off). The server takes positions only of a route it knows as
 * started and answers 'accepted 0' otherwise, which would delete them: they wait on the device
 * until the lane is through. The lane's name is the one sync/commands.ts gives a route's commands.
 */
async function routeCommandsWaiting(db: SyncDatabase, shippingId: number): Promise<boolean> {
  const waiting = await db.outbox
    .where('lane')
    .equals(`route:${shippingId}`)
    .filter((row) => row.state === 'pending' || row.state === 'sending')
    .count();
  return waiting > 0;
}

/**
 * Sends this person's buffered positions: each route's oldest batch first, the next batch of
 * the route once the last was acknowledged. A route whose commands still wait in the outbox (its
 * start not yet on the server) is left for a later round. A 2xx deletes the batch; 401 stops the round;
 * another 4xx (a route of another person, a body the server will never take) drops the batch
 * and records it; a network error, a timeout, 5xx or 429 keeps everything for the next round.
 */
export async function sendPositions(db: SyncDatabase, options: PositionSendOptions): Promise<PositionsRound> {
  const round: PositionsRound = { outcome: { kind: 'done' }, sent: 0, dropped: 0 };
  for (const shippingId of await routesWithPositions(db, options.userId)) {
    if (await routeCommandsWaiting(db, shippingId)) continue;
    for (;;) {
      const rows = await oldestBatch(db, options.userId, shippingId);
      if (rows.length === 0) break;
      const body: PositionBatch = { positions: rows.map(wire) };
      let outcome;
      try {
        const response = await options.transport.fetch(`${options.transport.baseUrl}${positionsPath(shippingId)}`, {
          method: 'POST',
          headers: {
            authorization: `Bearer ${options.token}`,
            'content-type': 'application/json',
            'idempotency-key': positionsKey(options.deviceId, rows),
            'x-device-id': options.deviceId,
          },
          body: JSON.stringify(body),
          signal: options.requestSignal(),
        });
        outcome = await classifyResponse(response, options.now());
      } catch (error) {
        outcome = classifyFailure(error);
      }
      const ids = rows.map((row) => row.id!);
      if (outcome.kind === 'done') {
        await db.positions.bulkDelete(ids);
        round.sent += ids.length;
        continue;
      }
      if (outcome.kind === 'rejected') {
        await dropBatch(db, ids, outcome.message, options.now());
        round.dropped += ids.length;
        continue;
      }
      // The network, the server or the session failed: later batches would fare no better.
      round.outcome = { kind: outcome.kind, message: outcome.message };
      return round;
    }
  }
  return round;
}

/** A batch the server will never take leaves the device, counted with the server's reason. */
async function dropBatch(db: SyncDatabase, ids: number[], message: string, at: number): Promise<void> {
  await db.transaction('rw', db.positions, db.meta, async () => {
    const before = await droppedPositions(db);
    await db.positions.bulkDelete(ids);
    await writeMeta(db, 'positionsDropped', { count: (before?.count ?? 0) + ids.length, message, at } satisfies PositionsDropped);
  });
}
