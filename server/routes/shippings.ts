import type { FastifyInstance } from 'fastify';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { formatCalendarDate, formatQuantity } from '../../domain/format';
import { SELECTABLE_DRIVER_POSITIONS } from '../../domain/job-positions';
import { shippingMessages } from '../../domain/messages/shipping';
import { rentalMessages } from '../../domain/messages/rentals';
import type { Deployment } from '../../domain/deployment';
import { hasPermission } from '../../domain/permissions';
import { routeKilometres } from '../../domain/rules/shipping-progress';
import {
  shippingCreateSchema,
  shippingUpdateSchema,
  type ShippingUpdate,
  fullShippingPageSchema,
  shippingSchema,
} from '../../domain/schemas/shipping';
import { monterreyMinute } from '../../domain/time';
import type { Db } from '../db/client';
import { jobPositions, shippingDetails, shippings, users, vehicles } from '../db/schema';
import { HttpError, notFound, parseInput } from '../http-errors';
import { currentUser, permission } from '../plugins/auth';
import { runMutation } from '../plugins/idempotency';
import { listShippingsJson, loadShippings, SHIPPING_LIST_SPEC, updatedShipping } from '../repositories/shippings';
import { publishShippingChanged } from '../events/bus';
import { tellDriverRouteAssigned, tellDriverRouteRemoved } from '../push/route-notices';
import { tellRouteStarted } from '../tracking/notify';
import { parseListQuery } from '../http/list-query';
import { idParamSchema } from '../http/params';
import { rows } from '../db/sql-rows';
import { onlyRoutesOf, readableRoutes } from '../auth/record-rules';
import { shippingRowListSchema } from '../../domain/schemas/reads';
import { guardedRoutes, LIST_QUERY, type RouteTable } from '../http/route-table';

/** Keys a driver may send when starting or finishing their own route. */
const DRIVER_FIELDS = new Set([
  'id',
  'initial_km',
  'final_km',
  'km_capture_time_start',
  'km_capture_time',
  'route',
  'last_updated_by_user_id',
]);

async function assertDriver(db: Db, driverId: number | null | undefined): Promise<void> {
  if (driverId === null || driverId === undefined) return;
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .innerJoin(jobPositions, eq(jobPositions.id, users.job_position_id))
    .where(and(eq(users.id, driverId), inArray(jobPositions.name, [...SELECTABLE_DRIVER_POSITIONS])));
  if (!row) throw new HttpError(422, shippingMessages.driverNotFound);
}

async function assertVehicle(db: Db, vehicleId: number | null | undefined): Promise<void> {
  if (vehicleId === null || vehicleId === undefined) return;
  const [row] = await db
    .select({ id: vehicles.id })
    .from(vehicles)
    .where(and(eq(vehicles.id, vehicleId), isNull(vehicles.deleted_at)));
  if (!row) throw new HttpError(422, shippingMessages.vehicleNotFound);
}

/** What each route of this file needs (its access rule) and takes and answers (its OpenAPI entry). */
export const SHIPPINGS_ROUTES = {
  'GET /api/v2/shippings': {
    access: permission('shippings'),
    summary: 'Envíos (cada entrega con su venta completa; include=shipping_details.summary envía solo el resumen de la venta)',
    response: fullShippingPageSchema,
    query: [
      ...LIST_QUERY,
      'include',
      'filter[id]',
      'filter[note]',
      'filter[shippingDetail.sale_id]',
      'filter[date_between]',
      'filter[driver_id]',
      'filter[vehicle_id]',
      'filter[shippingDetail.company_id]',
    ],
    recordRule: 'A Chofer Repartidor sees only the routes they drive.',
  },
  'POST /api/v1/shipping/create': {
    access: permission('editShippings'),
    summary: 'Nuevo envío',
    body: shippingCreateSchema,
    response: shippingSchema,
  },
  /** Office staff with editShippings edit anything; the route's driver only starts and finishes it. */
  'PUT /api/v1/shipping/update': {
    access: permission('editShippings', 'shippings'),
    summary: 'Editar, iniciar o terminar un envío',
    body: shippingUpdateSchema,
    response: shippingSchema,
    recordRule: 'Without editShippings: only the route’s driver, only odometer fields and capture times (start/finish).',
  },
  'DELETE /api/v2/shippings/:id': {
    access: permission('deleteShippings'),
    summary: 'Eliminar envío',
  },
  'GET /api/v1/shipping/all': {
    access: permission('shippings'),
    summary: 'Envíos (todos)',
    response: shippingRowListSchema,
    recordRule: 'A Chofer Repartidor gets only the routes they drive.',
  },
} satisfies RouteTable;

const guardedRoute = guardedRoutes(SHIPPINGS_ROUTES);

