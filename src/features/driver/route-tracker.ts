/**
 * Where a started route's phone goes (issue 47), framework-free so it can be tested with a fake
 * geolocation and fake timers. A position is recorded at the first fix, then whenever the phone
 * moved the mode's distance from the last recorded one, or the mode's interval passed since it,
 * whichever comes first. watchPosition reports changes only: a parked truck may send none for
 * minutes, so a timer records the last known place again when the interval passes without one
 * (its silence means it has not moved). A lost fix (timeout, unavailable) is forgotten rather
 * than repeated as if current.
 *
 * Battery: below 20 % and not charging, the phone records every 5 minutes or 500 m, without
 * high accuracy (GPS is the largest drain of a phone on a route all day).
 *
 * Permission: watched only when the person allows it. With the Permissions API, a refusal is
 * known without asking, and a later change (allowed or revoked in the browser's settings) starts
 * or stops the watch. This only runs while a route is started, so the browser's question, when
 * it has to ask, comes then and never outside a started route.
 */
import { distanceMetres } from '../../../domain/rules/eta';
import type { RoutePosition } from '../../../domain/schemas/tracking';

export interface TrackingMode {
  intervalMs: number;
  distanceM: number;
  highAccuracy: boolean;
}
export const NORMAL_MODE: TrackingMode = { intervalMs: 60_000, distanceM: 200, highAccuracy: true };
export const LOW_BATTERY_MODE: TrackingMode = { intervalMs: 5 * 60_000, distanceM: 500, highAccuracy: false };
/** Below this charge, not charging, the phone saves battery. */
export const LOW_BATTERY_LEVEL = 0.2;

/** 'active': positions are being recorded; 'denied': the person has not allowed it; 'waiting': no answer yet. */
export type TrackingState = 'waiting' | 'active' | 'denied' | 'unavailable';

/** The parts of the browser the tracker uses (navigator's, or a test's fakes). */
export interface TrackerEnvironment {
  geolocation?: Pick<Geolocation, 'watchPosition' | 'clearWatch'>;
  permissions?: { query(descriptor: { name: 'geolocation' }): Promise<PermissionStatusLike> };
  getBattery?: () => Promise<BatteryLike>;
  now?: () => number;
}
export interface PermissionStatusLike {
  state: PermissionState;
  addEventListener(type: 'change', listener: () => void): void;
  removeEventListener(type: 'change', listener: () => void): void;
}
export interface BatteryLike {
  level: number;
  charging: boolean;
  addEventListener(type: 'levelchange' | 'chargingchange', listener: () => void): void;
  removeEventListener(type: 'levelchange' | 'chargingchange', listener: () => void): void;
}

export function trackingMode(battery: Pick<BatteryLike, 'level' | 'charging'> | null): TrackingMode {
  return battery && !battery.charging && battery.level < LOW_BATTERY_LEVEL ? LOW_BATTERY_MODE : NORMAL_MODE;
}

/** A reading within the contract's bounds, or null (browsers give NaN or null heading and speed when unknown). */
const bounded = (value: number | null, max: number) =>
  value != null && Number.isFinite(value) && value >= 0 && value <= max ? value : null;

/** The browser's navigator as the tracker's environment (what is missing stays missing). */
export function browserEnvironment(): TrackerEnvironment {
  if (typeof navigator === 'undefined') return {};
  const nav = navigator as Navigator & { getBattery?: () => Promise<BatteryLike> };
  return {
    geolocation: nav.geolocation,
    permissions: nav.permissions as TrackerEnvironment['permissions'],
    getBattery: nav.getBattery ? () => nav.getBattery!() : undefined,
  };
}

/**
 * Starts recording; the returned function stops everything (the watch, the timer, the listeners).
 * `record` stores one position (the device's outbox of positions); its failure stops nothing.
 */
