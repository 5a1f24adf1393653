import type { FastifyInstance } from 'fastify';
import * as z from 'zod/mini';
import { routeMapMessages } from '../../domain/messages/route-map';
import {
  mapConfigSchema,
  mapRouteAnswerSchema,
  mapRoutesSchema,
  positionBatchAnswerSchema,
  positionBatchSchema,
  type MapConfig,
} from '../../domain/schemas/tracking';
import { isCalendarDay } from '../../domain/time';
import type { Db } from '../db/client';
import { onlyRoutesOf } from '../auth/record-rules';
import { notFound, parseInput } from '../http-errors';
import { idParamSchema } from '../http/params';
import { guardedRoutes, type RouteTable } from '../http/route-table';
import { currentUser, permission } from '../plugins/auth';
import { runMutation } from '../plugins/idempotency';
import { loadMapRoutes } from '../repositories/route-map';
import type { RoutingEngine } from '../routing/engine';
import { recordPositions } from '../tracking/positions';

/** What each route of this file needs (its access rule) and takes and answers (its OpenAPI entry). */
export const ROUTE_MAP_ROUTES = {
  'POST /api/v2/shippings/:id/positions': {
    access: permission('shippings'),
    summary: 'Ubicaciones del teléfono del chofer mientras su envío está iniciado (en lotes; un lote repetido se guarda una vez)',
    body: positionBatchSchema,
    response: positionBatchAnswerSchema,
    status: 200,
    recordRule:
      'Only the route’s driver (403 otherwise); positions outside the started route (before its start, after its finish plus 5 minutes) are answered as not recorded.',
  },
  'GET /api/v2/map/routes': {
    access: permission('shippings'),
    summary: 'Mapa: los envíos de un día con sus paradas en orden, su recorrido y las horas estimadas de llegada',
    response: mapRoutesSchema,
    query: ['date'],
    recordRule: 'A Chofer Repartidor gets only the routes they drive.',
  },
  'GET /api/v2/map/routes/:id': {
    access: permission('shippings'),
    summary: 'Mapa de un envío: sus paradas en orden, su recorrido y las horas estimadas de llegada',
    response: mapRouteAnswerSchema,
    recordRule: 'A Chofer Repartidor reads only a route they drive (404 otherwise).',
  },
  'GET /api/v2/map/config': {
    access: permission('shippings'),
    summary: 'Mapa: de dónde salen los mosaicos del fondo y si hay motor de rutas para Optimizar',
    response: mapConfigSchema,
  },
} satisfies RouteTable;

const guardedRoute = guardedRoutes(ROUTE_MAP_ROUTES);

const mapDateQuerySchema = z.strictObject({
  date: z.optional(z.string().check(z.refine(isCalendarDay, routeMapMessages.invalidDate))),
});

/** The map's tiles and routing as configured: a URL ending in .pmtiles is one PMTiles archive, anything else a tile server. */
export function mapConfig(env: { ROUTING_URL?: string | undefined; MAP_TILES_URL?: string | undefined; MAP_TILES_ATTRIBUTION?: string | undefined }): MapConfig {
  const url = env.MAP_TILES_URL;
  return {
    tiles: url
      ? { kind: /\.pmtiles$/i.test(url.split(/[?#]/)[0]!) ? 'pmtiles' : 'xyz', url, attribution: env.MAP_TILES_ATTRIBUTION ?? null }
      : null,
    routing: env.ROUTING_URL !== undefined && env.ROUTING_URL !== '',
  };
}

/**
 * Where the browser fetches the map's tiles from, as a Content-Security-Policy source: the tile
 * server's or archive's origin ('{s}' subdomains as a wildcard), or none when they are the app's own.
 */
export function tilesSource(tilesUrl: string | undefined): string | null {
  if (!tilesUrl || tilesUrl.startsWith('/')) return null;
  const match = /^(https?):\/\/([^/?#]+)/i.exec(tilesUrl);
  if (!match) return null;
  const host = match[2]!.replace(/^\{[a-z]\}\./i, '*.');
  return /^[\w*.-]+(:\d+)?$/.test(host) ? `${match[1]!.toLowerCase()}://${host.toLowerCase()}` : null;
}

export function routeMapRoutes(
  app: FastifyInstance,
  db: Db,
  options: { engine: RoutingEngine | null; config: MapConfig },
): void {
  guardedRoute(app, 'POST /api/v2/shippings/:id/positions', async (request, reply) => {
    const { id } = parseInput(idParamSchema, request.params, 404);
    const batch = parseInput(positionBatchSchema, request.body, 400);
    const user = currentUser(request);
    return runMutation(db, request, reply, async (tx) => ({ status: 200, body: await recordPositions(tx, id, user.id, batch) }));
  });

  guardedRoute(
    app,
    'GET /api/v2/map/routes',
    async (request) => {
      const { date } = parseInput(mapDateQuerySchema, request.query, 400);
      const data = await loadMapRoutes(db, { ...(date !== undefined && { date }), driverId: onlyRoutesOf(currentUser(request)) }, options.engine);
      return { data };
    },
    { acceptsQuery: true },
  );

  guardedRoute(app, 'GET /api/v2/map/routes/:id', async (request) => {
    const { id } = parseInput(idParamSchema, request.params, 404);
    const [route] = await loadMapRoutes(db, { shippingId: id, driverId: onlyRoutesOf(currentUser(request)) }, options.engine);
    if (!route) throw notFound();
    return { data: route };
  });

  guardedRoute(app, 'GET /api/v2/map/config', async () => options.config);
}
