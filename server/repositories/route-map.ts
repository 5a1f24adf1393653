import { sql } from 'drizzle-orm';
import { averageSpeedKmh, stopEtas, type GeoPoint } from '../../domain/rules/eta';
import { TRAIL_POINTS, type MapPoint, type MapRoute, type MapStop, type StopState } from '../../domain/schemas/tracking';
import { monterreyDate, monterreyDayBounds } from '../../domain/time';
import type { Db } from '../db/client';
import { and, rows } from '../db/sql-rows';
import { ENGINE_MAX_POINTS, type RoutingEngine } from '../routing/engine';

/**
 * The office's map of routes (issue 47): each route with its driver, its stops in the route's
 * order with their place and state, where the truck went (thinned), and when it should reach
 * each stop still ahead. The map screens, 'Optimizar' (its answer) and the customer's tracking
 * page (one stop's ETA) read routes through here.
 */

/** A map read waits this long for the routing engine's leg times; later, the ETAs are the straight-line ones. */
export const MAP_ENGINE_WAIT_MS = 2_000;

/**
 * A Monterrey wall-clock time as stored on a route ('YYYY-MM-DD HH:mm[:ss]', the odometer's
 * capture times) as an instant (epoch ms): its day's midnight in Monterrey plus the time of day.
 */
export function monterreyWallInstant(wall: string): number {
  const [midnight] = monterreyDayBounds(wall.slice(0, 10));
  const hours = Number(wall.slice(11, 13));
  const minutes = Number(wall.slice(14, 16));
  return midnight.getTime() + (hours * 60 + minutes) * 60_000;
}

/** Ids as one array parameter (one prepared statement whatever their number). */
const intArray = (ids: readonly number[]) => sql`${`{${ids.map((id) => Math.trunc(id)).join(',')}}`}::int[]`;

export interface MapRouteFilter {
  /** The routes of a Monterrey day ('YYYY-MM-DD'); today when neither this nor `shippingId` is given. */
  date?: string;
  /** One route. */
  shippingId?: number;
  /** Only the routes this driver drives (a Chofer Repartidor reads no other: spec §6). */
  driverId?: number | null;
}

interface RouteRow {
  id: number;
  date: string;
  driver_id: number | null;
  driver_name: string | null;
  driver_last: string | null;
  vehicle: string | null;
  started: boolean;
  finished: boolean;
}

interface StopRow {
  id: number;
  shipping_id: number;
  sale_id: number;
  company: string | null;
  branch: string | null;
  address: string | null;
  latitude: number | null;
  longitude: number | null;
  completed: boolean;
  is_delivered: boolean;
  partial: boolean;
  delivered_at: string | null;
}

interface TrailRow {
  shipping_id: number;
  latitude: number;
  longitude: number;
  at: number;
}

/** A stop's state from its flags: pending until completed; then delivered (in whole or in part) or rejected. */
export function stopState(flags: { completed: boolean; is_delivered: boolean; partial: boolean }): StopState {
  if (!flags.completed) return 'pendiente';
  if (!flags.is_delivered) return 'rechazado';
  return flags.partial ? 'parcial' : 'entregado';
}

/**
 * The routes asked for, by id, each with its stops in order, trail and ETAs. `engine` times the
 * legs of started routes when configured (null: straight-line ETAs, approximate); `now` is when
 * the trucks leave their last known place for the ETA (tests fix it).
 */
