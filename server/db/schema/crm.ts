import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { active, createdAt, deletedAt, id, money, name, updatedAt } from './columns';
import { companies, contacts, items, providers, purchaseOrders, sales } from './commerce';
import { activityTypes, expenseTypes, funnels, origins, paymentMethods } from './reference-lists';
import { users } from './people';
import { shippingDetails, shippings } from './shipping';

/** Outcomes of calls and activities (spec §7 result/all). */
export const results = pgTable('results', { id: id(), name: name(), created_at: createdAt() });

export const funnelPhases = pgTable('funnel_phases', {
  id: id(),
  funnel_id: integer('funnel_id')
    .notNull()
    .references(() => funnels.id),
  name: name(),
  position: integer('position').notNull(),
  active: active(),
});

export const leads = pgTable(
  'leads',
  {
    id: id(),
    name: name(),
    company_name: varchar('company_name', { length: 200 }),
    phone: varchar('phone', { length: 40 }),
    email: varchar('email', { length: 254 }),
    funnel_id: integer('funnel_id').references(() => funnels.id),
    funnel_phase_id: integer('funnel_phase_id').references(() => funnelPhases.id),
    origin_id: integer('origin_id').references(() => origins.id),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [index('leads_user').on(t.user_id)],
);

/** CRM activities with a date: the calendar shows them (spec §2 /calendar, /activities). */
export const activities = pgTable(
  'activities',
  {
    id: id(),
    activity_type_id: integer('activity_type_id').references(() => activityTypes.id),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id),
    company_id: integer('company_id').references(() => companies.id),
    lead_id: integer('lead_id').references(() => leads.id),
    title: varchar('title', { length: 200 }).notNull(),
    note: text('note'),
    date: varchar('date', { length: 10 }).notNull(),
    time: varchar('time', { length: 5 }),
    done: boolean('done').notNull().default(false),
    result_id: integer('result_id').references(() => results.id),
    /** What comes next with this customer or lead. */
    next_step: text('next_step'),
    created_at: createdAt(),
  },
  (t) => [index('activities_date').on(t.date), index('activities_lead').on(t.lead_id)],
);

/** A call to a customer or a lead (Logged with its result and the next step). */
export const calls = pgTable(
  'calls',
  {
    id: id(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id),
    company_id: integer('company_id').references(() => companies.id),
    lead_id: integer('lead_id').references(() => leads.id),
    contact_id: integer('contact_id').references(() => contacts.id),
    date: varchar('date', { length: 10 }).notNull(),
    duration_minutes: integer('duration_minutes').notNull(),
    note: text('note'),
    result_id: integer('result_id').references(() => results.id),
    next_step: text('next_step'),
    created_at: createdAt(),
  },
  (t) => [index('calls_date').on(t.date), index('calls_lead').on(t.lead_id)],
);

/** A conversation with a customer or a lead on one channel ('whatsapp' or 'email'), at one address. */
export const conversations = pgTable(
  'conversations',
  {
    id: id(),
    company_id: integer('company_id').references(() => companies.id),
    contact_id: integer('contact_id').references(() => contacts.id),
    channel: varchar('channel', { length: 30 }).notNull(),
    created_at: createdAt(),
    lead_id: integer('lead_id').references(() => leads.id),
    /** The other side's WhatsApp number (digits, with country code) or e-mail address. */
    address: varchar('address', { length: 254 }),
  },
  (t) => [index('conversations_address').on(t.channel, t.address)],
);

export const messages = pgTable(
  'messages',
  {
    id: id(),
    conversation_id: integer('conversation_id')
      .notNull()
      .references(() => conversations.id),
    user_id: integer('user_id').references(() => users.id),
    direction: varchar('direction', { length: 10 }).notNull(),
    body: text('body').notNull(),
    created_at: createdAt(),
    /** The channel's id of the message (WhatsApp's wamid): statuses and incoming messages are matched by it. */
    external_id: varchar('external_id', { length: 200 }),
    /** An outgoing WhatsApp message still to be handed to the channel, and its tries. */
    pending: boolean('pending').notNull().default(false),
    attempts: integer('attempts').notNull().default(0),
    next_attempt_at: timestamp('next_attempt_at', { withTimezone: true, mode: 'string' }),
    last_error: text('last_error'),
    /** A WhatsApp template to send instead of free text (a business-initiated message outside the 24 h window). */
    template: jsonb('template').$type<{ name: string; language: string; parameters: string[] }>(),
  },
  (t) => [
    index('messages_conversation').on(t.conversation_id),
    uniqueIndex('messages_external_id').on(t.external_id),
    index('messages_pending').on(t.next_attempt_at).where(sql`${t.pending}`),
  ],
);

