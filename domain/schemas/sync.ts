import * as z from 'zod/mini';
import { deploymentSchema } from '../deployment';
import { orderToDispatchSchema } from './orders';
import { physicalInventorySchema } from './physical-inventory';
import { shippingSchema } from './shipping';

/**
 * GET /api/v2/sync/pull?cursor= — what a device keeps offline (docs/sync-engine.md rule 9).
 *
 * The cursor is the server's: opaque to the device, sent back as received. Without one,
 * or when the server answers `reset: true`, the device rebuilds its copy: it keeps what
 * the pages of this reset bring and, after the last page (`has_more: false`), drops the
 * synced records the reset did not bring. Otherwise a page brings records changed since
 * the cursor (whole routes, with their deliveries) and the ids of records that left the
 * device's scope (deleted, reassigned, out of the date window).
 */
export const SYNC_WINDOW_DAYS = 7;

export const syncDriverSchema = z.object({ id: z.int(), name: z.string(), last: z.string() });
export const syncVehicleSchema = z.object({ id: z.int(), name: z.string() });
export const syncItemSchema = z.object({
  id: z.int(),
  name: z.string(),
  ean13: z.nullable(z.string()),
  unit: z.string(),
  price: z.number(),
  weight: z.number(),
  /**
   * The rates a sale's line of it is taxed at (as priceCart prices it: both null when its
   * ObjetoImp carries no taxes). Absent from older servers, as the next three.
   */
  iva_rate: z.optional(z.nullable(z.number())),
  ieps_rate: z.optional(z.nullable(z.number())),
  /** Only published items are sold (priceCart refuses the others). */
  is_published: z.optional(z.boolean()),
  /** Signed sum of its inventory movements at the pulling person's branch; null for a person without a branch. */
  stock: z.optional(z.nullable(z.number())),
});

/** A customer as the counter sells to it offline (only for people with permission `sales`). */
export const syncCustomerSchema = z.object({
  id: z.int(),
  name: z.string(),
  razon_social: z.nullable(z.string()),
  rfc: z.nullable(z.string()),
  credit_days: z.int(),
  /** Its branches (delivery places), ordered by name. */
  branches: z.array(z.object({ id: z.int(), name: z.string() })),
  /** What it owes: the sum of the balances of its live sales. */
  balance: z.number(),
  /** Of that, what is overdue: sales whose due date is before today (Monterrey). */
  overdue: z.number(),
});

export type SyncItem = z.infer<typeof syncItemSchema>;
export type SyncCustomer = z.infer<typeof syncCustomerSchema>;

export const syncPaymentMethodSchema = z.object({ id: z.int(), name: z.string() });

const removedIds = z.array(z.int());

export const syncPullSchema = z.object({
  cursor: z.string(),
  has_more: z.boolean(),
  reset: z.boolean(),
  /** Present on the first page of a reset: the business identity, for offline starts. */
  deployment: z.optional(deploymentSchema),
  shippings: z.array(shippingSchema),
  orders: z.array(orderToDispatchSchema),
  vehicles: z.array(syncVehicleSchema),
  drivers: z.array(syncDriverSchema),
  items: z.array(syncItemSchema),
  /** Open physical counts of the person's branch, with every line; absent from older servers. */
  physical_inventories: z.optional(z.array(physicalInventorySchema)),
  /** Customers changed (their branches or what they owe too); absent from older servers and for people without `sales`. */
  customers: z.optional(z.array(syncCustomerSchema)),
  /** On every page of a reset: the active payment methods, ordered by name (the device's 'Cobrar'). */
  payment_methods: z.optional(z.array(syncPaymentMethodSchema)),
  removed: z.object({
    shippings: removedIds,
    orders: removedIds,
    vehicles: removedIds,
    drivers: removedIds,
    items: removedIds,
    physical_inventories: z.optional(removedIds),
    customers: z.optional(removedIds),
  }),
});
export type SyncPull = z.infer<typeof syncPullSchema>;
export type SyncKind = keyof SyncPull['removed'];
export const SYNC_KINDS: readonly SyncKind[] = ['shippings', 'orders', 'vehicles', 'drivers', 'items', 'physical_inventories', 'customers'];

/**
 * POST /api/v2/sync/push — several outbox commands in one request (docs/sync-engine.md rules 3, 5, 7).
 *
 * Each command is the request the device would send to its own route (method, path and
 * body, as `sync/commands.ts` builds it) with its own Idempotency-Key (the outbox row's id)
 * and sequence number. The server applies them one after another, in the order given, each
 * through its own route in its own database transaction, so a command answers exactly as
 * it would alone: a repeat of a key gets the stored answer whichever way it came. The
 * server stops at the first command whose answer is not final (401, 408, 409, 425, 429,
 * 5xx): the commands after it are not attempted and have no result, so rows of one lane
 * never overtake a row that must be tried again.
 */
export const SYNC_PUSH_MAX_COMMANDS = 100;

export const syncPushCommandSchema = z.strictObject({
  key: z.string().check(z.regex(/^[A-Za-z0-9_-]{8,100}$/)),
  seq: z.int().check(z.gte(0), z.lte(999_999_999_999_999)),
  method: z.enum(['PUT', 'PATCH', 'POST']),
  path: z.string().check(z.regex(/^\/api\/v[12]\/[a-z_/0-9]{1,200}$/)),
  body: z.record(z.string(), z.unknown()),
});
export type SyncPushCommand = z.infer<typeof syncPushCommandSchema>;

export const syncPushRequestSchema = z.strictObject({
  commands: z.array(syncPushCommandSchema).check(z.minLength(1), z.maxLength(SYNC_PUSH_MAX_COMMANDS)),
});

export const syncPushResultSchema = z.object({
  key: z.string(),
  /** The status the command's own route answered. */
  status: z.int(),
  /** The route's answer: the record on success, `{ message }` otherwise. */
  body: z.unknown(),
  /** The stored answer of an earlier attempt with this key. */
  replayed: z.optional(z.boolean()),
  /** Seconds to wait before trying this command again (409 in progress, 429). */
  retry_after: z.optional(z.int()),
});
export type SyncPushResult = z.infer<typeof syncPushResultSchema>;

/** One result per command attempted, in order; a command without a result was not attempted. */
export const syncPushResponseSchema = z.object({ results: z.array(syncPushResultSchema) });
