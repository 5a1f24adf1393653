import { sql } from 'drizzle-orm';
import { CASH_PAYMENT_METHOD } from '../../domain/caja';
import { centsToDecimal, decimalToCents } from '../../domain/collections';
import type { ShellUser } from '../../domain/app-routes';
import { JOB_POSITIONS } from '../../domain/job-positions';
import { collectionsMessages } from '../../domain/messages/collections';
import { driverMessages } from '../../domain/messages/driver';
import { routeMoneyMessages } from '../../domain/messages/route-money';
import { shippingMessages } from '../../domain/messages/shipping';
import { fromCents } from '../../domain/money';
import type { DriverCut, DriverCutInput, DriverCutReceive, ReceivedDriverCut, StopPaymentInput } from '../../domain/schemas/route-money';
import { monterreyDate } from '../../domain/time';
import type { Db } from '../db/client';
import { rows } from '../db/sql-rows';
import { HttpError } from '../http-errors';
import { readableRoutes } from '../auth/record-rules';
import { recordPayment } from './collections';
import { iso } from './sales';

/**
 * The money a route brings back (issue 46): the payments its driver takes at the stops
 * ('Cobrar', applied as Nueva Cobranza applies a payment), the driver's cash cut of the route
 * ('Corte del chofer', once), and the office's receipt of it, whose cash enters the receiver's
 * Caja as an 'entrada'. Amounts are read as numeric text and added in integer cents.
 */

const text = routeMoneyMessages;
type Person = ShellUser & { id: number };

/**
 * Records the payment a driver took at a stop inside `tx` and answers its id. The stop's route
 * is taken FOR KEY SHARE, so a cut being closed (which takes the route FOR UPDATE) and a payment
 * of that route are one after the other: a cut never misses a payment that arrived with it.
 */
export async function recordStopPayment(tx: Db, detailId: number, driver: Person, body: StopPaymentInput): Promise<number> {
  const [stop] = await rows<{
    shipping_id: number;
    driver_id: number | null;
    started: boolean;
    sale_id: number;
    company_id: number;
    company_name: string;
    sale_live: boolean;
    cut: boolean;
  }>(
    tx,
    sql`SELECT d.shipping_id, s.driver_id, s.initial_km IS NOT NULL AS started, d.sale_id, sa.company_id, c.name AS company_name,
        (sa.kind = 'sale' AND sa.canceled_at IS NULL AND sa.deleted_at IS NULL) AS sale_live,
        EXISTS (SELECT 1 FROM driver_cuts dc WHERE dc.shipping_id = s.id) AS cut
      FROM shipping_details d JOIN shippings s ON s.id = d.shipping_id JOIN sales sa ON sa.id = d.sale_id JOIN companies c ON c.id = sa.company_id
      WHERE d.id = ${detailId} AND d.deleted_at IS NULL AND s.deleted_at IS NULL
      FOR KEY SHARE OF s`,
  );
  if (!stop) throw new HttpError(404, shippingMessages.detailNotFound);
  if (stop.driver_id !== driver.id) throw new HttpError(403, text.notYourStop);
  if (!stop.started) throw new HttpError(422, text.routeNotStarted);
  if (!stop.sale_live) throw new HttpError(422, text.saleCanceled(driverMessages.saleFolio(stop.sale_id)));
  if (stop.cut) throw new HttpError(409, text.cutClosedForPayments);
  // Asked again once the route's lock is held: on PostgreSQL a cut that committed while this
  // waited for the lock is not in the statement's snapshot above.
  const [cutMeanwhile] = await rows(tx, sql`SELECT 1 FROM driver_cuts WHERE shipping_id = ${stop.shipping_id}`);
  if (cutMeanwhile) throw new HttpError(409, text.cutClosedForPayments);
  const date = body.collected_at.slice(0, 10);
  if (date > monterreyDate(new Date())) throw new HttpError(422, text.collectedInFuture);

  const id = await recordPayment(
    tx,
    {
      company_id: stop.company_id,
      date,
      amount: body.amount,
      payment_method_id: body.payment_method_id,
      reference: body.reference ?? null,
      note: null,
    },
    driver.id,
    { shipping_id: stop.shipping_id, shipping_detail_id: detailId, provisional: body.provisional },
  );
  // A Chofer Repartidor collects what the customer owes; a Chofer Ejecutivo may also take a
  // payment that leaves credit only. Judged on the sales as the payment locked them.
  if (driver.job_position !== JOB_POSITIONS.executiveDriver) {
    const [payment] = await rows<{ applied: boolean }>(tx, sql`SELECT amount > unapplied AS applied FROM collections WHERE id = ${id}`);
    if (!payment!.applied) throw new HttpError(422, text.nothingOwed(stop.company_name));
  }
  return id;
}

