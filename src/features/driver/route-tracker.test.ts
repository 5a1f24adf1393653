import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RoutePosition } from '../../../domain/schemas/tracking';
import {
  startRouteTracking,
  type BatteryLike,
  type PermissionStatusLike,
  type TrackerEnvironment,
  type TrackingState,
} from './route-tracker';
import { tracksPositions } from './tracking-state';

/** Monterrey's Macroplaza, and a point `metres` east of it on the same parallel. */
const PLAZA = { latitude: 25.6693, longitude: -100.3099 };
const east = (metres: number) => ({
  latitude: PLAZA.latitude,
  longitude: PLAZA.longitude + metres / (111_320 * Math.cos((PLAZA.latitude * Math.PI) / 180)),
});

/** A phone's geolocation the test moves by hand. */
function fakeGeolocation() {
  const watches = new Map<
    number,
    { onFix: PositionCallback; onError: PositionErrorCallback | null | undefined; options?: PositionOptions }
  >();
  let nextId = 1;
  return {
    watches,
    watchPosition: vi.fn((onFix: PositionCallback, onError?: PositionErrorCallback | null, options?: PositionOptions) => {
      const id = nextId++;
      watches.set(id, { onFix, onError, options });
      return id;
    }),
    clearWatch: vi.fn((id: number) => void watches.delete(id)),
    /** The phone reports a fix to every watch. */
    move(place: { latitude: number; longitude: number }) {
      for (const { onFix } of watches.values())
        onFix({
          timestamp: Date.now(),
          coords: { ...place, accuracy: 8, altitude: null, altitudeAccuracy: null, heading: Number.NaN, speed: 4 },
        } as unknown as GeolocationPosition);
    },
    refuse() {
      for (const { onError } of watches.values())
        onError?.({ code: 1, PERMISSION_DENIED: 1, POSITION_UNAVAILABLE: 2, TIMEOUT: 3, message: '' } as GeolocationPositionError);
    },
  };
}

function fakePermission(state: PermissionState) {
  const listeners = new Set<() => void>();
  const status: PermissionStatusLike & { set(next: PermissionState): void } = {
    state,
    addEventListener: (_type, listener) => void listeners.add(listener),
    removeEventListener: (_type, listener) => void listeners.delete(listener),
    set(next) {
      status.state = next;
      for (const listener of listeners) listener();
    },
  };
  return status;
}

function fakeBattery(level: number, charging: boolean) {
  const listeners = new Set<() => void>();
  const battery: BatteryLike & { set(next: Partial<Pick<BatteryLike, 'level' | 'charging'>>): void } = {
    level,
    charging,
    addEventListener: (_type, listener) => void listeners.add(listener),
    removeEventListener: (_type, listener) => void listeners.delete(listener),
    set(next) {
      Object.assign(battery, next);
      for (const listener of listeners) listener();
    },
  };
  return battery;
}

let geolocation: ReturnType<typeof fakeGeolocation>;
let recorded: RoutePosition[];
let states: TrackingState[];
let stop: (() => void) | null;

const start = async (env: Partial<TrackerEnvironment> = {}) => {
  stop = startRouteTracking(
    { geolocation, ...env },
    (position) => void recorded.push(position),
    (state) => void states.push(state),
  );
  // The permission and battery answers are promises: let them settle.
  await vi.advanceTimersByTimeAsync(0);
};
const minutes = (n: number) => vi.advanceTimersByTimeAsync(n * 60_000);
const seconds = (n: number) => vi.advanceTimersByTimeAsync(n * 1000);

beforeEach(() => {
  vi.useFakeTimers({ now: new Date('2026-11-29T16:00:00Z') });
  geolocation = fakeGeolocation();
  recorded = [];
  states = [];
  stop = null;
});
afterEach(() => {
  stop?.();
  vi.useRealTimers();
});

