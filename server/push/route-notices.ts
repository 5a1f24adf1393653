import { sql } from 'drizzle-orm';
import { driverMessages } from '../../domain/messages/driver';
import { pushMessages } from '../../domain/messages/push';
import type { Db } from '../db/client';
import { rows } from '../db/sql-rows';
import { enqueuePush } from './push';

/**
 * What a driver's phone is told when the office changes their work: a route given to them or
 * taken away, a stop added, removed or changed. The driver's own actions (start, finish,
 * deliver, reject) tell no one: they are the one acting. One notice per route on the phone
 * (its tag): a newer one replaces the last.
 */

const routeTag = (id: number) => `ruta-${id}`;

export async function tellDriverRouteAssigned(tx: Db, shippingId: number, driverId: number | null): Promise<void> {
  if (driverId === null) return;
  const [route] = await rows<{ date: string; stops: number }>(
    tx,
    sql`SELECT s.date, (SELECT count(*)::int FROM shipping_details d WHERE d.shipping_id = s.id AND d.deleted_at IS NULL) AS stops
      FROM shippings s WHERE s.id = ${shippingId}`,
  );
  if (!route) return;
  await enqueuePush(tx, [driverId], {
    title: pushMessages.routeAssigned(shippingId),
    body: pushMessages.routeAssignedBody(route.date, route.stops),
    url: '/',
    tag: routeTag(shippingId),
  });
}

export async function tellDriverRouteRemoved(tx: Db, shippingId: number, driverId: number | null): Promise<void> {
  if (driverId === null) return;
  await enqueuePush(tx, [driverId], { title: pushMessages.routeRemoved(shippingId), body: '', url: '/', tag: routeTag(shippingId) });
}

/** A stop of a route changed: its driver is told which, and how. */
export async function tellDriverStop(tx: Db, detailId: number, change: 'added' | 'removed' | 'changed'): Promise<void> {
  const [stop] = await rows<{ shipping_id: number; driver_id: number | null; sale_id: number; company: string }>(
    tx,
    sql`SELECT d.shipping_id, s.driver_id, d.sale_id, c.name AS company
      FROM shipping_details d JOIN shippings s ON s.id = d.shipping_id JOIN sales sa ON sa.id = d.sale_id JOIN companies c ON c.id = sa.company_id
      WHERE d.id = ${detailId}`,
  );
  if (!stop || stop.driver_id === null) return;
  const folio = driverMessages.saleFolio(stop.sale_id);
  const body = { added: pushMessages.stopAdded, removed: pushMessages.stopRemoved, changed: pushMessages.stopChanged }[change](
    folio,
    stop.company,
  );
  await enqueuePush(tx, [stop.driver_id], {
    title: pushMessages.routeChanged(stop.shipping_id),
    body,
    url: '/',
    tag: routeTag(stop.shipping_id),
  });
}

/** A stop moved off a route: the driver of the route it left is told. */
export async function tellDriverStopLeft(tx: Db, shippingId: number, saleId: number): Promise<void> {
  const [left] = await rows<{ driver_id: number | null; company: string }>(
    tx,
    sql`SELECT s.driver_id, c.name AS company FROM shippings s, sales sa JOIN companies c ON c.id = sa.company_id
      WHERE s.id = ${shippingId} AND sa.id = ${saleId}`,
  );
  if (!left || left.driver_id === null) return;
  await enqueuePush(tx, [left.driver_id], {
    title: pushMessages.routeChanged(shippingId),
    body: pushMessages.stopRemoved(driverMessages.saleFolio(saleId), left.company),
    url: '/',
    tag: routeTag(shippingId),
  });
}