export function startRouteTracking(
  env: TrackerEnvironment,
  record: (position: RoutePosition) => unknown,
  onState: (state: TrackingState) => void,
): () => void {
  const now = env.now ?? Date.now;
  const geolocation = env.geolocation;
  let stopped = false;
  let mode = NORMAL_MODE;
  let watchId: number | null = null;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let latest: GeolocationCoordinates | null = null;
  let last: { latitude: number; longitude: number; at: number } | null = null;
  let permission: PermissionStatusLike | null = null;
  let battery: BatteryLike | null = null;
  let state: TrackingState | null = null;

  const tell = (next: TrackingState) => {
    if (next === state) return;
    state = next;
    onState(next);
  };

  const save = (coords: GeolocationCoordinates) => {
    const at = now();
    last = { latitude: coords.latitude, longitude: coords.longitude, at };
    try {
      void Promise.resolve(
        record({
          recorded_at: new Date(at).toISOString(),
          latitude: coords.latitude,
          longitude: coords.longitude,
          accuracy: bounded(coords.accuracy, 100_000),
          speed: bounded(coords.speed, 200),
          heading: bounded(coords.heading, 360),
        }),
      ).catch(() => undefined);
    } catch {
      // A position that could not be stored is lost; the next one is tried all the same.
    }
    schedule();
  };

  /** The interval's record when no fix came: the last known place again, if there is one. */
  const schedule = () => {
    if (timer !== null) clearTimeout(timer);
    timer = null;
    if (stopped || watchId === null) return;
    const due = last ? Math.max(0, last.at + mode.intervalMs - now()) : mode.intervalMs;
    timer = setTimeout(() => {
      timer = null;
      if (latest) save(latest);
      else schedule();
    }, due);
  };

  const onFix = ({ coords }: GeolocationPosition) => {
    if (stopped) return;
    tell('active');
    latest = coords;
    if (!last || distanceMetres(last, coords) >= mode.distanceM || now() - last.at >= mode.intervalMs) save(coords);
  };

  const onError = (error: GeolocationPositionError) => {
    if (stopped) return;
    if (error.code === error.PERMISSION_DENIED) {
      unwatch();
      tell('denied');
    } else {
      latest = null; // not where the truck is any more, as far as anyone knows
    }
  };

  const watch = () => {
    if (stopped || !geolocation || watchId !== null) return;
    watchId = geolocation.watchPosition(onFix, onError, {
      enableHighAccuracy: mode.highAccuracy,
      maximumAge: mode.intervalMs / 2,
      timeout: mode.intervalMs * 2,
    });
    schedule();
  };
  const unwatch = () => {
    if (watchId !== null) geolocation?.clearWatch(watchId);
    watchId = null;
    if (timer !== null) clearTimeout(timer);
    timer = null;
  };

  const onBattery = () => {
    const next = trackingMode(battery);
    if (next === mode) return;
    mode = next;
    // The accuracy is the watch's option: a new mode needs a new watch.
    if (watchId !== null) {
      unwatch();
      watch();
    }
  };

  const onPermission = () => {
    if (stopped || !permission) return;
    if (permission.state === 'denied') {
      unwatch();
      tell('denied');
    } else {
      watch();
    }
  };

  void (async () => {
    if (!geolocation) {
      tell('unavailable');
      return;
    }
    tell('waiting');
    try {
      battery = env.getBattery ? await env.getBattery() : null;
    } catch {
      battery = null; // not offered (Firefox, Safari): the normal mode
    }
    if (stopped) return;
    if (battery) {
      mode = trackingMode(battery);
      battery.addEventListener('levelchange', onBattery);
      battery.addEventListener('chargingchange', onBattery);
    }
    try {
      permission = env.permissions ? await env.permissions.query({ name: 'geolocation' }) : null;
    } catch {
      permission = null; // Safari before 16 knows no 'geolocation' permission name: the watch asks
    }
    if (stopped) return;
    if (permission) {
      permission.addEventListener('change', onPermission);
      onPermission();
    } else {
      watch();
    }
  })();

  return () => {
    stopped = true;
    unwatch();
    permission?.removeEventListener('change', onPermission);
    battery?.removeEventListener('levelchange', onBattery);
    battery?.removeEventListener('chargingchange', onBattery);
  };
}
