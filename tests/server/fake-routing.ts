/**
 * A fake routing engine for tests (issue 47): an HTTP server on 127.0.0.1 that answers OSRM's
 * /trip and /route as server/routing/engine.ts asks them, so 'Optimizar' and the ETA are tested
 * over real HTTP without an OSRM server and its map extract.
 *
 * - GET /trip/v1/{profile}/{lon,lat;...}: the first point is the start; the rest are visited by
 *   nearest neighbour from it (ties by input order), not returning. `waypoints[i].waypoint_index`
 *   is input point i's place in the trip (as OSRM's), `trips[0].legs` the legs in visiting order.
 * - GET /route/v1/{profile}/{lon,lat;...}: the points in the order given, one leg between each two.
 *
 * A leg's duration is its straight-line metres at SPEED_M_PER_S (8 m/s, about 29 km/h), so a test
 * can compute what to expect with domain/rules/eta.ts's distanceMetres. Every request is recorded
 * (`requests`). setDown(true) answers 503 with OSRM's error body; setDown('reset') drops the
 * connection; setDown('garbage') answers 200 with a body that is not OSRM's.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { distanceMetres, type GeoPoint } from '../../domain/rules/eta';

/** The speed every leg is driven at. */
export const SPEED_M_PER_S = 8;

export interface FakeRoutingRequest {
  service: 'trip' | 'route' | 'other';
  profile: string;
  points: GeoPoint[];
  query: Record<string, string>;
}

export interface FakeRouting {
  /** The base URL to configure as ROUTING_URL. */
  url: string;
  /** Every request received, oldest first (including those answered with a failure). */
  requests: FakeRoutingRequest[];
  setDown(down: boolean | 'reset' | 'garbage'): void;
  close(): Promise<void>;
}

/** The seconds the fake takes to drive from a to b. */
export function fakeLegSeconds(a: GeoPoint, b: GeoPoint): number {
  return distanceMetres(a, b) / SPEED_M_PER_S;
}

/**
 * The order the fake's /trip visits `stops` from `start` (nearest neighbour), as the stops'
 * indexes: what a test expects 'Optimizar' to give.
 */
export function nearestNeighbourOrder(start: GeoPoint, stops: readonly GeoPoint[]): number[] {
  const left = stops.map((_, i) => i);
  const order: number[] = [];
  let here = start;
  while (left.length > 0) {
    let best = 0;
    for (let k = 1; k < left.length; k += 1) {
      if (distanceMetres(here, stops[left[k]!]!) < distanceMetres(here, stops[left[best]!]!)) best = k;
    }
    const next = left.splice(best, 1)[0]!;
    order.push(next);
    here = stops[next]!;
  }
  return order;
}

function parsePoints(text: string): GeoPoint[] | null {
  const points = decodeURIComponent(text)
    .split(';')
    .map((pair) => pair.split(',').map(Number));
  if (points.some((p) => p.length !== 2 || p.some((n) => !Number.isFinite(n)))) return null;
  return points.map(([longitude, latitude]) => ({ latitude: latitude!, longitude: longitude! }));
}

const legsOf = (points: readonly GeoPoint[]) =>
  points.slice(1).map((p, i) => {
    const seconds = fakeLegSeconds(points[i]!, p);
    return { duration: seconds, distance: distanceMetres(points[i]!, p), steps: [] };
  });

export async function startFakeRouting(options: { port?: number } = {}): Promise<FakeRouting> {
  const requests: FakeRoutingRequest[] = [];
  let down: boolean | 'reset' | 'garbage' = false;

  const send = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };

  const handle = (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://fake-routing');
    const match = /^\/(trip|route)\/v1\/([^/]+)\/([^/]+)$/.exec(url.pathname);
    const points = match ? parsePoints(match[3]!) : null;
    requests.push({
      service: match ? (match[1] as 'trip' | 'route') : 'other',
      profile: match?.[2] ?? '',
      points: points ?? [],
      query: Object.fromEntries(url.searchParams),
    });
    if (down === 'reset') {
      req.socket.destroy();
      return;
    }
    if (down === 'garbage') return send(res, 200, { hello: 'not osrm' });
    if (down) return send(res, 503, { code: 'Busy', message: 'Service unavailable' });
    if (!match) return send(res, 400, { code: 'InvalidUrl', message: 'URL string malformed' });
    if (!points || points.length < 2) return send(res, 400, { code: 'InvalidQuery', message: 'Query string malformed' });

    if (match[1] === 'route') {
      return send(res, 200, {
        code: 'Ok',
        routes: [{ legs: legsOf(points), duration: 0, distance: 0 }],
        waypoints: points.map((p) => ({ location: [p.longitude, p.latitude], name: '' })),
      });
    }
    // The trip: the start stays first, the rest by nearest neighbour from it.
    const visit = [0, ...nearestNeighbourOrder(points[0]!, points.slice(1)).map((i) => i + 1)];
    const placeOf = new Map(visit.map((input, place) => [input, place]));
    return send(res, 200, {
      code: 'Ok',
      trips: [{ legs: legsOf(visit.map((i) => points[i]!)), duration: 0, distance: 0 }],
      waypoints: points.map((p, i) => ({ location: [p.longitude, p.latitude], name: '', trips_index: 0, waypoint_index: placeOf.get(i) })),
    });
  };

  const server = createServer(handle);
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', () => resolve()));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    setDown(value) {
      down = value;
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