export const messageStatuses = pgTable('message_statuses', {
  id: id(),
  message_id: integer('message_id')
    .notNull()
    .references(() => messages.id),
  status: varchar('status', { length: 20 }).notNull(),
  created_at: createdAt(),
});

/**
 * The activity log (spec §2 /activity-log): one row per row changed through the
 * API, written by a trigger in the change's own transaction (migration 0013), never edited.
 * `action` is create, update or delete; `entity` the table; `before`/`after` the row (on an
 * update, only the fields that changed); `route`, `device`, `ip` and `request_id` where the
 * change came from.
 */
export const logs = pgTable(
  'logs',
  {
    id: id(),
    user_id: integer('user_id').references(() => users.id),
    action: varchar('action', { length: 60 }).notNull(),
    entity: varchar('entity', { length: 60 }).notNull(),
    entity_id: integer('entity_id'),
    route: varchar('route', { length: 160 }),
    device: varchar('device', { length: 200 }),
    ip: varchar('ip', { length: 64 }),
    request_id: varchar('request_id', { length: 64 }),
    before: jsonb('before'),
    after: jsonb('after'),
    created_at: createdAt(),
  },
  (t) => [index('logs_created_at').on(t.created_at), index('logs_entity').on(t.entity, t.entity_id), index('logs_user').on(t.user_id)],
);

export const collections = pgTable(
  'collections',
  {
    id: id(),
    company_id: integer('company_id')
      .notNull()
      .references(() => companies.id),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id),
    date: varchar('date', { length: 10 }).notNull(),
    amount: money('amount').notNull(),
    payment_method_id: integer('payment_method_id').references(() => paymentMethods.id),
    reference: varchar('reference', { length: 60 }),
    note: text('note'),
    /** What was not applied to any sale: the customer's credit. */
    unapplied: money('unapplied').notNull().default(0),
    canceled_at: timestamp('canceled_at', { withTimezone: true, mode: 'string' }),
    canceled_by_user_id: integer('canceled_by_user_id').references(() => users.id),
    cancel_reason: text('cancel_reason'),
    /**
     * A payment the driver took at a stop ('Cobrar', offline through the outbox): the route and
     * stop it was taken at, and the provisional number its receipt showed on the phone.
     */
    shipping_id: integer('shipping_id').references(() => shippings.id),
    shipping_detail_id: integer('shipping_detail_id').references(() => shippingDetails.id),
    provisional: varchar('provisional', { length: 20 }),
    created_at: createdAt(),
  },
  (t) => [
    index('collections_date').on(t.date),
    index('collections_shipping')
      .on(t.shipping_id)
      .where(sql`${t.shipping_id} IS NOT NULL`),
    index('collections_company').on(t.company_id),
    check('collections_amount_positive', sql`${t.amount} > 0`),
    check('collections_unapplied_in_range', sql`${t.unapplied} >= 0 AND ${t.unapplied} <= ${t.amount}`),
  ],
);

export const collectionDetails = pgTable(
  'collection_details',
  {
    id: id(),
    collection_id: integer('collection_id')
      .notNull()
      .references(() => collections.id, { onDelete: 'cascade' }),
    sale_id: integer('sale_id')
      .notNull()
      .references(() => sales.id),
    amount: money('amount').notNull(),
  },
  (t) => [
    index('collection_details_collection').on(t.collection_id),
    index('collection_details_sale').on(t.sale_id),
    check('collection_details_amount_positive', sql`${t.amount} > 0`),
  ],
);

