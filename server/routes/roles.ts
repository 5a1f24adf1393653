import type { FastifyInstance } from 'fastify';
import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import { permissionLabel, roleMessages } from '../../domain/messages/people';
import { effectivePermissions, outranks, ungrantable } from '../../domain/people';
import type { CurrentUser } from '../../domain/schemas/auth';
import { roleInputSchema } from '../../domain/schemas/people';
import { roleListSchema, roleSchema, type Role } from '../../domain/schemas/reads';
import { namedListSchema } from '../../domain/schemas/reference';
import type { Db } from '../db/client';
import { rows } from '../db/sql-rows';
import { permissions, rolePermissions, roles } from '../db/schema';
import { HttpError, parseInput } from '../http-errors';
import { idParamSchema } from '../http/params';
import { guardedRoutes, type RouteTable } from '../http/route-table';
import { currentUser, permission, signedIn } from '../plugins/auth';
import { runMutation } from '../plugins/idempotency';
import { afterCommit, holdingsOf, keepAManager, lockPeople, refuseUngrantable } from '../auth/grants';

const text = roleMessages;

const ROLE_SELECT = sql`r.id, r.name,
  coalesce((SELECT array_agg(p.name ORDER BY p.name) FROM role_permissions rp JOIN permissions p ON p.id = rp.permission_id WHERE rp.role_id = r.id), '{}') AS permissions,
  (SELECT count(*)::int FROM users u WHERE u.role_id = r.id AND u.active) AS people`;

/** What each route of this file needs (its access rule) and takes and answers (its OpenAPI entry). */
export const ROLES_ROUTES = {
  'GET /api/v2/roles': {
    access: signedIn,
    summary: 'Roles, sus permisos y cuántas personas activas los tienen',
    response: roleListSchema,
  },
  'GET /api/v2/permissions': {
    access: signedIn,
    summary: 'Permisos',
    response: namedListSchema,
  },
  'POST /api/v2/roles': {
    access: permission('users'),
    summary: 'Crear rol',
    body: roleInputSchema,
    response: roleSchema,
    recordRule: 'Nobody grants a permission they do not hold (403); names are unique (422).',
  },
  'PUT /api/v2/roles/:id': {
    access: permission('users'),
    summary: 'Editar rol (nombre y permisos; llega a quienes lo tienen en su siguiente petición)',
    body: roleInputSchema,
    response: roleSchema,
    recordRule:
      'Nobody gives or takes a permission they do not hold, nor edits a role held by someone with a permission they lack (403); the last active holder of users keeps it (409).',
  },
} satisfies RouteTable;

const guardedRoute = guardedRoutes(ROLES_ROUTES);

async function readRole(tx: Db, id: number): Promise<Role | null> {
  const [row] = await rows<Role>(tx, sql`SELECT ${ROLE_SELECT} FROM roles r WHERE r.id = ${id}`);
  return row ?? null;
}

async function refuseTakenName(tx: Db, name: string, roleId: number | null): Promise<void> {
  const taken = await tx
    .select({ id: roles.id })
    .from(roles)
    .where(and(eq(sql`lower(${roles.name})`, name.toLowerCase()), roleId === null ? undefined : ne(roles.id, roleId)));
  if (taken.length > 0) throw new HttpError(422, text.nameTaken);
}

/**
 * A role held by someone with a permission the editor lacks is out of the editor's reach, as
 * that person is (domain/people.ts `outranks`): changing it changes what they hold.
 */
async function refuseOutrankingHolders(tx: Db, granter: CurrentUser, role: Role): Promise<void> {
  const holders = await rows<{ id: number; permissions: string[] }>(
    tx,
    sql`SELECT u.id, coalesce((SELECT array_agg(p.name) FROM user_permissions up JOIN permissions p ON p.id = up.permission_id WHERE up.user_id = u.id), '{}') AS permissions
      FROM users u WHERE u.role_id = ${role.id}`,
  );
  const beyond = new Set(
    holders.flatMap((holder) => outranks(holdingsOf(granter), effectivePermissions(holder.id, role.permissions, holder.permissions))),
  );
  if (beyond.size > 0) throw new HttpError(403, text.heldByOutranking([...beyond].sort().map(permissionLabel).join(', ')));
}

async function setRolePermissions(tx: Db, roleId: number, names: readonly string[]): Promise<void> {
  await tx.delete(rolePermissions).where(eq(rolePermissions.role_id, roleId));
  if (names.length === 0) return;
  const found = await tx
    .select({ id: permissions.id })
    .from(permissions)
    .where(inArray(permissions.name, [...names]));
  await tx.insert(rolePermissions).values(found.map((row) => ({ role_id: roleId, permission_id: row.id })));
}

/**
 * Roles and the permissions they grant (spec §6), read by any signed-in person; named sets
 * of permissions made and changed in 'Roles' (permission `users`). A role is not deleted:
 * people who left keep naming it.
 */
export function roleRoutes(app: FastifyInstance, db: Db): void {
  guardedRoute(app, 'GET /api/v2/roles', async () => ({
    data: await rows(db, sql`SELECT ${ROLE_SELECT} FROM roles r ORDER BY r.name`),
  }));
  guardedRoute(app, 'GET /api/v2/permissions', async () => ({ data: await rows(db, sql`SELECT id, name FROM permissions ORDER BY name`) }));

  guardedRoute(app, 'POST /api/v2/roles', async (request, reply) => {
    const granter = currentUser(request);
    const input = parseInput(roleInputSchema, request.body);
    return afterCommit(
      db,
      runMutation(db, request, reply, async (tx) => {
        await lockPeople(tx);
        refuseUngrantable(ungrantable(holdingsOf(granter), [], input.permissions));
        await refuseTakenName(tx, input.name, null);
        const [created] = await tx.insert(roles).values({ name: input.name }).returning({ id: roles.id });
        await setRolePermissions(tx, created!.id, [...new Set(input.permissions)]);
        return { status: 201, body: await readRole(tx, created!.id) };
      }),
    );
  });

  guardedRoute(app, 'PUT /api/v2/roles/:id', async (request, reply) => {
    const granter = currentUser(request);
    const { id } = parseInput(idParamSchema, request.params, 404);
    const input = parseInput(roleInputSchema, request.body);
    return afterCommit(
      db,
      runMutation(db, request, reply, async (tx) => {
        await lockPeople(tx);
        const role = await readRole(tx, id);
        if (!role) throw new HttpError(404, text.roleNotFound);
        refuseUngrantable(ungrantable(holdingsOf(granter), role.permissions, input.permissions));
        await refuseOutrankingHolders(tx, granter, role);
        await refuseTakenName(tx, input.name, id);
        await tx.update(roles).set({ name: input.name }).where(eq(roles.id, id));
        await setRolePermissions(tx, id, [...new Set(input.permissions)]);
        await keepAManager(tx);
        return { status: 200, body: await readRole(tx, id) };
      }),
    );
  });
}
