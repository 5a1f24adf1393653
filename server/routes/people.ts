import type { FastifyInstance } from 'fastify';
import { and, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import { peopleMessages } from '../../domain/messages/people';
import { effectivePermissions, outranks, ungrantable } from '../../domain/people';
import { afterCommit, holdingsOf, keepAManager, lockPeople, refuseUngrantable } from '../auth/grants';
import { ADMIN_USER_ID } from '../../domain/permissions';
import type { CurrentUser } from '../../domain/schemas/auth';
import {
  personInputSchema,
  personPageSchema,
  personSchema,
  PERSON_SORTS,
  temporaryPasswordSchema,
  type Person,
  type PersonInput,
} from '../../domain/schemas/people';
import type { Db } from '../db/client';
import { branches, jobPositions, permissions, userPermissions, users } from '../db/schema';
import { orderBy, page, rows } from '../db/sql-rows';
import { HttpError, parseInput } from '../http-errors';
import { containsPattern, idList, parseListQuery } from '../http/list-query';
import { idParamSchema } from '../http/params';
import { guardedRoutes, LIST_QUERY, type RouteTable } from '../http/route-table';
import { currentUser, permission } from '../plugins/auth';
import { runLogged, runMutation } from '../plugins/idempotency';
import { iso } from '../repositories/sales';
import { endSessions, resetToTemporaryPassword, temporaryPassword } from '../auth/administrators';
import { hashPassword } from '../auth/passwords';

const text = peopleMessages;

const PERSON_SELECT = sql`u.id, u.name, u.last, u.email, u.role_id, r.name AS role,
  coalesce((SELECT array_agg(p.name ORDER BY p.name) FROM role_permissions rp JOIN permissions p ON p.id = rp.permission_id WHERE rp.role_id = u.role_id), '{}') AS role_permissions,
  coalesce((SELECT array_agg(p.name ORDER BY p.name) FROM user_permissions up JOIN permissions p ON p.id = up.permission_id WHERE up.user_id = u.id), '{}') AS permissions,
  u.job_position_id, j.name AS job_position, u.sub_job_position, u.branch_id, b.name AS branch, u.active, u.must_change_password AS temporary_credentials,
  ${iso(sql`s.signed_in_at`)} AS last_sign_in_at`;
const PERSON_FROM = sql`users u LEFT JOIN roles r ON r.id = u.role_id LEFT JOIN job_positions j ON j.id = u.job_position_id
  LEFT JOIN branches b ON b.id = u.branch_id LEFT JOIN user_sign_ins s ON s.user_id = u.id`;
const PERSON_ORDER = { name: 'u.name, u.last', email: 'lower(u.email)', last_sign_in_at: 's.signed_in_at' };

/** What each route of this file needs (its access rule) and takes and answers (its OpenAPI entry). */
export const PEOPLE_ROUTES = {
  'GET /api/v2/users': {
    access: permission('users'),
    summary: 'Usuarios (paginado); sort name|email|last_sign_in_at',
    response: personPageSchema,
    query: [...LIST_QUERY, 'filter[search]', 'filter[active]', 'filter[role_id]'],
  },
  'GET /api/v2/users/:id': {
    access: permission('users'),
    summary: 'Usuario',
    response: personSchema,
  },
  /** Not kept for a retry: the temporary password is answered once. */
  'POST /api/v2/users': {
    access: permission('users'),
    summary: 'Crear usuario (con una contraseña temporal que cambia al entrar)',
    body: personInputSchema,
    response: temporaryPasswordSchema,
    recordRule: 'Nobody grants a permission they do not hold (403).',
  },
  'PUT /api/v2/users/:id': {
    access: permission('users'),
    summary: 'Editar usuario (datos, rol y permisos propios)',
    body: personInputSchema,
    response: personSchema,
    recordRule:
      'Only a person who holds nothing the editor lacks; nobody grants or takes a permission they do not hold (403); user 1 keeps every permission and the last active holder of users keeps it (409).',
  },
  'POST /api/v2/users/:id/deactivate': {
    access: permission('users'),
    summary: 'Desactivar usuario (sus sesiones y avisos en vivo terminan)',
    response: personSchema,
    status: 200,
    recordRule: 'Never user 1, oneself, or the last active holder of users (409); only a person who holds nothing the editor lacks (403).',
  },
  'POST /api/v2/users/:id/reactivate': {
    access: permission('users'),
    summary: 'Reactivar usuario',
    response: personSchema,
    status: 200,
    recordRule: 'Only a person who holds nothing the editor lacks (403).',
  },
  /** Not kept for a retry: the temporary password is answered once. */
  'POST /api/v2/users/:id/password-reset': {
    access: permission('users'),
    summary: 'Restablecer contraseña (temporal, se cambia al entrar; sus sesiones terminan)',
    response: temporaryPasswordSchema,
    status: 200,
    recordRule: 'Only a person who holds nothing the editor lacks (403).',
  },
} satisfies RouteTable;

const guardedRoute = guardedRoutes(PEOPLE_ROUTES);

async function readPerson(tx: Db, id: number): Promise<Person | null> {
  const [row] = await rows<Person>(tx, sql`SELECT ${PERSON_SELECT} FROM ${PERSON_FROM} WHERE u.id = ${id}`);
  return row ?? null;
}

async function personOrNotFound(tx: Db, id: number): Promise<Person> {
  const person = await readPerson(tx, id);
  if (!person) throw new HttpError(404, text.personNotFound);
  return person;
}

const holdingsOfPerson = (person: Person) => effectivePermissions(person.id, person.role_permissions, person.permissions);

/** The granter may manage a person who holds nothing the granter lacks. */
function mayManage(granter: CurrentUser, person: Person): void {
  refuseUngrantable(outranks(holdingsOf(granter), holdingsOfPerson(person)));
}

async function rolePermissionsOf(tx: Db, roleId: number): Promise<string[]> {
  const [role] = await rows<{ permissions: string[] }>(
    tx,
    sql`SELECT coalesce((SELECT array_agg(p.name) FROM role_permissions rp JOIN permissions p ON p.id = rp.permission_id WHERE rp.role_id = r.id), '{}') AS permissions
      FROM roles r WHERE r.id = ${roleId}`,
  );
  if (!role) throw new HttpError(422, text.roleNotFound);
  return role.permissions;
}

/** The e-mail, job position and branch of a person's form, checked against what exists. */
async function checkReferences(tx: Db, input: PersonInput, personId: number | null): Promise<void> {
  const sameEmail = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(sql`lower(${users.email})`, input.email), personId === null ? undefined : ne(users.id, personId)));
  if (sameEmail.length > 0) throw new HttpError(422, text.emailTaken);
  if (input.job_position_id !== null) {
    const [found] = await tx.select({ id: jobPositions.id }).from(jobPositions).where(eq(jobPositions.id, input.job_position_id));
    if (!found) throw new HttpError(422, text.jobPositionNotFound);
  }
  if (input.branch_id !== null) {
    const [found] = await tx.select({ id: branches.id }).from(branches).where(eq(branches.id, input.branch_id));
    if (!found) throw new HttpError(422, text.branchNotFound);
  }
}

