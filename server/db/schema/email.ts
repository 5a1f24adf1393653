import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { createdAt, id } from './columns';
import { sales } from './commerce';
import { users } from './people';

/**
 * Outgoing e-mail, queued in the database so a message survives restarts and is sent by
 * whichever server process claims it first (FOR UPDATE SKIP LOCKED). One row per request:
 * the Idempotency-Key of the request that queued it commits in the same transaction.
 * status: 'pendiente' until the mail server accepts it ('enviado') or the retry window
 * closes ('fallido', with the last reason).
 */
export const emailMessages = pgTable(
  'email_messages',
  {
    id: id(),
    /** The quotation (a row of sales) the message carries; or, for a message to a customer, none. */
    sale_id: integer('sale_id').references(() => sales.id),
    /** The conversation's message this e-mail carries (Mensajes), when it is one. */
    message_id: integer('message_id'),
    /** The CFDI it carries (its XML and PDF attached), when it is one. */
    cfdi_document_id: integer('cfdi_document_id'),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id),
    to: jsonb('to').$type<string[]>().notNull(),
    reply_to: varchar('reply_to', { length: 254 }),
    subject: varchar('subject', { length: 300 }).notNull(),
    html: text('html').notNull(),
    status: varchar('status', { length: 20 }).notNull().default('pendiente'),
    attempts: integer('attempts').notNull().default(0),
    next_attempt_at: timestamp('next_attempt_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
    give_up_at: timestamp('give_up_at', { withTimezone: true, mode: 'string' }).notNull(),
    last_error: text('last_error'),
    sent_at: timestamp('sent_at', { withTimezone: true, mode: 'string' }),
    created_at: createdAt(),
  },
  (t) => [
    index('email_messages_sale').on(t.sale_id),
    index('email_messages_due')
      .on(t.next_attempt_at)
      .where(sql`${t.status} = 'pendiente'`),
  ],
);
