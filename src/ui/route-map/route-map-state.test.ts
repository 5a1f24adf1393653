import { afterEach, describe, expect, it, vi } from 'vitest';
import { TRAIL_POINTS, type MapRoute, type MapStop } from '../../../domain/schemas/tracking';
import { clockTime, etaText, inOrder, moveItem, throttleByKey, withPosition, withRoute } from './route-map-state';

const stop = (detail_id: number, changes: Partial<MapStop> = {}): MapStop => ({
  detail_id,
  sale_id: 100 + detail_id,
  stop_order: detail_id,
  company: `Cliente ${detail_id}`,
  branch: null,
  address: null,
  latitude: 25.67 + detail_id / 100,
  longitude: -100.31,
  state: 'pendiente',
  delivered_at: null,
  eta: null,
  eta_approximate: false,
  ...changes,
});

const route = (id: number, changes: Partial<MapRoute> = {}): MapRoute => ({
  id,
  date: '2026-11-24',
  driver: { id: 4, name: 'Miguel', last: 'Hernández' },
  vehicle: 'Nissan NP300',
  started: true,
  finished: false,
  last_position: { latitude: 25.68, longitude: -100.32, recorded_at: '2026-11-24T16:00:00.000Z' },
  trail: [
    { latitude: 25.67, longitude: -100.33, recorded_at: '2026-11-24T15:59:00.000Z' },
    { latitude: 25.68, longitude: -100.32, recorded_at: '2026-11-24T16:00:00.000Z' },
  ],
  stops: [stop(1), stop(2), stop(3)],
  ...changes,
});

describe('withPosition', () => {
  it('moves the truck to the newest position and extends its trail, leaving other routes as they were', () => {
    const other = route(8);
    const routes = [route(7), other];
    const moved = withPosition(routes, { shipping_id: 7, latitude: 25.7, longitude: -100.3, recorded_at: '2026-11-24T16:01:00.000Z' });
    expect(moved[0]!.last_position).toEqual({ latitude: 25.7, longitude: -100.3, recorded_at: '2026-11-24T16:01:00.000Z' });
    expect(moved[0]!.trail.map((point) => point.latitude)).toEqual([25.67, 25.68, 25.7]);
    expect(moved[1]).toBe(other);
  });

  it('ignores a position older than the one shown, so a late batch does not pull the truck back', () => {
    const routes = [route(7)];
    const late = withPosition(routes, { shipping_id: 7, latitude: 25.5, longitude: -100.5, recorded_at: '2026-11-24T15:30:00.000Z' });
    expect(late[0]).toBe(routes[0]);
  });

  it('gives a route its first position when it had none', () => {
    const [first] = withPosition([route(7, { last_position: null, trail: [] })], {
      shipping_id: 7,
      latitude: 25.6,
      longitude: -100.2,
      recorded_at: '2026-11-24T14:00:00.000Z',
    });
    expect(first!.last_position?.latitude).toBe(25.6);
    expect(first!.trail).toHaveLength(1);
  });

  it('keeps only the newest points of a trail left open all day', () => {
    const full = Array.from({ length: TRAIL_POINTS }, (_, i) => ({
      latitude: 25,
      longitude: -100,
      recorded_at: new Date(Date.UTC(2026, 10, 24, 12, 0, i)).toISOString(),
    }));
    const [moved] = withPosition([route(7, { trail: full, last_position: full.at(-1)! })], {
      shipping_id: 7,
      latitude: 26,
      longitude: -101,
      recorded_at: '2026-11-24T18:00:00.000Z',
    });
    expect(moved!.trail).toHaveLength(TRAIL_POINTS);
    expect(moved!.trail.at(-1)!.latitude).toBe(26);
    expect(moved!.trail[0]!.recorded_at).toBe(full[1]!.recorded_at);
  });
});

describe('withRoute', () => {
  it('replaces a route read again and adds one new to the day', () => {
    const fresh = route(7, { finished: true });
    expect(withRoute([route(7), route(8)], fresh).map((r) => [r.id, r.finished])).toEqual([
      [7, true],
      [8, false],
    ]);
    expect(withRoute([route(8)], fresh).map((r) => r.id)).toEqual([8, 7]);
  });
});

describe('moveItem and inOrder', () => {
  it('moves a stop up, down and by dragging across several places', () => {
    expect(moveItem([1, 2, 3, 4], 2, 1)).toEqual([1, 3, 2, 4]);
    expect(moveItem([1, 2, 3, 4], 0, 1)).toEqual([2, 1, 3, 4]);
    expect(moveItem([1, 2, 3, 4], 3, 0)).toEqual([4, 1, 2, 3]);
  });

  it('keeps the order when the move would leave the list', () => {
    expect(moveItem([1, 2, 3], 0, -1)).toEqual([1, 2, 3]);
    expect(moveItem([1, 2, 3], 2, 5)).toEqual([1, 2, 3]);
    expect(moveItem([1, 2, 3], 7, 0)).toEqual([1, 2, 3]);
  });

  it('puts the stops in the new order and numbers them again from 1', () => {
    const ordered = inOrder([stop(1), stop(2), stop(3)], [3, 1, 2]);
    expect(ordered.map((s) => [s.detail_id, s.stop_order])).toEqual([
      [3, 1],
      [1, 2],
      [2, 3],
    ]);
  });
});

describe('etaText', () => {
  it('says when the truck arrives, in Monterrey time, and that it is approximate when it is', () => {
    // 16:40 UTC is 10:40 in Monterrey (UTC-6, no daylight saving since 2022).
    expect(etaText({ eta: '2026-11-24T16:40:00.000Z', eta_approximate: false })).toBe('Llega ~10:40');
    expect(etaText({ eta: '2026-11-24T16:40:00.000Z', eta_approximate: true })).toBe('Llega ~10:40 (aprox.)');
    expect(etaText({ eta: null, eta_approximate: true })).toBeNull();
  });
});

describe('clockTime', () => {
  it('shows a stop’s delivery as the server sends it (an ISO instant) in Monterrey’s time, whatever the device’s zone', () => {
    // The server's delivered_at for a stop delivered at 09:05 Monterrey (UTC-6) on 2026-11-24.
    const deliveredAt = '2026-11-24T15:05:00Z';
    const inMonterrey = new Intl.DateTimeFormat('en-GB', { timeZone: 'America/Monterrey', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
    expect(clockTime(deliveredAt)).toBe(inMonterrey.format(new Date(deliveredAt)));
    expect(clockTime(deliveredAt)).toBe('09:05');
  });
});

describe('throttleByKey', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('reads a route at once, folds the changes within 10 s into one read at their end, and keeps routes apart', () => {
    vi.useFakeTimers();
    const reads: number[] = [];
    const throttle = throttleByKey((id: number) => reads.push(id), 10_000);
    throttle.call(7);
    throttle.call(7);
    throttle.call(7);
    throttle.call(8);
    expect(reads).toEqual([7, 8]);
    vi.advanceTimersByTime(9_999);
    expect(reads).toEqual([7, 8]);
    vi.advanceTimersByTime(1);
    expect(reads).toEqual([7, 8, 7]);
    vi.advanceTimersByTime(10_000);
    throttle.call(7);
    expect(reads).toEqual([7, 8, 7, 7]);
  });

  it('drops what is waiting when cancelled', () => {
    vi.useFakeTimers();
    const reads: number[] = [];
    const throttle = throttleByKey((id: number) => reads.push(id), 10_000);
    throttle.call(7);
    throttle.call(7);
    throttle.cancel();
    vi.advanceTimersByTime(20_000);
    expect(reads).toEqual([7]);
  });
});
