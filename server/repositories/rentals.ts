import { sql } from 'drizzle-orm';
import { formatQuantity } from '../../domain/format';
import { driverMessages } from '../../domain/messages/driver';
import { rentalMessages } from '../../domain/messages/rentals';
import { salesMessages } from '../../domain/messages/sales';
import { partyRentalTerms } from '../../domain/rules/party-rental';
import type { RentalPickupAnswer, RentalPickupInput, RentalPieces, ShippingKind } from '../../domain/schemas/rentals';
import { monterreyMinute } from '../../domain/time';
import type { Db } from '../db/client';
import { rentalPickupItems, rentalPickups } from '../db/schema';
import { rows } from '../db/sql-rows';
import { HttpError } from '../http-errors';
import { recordMovements, signedQuantity } from './inventory';
import { fillOrder } from './orders';

const text = rentalMessages;

/**
 * The rental's cycle (event rental, docs/decisions/014): a rental is loaded onto a delivery
 * route without a fill step — putting it there takes its goods out of stock — and after the
 * event a 'recoleccion' route picks it up; when its goods are counted back at the warehouse the
 * pick-up is recorded once: what came back returns to stock, missing and damaged pieces stay
 * out and are charged against the deposit of the rental's terms (spec §9).
 */

/** What a rental's goods are doing now, read under the sale's row lock. */
interface RentalState {
  filled: boolean;
  canceled: boolean;
  picked_up: boolean;
}

async function lockRental(tx: Db, saleId: number): Promise<RentalState> {
  const [sale] = await rows<Omit<RentalState, 'picked_up'>>(
    tx,
    sql`SELECT s.dispatched_at IS NOT NULL AS filled, s.canceled_at IS NOT NULL AS canceled
    FROM sales s WHERE s.id = ${saleId} AND s.kind = 'sale' AND s.deleted_at IS NULL FOR NO KEY UPDATE OF s`,
  );
  if (!sale) throw new HttpError(404, salesMessages.corrections.notFound);
  // Read once the lock is held, in a statement of its own: a statement that waited for the lock
  // still sees the data of before the wait (PostgreSQL's read committed), and would miss the
  // pick-up the transaction it waited for has just recorded.
  const [pickedUp] = await rows<{ picked_up: boolean }>(
    tx,
    sql`SELECT EXISTS (SELECT 1 FROM rental_pickups p WHERE p.sale_id = ${saleId}) AS picked_up`,
  );
  return { ...sale, picked_up: pickedUp!.picked_up };
}

/**
 * Checks that a rental may become a stop of a route of `kind`, and loads it for delivery: on a
 * delivery route its goods leave stock as the warehouse's fill would take them; on a pick-up
 * route it must have gone out and not be on another pick-up route. `exceptDetail`: the stop
 * being moved, not counted as another.
 */
export async function prepareRentalStop(tx: Db, saleId: number, kind: ShippingKind, userId: number, exceptDetail = 0): Promise<void> {
  const sale = await lockRental(tx, saleId);
  if (sale.picked_up) throw new HttpError(422, text.alreadyPickedUp);
  if (kind === 'entrega') {
    // One rental goes out once: a second delivery route would send the same goods twice (a refused delivery may go again).
    const delivering = await liveStop(tx, saleId, 'entrega', exceptDetail);
    if (delivering !== null && !(delivering.completed && !delivering.is_delivered))
      throw new HttpError(422, text.onAnotherDelivery(delivering.shipping_id));
    if (!sale.filled) await fillOrder(tx, saleId, userId);
    return;
  }
  if (!sale.filled) throw new HttpError(422, text.notDeliveredYet);
  if ((await liveStop(tx, saleId, 'recoleccion', exceptDetail)) !== null) throw new HttpError(422, text.onAnotherPickup);
}

/** The rental's latest stop on a live route of `kind`, other than `exceptDetail`. */
async function liveStop(
  tx: Db,
  saleId: number,
  kind: ShippingKind,
  exceptDetail = 0,
): Promise<{ id: number; shipping_id: number; completed: boolean; is_delivered: boolean } | null> {
  const [stop] = await rows<{ id: number; shipping_id: number; completed: boolean; is_delivered: boolean }>(
    tx,
    sql`SELECT d.id, d.shipping_id, d.completed, d.is_delivered FROM shipping_details d JOIN shippings sh ON sh.id = d.shipping_id
      WHERE d.sale_id = ${saleId} AND d.deleted_at IS NULL AND sh.deleted_at IS NULL AND sh.kind = ${kind} AND d.id <> ${exceptDetail}
      ORDER BY d.id DESC LIMIT 1`,
  );
  return stop ?? null;
}

