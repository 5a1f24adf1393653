import * as z from 'zod/mini';

/**
 * Delivery tracking (issue 47): where a started route's phone has been, the office's map of
 * routes and stops, the stops' order, and the customer's public tracking page.
 */

const id = z.int().check(z.positive(), z.maximum(2_147_483_647));
const latitude = z.number().check(z.gte(-90), z.lte(90));
const longitude = z.number().check(z.gte(-180), z.lte(180));

/** One position as the phone recorded it; `recorded_at` is the device's ISO instant. */
export const routePositionSchema = z.object({
  recorded_at: z.iso.datetime({ offset: true }),
  latitude,
  longitude,
  accuracy: z.optional(z.nullable(z.number().check(z.gte(0), z.lte(100_000)))),
  speed: z.optional(z.nullable(z.number().check(z.gte(0), z.lte(200)))),
  heading: z.optional(z.nullable(z.number().check(z.gte(0), z.lte(360)))),
});
export type RoutePosition = z.infer<typeof routePositionSchema>;

/** Most positions one batch carries (a phone offline for 8 hours at one a minute sends 480). */
export const POSITIONS_PER_BATCH = 500;

/** POST /api/v2/shippings/{id}/positions. */
export const positionBatchSchema = z.object({
  positions: z.array(routePositionSchema).check(z.minLength(1), z.maxLength(POSITIONS_PER_BATCH)),
});
export type PositionBatch = z.infer<typeof positionBatchSchema>;
/** Its answer: how many were new (a replayed batch answers 0 new, and is not an error). */
export const positionBatchAnswerSchema = z.object({ accepted: z.int(), recorded: z.int() });

export const STOP_STATES = ['pendiente', 'entregado', 'parcial', 'rechazado'] as const;
export type StopState = (typeof STOP_STATES)[number];

/** A stop as the map and the ETA see it. */
export const mapStopSchema = z.object({
  detail_id: z.int(),
  sale_id: z.int(),
  /** Its place in the route's order, 1 first (the stored order, then the rest by id). */
  stop_order: z.int(),
  company: z.string(),
  branch: z.nullable(z.string()),
  address: z.nullable(z.string()),
  latitude: z.nullable(z.number()),
  longitude: z.nullable(z.number()),
  state: z.enum(STOP_STATES),
  /** When it was delivered or refused (ISO instant; shown in Monterrey's time). */
  delivered_at: z.nullable(z.string()),
  /** When the truck should arrive (ISO), for stops still pending of a started route with a known position. */
  eta: z.nullable(z.string()),
  /** The ETA is from straight-line distance at the route's speed (no routing engine): shown as approximate. */
  eta_approximate: z.boolean(),
});
export type MapStop = z.infer<typeof mapStopSchema>;

export const mapPointSchema = z.object({ latitude: z.number(), longitude: z.number(), recorded_at: z.string() });
export type MapPoint = z.infer<typeof mapPointSchema>;

/** A route on the office's map. */
export const mapRouteSchema = z.object({
  id: z.int(),
  date: z.string(),
  driver: z.nullable(z.object({ id: z.int(), name: z.string(), last: z.string() })),
  vehicle: z.nullable(z.string()),
  started: z.boolean(),
  finished: z.boolean(),
  last_position: z.nullable(mapPointSchema),
  /** Where the truck went, oldest first (thinned to at most TRAIL_POINTS). */
  trail: z.array(mapPointSchema),
  stops: z.array(mapStopSchema),
});
export type MapRoute = z.infer<typeof mapRouteSchema>;
/** Most points of a trail the map is sent. */
export const TRAIL_POINTS = 500;

/** GET /api/v2/map/routes?date=YYYY-MM-DD and GET /api/v2/map/routes/{id}. */
export const mapRoutesSchema = z.object({ data: z.array(mapRouteSchema) });
export const mapRouteAnswerSchema = z.object({ data: mapRouteSchema });

/** GET /api/v2/map/config: the tiles the map draws under its marks, and whether 'Optimizar' can order a route. */
export const mapConfigSchema = z.object({
  tiles: z.nullable(
    z.object({
      /** 'xyz': a tile server's URL template ({z}/{x}/{y}); 'pmtiles': one PMTiles archive's URL. */
      kind: z.enum(['xyz', 'pmtiles']),
      url: z.string(),
      attribution: z.nullable(z.string()),
    }),
  ),
  routing: z.boolean(),
});
export type MapConfig = z.infer<typeof mapConfigSchema>;

/** PUT /api/v2/shippings/{id}/stop_order: every live stop of the route, in the new order. */
export const stopOrderInputSchema = z.object({ detail_ids: z.array(id).check(z.minLength(1), z.maxLength(500)) });
export type StopOrderInput = z.infer<typeof stopOrderInputSchema>;

/** POST /api/v2/shippings/{id}/optimize's answer: the route in its new order; stops without a place stay last. */
export const optimizedRouteSchema = z.object({ data: mapRouteSchema, unplaced: z.array(z.int()) });

/** GET /api/v2/tracking/{token}: what the customer's tracking page shows, and nothing else. */
export const publicTrackingSchema = z.object({
  business: z.string(),
  /** 'no_entregado': the route finished with the stop still pending. */
  state: z.enum(['programado', 'en_camino', 'siguiente', 'entregado', 'parcial', 'rechazado', 'no_entregado']),
  eta: z.nullable(z.string()),
  eta_approximate: z.boolean(),
  /** The truck is within the last kilometre (its position is never sent). */
  near: z.boolean(),
  delivered_at: z.nullable(z.string()),
});
export type PublicTracking = z.infer<typeof publicTrackingSchema>;
