import { boolean, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { active, changeSeq, createdAt, id, money, name, updatedAt } from './columns';

/** A branch of the business; a user belongs to one (spec §3 User.branch). */
export const branches = pgTable('branches', {
  id: id(),
  name: name(),
  address: varchar('address', { length: 300 }).notNull(),
  phone: varchar('phone', { length: 40 }).notNull(),
  rfc: varchar('rfc', { length: 20 }).notNull(),
  razon_social: varchar('razon_social', { length: 200 }).notNull(),
  email: varchar('email', { length: 254 }).notNull(),
  active: active(),
  created_at: createdAt(),
});

export const jobPositions = pgTable('job_positions', { id: id(), name: name(), active: active() }, (t) => [
  uniqueIndex('job_positions_name').on(t.name),
]);

export const permissions = pgTable('permissions', { id: id(), name: name() }, (t) => [uniqueIndex('permissions_name').on(t.name)]);

export const roles = pgTable('roles', { id: id(), name: name() }, (t) => [uniqueIndex('roles_name').on(t.name)]);

export const rolePermissions = pgTable(
  'role_permissions',
  {
    role_id: integer('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
    permission_id: integer('permission_id')
      .notNull()
      .references(() => permissions.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.role_id, t.permission_id] })],
);

export const users = pgTable(
  'users',
  {
    id: id(),
    name: name(),
    last: varchar('last', { length: 200 }).notNull(),
    email: varchar('email', { length: 254 }).notNull(),
    password_hash: text('password_hash').notNull(),
    avatar: varchar('avatar', { length: 300 }),
    job_position_id: integer('job_position_id').references(() => jobPositions.id),
    sub_job_position: varchar('sub_job_position', { length: 120 }),
    role_id: integer('role_id').references(() => roles.id),
    branch_id: integer('branch_id').references(() => branches.id),
    /** Someone who left is deactivated, never deleted: the log, sales and routes keep naming them. */
    active: boolean('active').notNull().default(true),
    /** Set by a password reset: the temporary password opens only 'Cambiar contraseña'. */
    must_change_password: boolean('must_change_password').notNull().default(false),
    created_at: createdAt(),
    updated_at: updatedAt(),
    change_seq: changeSeq(),
  },
  (t) => [uniqueIndex('users_email').on(t.email), index('users_change_seq').on(t.change_seq)],
);

/** Permissions a person holds beyond their role's ('Usuarios'). */
export const userPermissions = pgTable(
  'user_permissions',
  {
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    permission_id: integer('permission_id')
      .notNull()
      .references(() => permissions.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.user_id, t.permission_id] })],
);

/**
 * When each person last signed in, apart from `users`: a sign-in is not a change to the
 * person (no Bitácora entry, and the held sessions of everyone stay held).
 */
export const userSignIns = pgTable('user_sign_ins', {
  user_id: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  signed_in_at: timestamp('signed_in_at', { withTimezone: true, mode: 'date' }).notNull(),
});

