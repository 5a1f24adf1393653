import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  pgTable,
  primaryKey,
  real,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { changeSeq, createdAt, deletedAt, id, kilograms, updatedAt } from './columns';
import { companies, saleReturns, sales, vehicles } from './commerce';
import { users } from './people';

/** A delivery route (spec §3 Shipping). Times are Monterrey wall-clock, to the minute. */
export const shippings = pgTable(
  'shippings',
  {
    id: id(),
    date: varchar('date', { length: 10 }).notNull(),
    driver_id: integer('driver_id').references(() => users.id),
    vehicle_id: integer('vehicle_id').references(() => vehicles.id),
    initial_km: integer('initial_km'),
    final_km: integer('final_km'),
    km_capture_time_start: timestamp('km_capture_time_start', { mode: 'string' }),
    km_capture_time: timestamp('km_capture_time', { mode: 'string' }),
    route: integer('route'),
    weight: kilograms('weight').notNull().default(0),
    note: text('note'),
    /** 'entrega' delivers; 'recoleccion' (event rental) picks rented goods up after the event. */
    kind: varchar('kind', { length: 12 }).notNull().default('entrega'),
    user_id: integer('user_id').references(() => users.id),
    created_by_user_id: integer('created_by_user_id').references(() => users.id),
    last_updated_by_user_id: integer('last_updated_by_user_id').references(() => users.id),
    created_at: createdAt(),
    updated_at: updatedAt(),
    deleted_at: deletedAt(),
    change_seq: changeSeq(),
  },
  // Lists filter live routes by driver and date, count them and take a page by id: partial
  // indexes that hold the id let the count and the choice of the page be answered from the
  // index alone (only the page's rows are read from the table).
  (t) => [
    index('shippings_date').on(t.date),
    index('shippings_driver_date').on(t.driver_id, t.date),
    index('shippings_live_driver_date_id')
      .on(t.driver_id, t.date, t.id)
      .where(sql`${t.deleted_at} IS NULL`),
    index('shippings_live_date_id')
      .on(t.date, t.id)
      .where(sql`${t.deleted_at} IS NULL`),
    // A driver's routes newest first (the list's default order) without walking every route,
    // with each route's day: a page of a period is looked for among the newest from the index alone.
    index('shippings_live_driver_id_date')
      .on(t.driver_id, t.id, t.date)
      .where(sql`${t.deleted_at} IS NULL`),
    index('shippings_change_seq').on(t.change_seq),
    check('shippings_kind', sql`${t.kind} IN ('entrega', 'recoleccion')`),
  ],
);

/**
 * How many live routes each driver has on each day (driver 0: routes without a driver),
 * kept by triggers on `shippings` in the writing transaction (migration 0019): a list
 * filtered by driver and dates counts a few rows per day instead of every route.
 */
export const shippingDayCounts = pgTable(
  'shipping_day_counts',
  {
    driver_id: integer('driver_id').notNull(),
    date: varchar('date', { length: 10 }).notNull(),
    live: integer('live').notNull(),
  },
  // The counts ride in the indexes, so a sum over a driver's year (or every driver's days) is read
  // from the index alone: the days written lately are the only rows it visits in the table.
  (t) => [
    primaryKey({ columns: [t.driver_id, t.date] }),
    index('shipping_day_counts_driver_date_live').on(t.driver_id, t.date, t.live),
    index('shipping_day_counts_date_live').on(t.date, t.driver_id, t.live),
  ],
);

