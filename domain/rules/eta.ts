/**
 * When a truck should reach each stop still ahead of it (issue 47): from its last position, in
 * the route's order, with a stop's service time between. A routing engine's leg durations are
 * used when it answered; otherwise straight-line distance, lengthened by streets, at the route's
 * own average speed: an approximation, and said so.
 */

export interface GeoPoint {
  latitude: number;
  longitude: number;
}

const EARTH_RADIUS_M = 6_371_000;
/** Streets are longer than the straight line: about this much in a Mexican city's grid. */
export const ROAD_FACTOR = 1.3;
/** Minutes a stop takes (parking, unloading, the signature). */
export const SERVICE_MINUTES = 10;
/** The speed assumed until a route has been driven long enough to measure its own. */
export const DEFAULT_SPEED_KMH = 25;
const MIN_SPEED_KMH = 10;
const MAX_SPEED_KMH = 60;
/** A route's own speed counts once it has moved this long. */
const MIN_MEASURED_MS = 10 * 60_000;

export function distanceMetres(a: GeoPoint, b: GeoPoint): number {
  const rad = Math.PI / 180;
  const dLat = (b.latitude - a.latitude) * rad;
  const dLon = (b.longitude - a.longitude) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.latitude * rad) * Math.cos(b.latitude * rad) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(h)));
}

/**
 * The route's average speed while driving, from its trail (oldest first, `at` in ms): the
 * distance covered over the time it took, within city bounds; the default before there is enough.
 */
export function averageSpeedKmh(trail: readonly (GeoPoint & { at: number })[]): number {
  if (trail.length < 2) return DEFAULT_SPEED_KMH;
  const elapsed = trail[trail.length - 1]!.at - trail[0]!.at;
  if (elapsed < MIN_MEASURED_MS) return DEFAULT_SPEED_KMH;
  let metres = 0;
  for (let i = 1; i < trail.length; i += 1) metres += distanceMetres(trail[i - 1]!, trail[i]!);
  const kmh = (metres * ROAD_FACTOR) / 1000 / (elapsed / 3_600_000);
  return Math.min(MAX_SPEED_KMH, Math.max(MIN_SPEED_KMH, kmh));
}

export interface StopEta {
  /** Epoch ms, or null for a stop without a place (it is skipped; the ones after it still get theirs). */
  at: number | null;
  approximate: boolean;
}

/**
 * The ETA of each stop ahead, in order. `legSeconds[i]` is the engine's driving time into the
 * i-th placed stop (from the truck for the first): when given for every placed stop, the ETAs are
 * not approximate.
 */
export function stopEtas(input: {
  from: GeoPoint & { at: number };
  stops: readonly (GeoPoint | null)[];
  speedKmh: number;
  legSeconds?: readonly number[] | null;
  serviceMinutes?: number;
}): StopEta[] {
  const placed = input.stops.filter((s) => s !== null).length;
  const engine = input.legSeconds != null && input.legSeconds.length === placed;
  const serviceMs = (input.serviceMinutes ?? SERVICE_MINUTES) * 60_000;
  const metresPerMs = (input.speedKmh * 1000) / 3_600_000;
  let at = input.from.at;
  let here: GeoPoint = input.from;
  let leg = 0;
  let first = true;
  return input.stops.map((stop) => {
    if (!stop) return { at: null, approximate: !engine };
    const driveMs = engine ? input.legSeconds![leg]! * 1000 : (distanceMetres(here, stop) * ROAD_FACTOR) / metresPerMs;
    leg += 1;
    at += (first ? 0 : serviceMs) + driveMs;
    first = false;
    here = stop;
    return { at: Math.round(at), approximate: !engine };
  });
}
