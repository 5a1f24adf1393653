import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { rows } from '../db/sql-rows';
import { roleListSchema } from '../../domain/schemas/reads';
import { namedListSchema } from '../../domain/schemas/reference';
import { signedIn } from '../plugins/auth';
import { guardedRoutes, type RouteTable } from '../http/route-table';

/** What each route of this file needs (its access rule) and takes and answers (its OpenAPI entry). */
export const ROLES_ROUTES = {
  'GET /api/v2/roles': {
    access: signedIn,
    summary: 'Roles y sus permisos',
    response: roleListSchema,
  },
  'GET /api/v2/permissions': {
    access: signedIn,
    summary: 'Permisos',
    response: namedListSchema,
  },
} satisfies RouteTable;

const guardedRoute = guardedRoutes(ROLES_ROUTES);

/** Roles and the permissions they grant (spec §6), read by any signed-in person. */
export function roleRoutes(app: FastifyInstance, db: Db): void {
  guardedRoute(app, 'GET /api/v2/roles', async () => ({
    data: await rows(
      db,
      sql`SELECT r.id, r.name, coalesce(array_agg(p.name ORDER BY p.name) FILTER (WHERE p.name IS NOT NULL), '{}') AS permissions
      FROM roles r LEFT JOIN role_permissions rp ON rp.role_id = r.id LEFT JOIN permissions p ON p.id = rp.permission_id GROUP BY r.id ORDER BY r.name`,
    ),
  }));
  guardedRoute(app, 'GET /api/v2/permissions', async () => ({ data: await rows(db, sql`SELECT id, name FROM permissions ORDER BY name`) }));
}