/** One sale on a route, with its delivery outcome and evidence (spec §3 Shipping detail). */
export const shippingDetails = pgTable(
  'shipping_details',
  {
    id: id(),
    shipping_id: integer('shipping_id')
      .notNull()
      .references(() => shippings.id),
    sale_id: integer('sale_id')
      .notNull()
      .references(() => sales.id),
    company_id: integer('company_id').references(() => companies.id),
    completed: boolean('completed').notNull().default(false),
    is_delivered: boolean('is_delivered').notNull().default(false),
    delivery_rejection_comment: text('delivery_rejection_comment'),
    delivered_at: timestamp('delivered_at', { mode: 'string' }),
    invoice: varchar('invoice', { length: 60 }),
    pdf: varchar('pdf', { length: 120 }),
    /** Where the device was when the delivery was completed or rejected, when the person allowed it. */
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    /** The stop's place in its route (1 first), set by 'Optimizar' or the office's drag; null: after the ordered ones, by id. */
    stop_order: integer('stop_order'),
    /** Who received the goods, as the driver wrote it with their signature. */
    received_by: varchar('received_by', { length: 120 }),
    /** The receiver's signature on glass: a PNG among the evidence files, by its stored name. */
    signature: varchar('signature', { length: 120 }),
    /** Delivered in part: what came back is the credit note `return_id` (sale_returns). */
    partial: boolean('partial').notNull().default(false),
    return_id: integer('return_id').references(() => saleReturns.id),
    /** The customer's tracking link (/seguimiento/{token}): unguessable, it answers until a while after delivery. */
    tracking_token: varchar('tracking_token', { length: 43 }),
    /** When the customer was told the route started, and that theirs is the next stop: each once. */
    told_started_at: timestamp('told_started_at', { withTimezone: true, mode: 'string' }),
    told_next_at: timestamp('told_next_at', { withTimezone: true, mode: 'string' }),
    created_by_user_id: integer('created_by_user_id').references(() => users.id),
    last_updated_by_user_id: integer('last_updated_by_user_id').references(() => users.id),
    created_at: createdAt(),
    updated_at: updatedAt(),
    deleted_at: deletedAt(),
  },
  (t) => [
    uniqueIndex('shipping_details_tracking_token').on(t.tracking_token),
    index('shipping_details_shipping').on(t.shipping_id),
    index('shipping_details_sale').on(t.sale_id),
    // Opening evidence asks which delivery names the file (its photo or PDF, or its signature).
    index('shipping_details_pdf').on(t.pdf),
    index('shipping_details_signature').on(t.signature),
  ],
);

/**
 * Where a started route's phone was (issue 47), as it recorded them (every minute or 200 m),
 * sent in batches from the device: a batch replayed is recorded once (the key is the route,
 * the person and the device's time). Kept 90 days.
 */
export const routePositions = pgTable(
  'route_positions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    shipping_id: integer('shipping_id')
      .notNull()
      .references(() => shippings.id),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id),
    recorded_at: timestamp('recorded_at', { withTimezone: true, mode: 'string' }).notNull(),
    latitude: doublePrecision('latitude').notNull(),
    longitude: doublePrecision('longitude').notNull(),
    /** Metres, as the phone reports them. */
    accuracy: real('accuracy'),
    /** Metres per second. */
    speed: real('speed'),
    heading: real('heading'),
    received_at: timestamp('received_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('route_positions_once').on(t.shipping_id, t.user_id, t.recorded_at),
    index('route_positions_received').on(t.received_at),
  ],
);

/**
 * Who stored each evidence file and how big it is: the uploads a person has not attached to a
 * delivery count against their quota, and those still unattached after a day are removed.
 */
export const evidenceFiles = pgTable(
  'evidence_files',
  {
    name: varchar('name', { length: 120 }).primaryKey(),
    user_id: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    bytes: bigint('bytes', { mode: 'number' }).notNull(),
    created_at: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('evidence_files_user').on(t.user_id, t.created_at), index('evidence_files_created').on(t.created_at)],
);

/**
 * Resumable evidence uploads in progress (tus). Kept in the database, with their parts in the
 * evidence storage (a bucket when configured), so that a driver's next part may reach any
 * server machine.
 */
export const evidenceUploads = pgTable(
  'evidence_uploads',
  {
    id: varchar('id', { length: 32 }).primaryKey(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    length: bigint('length', { mode: 'number' }).notNull(),
    /** The Upload-Metadata header as sent (echoed on HEAD, as the protocol asks). */
    metadata: text('metadata'),
    /** The checked file's stored name, once complete: the first completion wins. */
    stored_name: varchar('stored_name', { length: 120 }),
    created_at: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    touched_at: timestamp('touched_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('evidence_uploads_user').on(t.user_id), index('evidence_uploads_touched').on(t.touched_at)],
);

/**
 * The parts of an upload, by the offset each started at: the primary key lets one request
 * commit a given offset, so two racing from the same offset (a retry while the first is still
 * arriving) cannot both land.
 */
export const evidenceUploadParts = pgTable(
  'evidence_upload_parts',
  {
    upload_id: varchar('upload_id', { length: 32 })
      .notNull()
      .references(() => evidenceUploads.id, { onDelete: 'cascade' }),
    start: bigint('start', { mode: 'number' }).notNull(),
    bytes: bigint('bytes', { mode: 'number' }).notNull(),
    /** Its name in the parts' storage. */
    object: varchar('object', { length: 120 }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.upload_id, t.start] })],
);
