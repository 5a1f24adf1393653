import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import type { GeoPoint } from '../../domain/rules/eta';
import { stopOrderMessages } from '../../domain/messages/stop-order';
import { mapRouteAnswerSchema, optimizedRouteSchema, stopOrderInputSchema } from '../../domain/schemas/tracking';
import type { Db } from '../db/client';
import { rows } from '../db/sql-rows';
import { HttpError, parseInput } from '../http-errors';
import { idParamSchema } from '../http/params';
import { guardedRoutes, type RouteTable } from '../http/route-table';
import { permission } from '../plugins/auth';
import { idempotencyKeyOf, runMutation } from '../plugins/idempotency';
import { publishShippingChanged } from '../events/bus';
import { loadMapRoutes } from '../repositories/route-map';
import { ENGINE_MAX_POINTS, type RoutingEngine } from '../routing/engine';

/**
 * A route's stop order (issue 47): the office sets it by hand (dragged, 'Subir'/'Bajar') or asks
 * the routing engine for it ('Optimizar'). It is stored as shipping_details.stop_order 1..n; every
 * read of a route's deliveries follows it (server/repositories/shippings.ts), and writing it
 * renumbers the route in the change stream (migration 0020's trigger on shipping_details), so
 * the driver's phone gets the new order with its next pull.
 */

/** What each route of this file needs (its access rule) and takes and answers (its OpenAPI entry). */
export const STOP_ORDER_ROUTES = {
  'PUT /api/v2/shippings/:id/stop_order': {
    access: permission('editShippings'),
    summary: 'Ordenar las paradas de un envío (cada parada viva del envío, una vez, en el orden nuevo)',
    body: stopOrderInputSchema,
    response: mapRouteAnswerSchema,
  },
  'POST /api/v2/shippings/:id/optimize': {
    access: permission('editShippings'),
    summary: "Optimizar: ordenar las paradas pendientes con el motor de rutas (ROUTING_URL); sin él responde 409",
    response: optimizedRouteSchema,
    status: 200,
  },
} satisfies RouteTable;

const guardedRoute = guardedRoutes(STOP_ORDER_ROUTES);

/** A stop as ordering sees it: the same stops the map shows (live deliveries of sales still standing). */
interface LiveStop {
  id: number;
  completed: boolean;
  latitude: number | null;
  longitude: number | null;
}

async function assertRoute(db: Db, shippingId: number): Promise<void> {
  const [route] = await rows<{ id: number }>(db, sql`SELECT id FROM shippings WHERE id = ${shippingId} AND deleted_at IS NULL`);
  if (!route) throw new HttpError(404, stopOrderMessages.shippingNotFound);
}

/**
 * The route's stops in their current order, with the place of the sale's branch. A delivery of
 * a cancelled sale is no stop (the map leaves it out too): it keeps no place in the order.
 */
function liveStops(db: Db, shippingId: number): Promise<LiveStop[]> {
  return rows<LiveStop>(
    db,
    sql`SELECT d.id, d.completed, b.latitude, b.longitude
      FROM shipping_details d JOIN sales sa ON sa.id = d.sale_id LEFT JOIN company_branches b ON b.id = sa.company_branch_id
      WHERE d.shipping_id = ${shippingId} AND d.deleted_at IS NULL AND sa.canceled_at IS NULL
      ORDER BY d.stop_order ASC NULLS LAST, d.id`,
  );
}

/** The same ids, each once, in any order. */
function sameStops(sent: readonly number[], stops: readonly LiveStop[]): boolean {
  const live = new Set(stops.map((s) => s.id));
  return sent.length === live.size && new Set(sent).size === sent.length && sent.every((id) => live.has(id));
}

/**
 * Writes the order in one statement: each id its place (1 first); any other live delivery of the
 * route (a cancelled sale's) loses its place. Only rows whose place changes are written.
 */
async function writeStopOrder(tx: Db, shippingId: number, ids: readonly number[]): Promise<void> {
  const order = sql`${`{${ids.map((id) => Math.trunc(id)).join(',')}}`}::int[]`;
  await tx.execute(
    sql`UPDATE shipping_details SET stop_order = array_position(${order}, id), updated_at = now()
      WHERE shipping_id = ${shippingId} AND deleted_at IS NULL AND stop_order IS DISTINCT FROM array_position(${order}, id)`,
  );
  await publishShippingChanged(tx, shippingId);
}

/**
 * The route as the map shows it. Read inside the write's transaction, which holds the writers'
 * lock (migration 0006), so without the engine: no HTTP call waits there. ETAs are the
 * straight-line ones until the map reads the route again.
 */
async function answerRoute(tx: Db, shippingId: number) {
  const [route] = await loadMapRoutes(tx, { shippingId }, null);
  if (!route) throw new HttpError(404, stopOrderMessages.shippingNotFound);
  return route;
}

