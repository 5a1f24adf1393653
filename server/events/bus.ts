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

type ShippingChanged = Extract<AppEvent, { type: 'shipping.changed' }>;
const SHIPPING_CHANGED: ShippingChanged['type'] = 'shipping.changed';
/**
 * The route's column behind each field of 'shipping.changed' (domain/schemas/events.ts): a field
 * renamed or added there no longer compiles here. Migration 0021 builds the same event in
 * plpgsql; tests/server/events.test.ts parses what both build with the domain schema.
 */
const SHIPPING_CHANGED_COLUMNS: { [F in Exclude<keyof ShippingChanged, 'type'>]: string } = { shipping_id: 'id', date: 'date' };

/** The NOTIFY of 'shipping.changed' for the rows of `from`, which has a route's `id` and `date`. */
export function shippingChangedNotice(from: SQL): SQL {
  const fields = Object.entries(SHIPPING_CHANGED_COLUMNS).map(([field, column]) => sql`${sql.raw(`'${field}'`)}, ${from}.${sql.raw(column)}`);
  return sql`pg_notify(${EVENTS_CHANNEL}, json_build_object('type', ${sql.raw(`'${SHIPPING_CHANGED}'`)}, ${sql.join(fields, sql`, `)})::text)`;
}

/**
 * A route changed (a delivery, a rejection, the odometer): the office's Inicio follows its progress.
 * The notification reads the route's date itself: one round trip on every delivery, not two.
 */
export async function publishShippingChanged(tx: Db, shippingId: number): Promise<void> {
  await tx.execute(sql`SELECT ${shippingChangedNotice(sql`shippings`)} FROM shippings WHERE id = ${shippingId}`);
}

