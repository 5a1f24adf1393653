import { describe, expect, it } from 'vitest';
import { averageSpeedKmh, DEFAULT_SPEED_KMH, distanceMetres, ROAD_FACTOR, SERVICE_MINUTES, stopEtas } from './eta';

// Monterrey's Macroplaza and two points about 1 km and 2 km east of it along the same latitude.
const plaza = { latitude: 25.6693, longitude: -100.3099 };
const east = (km: number) => ({ latitude: plaza.latitude, longitude: plaza.longitude + km / (111.32 * Math.cos((plaza.latitude * Math.PI) / 180)) });
const minutes = (n: number) => n * 60_000;

describe('distanceMetres', () => {
  it('measures a kilometre along a parallel as a kilometre, and nothing from a point to itself', () => {
    expect(distanceMetres(plaza, east(1))).toBeCloseTo(1000, -1);
    expect(distanceMetres(plaza, plaza)).toBe(0);
  });
});

describe('averageSpeedKmh', () => {
  it('assumes the default speed until the route has moved ten minutes', () => {
    expect(averageSpeedKmh([])).toBe(DEFAULT_SPEED_KMH);
    expect(averageSpeedKmh([{ ...plaza, at: 0 }, { ...east(3), at: minutes(5) }])).toBe(DEFAULT_SPEED_KMH);
  });

  it('measures the distance covered over the time taken, lengthened by streets, within city bounds', () => {
    // 5 km in 15 minutes is 20 km/h in a straight line: 26 km/h by streets.
    const trail = [
      { ...plaza, at: 0 },
      { ...east(2), at: minutes(6) },
      { ...east(5), at: minutes(15) },
    ];
    expect(averageSpeedKmh(trail)).toBeCloseTo(20 * ROAD_FACTOR, 0);
    // A truck parked for an hour is slow, not stopped; one that jumped 100 km in 10 minutes is not that fast.
    expect(averageSpeedKmh([{ ...plaza, at: 0 }, { ...plaza, at: minutes(60) }])).toBe(10);
    expect(averageSpeedKmh([{ ...plaza, at: 0 }, { ...east(100), at: minutes(10) }])).toBe(60);
  });
});

describe('stopEtas', () => {
  const from = { ...plaza, at: Date.UTC(2026, 10, 29, 16, 0) };

  it('drives the straight line by streets at the route’s speed, with a stop’s service time between stops: approximate', () => {
    const [first, second] = stopEtas({ from, stops: [east(1), east(2)], speedKmh: 26 });
    const legMs = ((1000 * ROAD_FACTOR) / 26_000) * 3_600_000;
    expect(first!.approximate).toBe(true);
    expect(first!.at! - from.at).toBeCloseTo(legMs, -3);
    expect(second!.at! - first!.at!).toBeCloseTo(legMs + minutes(SERVICE_MINUTES), -3);
  });

  it('uses the engine’s leg times when it gave one for every placed stop: not approximate', () => {
    const etas = stopEtas({ from, stops: [east(1), null, east(2)], speedKmh: 26, legSeconds: [300, 240] });
    expect(etas.map((e) => (e.at === null ? null : (e.at - from.at) / 60_000))).toEqual([5, null, 5 + SERVICE_MINUTES + 4]);
    expect(etas.every((e) => !e.approximate)).toBe(true);
  });

  it('falls back to the straight line when the engine’s legs do not match the stops', () => {
    const etas = stopEtas({ from, stops: [east(1), east(2)], speedKmh: 26, legSeconds: [300] });
    expect(etas.every((e) => e.approximate)).toBe(true);
  });

  it('gives no time to a stop without a place and carries on from the last placed one', () => {
    const [placed, unplaced, after] = stopEtas({ from, stops: [east(1), null, east(2)], speedKmh: 26 });
    expect(unplaced!.at).toBeNull();
    const legMs = ((1000 * ROAD_FACTOR) / 26_000) * 3_600_000;
    expect(after!.at! - placed!.at!).toBeCloseTo(legMs + minutes(SERVICE_MINUTES), -3);
  });
});
