import type { GeoPoint } from '../../domain/rules/eta';

/**
 * A routing engine over its HTTP API (issue 47), configured by ROUTING_URL: an OSRM server
 * (`osrm-routed`, or any service answering OSRM's /trip and /route). Orders a route's stops
 * ('Optimizar') and times its legs (the ETA); without one, neither is offered as exact.
 */
export interface RoutingEngine {
  /**
   * The best order to visit `stops` starting at `start` (not returning): the stops' indexes in
   * visiting order, and the driving seconds of each leg in that order.
   */
  trip(start: GeoPoint, stops: readonly GeoPoint[]): Promise<{ order: number[]; legSeconds: number[] }>;
  /** The driving seconds of each leg of `points` visited in the order given (points.length - 1 legs). */
  legs(points: readonly GeoPoint[]): Promise<number[]>;
}

const TIMEOUT_MS = 10_000;
/** OSRM's default limit of coordinates a request carries. */
export const ENGINE_MAX_POINTS = 100;

const coordinates = (points: readonly GeoPoint[]) => points.map((p) => `${p.longitude.toFixed(6)},${p.latitude.toFixed(6)}`).join(';');

interface OsrmAnswer {
  code?: string;
  message?: string;
  waypoints?: { waypoint_index?: number; trips_index?: number }[];
  trips?: { legs?: { duration?: number }[] }[];
  routes?: { legs?: { duration?: number }[] }[];
}

async function ask(url: string): Promise<OsrmAnswer> {
  const answer = await fetch(url, { signal: AbortSignal.timeout(TIMEOUT_MS), redirect: 'error' });
  const body = (await answer.json().catch(() => null)) as OsrmAnswer | null;
  if (!answer.ok || !body || body.code !== 'Ok') throw new Error(`El motor de rutas respondió ${answer.status}${body?.message ? `: ${body.message}` : ''}`);
  return body;
}

const durations = (legs: { duration?: number }[] | undefined, count: number): number[] => {
  const seconds = (legs ?? []).map((l) => (typeof l.duration === 'number' && Number.isFinite(l.duration) ? l.duration : NaN));
  if (seconds.length !== count || seconds.some(Number.isNaN)) throw new Error('El motor de rutas no dio la duración de cada tramo');
  return seconds;
};

export function osrmEngine(baseUrl: string, profile = 'driving'): RoutingEngine {
  const base = baseUrl.replace(/\/+$/, '');
  return {
    async trip(start, stops) {
      if (stops.length === 0) return { order: [], legSeconds: [] };
      const body = await ask(`${base}/trip/v1/${profile}/${coordinates([start, ...stops])}?source=first&roundtrip=false&destination=any&overview=false`);
      const visits = (body.waypoints ?? []).map((w) => w.waypoint_index);
      if (visits.length !== stops.length + 1 || visits.some((v) => typeof v !== 'number')) throw new Error('El motor de rutas no ordenó cada parada');
      // waypoint_index is each input point's place in the trip; the start is place 0.
      const order = stops.map((_, i) => i).sort((a, b) => visits[a + 1]! - visits[b + 1]!);
      return { order, legSeconds: durations(body.trips?.[0]?.legs, stops.length) };
    },
    async legs(points) {
      if (points.length < 2) return [];
      const body = await ask(`${base}/route/v1/${profile}/${coordinates(points)}?overview=false`);
      return durations(body.routes?.[0]?.legs, points.length - 1);
    },
  };
}