export function shippingRoutes(app: FastifyInstance, db: Db, deployment: Deployment): void {
  guardedRoute(
    app,
    'GET /api/v2/shippings',
    async (request, reply) => {
      const user = currentUser(request);
      const query = parseListQuery(request.query, SHIPPING_LIST_SPEC);
      // A delivery driver sees only the routes they drive (spec §6), whatever they ask for.
      const body = await listShippingsJson(db, query, onlyRoutesOf(user));
      return reply.type('application/json; charset=utf-8').send(body);
    },
    { acceptsQuery: true },
  );

  guardedRoute(app, 'POST /api/v1/shipping/create', async (request, reply) => {
    const user = currentUser(request);
    const body = parseInput(shippingCreateSchema, request.body);
    if (body.kind === 'recoleccion' && !deployment.flags.rentsGoods) throw new HttpError(422, rentalMessages.pickupOnlyForRentals);
    return runMutation(db, request, reply, async (tx) => {
      await assertDriver(tx, body.driver_id);
      await assertVehicle(tx, body.vehicle_id);
      const initial_km = body.initial_km ?? null;
      const final_km = body.final_km ?? null;
      const [created] = await tx
        .insert(shippings)
        .values({
          date: body.date,
          driver_id: body.driver_id ?? null,
          vehicle_id: body.vehicle_id ?? null,
          initial_km,
          final_km,
          route: routeKilometres({ initial_km, final_km }),
          note: body.note ?? null,
          kind: body.kind ?? 'entrega',
          // Authorship is the signed-in person's, not what the client claims.
          user_id: body.user_id ?? user.id,
          created_by_user_id: user.id,
          last_updated_by_user_id: user.id,
        })
        .returning({ id: shippings.id });
      await publishShippingChanged(tx, created!.id);
      await tellDriverRouteAssigned(tx, created!.id, body.driver_id ?? null);
      const [shipping] = await loadShippings(tx, [created!.id]);
      return { status: 201, body: shipping };
    });
  });

  guardedRoute(app, 'PUT /api/v1/shipping/update', async (request, reply) => {
    const user = currentUser(request);
    const body = parseInput(shippingUpdateSchema, request.body);
    // State checks run inside the mutation: a retry of an applied request gets its stored answer first.
    return runMutation(db, request, reply, async (tx) => {
      const [existing] = await tx
        .select()
        .from(shippings)
        .where(and(eq(shippings.id, body.id), isNull(shippings.deleted_at)));
      if (!existing) throw new HttpError(404, shippingMessages.shippingNotFound);
      const actsAsDriver = !hasPermission(user, 'editShippings');
      if (actsAsDriver) {
        if (existing.driver_id !== user.id) throw new HttpError(403, shippingMessages.driverOnlyOwn);
        if (Object.keys(request.body as object).some((key) => !DRIVER_FIELDS.has(key)))
          throw new HttpError(403, shippingMessages.driverOnlyKm);
      } else {
        await assertDriver(tx, body.driver_id);
        await assertVehicle(tx, body.vehicle_id);
      }
      const changes = odometerChanges(actsAsDriver ? recordedOnce(body, existing) : body, existing, actsAsDriver);
      const shipping = await updatedShipping(
        tx,
        tx
          .update(shippings)
          .set({
            ...(body.date !== undefined && { date: body.date }),
            ...(body.driver_id !== undefined && { driver_id: body.driver_id }),
            ...(body.vehicle_id !== undefined && { vehicle_id: body.vehicle_id }),
            ...(body.note !== undefined && { note: body.note }),
            ...changes,
            last_updated_by_user_id: user.id,
            updated_at: new Date().toISOString(),
          })
          .where(eq(shippings.id, body.id))
          .returning(),
      );
      // The route starts now: its customers get their tracking links and are told, once (tracking/notify.ts).
      if (existing.initial_km === null && changes.initial_km != null) await tellRouteStarted(tx, request, body.id);
      // The office gave the route to another driver: the new one is told, the old one too.
      if (!actsAsDriver && body.driver_id !== undefined && body.driver_id !== existing.driver_id) {
        await tellDriverRouteRemoved(tx, body.id, existing.driver_id);
        await tellDriverRouteAssigned(tx, body.id, body.driver_id);
      }
      return { status: 200, body: shipping };
    });
  });

  guardedRoute(app, 'DELETE /api/v2/shippings/:id', async (request, reply) => {
    const { id } = parseInput(idParamSchema, request.params, 404);
    return runMutation(db, request, reply, async (tx) => {
      const now = new Date().toISOString();
      const deleted = await tx
        .update(shippings)
        .set({ deleted_at: now, updated_at: now, last_updated_by_user_id: currentUser(request).id })
        .where(and(eq(shippings.id, id), isNull(shippings.deleted_at)))
        .returning({ id: shippings.id });
      if (deleted.length === 0) throw notFound();
      await publishShippingChanged(tx, id);
      const [route] = await tx.select({ driver_id: shippings.driver_id }).from(shippings).where(eq(shippings.id, id));
      await tellDriverRouteRemoved(tx, id, route?.driver_id ?? null);
      // Its deliveries go with it, so no device keeps them.
      await tx
        .update(shippingDetails)
        .set({ deleted_at: now, updated_at: now })
        .where(and(eq(shippingDetails.shipping_id, id), isNull(shippingDetails.deleted_at)));
      return { status: 200, body: { id } };
    });
  });

  guardedRoute(app, 'GET /api/v1/shipping/all', async (request) => ({
    data: await rows(
      db,
      sql`SELECT id, date, driver_id, vehicle_id, initial_km, final_km, route, weight::float8 AS weight, note FROM shippings
        WHERE deleted_at IS NULL AND ${readableRoutes(currentUser(request), sql`driver_id`)} ORDER BY id DESC`,
    ),
  }));
}