interface RouteOfCut {
  id: number;
  driver_id: number | null;
  started: boolean;
}

/** The live route, or 404. */
async function routeOf(tx: Db, shippingId: number, lock: 'update' | 'none'): Promise<RouteOfCut> {
  const [route] = await rows<RouteOfCut>(
    tx,
    sql`SELECT id, driver_id, initial_km IS NOT NULL AS started FROM shippings WHERE id = ${shippingId} AND deleted_at IS NULL
      ${lock === 'update' ? sql`FOR UPDATE` : sql``}`,
  );
  if (!route) throw new HttpError(404, shippingMessages.shippingNotFound);
  return route;
}

/** The payment methods that exist, of those named. */
async function refuseUnknownMethods(tx: Db, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  const known = await rows<{ id: number }>(
    tx,
    sql`SELECT id FROM payment_methods WHERE id IN (${sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    )})`,
  );
  if (known.length !== new Set(ids).size) throw new HttpError(422, collectionsMessages.paymentMethodNotFound);
}

/**
 * The driver closes the route's cut (POST /api/v2/shippings/{id}/driver_cut) inside `tx`: once
 * the route started, by its driver, once per route. The route is locked first (see
 * recordStopPayment) and a second cut is refused even if two arrive together (unique index).
 */
export async function submitDriverCut(tx: Db, shippingId: number, driver: Person, body: DriverCutInput): Promise<void> {
  const route = await routeOf(tx, shippingId, 'update');
  if (route.driver_id !== driver.id) throw new HttpError(403, text.notYourCut);
  if (!route.started) throw new HttpError(422, text.cutRouteNotStarted);
  await refuseUnknownMethods(
    tx,
    body.counted.map((line) => line.payment_method_id),
  );
  const counted = body.counted.map((line) => ({ payment_method_id: line.payment_method_id, amount: line.amount }));
  const [created] = await rows<{ id: number }>(
    tx,
    sql`INSERT INTO driver_cuts (shipping_id, driver_id, counted, note, submitted_at)
      VALUES (${shippingId}, ${driver.id}, ${JSON.stringify(counted)}::jsonb, ${body.note || null}, ${body.submitted_at})
      ON CONFLICT (shipping_id) DO NOTHING RETURNING id`,
  );
  if (!created) throw new HttpError(409, text.cutAlreadySubmitted);
}

/**
 * The office receives the driver's cut (POST /api/v2/shippings/{id}/driver_cut/receive) inside
 * `tx`: the cash handed in, its difference against the cash collected on the route, and an
 * 'entrada' of that cash in the receiver's Caja today ('Corte del chofer · ruta #N'). Once,
 * after the driver closed it; not into a drawer already cut today.
 */
