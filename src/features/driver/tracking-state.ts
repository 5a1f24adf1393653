import { useSyncExternalStore } from 'react';
import type { TrackingState } from './route-tracker';

/**
 * What the route's tracker, running under the driver's routes, tells the route's screen
 * ('Ubicación activa' / 'Sin permiso de ubicación'). Kept apart from the tracker so the screen
 * can show the note without loading the tracker.
 */
const states = new Map<number, TrackingState>();
const listeners = new Set<() => void>();

export function setTrackingState(shippingId: number, state: TrackingState | null): void {
  if (state === null) states.delete(shippingId);
  else states.set(shippingId, state);
  for (const listener of listeners) listener();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** The tracker's state for this route; null while no tracker runs for it. */
export function useTrackingState(shippingId: number): TrackingState | null {
  return useSyncExternalStore(
    subscribe,
    () => states.get(shippingId) ?? null,
    () => null,
  );
}

/**
 * Whether this person's phone records the route's positions (issue 47): only their own route,
 * started and not finished; never before 'Iniciar' or after 'Terminar'.
 */
export function tracksPositions(
  shipping: { driver_id: number | null; initial_km: number | null; final_km: number | null },
  userId: number,
): boolean {
  return shipping.driver_id === userId && shipping.initial_km != null && shipping.final_km == null;
}