/**
 * A driver starts and finishes a route once: a second start or finish (a stale device, a
 * second phone) with the reading already recorded answers as the first did and changes
 * nothing; with another reading it is refused with the one recorded, and so is a start or finish
 * time sent without its reading (a driver cannot rewrite when they started). Only the office
 * (editShippings) corrects a reading, and Bitácora keeps the change.
 */
function recordedOnce(
  body: ShippingUpdate,
  existing: Pick<typeof shippings.$inferSelect, 'initial_km' | 'final_km' | 'km_capture_time_start' | 'km_capture_time'>,
): ShippingUpdate {
  const kept = { ...body };
  const refuse = (message: string) => new HttpError(409, message);
  const moment = (at: string | null) => (at ? `${formatCalendarDate(at)} ${at.slice(11, 16)}` : null);
  if (existing.initial_km !== null && body.initial_km !== undefined) {
    if (body.initial_km !== existing.initial_km)
      throw refuse(shippingMessages.alreadyStartedWith(formatQuantity(existing.initial_km), moment(existing.km_capture_time_start)));
    delete kept.initial_km;
    delete kept.km_capture_time_start;
  }
  if (existing.final_km !== null && body.final_km !== undefined) {
    if (body.final_km !== existing.final_km)
      throw refuse(shippingMessages.alreadyFinishedWith(formatQuantity(existing.final_km), moment(existing.km_capture_time)));
    delete kept.final_km;
    delete kept.km_capture_time;
  }
  // A time travels only with the reading it stamps; the same time again (a resent start) is harmless.
  const sameMinute = (sent: string | null | undefined, recorded: string | null) => sent?.slice(0, 16) === recorded?.slice(0, 16);
  if (kept.km_capture_time_start !== undefined && kept.initial_km === undefined) {
    if (!sameMinute(kept.km_capture_time_start, existing.km_capture_time_start)) throw refuse(shippingMessages.timeRecordedOnce);
    delete kept.km_capture_time_start;
  }
  if (kept.km_capture_time !== undefined && kept.final_km === undefined) {
    if (!sameMinute(kept.km_capture_time, existing.km_capture_time)) throw refuse(shippingMessages.timeRecordedOnce);
    delete kept.km_capture_time;
  }
  return kept;
}

/**
 * Odometer fields of an update, with `route` recomputed. Starting or finishing stamps the
 * capture time the client sent (the moment the person acted) or, failing that, now in
 * Monterrey. A driver's final reading may not be below the initial one.
 */
function odometerChanges(
  body: ShippingUpdate,
  existing: { initial_km: number | null; final_km: number | null },
  actsAsDriver: boolean,
): Partial<typeof shippings.$inferInsert> {
  const changes: Partial<typeof shippings.$inferInsert> = {};
  const now = monterreyMinute(new Date());
  if (body.initial_km !== undefined) {
    changes.initial_km = body.initial_km;
    if (body.initial_km !== null && existing.initial_km === null) changes.km_capture_time_start = body.km_capture_time_start ?? now;
  }
  if (body.final_km !== undefined) {
    changes.final_km = body.final_km;
    if (body.final_km !== null && existing.final_km === null) changes.km_capture_time = body.km_capture_time ?? now;
  }
  if (body.km_capture_time_start !== undefined) changes.km_capture_time_start = body.km_capture_time_start;
  if (body.km_capture_time !== undefined) changes.km_capture_time = body.km_capture_time;
  const initial_km = changes.initial_km !== undefined ? changes.initial_km : existing.initial_km;
  const final_km = changes.final_km !== undefined ? changes.final_km : existing.final_km;
  if (actsAsDriver && final_km !== null && final_km !== undefined) {
    if (initial_km === null || initial_km === undefined) throw new HttpError(422, shippingMessages.finalWithoutInitial);
    if (final_km < initial_km) throw new HttpError(422, shippingMessages.finalBelowInitial);
  }
  changes.route = routeKilometres({ initial_km: initial_km ?? null, final_km: final_km ?? null });
  return changes;
}