/** A picked-up rental is closed: cancelling or returning it would bring its goods back a second time. */
export async function assertNotPickedUp(tx: Db, saleId: number): Promise<void> {
  const [found] = await rows(tx, sql`SELECT 1 FROM rental_pickups WHERE sale_id = ${saleId}`);
  if (found) throw new HttpError(409, text.pickedUpIsClosed);
}

/** The goods a sale has out, per product: what left for it less what came back (cancellation or return). */
async function piecesOut(tx: Db, saleId: number) {
  return rows<{ item_id: number; name: string; branch_id: number; rented: number; cost: number; unit_cost: number | null }>(
    tx,
    sql`SELECT m.item_id, i.name, (array_agg(m.branch_id ORDER BY m.id))[1] AS branch_id, sum(m.quantity)::float8 AS rented,
        i.cost::float8 AS cost, max(m.unit_cost)::float8 AS unit_cost
      FROM inventory_movements m JOIN items i ON i.id = m.item_id
      WHERE m.sale_id = ${saleId} AND m.type IN ('Salida Venta', 'Devolución')
      GROUP BY m.item_id, i.name, i.cost HAVING round(sum(m.quantity), 2) > 0 ORDER BY i.name`,
  );
}

const cents = (pesos: number) => Math.round(pesos * 100);

/** Records the pick-up of a rental on a pick-up route; marks its stop done. Answers the pick-up's id. */
export async function recordPickup(tx: Db, saleId: number, input: RentalPickupInput, userId: number): Promise<number> {
  const sale = await lockRental(tx, saleId);
  if (sale.canceled) throw new HttpError(409, salesMessages.corrections.isCanceled);
  if (sale.picked_up) throw new HttpError(409, text.pickupAlreadyRecorded);
  const stop = await liveStop(tx, saleId, 'recoleccion');
  if (stop === null) throw new HttpError(409, text.pickupNotOnRoute);
  const out = await piecesOut(tx, saleId);
  if (out.length === 0) throw new HttpError(409, text.notARentalSale);
  const counted = new Map(input.lines.map((line) => [line.item_id, line]));
  for (const line of input.lines) {
    const piece = out.find((p) => p.item_id === line.item_id);
    if (!piece) throw new HttpError(422, text.pickupLineUnknown);
    if (cents(line.missing + line.damaged) > cents(piece.rented))
      throw new HttpError(422, text.pickupTooMany(piece.name, formatQuantity(piece.rented)));
  }
  const lines = out.map((piece) => {
    const count = counted.get(piece.item_id);
    const missing = count?.missing ?? 0;
    const damaged = count?.damaged ?? 0;
    return { piece, missing, damaged, charge: count?.charge ?? 0, returned: (cents(piece.rented) - cents(missing + damaged)) / 100 };
  });
  const chargesCents = lines.reduce((sum, line) => sum + Math.round((line.missing + line.damaged) * cents(line.charge)), 0);
  const [terms] = await rows<{ total: number; date: string }>(tx, sql`SELECT total::float8 AS total, date FROM sales WHERE id = ${saleId}`);
  const [pickup] = await tx
    .insert(rentalPickups)
    .values({
      sale_id: saleId,
      shipping_detail_id: stop.id,
      note: input.note || null,
      deposit: partyRentalTerms(terms!.total, terms!.date).deposit,
      charges: chargesCents / 100,
      created_by_user_id: userId,
    })
    .returning({ id: rentalPickups.id });
  await tx.insert(rentalPickupItems).values(
    lines.map((line) => ({
      pickup_id: pickup!.id,
      item_id: line.piece.item_id,
      rented: line.piece.rented,
      missing: line.missing,
      damaged: line.damaged,
      charge: line.charge,
    })),
  );
  // What came back enters stock where it left from, as a cancellation brings goods back (negative 'Devolución').
  await recordMovements(
    tx,
    lines.map((line) => ({
      item_id: line.piece.item_id,
      branch_id: line.piece.branch_id,
      type: 'Devolución' as const,
      quantity: -line.returned,
      source: 'recoleccion' as const,
      reason: text.pickupStockReason(driverMessages.saleFolio(saleId)),
      sale_id: saleId,
      unit_cost: line.piece.unit_cost,
    })),
    userId,
  );
  if (!stop.completed) {
    const now = new Date();
    await tx.execute(
      sql`UPDATE shipping_details SET completed = true, is_delivered = true, delivered_at = ${monterreyMinute(now)},
        updated_at = ${now.toISOString()}, last_updated_by_user_id = ${userId} WHERE id = ${stop.id}`,
    );
  }
  return pickup!.id;
}

