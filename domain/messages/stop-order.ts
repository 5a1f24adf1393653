/**
 * The texts of a route's stop order (issue 47): the office's order of the stops and 'Optimizar',
 * which asks the routing engine (OSRM, ROUTING_URL) for it.
 */
export const stopOrderMessages = {
  shippingNotFound: 'El envío no existe.',
  /** The ids sent are not exactly the route's live stops (one missing, repeated, or of another route). */
  notTheRouteStops: 'El orden debe incluir cada parada del envío exactamente una vez; recarga el envío e intenta de nuevo.',
  noStops: 'El envío no tiene paradas que ordenar.',
  /** 'Optimizar' without ROUTING_URL (the office's button shows the same reason). */
  noRoutingEngine: 'No hay un motor de rutas configurado; el orden de las paradas se define a mano.',
  tooManyStops: (max: number) => `El motor de rutas ordena como máximo ${max} paradas a la vez; divide el envío o ordénalo a mano.`,
  engineFailed: 'El motor de rutas no respondió; el orden no cambió. Intenta de nuevo en unos minutos.',
  /** A stop was added, removed or completed while the engine was ordering the route. */
  routeChanged: 'El envío cambió mientras se optimizaba; intenta de nuevo.',
} as const;