export async function loadMapRoutes(
  db: Db,
  filter: MapRouteFilter,
  engine: RoutingEngine | null,
  now: Date = new Date(),
): Promise<MapRoute[]> {
  const conditions = [sql`s.deleted_at IS NULL`];
  if (filter.shippingId !== undefined) conditions.push(sql`s.id = ${filter.shippingId}`);
  if (filter.date !== undefined || filter.shippingId === undefined) conditions.push(sql`s.date = ${filter.date ?? monterreyDate(now)}`);
  if (filter.driverId !== undefined && filter.driverId !== null) conditions.push(sql`s.driver_id = ${filter.driverId}`);
  const routes = await rows<RouteRow>(
    db,
    sql`SELECT s.id, s.date, s.driver_id, u.name AS driver_name, u.last AS driver_last, v.name AS vehicle,
        s.km_capture_time_start IS NOT NULL AS started,
        (s.km_capture_time IS NOT NULL OR s.final_km IS NOT NULL) AS finished
      FROM shippings s LEFT JOIN users u ON u.id = s.driver_id LEFT JOIN vehicles v ON v.id = s.vehicle_id
      WHERE ${and(conditions)} ORDER BY s.id`,
  );
  if (routes.length === 0) return [];
  const ids = routes.map((r) => r.id);
  // A stop is a live delivery of a sale still standing; the route's order first, the rest by id.
  const stops = await rows<StopRow>(
    db,
    sql`SELECT d.id, d.shipping_id, d.sale_id, c.name AS company, b.name AS branch, b.address, b.latitude, b.longitude,
        d.completed, d.is_delivered, d.partial,
        -- delivered_at is stored as Monterrey's wall clock: sent as the instant it names, which any device reads alike.
        CASE WHEN d.delivered_at IS NULL THEN NULL
          ELSE to_char((d.delivered_at AT TIME ZONE 'America/Monterrey') AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') END AS delivered_at
      FROM shipping_details d JOIN sales sa ON sa.id = d.sale_id
        LEFT JOIN companies c ON c.id = coalesce(d.company_id, sa.company_id)
        LEFT JOIN company_branches b ON b.id = sa.company_branch_id
      WHERE d.shipping_id = ANY(${intArray(ids)}) AND d.deleted_at IS NULL AND sa.canceled_at IS NULL
      ORDER BY d.shipping_id, d.stop_order NULLS LAST, d.id`,
  );
  const trails = await loadTrails(db, ids);
  const stopsOf = groupBy(stops, (s) => s.shipping_id);
  const trailOf = groupBy(trails, (p) => p.shipping_id);
  return Promise.all(
    routes.map(async (route): Promise<MapRoute> => {
      const trail = trailOf.get(route.id) ?? [];
      const last = trail[trail.length - 1] ?? null;
      const routeStops = (stopsOf.get(route.id) ?? []).map(
        (s, index): MapStop => ({
          detail_id: s.id,
          sale_id: s.sale_id,
          stop_order: index + 1,
          company: s.company ?? '',
          branch: s.branch,
          address: s.address,
          latitude: s.latitude,
          longitude: s.longitude,
          state: stopState(s),
          delivered_at: s.delivered_at,
          eta: null,
          eta_approximate: false,
        }),
      );
      if (route.started && !route.finished && last) await addEtas(route.id, routeStops, trail, last, engine, now);
      return {
        id: route.id,
        date: route.date,
        driver: route.driver_id === null ? null : { id: route.driver_id, name: route.driver_name ?? '', last: route.driver_last ?? '' },
        vehicle: route.vehicle,
        started: route.started,
        finished: route.finished,
        last_position: last ? mapPoint(last) : null,
        trail: trail.map(mapPoint),
        stops: routeStops,
      };
    }),
  );
}

/**
 * Where each route's truck went, oldest first, thinned in the database to at most TRAIL_POINTS
 * (every step-th point, the first and the last always): a day at one a minute is ~700 points,
 * and the map needs the shape, not each minute.
 */
async function loadTrails(db: Db, ids: number[]): Promise<TrailRow[]> {
  // With n > TRAIL_POINTS, a step of ceil((n - 1) / (TRAIL_POINTS - 2)) keeps at most TRAIL_POINTS - 1
  // multiples of it (0 included) plus the last point.
  return rows<TrailRow>(
    db,
    sql`SELECT shipping_id, latitude, longitude, at FROM (
        SELECT p.shipping_id, p.latitude, p.longitude, (extract(epoch FROM p.recorded_at) * 1000)::float8 AS at,
          row_number() OVER (PARTITION BY p.shipping_id ORDER BY p.recorded_at, p.id) - 1 AS i,
          count(*) OVER (PARTITION BY p.shipping_id) AS n
        FROM route_positions p WHERE p.shipping_id = ANY(${intArray(ids)})
      ) t
      WHERE n <= ${TRAIL_POINTS} OR i = n - 1 OR i % ceil((n - 1)::numeric / ${TRAIL_POINTS - 2})::bigint = 0
      ORDER BY shipping_id, at`,
  );
}