export async function receiveDriverCut(tx: Db, shippingId: number, receiverId: number, body: DriverCutReceive): Promise<void> {
  await routeOf(tx, shippingId, 'none');
  const [cut] = await rows<{ id: number; received: boolean; driver_id: number }>(
    tx,
    sql`SELECT id, received_at IS NOT NULL AS received, driver_id FROM driver_cuts WHERE shipping_id = ${shippingId} FOR UPDATE`,
  );
  if (!cut) throw new HttpError(409, text.cutNotSubmitted);
  // Who hands the money in does not also say how much arrived.
  if (cut.driver_id === receiverId) throw new HttpError(403, text.ownCut);
  if (cut.received) throw new HttpError(409, text.cutAlreadyReceived);
  const today = monterreyDate(new Date());
  // The receiver's cut of the day, locked as a cash movement locks it: the two cannot cross.
  const [drawerCut] = await rows(tx, sql`SELECT id FROM cash_cuts WHERE user_id = ${receiverId} AND date = ${today} FOR UPDATE`);
  if (drawerCut) throw new HttpError(409, text.cajaAlreadyCut);
  const figures = await collectedOnRoute(tx, shippingId);
  const receivedCents = Math.round(body.received_cash * 100);
  let movementId: number | null = null;
  if (receivedCents > 0) {
    const [movement] = await rows<{ id: number }>(
      tx,
      sql`INSERT INTO cash_movements (user_id, date, kind, amount, reason)
        VALUES (${receiverId}, ${today}, 'entrada', ${centsToDecimal(receivedCents)}::numeric, ${text.cashMovementReason(shippingId)})
        RETURNING id`,
    );
    movementId = movement!.id;
  }
  await tx.execute(
    sql`UPDATE driver_cuts SET received_at = now(), received_by_user_id = ${receiverId},
        received_cash = ${centsToDecimal(receivedCents)}::numeric, difference = ${centsToDecimal(receivedCents - figures.cashCents)}::numeric,
        received_note = ${body.note || null}, cash_movement_id = ${movementId}
      WHERE id = ${cut.id}`,
  );
}

/** What the route's payments that stand collected, by payment method, in cents. */
async function collectedOnRoute(db: Db, shippingId: number) {
  const methods = await rows<{ payment_method_id: number; name: string; amount: string }>(
    db,
    sql`SELECT k.payment_method_id, m.name, sum(k.amount)::text AS amount
      FROM collections k JOIN payment_methods m ON m.id = k.payment_method_id
      WHERE k.shipping_id = ${shippingId} AND k.canceled_at IS NULL
      GROUP BY k.payment_method_id, m.name ORDER BY m.name, k.payment_method_id`,
  );
  const lines = methods.map((line) => ({ payment_method_id: line.payment_method_id, name: line.name, cents: decimalToCents(line.amount) }));
  return {
    lines,
    totalCents: lines.reduce((sum, line) => sum + line.cents, 0),
    cashCents: lines.filter((line) => line.name === CASH_PAYMENT_METHOD).reduce((sum, line) => sum + line.cents, 0),
  };
}

/**
 * A route's cut as GET /api/v2/shippings/{id}/driver_cut answers it, also before the driver
 * closed it; null when `reader` may not read the route (a Chofer Repartidor's other routes) or
 * it does not exist. Expected: for the route's delivered stops (each sale once), the sale's
 * balance before this route's payments — its balance now plus what those payments applied to it.
 */