/** Where the truck is (its last position) or null before it reported one. */
async function lastPosition(db: Db, shippingId: number): Promise<GeoPoint | null> {
  const [last] = await rows<GeoPoint>(
    db,
    sql`SELECT latitude, longitude FROM route_positions WHERE shipping_id = ${shippingId} ORDER BY recorded_at DESC, id DESC LIMIT 1`,
  );
  return last ?? null;
}

const placeOf = (stop: LiveStop): GeoPoint | null =>
  stop.latitude !== null && stop.longitude !== null ? { latitude: stop.latitude, longitude: stop.longitude } : null;

interface OptimizedPlan {
  /** Every live stop: completed ones first as they were, the pending placed ones as the engine drives them, the unplaced last. */
  order: number[];
  unplaced: number[];
}

/**
 * Asks the engine for the order of the pending stops that have a place, from where the truck is
 * (else from the first of them, which stays first). Completed stops keep their places first:
 * they are done. Stops without a place cannot be routed: last, in their current order.
 */
async function planOptimization(db: Db, engine: RoutingEngine, shippingId: number, log: (error: unknown) => void): Promise<OptimizedPlan> {
  await assertRoute(db, shippingId);
  const stops = await liveStops(db, shippingId);
  if (stops.length === 0) throw new HttpError(422, stopOrderMessages.noStops);
  const done = stops.filter((s) => s.completed);
  const pending = stops.filter((s) => !s.completed);
  const placed = pending.filter((s) => placeOf(s) !== null);
  const unplaced = pending.filter((s) => placeOf(s) === null);
  const truck = await lastPosition(db, shippingId);
  // Without a position, the first pending placed stop in the current order is where the truck starts.
  const fixedFirst = truck ? [] : placed.slice(0, 1);
  const toVisit = truck ? placed : placed.slice(1);
  const start = truck ?? (fixedFirst[0] ? placeOf(fixedFirst[0]) : null);
  if (toVisit.length + 1 > ENGINE_MAX_POINTS) throw new HttpError(422, stopOrderMessages.tooManyStops(ENGINE_MAX_POINTS - 1));
  let visited: LiveStop[] = [];
  if (start && toVisit.length > 0) {
    let order: number[];
    try {
      ({ order } = await engine.trip(start, toVisit.map((s) => placeOf(s)!)));
    } catch (error) {
      log(error);
      throw new HttpError(502, stopOrderMessages.engineFailed);
    }
    const isPermutation = order.length === toVisit.length && new Set(order).size === order.length && order.every((i) => toVisit[i] !== undefined);
    if (!isPermutation) throw new HttpError(502, stopOrderMessages.engineFailed);
    visited = order.map((i) => toVisit[i]!);
  }
  return {
    order: [...done, ...fixedFirst, ...visited, ...unplaced].map((s) => s.id),
    unplaced: unplaced.map((s) => s.id),
  };
}

export function stopOrderRoutes(app: FastifyInstance, db: Db, engine: RoutingEngine | null): void {
  guardedRoute(app, 'PUT /api/v2/shippings/:id/stop_order', async (request, reply) => {
    const { id } = parseInput(idParamSchema, request.params, 404);
    const body = parseInput(stopOrderInputSchema, request.body);
    return runMutation(db, request, reply, async (tx) => {
      await assertRoute(tx, id);
      if (!sameStops(body.detail_ids, await liveStops(tx, id))) throw new HttpError(422, stopOrderMessages.notTheRouteStops);
      await writeStopOrder(tx, id, body.detail_ids);
      return { status: 200, body: { data: await answerRoute(tx, id) } };
    });
  });

  guardedRoute(app, 'POST /api/v2/shippings/:id/optimize', async (request, reply) => {
    if (!engine) throw new HttpError(409, stopOrderMessages.noRoutingEngine);
    const { id } = parseInput(idParamSchema, request.params, 404);
    // A retry of an applied optimization gets its stored answer without asking the engine again
    // (which may be down by now); runMutation answers it.
    const retried = request.headers['idempotency-key'] !== undefined && (await idempotencyKeyOf(db, request)).taken;
    // The engine is asked before the transaction: its answer may take seconds, and the
    // transaction holds the writers' lock every device's delivery waits on.
    const plan = retried ? null : await planOptimization(db, engine, id, (error) => request.log.warn({ err: error }, 'routing engine failed'));
    return runMutation(db, request, reply, async (tx) => {
      if (!plan) throw new HttpError(409, stopOrderMessages.routeChanged);
      await assertRoute(tx, id);
      // A stop added or removed meanwhile would be left out of the order: the office tries again.
      if (!sameStops(plan.order, await liveStops(tx, id))) throw new HttpError(409, stopOrderMessages.routeChanged);
      await writeStopOrder(tx, id, plan.order);
      return { status: 200, body: { data: await answerRoute(tx, id), unplaced: plan.unplaced } };
    });
  });
}