/** A person's own permissions replaced by `names`. */
async function setOwnPermissions(tx: Db, userId: number, names: readonly string[]): Promise<void> {
  await tx.delete(userPermissions).where(eq(userPermissions.user_id, userId));
  if (names.length === 0) return;
  const found = await tx
    .select({ id: permissions.id })
    .from(permissions)
    .where(inArray(permissions.name, [...names]));
  await tx.insert(userPermissions).values(found.map((row) => ({ user_id: userId, permission_id: row.id })));
}

/** Only the permissions the role does not already give are kept as the person's own. */
const ownBeyondRole = (input: PersonInput, rolePermissions: readonly string[]) =>
  [...new Set(input.permissions)].filter((name) => !rolePermissions.includes(name)).sort();

function personValues(input: PersonInput) {
  return {
    name: input.name,
    last: input.last,
    email: input.email,
    role_id: input.role_id,
    job_position_id: input.job_position_id,
    sub_job_position: input.sub_job_position,
    branch_id: input.branch_id,
  };
}

/**
 * 'Usuarios' (permission `users`): the people who sign in, created with a temporary password,
 * edited, deactivated and reactivated — never deleted, since the log, sales and routes keep
 * naming them — and their password reset. The grant rules are domain/people.ts; a change to
 * a person reaches every server process at their next request (migration 0018's notices).
 */
