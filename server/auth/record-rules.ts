import { sql, type SQL } from 'drizzle-orm';
import { isDeliveryDriver, type ShellUser } from '../../domain/app-routes';
import { hasPermission, type Permission, type PermissionHolder } from '../../domain/permissions';

/**
 * Which records of routes a person may read, in one place (spec §6): a Chofer Repartidor
 * reads only the routes they drive, their deliveries, the customers on them and their
 * evidence; anyone else allowed to read routes reads them all. Every read of routes,
 * deliveries or evidence (the v2 lists, the v1 `…/all` reads, /files) narrows by these.
 */

/** The driver whose routes alone this person reads, or null when they read every route. */
export function onlyRoutesOf(user: ShellUser & { id: number }): number | null {
  return isDeliveryDriver(user) ? user.id : null;
}

/** A condition over a route's driver column (`s.driver_id`, say): the routes this person reads. */
export function readableRoutes(user: ShellUser & { id: number }, driverColumn: SQL): SQL {
  const driver = onlyRoutesOf(user);
  return driver === null ? sql`TRUE` : sql`${driverColumn} = ${driver}`;
}

/**
 * Who may open a delivery's evidence: those who see the delivery itself — the route's people
 * (routes, deliveries) and the office screens that list a sale's or a customer's deliveries
 * with their evidence (sales, customers).
 */
export const EVIDENCE_READERS: readonly Permission[] = [
  'shippings',
  'shipping_details',
  'editShippingDetails',
  'sales',
  'quotations',
  'companies',
];

export function mayReadEvidence(user: PermissionHolder): boolean {
  return EVIDENCE_READERS.some((name) => hasPermission(user, name));
}
