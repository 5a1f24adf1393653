/**
 * Shipping progress is derived from the odometer fields (spec §4): no initial km →
 * 'Iniciar'; initial km but no final km → 'Terminar'; both → neither.
 */
export type ShippingProgress = 'not-started' | 'on-route' | 'finished';

export interface OdometerReadings {
  initial_km: number | null;
  final_km: number | null;
}

export function shippingProgress({ initial_km, final_km }: OdometerReadings): ShippingProgress {
  if (initial_km === null) return 'not-started';
  if (final_km === null) return 'on-route';
  return 'finished';
}

/** Kilometres travelled: final − initial when both are set and final ≥ initial, else none. */
export function routeKilometres({ initial_km, final_km }: OdometerReadings): number | null {
  if (initial_km === null || final_km === null || final_km < initial_km) return null;
  return final_km - initial_km;
}
