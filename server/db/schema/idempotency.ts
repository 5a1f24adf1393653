import { bigint, integer, jsonb, pgTable, timestamp, uuid, varchar } from 'drizzle-orm/pg-core';
import { users } from './people';

/**
 * One row per `Idempotency-Key`, written in the same transaction as the effect of the
 * request: a repeat finds the stored answer, a different body under the same key is refused.
 * Rows are kept: a device offline for weeks still gets the stored answer on its retry.
 */
export const idempotencyKeys = pgTable('idempotency_keys', {
  key: varchar('key', { length: 100 }).primaryKey(),
  user_id: integer('user_id')
    .notNull()
    .references(() => users.id),
  request: varchar('request', { length: 64 }).notNull(),
  status_code: integer('status_code').notNull(),
  response: jsonb('response'),
  /** The device and its outbox sequence number, when the request came from a device's outbox. */
  device_id: uuid('device_id'),
  device_seq: bigint('device_seq', { mode: 'number' }),
  created_at: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

/** The highest outbox sequence number each device has had applied, kept permanently (docs/sync-engine.md rule 3). */
export const syncDevices = pgTable('sync_devices', {
  device_id: uuid('device_id').primaryKey(),
  user_id: integer('user_id')
    .notNull()
    .references(() => users.id),
  last_seq: bigint('last_seq', { mode: 'number' }).notNull(),
  last_seen_at: timestamp('last_seen_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
});
