import { integer, jsonb, pgTable, timestamp, varchar } from 'drizzle-orm/pg-core';
import { users } from './people';

/**
 * One row per `Idempotency-Key`, written in the same transaction as the effect of the
 * request: a repeat finds the stored answer, a different body under the same key is refused.
 */
export const idempotencyKeys = pgTable('idempotency_keys', {
  key: varchar('key', { length: 100 }).primaryKey(),
  user_id: integer('user_id').notNull().references(() => users.id),
  request: varchar('request', { length: 64 }).notNull(),
  status_code: integer('status_code').notNull(),
  response: jsonb('response'),
  created_at: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});