export function peopleRoutes(app: FastifyInstance, db: Db): void {
  guardedRoute(
    app,
    'GET /api/v2/users',
    async (request) => {
      const query = parseListQuery(request.query, { filters: ['search', 'active', 'role_id'], sorts: [...PERSON_SORTS] });
      const conditions: SQL[] = [sql`TRUE`];
      const search = query.filters.search?.trim();
      if (search) {
        const pattern = containsPattern(search);
        conditions.push(sql`(u.name || ' ' || u.last ILIKE ${pattern} OR u.email ILIKE ${pattern})`);
      }
      if (query.filters.active === 'true' || query.filters.active === 'false')
        conditions.push(sql`u.active = ${query.filters.active === 'true'}`);
      const role = idList(query.filters.role_id, 'role_id');
      if (role) conditions.push(sql`u.role_id IN ${role}`);
      return page(
        db,
        PERSON_SELECT,
        PERSON_FROM,
        sql.join(conditions, sql` AND `),
        orderBy(query, PERSON_ORDER, 'u.active DESC, u.name, u.last'),
        query,
      );
    },
    { acceptsQuery: true },
  );

  guardedRoute(app, 'GET /api/v2/users/:id', async (request) => {
    const { id } = parseInput(idParamSchema, request.params, 404);
    return personOrNotFound(db, id);
  });

  guardedRoute(app, 'POST /api/v2/users', async (request, reply) => {
    const granter = currentUser(request);
    const input = parseInput(personInputSchema, request.body);
    const password = temporaryPassword();
    const passwordHash = await hashPassword(password);
    return afterCommit(
      db,
      runLogged(db, request, reply, async (tx) => {
        await lockPeople(tx);
        const rolePermissions = await rolePermissionsOf(tx, input.role_id);
        const own = ownBeyondRole(input, rolePermissions);
        refuseUngrantable(ungrantable(holdingsOf(granter), [], [...rolePermissions, ...own]));
        await checkReferences(tx, input, null);
        const [created] = await tx
          .insert(users)
          .values({ ...personValues(input), password_hash: passwordHash, must_change_password: true })
          .returning({ id: users.id });
        await setOwnPermissions(tx, created!.id, own);
        return { status: 201, body: { person: await personOrNotFound(tx, created!.id), temporary_password: password } };
      }),
    );
  });

  guardedRoute(app, 'PUT /api/v2/users/:id', async (request, reply) => {
    const granter = currentUser(request);
    const { id } = parseInput(idParamSchema, request.params, 404);
    const input = parseInput(personInputSchema, request.body);
    return afterCommit(
      db,
      runMutation(db, request, reply, async (tx) => {
        await lockPeople(tx);
        const person = await personOrNotFound(tx, id);
        mayManage(granter, person);
        const rolePermissions = await rolePermissionsOf(tx, input.role_id);
        const own = ownBeyondRole(input, rolePermissions);
        if (id === ADMIN_USER_ID && (input.role_id !== person.role_id || own.join() !== [...person.permissions].sort().join())) {
          throw new HttpError(409, text.firstAdministrator);
        }
        refuseUngrantable(ungrantable(holdingsOf(granter), holdingsOfPerson(person), effectivePermissions(id, rolePermissions, own)));
        await checkReferences(tx, input, id);
        await tx
          .update(users)
          .set({ ...personValues(input), updated_at: sql`now()` })
          .where(eq(users.id, id));
        await setOwnPermissions(tx, id, own);
        await keepAManager(tx);
        return { status: 200, body: await personOrNotFound(tx, id) };
      }),
    );
  });

  for (const active of [false, true]) {
    const key = active ? 'POST /api/v2/users/:id/reactivate' : 'POST /api/v2/users/:id/deactivate';
    guardedRoute(app, key, async (request, reply) => {
      const granter = currentUser(request);
      const { id } = parseInput(idParamSchema, request.params, 404);
      return afterCommit(
        db,
        runMutation(db, request, reply, async (tx) => {
          await lockPeople(tx);
          const person = await personOrNotFound(tx, id);
          if (!active && id === ADMIN_USER_ID) throw new HttpError(409, text.firstAdministrator);
          if (!active && id === granter.id) throw new HttpError(409, text.notYourself);
          mayManage(granter, person);
          await tx
            .update(users)
            .set({ active, updated_at: sql`now()` })
            .where(eq(users.id, id));
          if (!active) {
            // Signed out on every process at once; their history stays theirs.
            await endSessions(tx, id);
            await keepAManager(tx);
          }
          return { status: 200, body: await personOrNotFound(tx, id) };
        }),
      );
    });
  }

  guardedRoute(app, 'POST /api/v2/users/:id/password-reset', async (request, reply) => {
    const granter = currentUser(request);
    const { id } = parseInput(idParamSchema, request.params, 404);
    return afterCommit(
      db,
      runLogged(db, request, reply, async (tx) => {
        await lockPeople(tx);
        const person = await personOrNotFound(tx, id);
        mayManage(granter, person);
        const password = await resetToTemporaryPassword(tx, person);
        return { status: 200, body: { person: await personOrNotFound(tx, id), temporary_password: password } };
      }),
    );
  });
}