describe('a started route’s positions, battery normal', () => {
  it('records the first fix, then every 200 m moved before the minute is up', async () => {
    await start({ permissions: { query: async () => fakePermission('granted') } });
    expect(geolocation.watchPosition).toHaveBeenCalledTimes(1);
    expect(geolocation.watches.values().next().value!.options).toMatchObject({ enableHighAccuracy: true });

    geolocation.move(PLAZA);
    expect(recorded).toHaveLength(1);
    expect(recorded[0]).toMatchObject({ ...PLAZA, recorded_at: '2026-11-29T16:00:00.000Z', accuracy: 8, speed: 4, heading: null });
    expect(states).toEqual(['waiting', 'active']);

    await seconds(10);
    geolocation.move(east(150)); // 150 m from the last recorded: not yet
    expect(recorded).toHaveLength(1);
    await seconds(10);
    geolocation.move(east(210)); // 210 m: recorded at once, 20 s after the first
    expect(recorded).toHaveLength(2);
    expect(recorded[1]!.recorded_at).toBe('2026-11-29T16:00:20.000Z');
  });

  it('records once a minute when the truck does not move, the last known place again', async () => {
    await start({ permissions: { query: async () => fakePermission('granted') } });
    geolocation.move(PLAZA);
    await seconds(30);
    geolocation.move(east(20)); // a few metres within the minute: nothing
    expect(recorded).toHaveLength(1);
    await seconds(29);
    expect(recorded).toHaveLength(1);
    await seconds(1); // the minute since the first is up, no new fix came: the last place is recorded
    expect(recorded).toHaveLength(2);
    expect(recorded[1]).toMatchObject({ ...east(20), recorded_at: '2026-11-29T16:01:00.000Z' });
    await minutes(3);
    expect(recorded.map((p) => p.recorded_at)).toEqual([
      '2026-11-29T16:00:00.000Z',
      '2026-11-29T16:01:00.000Z',
      '2026-11-29T16:02:00.000Z',
      '2026-11-29T16:03:00.000Z',
      '2026-11-29T16:04:00.000Z',
    ]);
  });

  it('stops watching and recording when stopped (the route finished or the screen closed)', async () => {
    await start({ permissions: { query: async () => fakePermission('granted') } });
    geolocation.move(PLAZA);
    stop!();
    stop = null;
    expect(geolocation.clearWatch).toHaveBeenCalledTimes(1);
    expect(geolocation.watches.size).toBe(0);
    await minutes(10);
    expect(recorded).toHaveLength(1);
  });
});

describe('a started route’s positions, battery low', () => {
  it('below 20 % and not charging: every 5 minutes or 500 m, without high accuracy', async () => {
    await start({ permissions: { query: async () => fakePermission('granted') }, getBattery: async () => fakeBattery(0.15, false) });
    expect(geolocation.watches.values().next().value!.options).toMatchObject({ enableHighAccuracy: false });
    geolocation.move(PLAZA);
    await seconds(30);
    geolocation.move(east(450));
    await minutes(3);
    expect(recorded).toHaveLength(1);
    geolocation.move(east(510)); // 510 m from the first
    expect(recorded).toHaveLength(2);
    await minutes(4);
    expect(recorded).toHaveLength(2);
    await minutes(1); // 5 minutes since the last
    expect(recorded).toHaveLength(3);
  });

  it('low but charging is the normal mode; unplugged, it switches to the saving one', async () => {
    const battery = fakeBattery(0.1, true);
    await start({ permissions: { query: async () => fakePermission('granted') }, getBattery: async () => battery });
    expect(geolocation.watchPosition.mock.calls[0]![2]).toMatchObject({ enableHighAccuracy: true });
    battery.set({ charging: false });
    expect(geolocation.watchPosition).toHaveBeenCalledTimes(2);
    expect(geolocation.watchPosition.mock.calls[1]![2]).toMatchObject({ enableHighAccuracy: false });
    expect(geolocation.watches.size).toBe(1);
  });
});

describe('no positions', () => {
  it('when the person refused the location: no watch, no question, and the screen is told', async () => {
    await start({ permissions: { query: async () => fakePermission('denied') } });
    expect(geolocation.watchPosition).not.toHaveBeenCalled();
    expect(states).toEqual(['waiting', 'denied']);
    await minutes(5);
    expect(recorded).toEqual([]);
  });

  it('when the permission is revoked while on the route, and again once allowed', async () => {
    const permission = fakePermission('granted');
    await start({ permissions: { query: async () => permission } });
    geolocation.move(PLAZA);
    permission.set('denied');
    expect(geolocation.watches.size).toBe(0);
    await minutes(5);
    expect(recorded).toHaveLength(1);
    expect(states.at(-1)).toBe('denied');
    permission.set('granted');
    geolocation.move(east(1000));
    expect(recorded).toHaveLength(2);
    expect(states.at(-1)).toBe('active');
  });

  it('when the browser refuses the watch itself (no Permissions API)', async () => {
    await start();
    expect(geolocation.watchPosition).toHaveBeenCalledTimes(1);
    geolocation.refuse();
    expect(states.at(-1)).toBe('denied');
    expect(geolocation.watches.size).toBe(0);
    await minutes(5);
    expect(recorded).toEqual([]);
  });

  it('when the phone has no geolocation at all', async () => {
    stop = startRouteTracking(
      {},
      (position) => void recorded.push(position),
      (state) => void states.push(state),
    );
    await minutes(5);
    expect(states).toEqual(['unavailable']);
    expect(recorded).toEqual([]);
  });
});

describe('which route records positions', () => {
  const route = (driver_id: number | null, initial_km: number | null, final_km: number | null) => ({ driver_id, initial_km, final_km });

  it('only the person’s own route, started and not finished: none before Iniciar or after Terminar', () => {
    expect(tracksPositions(route(7, 100, null), 7)).toBe(true);
    expect(tracksPositions(route(7, null, null), 7)).toBe(false);
    expect(tracksPositions(route(7, 100, 180), 7)).toBe(false);
    expect(tracksPositions(route(8, 100, null), 7)).toBe(false);
  });
});
