import { deliveryMapMessages } from '../../../domain/messages/delivery-map';
import { TRAIL_POINTS, type MapRoute, type MapStop, type StopState } from '../../../domain/schemas/tracking';
import { monterreyMinute } from '../../../domain/time';

/**
 * The map's routes as live events change them, and a route's stops as the office reorders them:
 * plain functions over the contracts of domain/schemas/tracking.ts, so the screen and the dialog
 * agree and tests need no map.
 */

export interface PositionReport {
  shipping_id: number;
  latitude: number;
  longitude: number;
  recorded_at: string;
}

/**
 * The routes with a truck's newest position: it becomes the route's last position and the end of
 * its trail. A report older than the route's last position (a batch sent late, after a newer
 * one) is ignored: the truck does not jump back. Routes not concerned are kept as they are (the
 * same objects), so their marks are not redrawn.
 */
export function withPosition(routes: readonly MapRoute[], report: PositionReport): MapRoute[] {
  return routes.map((route) => {
    if (route.id !== report.shipping_id) return route;
    const last = route.last_position;
    if (last && Date.parse(last.recorded_at) >= Date.parse(report.recorded_at)) return route;
    const point = { latitude: report.latitude, longitude: report.longitude, recorded_at: report.recorded_at };
    // The server thins a trail to TRAIL_POINTS; a map left open all day keeps the newest as many.
    const trail = [...route.trail, point].slice(-TRAIL_POINTS);
    return { ...route, last_position: point, trail };
  });
}

/** The routes with one read again from the server in place of its copy (added when it is new to the list). */
export function withRoute(routes: readonly MapRoute[], fresh: MapRoute): MapRoute[] {
  const found = routes.some((route) => route.id === fresh.id);
  return found ? routes.map((route) => (route.id === fresh.id ? fresh : route)) : [...routes, fresh];
}

/** `ids` with the one at `from` moved to `to` (both kept within the list); the same list when nothing moves. */
export function moveItem<T>(ids: readonly T[], from: number, to: number): T[] {
  const target = Math.max(0, Math.min(ids.length - 1, to));
  if (from < 0 || from >= ids.length || from === target) return [...ids];
  const moved = [...ids];
  const [item] = moved.splice(from, 1);
  moved.splice(target, 0, item as T);
  return moved;
}

/** The stops in the order of `detailIds`, numbered again from 1; stops not named keep their turn after them. */
export function inOrder(stops: readonly MapStop[], detailIds: readonly number[]): MapStop[] {
  const place = new Map(detailIds.map((id, index) => [id, index]));
  const named = stops.filter((stop) => place.has(stop.detail_id)).sort((a, b) => place.get(a.detail_id)! - place.get(b.detail_id)!);
  const rest = stops.filter((stop) => !place.has(stop.detail_id));
  return [...named, ...rest].map((stop, index) => ({ ...stop, stop_order: index + 1 }));
}

/** The Monterrey wall-clock time of an instant: '10:40'. */
export function clockTime(iso: string): string {
  return monterreyMinute(new Date(iso)).slice(11);
}

/** 'Llega ~10:40', with '(aprox.)' when it is a straight-line estimate; null when the stop has no ETA. */
export function etaText(stop: Pick<MapStop, 'eta' | 'eta_approximate'>): string | null {
  return stop.eta ? deliveryMapMessages.eta(clockTime(stop.eta), stop.eta_approximate) : null;
}

/** A stop's colour on the map and in the legend (the same in both, so the legend reads the map). */
export const STOP_COLOURS: Record<StopState, string> = {
  pendiente: '#1565c0',
  entregado: '#2e7d32',
  parcial: '#ef6c00',
  rechazado: '#c62828',
};

/** Each route's trail and truck colour, by its place in the list, so two routes are told apart. */
const ROUTE_COLOURS = ['#6a1b9a', '#00838f', '#4e342e', '#ad1457', '#283593', '#558b2f', '#37474f', '#d84315'];
export function routeColour(index: number): string {
  return ROUTE_COLOURS[index % ROUTE_COLOURS.length]!;
}

/** The driver's name as the truck's tooltip and the list show it. */
export function driverName(route: Pick<MapRoute, 'driver'>): string {
  return route.driver ? `${route.driver.name} ${route.driver.last}` : deliveryMapMessages.noDriver;
}

/**
 * Calls `run(key)` at most once per `waitMs` for each key: the first change of a route reads it
 * at once, later ones within the wait are folded into one read at the wait's end, so the last
 * change is never lost. `cancel` drops what is waiting (the screen closed).
 */
export function throttleByKey<K>(run: (key: K) => void, waitMs: number, now: () => number = Date.now) {
  const lastRun = new Map<K, number>();
  const waiting = new Map<K, ReturnType<typeof setTimeout>>();
  const fire = (key: K) => {
    waiting.delete(key);
    lastRun.set(key, now());
    run(key);
  };
  return {
    call(key: K) {
      if (waiting.has(key)) return;
      const since = now() - (lastRun.get(key) ?? Number.NEGATIVE_INFINITY);
      if (since >= waitMs) fire(key);
      else waiting.set(key, setTimeout(() => fire(key), waitMs - since));
    },
    cancel() {
      for (const timer of waiting.values()) clearTimeout(timer);
      waiting.clear();
    },
  };
}