export async function loadDriverCut(db: Db, shippingId: number, reader: Person): Promise<DriverCut | null> {
  const [route] = await rows<{ id: number; driver_id: number | null; driver_name: string | null }>(
    db,
    sql`SELECT s.id, s.driver_id, (SELECT u.name || ' ' || u.last FROM users u WHERE u.id = s.driver_id) AS driver_name
      FROM shippings s WHERE s.id = ${shippingId} AND s.deleted_at IS NULL AND ${readableRoutes(reader, sql`s.driver_id`)}`,
  );
  if (!route) return null;
  const [[expected], collected, [cut], methods] = await Promise.all([
    rows<{ expected: string }>(
      db,
      sql`SELECT coalesce(sum(sa.due_balance + coalesce((
          SELECT sum(cd.amount) FROM collection_details cd JOIN collections k ON k.id = cd.collection_id
          WHERE cd.sale_id = sa.id AND k.shipping_id = ${shippingId} AND k.canceled_at IS NULL), 0)), 0)::text AS expected
        FROM sales sa
        WHERE sa.id IN (SELECT d.sale_id FROM shipping_details d
            WHERE d.shipping_id = ${shippingId} AND d.deleted_at IS NULL AND d.completed AND d.is_delivered)
          AND sa.kind = 'sale' AND sa.canceled_at IS NULL AND sa.deleted_at IS NULL`,
    ),
    collectedOnRoute(db, shippingId),
    rows<{
      counted: { payment_method_id: number; amount: number }[];
      note: string | null;
      submitted_at: string;
      received_at: string | null;
      received_by_name: string | null;
      received_cash: string | null;
      difference: string | null;
      received_note: string | null;
    }>(
      db,
      sql`SELECT dc.counted, dc.note, dc.submitted_at, ${iso(sql`dc.received_at`)} AS received_at,
          (SELECT u.name || ' ' || u.last FROM users u WHERE u.id = dc.received_by_user_id) AS received_by_name,
          dc.received_cash::text AS received_cash, dc.difference::text AS difference, dc.received_note
        FROM driver_cuts dc WHERE dc.shipping_id = ${shippingId}`,
    ),
    rows<{ id: number; name: string }>(db, sql`SELECT id, name FROM payment_methods`),
  ]);
  const names = new Map(methods.map((method) => [method.id, method.name]));
  const money = (decimal: string | null) => (decimal === null ? null : fromCents(decimalToCents(decimal)));
  const counted = cut ? cut.counted.map((line) => ({ ...line, name: names.get(line.payment_method_id) ?? '—' })) : null;
  return {
    shipping_id: route.id,
    driver_id: route.driver_id,
    driver_name: route.driver_name,
    state: !cut ? 'open' : cut.received_at ? 'received' : 'submitted',
    expected: money(expected!.expected)!,
    collected: collected.lines.map(({ cents, ...line }) => ({ ...line, amount: fromCents(cents) })),
    collected_total: fromCents(collected.totalCents),
    collected_cash: fromCents(collected.cashCents),
    counted,
    counted_total: counted ? fromCents(counted.reduce((sum, line) => sum + Math.round(line.amount * 100), 0)) : null,
    submitted_at: cut?.submitted_at ?? null,
    note: cut?.note ?? null,
    received_at: cut?.received_at ?? null,
    received_by_name: cut?.received_by_name ?? null,
    received_cash: money(cut?.received_cash ?? null),
    difference: money(cut?.difference ?? null),
    received_note: cut?.received_note ?? null,
  };
}

/** The drivers' cuts `userId` received on `date` (Monterrey), the latest first: /caja lists them. */
export async function receivedDriverCuts(db: Db, userId: number, date: string): Promise<ReceivedDriverCut[]> {
  const received = await rows<{
    shipping_id: number;
    driver_name: string | null;
    received_at: string;
    received_cash: string;
    difference: string;
  }>(
    db,
    sql`SELECT dc.shipping_id, (SELECT u.name || ' ' || u.last FROM users u WHERE u.id = dc.driver_id) AS driver_name,
        ${iso(sql`dc.received_at`)} AS received_at, dc.received_cash::text AS received_cash, dc.difference::text AS difference
      FROM driver_cuts dc
      WHERE dc.received_by_user_id = ${userId} AND (dc.received_at AT TIME ZONE 'America/Monterrey')::date = ${date}::date
      ORDER BY dc.received_at DESC, dc.id DESC`,
  );
  return received.map((cut) => {
    const receivedCents = decimalToCents(cut.received_cash);
    const differenceCents = decimalToCents(cut.difference);
    return {
      shipping_id: cut.shipping_id,
      driver_name: cut.driver_name,
      received_at: cut.received_at,
      collected_cash: fromCents(receivedCents - differenceCents),
      received_cash: fromCents(receivedCents),
      difference: fromCents(differenceCents),
    };
  });
}
