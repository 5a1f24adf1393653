import { sql, type SQL } from 'drizzle-orm';
import type { AppEvent } from '../../domain/schemas/events';
import type { Db } from '../db/client';

/**
 * One PostgreSQL channel carries every event, so all server processes deliver them all. The
 * database announces a route whose deliveries changed on it too (migration 0021 names it).
 */
export const EVENTS_CHANNEL = 'frutas_events';

/** Sends an event to every connected client of every process, when `tx` commits. */
export async function publishEvent(tx: Db, event: AppEvent): Promise<void> {
  await tx.execute(sql`SELECT pg_notify(${EVENTS_CHANNEL}, ${JSON.stringify(event)})`);
}

/** The NOTIFY of 'shipping.changed' for the rows of `from`, which has a route's `id` and `date`. */
export function shippingChangedNotice(from: SQL): SQL {
  return sql`pg_notify(${EVENTS_CHANNEL}, json_build_object('type', 'shipping.changed', 'shipping_id', ${from}.id, 'date', ${from}.date)::text)`;
}

/**
 * A route changed (a delivery, a rejection, the odometer): the office's Inicio follows its progress.
 * The notification reads the route's date itself: one round trip on every delivery, not two.
 */
export async function publishShippingChanged(tx: Db, shippingId: number): Promise<void> {
  await tx.execute(sql`SELECT ${shippingChangedNotice(sql`shippings`)} FROM shippings WHERE id = ${shippingId}`);
}