const mapPoint = (p: TrailRow): MapPoint => ({ latitude: p.latitude, longitude: p.longitude, recorded_at: new Date(p.at).toISOString() });

function groupBy<T>(items: readonly T[], key: (item: T) => number): Map<number, T[]> {
  const groups = new Map<number, T[]>();
  for (const item of items) {
    const group = groups.get(key(item));
    if (group) group.push(item);
    else groups.set(key(item), [item]);
  }
  return groups;
}

/**
 * The ETAs of the stops still pending, in order, from the truck's last place: the engine's leg
 * times when it answers in time, else straight lines at the route's own speed (approximate).
 */
async function addEtas(
  routeId: number,
  stops: MapStop[],
  trail: readonly TrailRow[],
  last: TrailRow,
  engine: RoutingEngine | null,
  now: Date,
): Promise<void> {
  const ahead = stops.filter((s) => s.state === 'pendiente');
  if (ahead.length === 0) return;
  const places = ahead.map((s): GeoPoint | null =>
    s.latitude !== null && s.longitude !== null ? { latitude: s.latitude, longitude: s.longitude } : null,
  );
  const placed = places.filter((p): p is GeoPoint => p !== null);
  // The legs change only when the truck reports a new place or the stops ahead change (one
  // delivered, reordered, moved): the same question within a minute gets the same answer.
  const question = `${routeId}|${last.at}|${ahead.map((s) => `${s.detail_id}@${s.latitude},${s.longitude}`).join(';')}`;
  const legSeconds = engine && placed.length > 0 ? await engineLegs(engine, question, [last, ...placed]) : null;
  // A truck whose last position is old has not moved since: it leaves from there now.
  const from = { latitude: last.latitude, longitude: last.longitude, at: Math.max(last.at, now.getTime()) };
  const etas = stopEtas({ from, stops: places, speedKmh: averageSpeedKmh(trail), legSeconds });
  ahead.forEach((stop, index) => {
    const eta = etas[index]!;
    stop.eta = eta.at === null ? null : new Date(eta.at).toISOString();
    stop.eta_approximate = eta.approximate;
  });
}

/** How long the engine's leg times for one question are reused. */
export const ENGINE_LEGS_KEPT_MS = 60_000;
/** Questions kept per engine: a day's started routes, many times over. */
const ENGINE_LEGS_KEPT = 1_000;

/**
 * The engine's answers (or answers on their way) by question, per engine: every map read and
 * every customer's page view times the same legs, and 5 offices with the map open plus each
 * customer refreshing every minute would otherwise ask the engine each time. Only a cache: a
 * process without it asks the engine again (architecture: no state another process needs).
 */
const legsAsked = new WeakMap<RoutingEngine, Map<string, { until: number; legs: Promise<number[] | null> }>>();

function askLegs(engine: RoutingEngine, question: string, points: readonly GeoPoint[]): Promise<number[] | null> {
  let kept = legsAsked.get(engine);
  if (!kept) legsAsked.set(engine, (kept = new Map()));
  const now = Date.now();
  const known = kept.get(question);
  if (known && known.until > now) return known.legs;
  // A failure is kept as long as an answer: an engine that is down is not asked on every view.
  const legs = engine.legs(points).catch(() => null);
  kept.delete(question);
  kept.set(question, { until: now + ENGINE_LEGS_KEPT_MS, legs });
  if (kept.size > ENGINE_LEGS_KEPT) {
    for (const [key, entry] of kept) if (entry.until <= now) kept.delete(key);
    // Still full of live answers: the oldest asked go first (a Map keeps insertion order).
    for (const key of kept.keys()) {
      if (kept.size <= ENGINE_LEGS_KEPT) break;
      kept.delete(key);
    }
  }
  return legs;
}

/** The engine's leg times, or null when it fails, is slow or the route has more stops than it takes at once. */
async function engineLegs(engine: RoutingEngine, question: string, points: readonly GeoPoint[]): Promise<number[] | null> {
  if (points.length > ENGINE_MAX_POINTS) return null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), MAP_ENGINE_WAIT_MS);
  });
  try {
    // A slow answer still lands in the cache: the next view has it.
    return await Promise.race([askLegs(engine, question, points), late]);
  } finally {
    clearTimeout(timer);
  }
}