/** A rental's pick-up as its page shows it, with what is out to come back. */
export async function loadPickup(db: Db, saleId: number): Promise<RentalPickupAnswer> {
  const [recorded] = await rows<NonNullable<RentalPickupAnswer['data']>>(
    db,
    sql`SELECT p.id, p.sale_id, d.shipping_id, to_char(p.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS created_at,
        json_build_object('name', u.name, 'last', u.last) AS created_by, p.note, p.deposit::float8 AS deposit, p.charges::float8 AS charges,
        greatest(p.deposit - p.charges, 0)::float8 AS refund, greatest(p.charges - p.deposit, 0)::float8 AS owed,
        (SELECT json_agg(json_build_object('item_id', l.item_id, 'name', i.name, 'rented', l.rented::float8,
            'returned', (l.rented - l.missing - l.damaged)::float8, 'missing', l.missing::float8, 'damaged', l.damaged::float8,
            'charge', l.charge::float8, 'amount', round((l.missing + l.damaged) * l.charge, 2)::float8) ORDER BY i.name)
          FROM rental_pickup_items l JOIN items i ON i.id = l.item_id WHERE l.pickup_id = p.id) AS lines
      FROM rental_pickups p JOIN users u ON u.id = p.created_by_user_id JOIN shipping_details d ON d.id = p.shipping_detail_id
      WHERE p.sale_id = ${saleId}`,
  );
  const stop = recorded ? null : await liveStop(db, saleId, 'recoleccion');
  const pieces = recorded ? [] : await piecesOut(db, saleId);
  return {
    data: recorded ?? null,
    pieces: pieces.map(({ item_id, name, rented, cost }) => ({ item_id, name, rented, cost })),
    pickup_shipping_id: stop?.shipping_id ?? null,
  };
}

/**
 * The pieces of each product rented on each day of [from, to] (a rental holds its pieces on its
 * event day, its `date`), and the pieces the business owns: what is in stock plus what is out on
 * rentals not yet picked up. `exceptSale`: a rental being edited, not counted against itself.
 */
export async function rentalPieces(db: Db, from: string, to: string, exceptSale = 0): Promise<RentalPieces> {
  const owned = await rows<RentalPieces['owned'][number]>(
    db,
    sql`WITH stock AS (SELECT m.item_id, sum(${signedQuantity}) AS quantity FROM inventory_movements m GROUP BY m.item_id),
      away AS (SELECT m.item_id, sum(m.quantity) AS quantity FROM inventory_movements m
        WHERE m.sale_id IS NOT NULL AND m.type IN ('Salida Venta', 'Devolución')
          AND NOT EXISTS (SELECT 1 FROM rental_pickups p WHERE p.sale_id = m.sale_id) GROUP BY m.item_id)
      SELECT i.id AS item_id, i.name, (coalesce(stock.quantity, 0) + coalesce(away.quantity, 0))::float8 AS owned
      FROM items i LEFT JOIN stock ON stock.item_id = i.id LEFT JOIN away ON away.item_id = i.id
      WHERE i.deleted_at IS NULL ORDER BY i.name`,
  );
  const days = await rows<RentalPieces['days'][number]>(
    db,
    sql`SELECT s.date, si.item_id, sum(si.quantity)::float8 AS rented FROM sales s JOIN sale_items si ON si.sale_id = s.id
      WHERE s.kind = 'sale' AND s.deleted_at IS NULL AND s.canceled_at IS NULL AND s.date BETWEEN ${from} AND ${to} AND s.id <> ${exceptSale}
      GROUP BY s.date, si.item_id ORDER BY s.date, si.item_id`,
  );
  return { owned, days };
}