export const expenses = pgTable(
  'expenses',
  {
    id: id(),
    expense_type_id: integer('expense_type_id')
      .notNull()
      .references(() => expenseTypes.id),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id),
    date: varchar('date', { length: 10 }).notNull(),
    amount: money('amount').notNull(),
    description: varchar('description', { length: 300 }),
    payment_method_id: integer('payment_method_id').references(() => paymentMethods.id),
    created_at: createdAt(),
    deleted_at: deletedAt(),
  },
  (t) => [index('expenses_date').on(t.date), check('expenses_amount_positive', sql`${t.amount} > 0`)],
);

/** Raw material received from a provider. */
export const supplies = pgTable('supplies', {
  id: id(),
  item_id: integer('item_id')
    .notNull()
    .references(() => items.id),
  provider_id: integer('provider_id').references(() => providers.id),
  date: varchar('date', { length: 10 }).notNull(),
  quantity: money('quantity').notNull(),
  cost: money('cost').notNull(),
  created_at: createdAt(),
});

export const providerPayments = pgTable('provider_payments', {
  id: id(),
  provider_id: integer('provider_id')
    .notNull()
    .references(() => providers.id),
  purchase_order_id: integer('purchase_order_id').references(() => purchaseOrders.id),
  date: varchar('date', { length: 10 }).notNull(),
  amount: money('amount').notNull(),
  payment_method_id: integer('payment_method_id').references(() => paymentMethods.id),
  reference: varchar('reference', { length: 60 }),
  created_by_user_id: integer('created_by_user_id').references(() => users.id),
  created_at: createdAt(),
  updated_at: updatedAt(),
  deleted_at: deletedAt(),
});

/** Cash put into or taken out of the counter's drawer (/caja): change fund, a payout, a deposit to the bank. */
export const cashMovements = pgTable(
  'cash_movements',
  {
    id: id(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id),
    date: varchar('date', { length: 10 }).notNull(),
    kind: varchar('kind', { length: 10 }).notNull(),
    amount: money('amount').notNull(),
    reason: varchar('reason', { length: 300 }).notNull(),
    created_at: createdAt(),
  },
  (t) => [
    index('cash_movements_user_date').on(t.user_id, t.date),
    check('cash_movements_kind', sql`${t.kind} IN ('entrada', 'salida')`),
    check('cash_movements_amount_positive', sql`${t.amount} > 0`),
  ],
);

/** The day's cut of a person's drawer: what the server expected and what was counted; once per person and day. */
export const cashCuts = pgTable(
  'cash_cuts',
  {
    id: id(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id),
    date: varchar('date', { length: 10 }).notNull(),
    expected: money('expected').notNull(),
    counted: money('counted').notNull(),
    difference: money('difference').notNull(),
    note: varchar('note', { length: 300 }),
    created_at: createdAt(),
  },
  (t) => [uniqueIndex('cash_cuts_user_date').on(t.user_id, t.date), check('cash_cuts_counted_not_negative', sql`${t.counted} >= 0`)],
);

/**
 * The driver's cash cut of one route ('Corte del chofer'): what they counted by payment method
 * when closing it (from the phone, offline), and the office's receipt of it — the cash handed
 * in, the difference against what was collected in cash, who received it. Once per route.
 */
export const driverCuts = pgTable(
  'driver_cuts',
  {
    id: id(),
    shipping_id: integer('shipping_id')
      .notNull()
      .references(() => shippings.id),
    driver_id: integer('driver_id')
      .notNull()
      .references(() => users.id),
    /** [{ payment_method_id, amount }] as the driver counted them. */
    counted: jsonb('counted').$type<{ payment_method_id: number; amount: number }[]>().notNull(),
    note: varchar('note', { length: 300 }),
    /** When the driver closed it, Monterrey time to the minute, as the phone took it. */
    submitted_at: varchar('submitted_at', { length: 16 }).notNull(),
    received_at: timestamp('received_at', { withTimezone: true, mode: 'string' }),
    received_by_user_id: integer('received_by_user_id').references(() => users.id),
    received_cash: money('received_cash'),
    difference: money('difference'),
    received_note: varchar('received_note', { length: 300 }),
    cash_movement_id: integer('cash_movement_id').references(() => cashMovements.id),
    created_at: createdAt(),
  },
  (t) => [uniqueIndex('driver_cuts_shipping').on(t.shipping_id)],
);
