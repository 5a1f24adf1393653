import type { FastifyInstance } from 'fastify';
import { guardedRoutes, type RouteTable } from '../http/route-table';
import { everyone } from '../plugins/auth';

/** What each route of this file needs (its access rule) and takes and answers (its OpenAPI entry). */
export const DOCS_ROUTES = {
  'GET /api/docs': {
    access: everyone,
    summary: 'Este documento (OpenAPI 3.1)',
  },
} satisfies RouteTable;

const guardedRoute = guardedRoutes(DOCS_ROUTES);

/** The OpenAPI document of every route (server/openapi.ts builds it once, at start). */
export function docsRoutes(app: FastifyInstance, document: Record<string, unknown>): void {
  guardedRoute(app, 'GET /api/docs', async () => document);
}
