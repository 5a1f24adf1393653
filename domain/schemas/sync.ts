import * as z from 'zod/mini';
import { deploymentSchema } from '../deployment';
import { orderToDispatchSchema } from './orders';
import { physicalInventorySchema } from './physical-inventory';
import { shippingSchema } from './shipping';

/**
 * GET /api/v2/sync/pull?cursor= — what a device keeps offline (sync-engine.md rule 9).
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
});

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
  /** Open physical counts of the person's branch, with every line (issue 14); absent from older servers. */
  physical_inventories: z.optional(z.array(physicalInventorySchema)),
  removed: z.object({
    shippings: removedIds,
    orders: removedIds,
    vehicles: removedIds,
    drivers: removedIds,
    items: removedIds,
    physical_inventories: z.optional(removedIds),
  }),
});
export type SyncPull = z.infer<typeof syncPullSchema>;
export type SyncKind = keyof SyncPull['removed'];
export const SYNC_KINDS: readonly SyncKind[] = ['shippings', 'orders', 'vehicles', 'drivers', 'items', 'physical_inventories'];