/** Opaque bearer tokens, stored as SHA-256 of the token so a database leak reveals none. */
export const authTokens = pgTable(
  'auth_tokens',
  {
    id: id(),
    token_hash: varchar('token_hash', { length: 64 }).notNull(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expires_at: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    last_used_at: timestamp('last_used_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    created_at: createdAt(),
  },
  (t) => [uniqueIndex('auth_tokens_hash').on(t.token_hash), index('auth_tokens_user').on(t.user_id)],
);

/**
 * One-time tickets that open the event stream: EventSource cannot send the bearer token,
 * and the long-lived token must not travel in a URL (logs, history). Stored hashed.
 */
export const eventTickets = pgTable('event_tickets', {
  ticket_hash: varchar('ticket_hash', { length: 64 }).primaryKey(),
  user_id: integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** The session it was issued to: signing out takes an unused ticket with it, and closes the stream it opened. */
  token_id: integer('token_id')
    .notNull()
    .references(() => authTokens.id, { onDelete: 'cascade' }),
  expires_at: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
});

/**
 * Passes that open evidence files in a new tab, where no bearer token is sent: short-lived,
 * stored hashed, and gone with the session they were issued to (sign-out, deactivation).
 */
export const filePasses = pgTable(
  'file_passes',
  {
    pass_hash: varchar('pass_hash', { length: 64 }).primaryKey(),
    token_id: integer('token_id')
      .notNull()
      .references(() => authTokens.id, { onDelete: 'cascade' }),
    expires_at: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [index('file_passes_token').on(t.token_id)],
);

/**
 * Failed sign-in counters per account and address pair and per address, kept in the database
 * so every server process sees the same count.
 */
export const loginFailures = pgTable('login_failures', {
  key: varchar('key', { length: 300 }).primaryKey(),
  failures: integer('failures').notNull(),
  window_started_at: timestamp('window_started_at', { withTimezone: true, mode: 'date' }).notNull(),
  /** The wait before the next attempt of an account from an address grows from here. */
  last_failed_at: timestamp('last_failed_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

/** Request counts per client and route window (@fastify/rate-limit's store), shared by every server process. */
export const rateLimits = pgTable('rate_limits', {
  key: varchar('key', { length: 300 }).primaryKey(),
  hits: integer('hits').notNull(),
  window_ends_at: timestamp('window_ends_at', { withTimezone: true, mode: 'date' }).notNull(),
});

export const notes = pgTable(
  'notes',
  {
    id: id(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    author_id: integer('author_id').references(() => users.id),
    title: varchar('title', { length: 200 }).notNull(),
    body: text('body').notNull(),
    seen: integer('seen').notNull().default(0),
    created_at: createdAt(),
    /** One note written to several people is one row each, sharing `sent_id`; a reply shares its thread's `thread_id`. */
    sent_id: varchar('sent_id', { length: 40 }),
    thread_id: varchar('thread_id', { length: 40 }),
    /** The record the note is about: 'sale', 'company' or 'shipping', and its id. */
    record_type: varchar('record_type', { length: 20 }),
    record_id: integer('record_id'),
    /** Put away by its reader; still in its thread and on its record. */
    archived: boolean('archived').notNull().default(false),
    /** Its reader was @mentioned in it. */
    mentioned: boolean('mentioned').notNull().default(false),
  },
  (t) => [
    index('notes_user').on(t.user_id),
    index('notes_thread').on(t.thread_id),
    index('notes_record').on(t.record_type, t.record_id),
    index('notes_author').on(t.author_id),
  ],
);

export const payrolls = pgTable(
  'payrolls',
  {
    id: id(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id),
    date: varchar('date', { length: 10 }).notNull(),
    job_position: varchar('job_position', { length: 120 }),
    sub_job_position: varchar('sub_job_position', { length: 120 }),
    amount: money('amount').notNull(),
    sum: money('sum').notNull(),
    rest: money('rest').notNull(),
    daily_salary: money('daily_salary').notNull(),
    imss: money('imss').notNull(),
    extra_time: money('extra_time').notNull(),
    punctuality_award: money('punctuality_award').notNull(),
    performance_award: money('performance_award').notNull(),
    production_award: money('production_award').notNull(),
    holidays: money('holidays').notNull(),
    prima_vacacional: money('prima_vacacional').notNull(),
    benefits: money('benefits').notNull(),
    infonavit: money('infonavit').notNull(),
    absence: money('absence').notNull(),
    loan: money('loan').notNull(),
    total: money('total').notNull(),
    created_at: createdAt(),
  },
  // One receipt per employee and pay date: a second one is refused, not added.
  (t) => [uniqueIndex('payrolls_user_date_unique').on(t.user_id, t.date)],
);

export const supportTickets = pgTable(
  'support_tickets',
  {
    id: id(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id),
    description: text('description').notNull(),
    status: varchar('status', { length: 30 }).notNull().default('Abierto'),
    created_at: createdAt(),
    /** Who answers it: user 1 or someone with the support permission. */
    assigned_to_user_id: integer('assigned_to_user_id').references(() => users.id),
    updated_at: updatedAt(),
  },
  (t) => [index('support_tickets_user').on(t.user_id)],
);

/** An answer on a ticket, or a change of its state or of who answers it, in order. */
export const supportTicketReplies = pgTable(
  'support_ticket_replies',
  {
    id: id(),
    ticket_id: integer('ticket_id')
      .notNull()
      .references(() => supportTickets.id, { onDelete: 'cascade' }),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id),
    body: text('body'),
    /** The state it set, when it changed it. */
    status: varchar('status', { length: 30 }),
    assigned_to_user_id: integer('assigned_to_user_id').references(() => users.id),
    created_at: createdAt(),
  },
  (t) => [index('support_ticket_replies_ticket').on(t.ticket_id)],
);

/**
 * A device that accepted notifications (Web Push), for one session: signing out (the session's
 * token deleted) removes it; the push service saying it is gone (404, 410) removes it too.
 */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: id(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    token_id: integer('token_id')
      .notNull()
      .references(() => authTokens.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull(),
    p256dh: varchar('p256dh', { length: 200 }).notNull(),
    auth: varchar('auth', { length: 100 }).notNull(),
    created_at: createdAt(),
  },
  (t) => [uniqueIndex('push_subscriptions_endpoint').on(t.endpoint), index('push_subscriptions_user').on(t.user_id)],
);

/**
 * Notifications to send, one per device, written in the transaction of the change they tell
 * of (so once per change and per Idempotency-Key), sent by each process's push loop.
 */
export const pushMessages = pgTable(
  'push_messages',
  {
    id: id(),
    subscription_id: integer('subscription_id')
      .notNull()
      .references(() => pushSubscriptions.id, { onDelete: 'cascade' }),
    title: varchar('title', { length: 200 }).notNull(),
    body: text('body').notNull(),
    url: varchar('url', { length: 300 }).notNull(),
    tag: varchar('tag', { length: 100 }),
    status: varchar('status', { length: 20 }).notNull().default('pendiente'),
    attempts: integer('attempts').notNull().default(0),
    next_attempt_at: timestamp('next_attempt_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
    last_error: text('last_error'),
    created_at: createdAt(),
    sent_at: timestamp('sent_at', { withTimezone: true, mode: 'string' }),
  },
  (t) => [index('push_messages_due').on(t.status, t.next_attempt_at)],
);

/** The server's VAPID key pair (Web Push), made once on first start when the environment gives none. */
export const pushKeys = pgTable('push_keys', {
  id: integer('id').primaryKey(),
  public_key: varchar('public_key', { length: 200 }).notNull(),
  private_key: varchar('private_key', { length: 200 }).notNull(),
  created_at: createdAt(),
});
