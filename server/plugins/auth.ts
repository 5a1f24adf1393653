import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { hasPermission, ADMIN_USER_ID, type Permission } from '../../domain/permissions';
import type { CurrentUser } from '../../domain/schemas/auth';
import type { Db } from '../db/client';
import { forbidden, unauthorized } from '../http-errors';
import { loadCurrentUser, userIdForToken } from '../auth/sessions';

declare module 'fastify' {
  interface FastifyRequest {
    user: CurrentUser | null;
    token: string | null;
  }
}

/** Who may call a route: anyone signed in, holders of one permission (spec §6), or the administrator. */
export type Access = { kind: 'signed-in' } | { kind: 'permission'; permission: Permission } | { kind: 'admin' };

export const signedIn: Access = { kind: 'signed-in' };
export const permission = (name: Permission): Access => ({ kind: 'permission', permission: name });
export const adminOnly: Access = { kind: 'admin' };

function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer ([A-Za-z0-9_-]{20,200})$/.exec(header);
  return match?.[1] ?? null;
}

export function registerAuth(app: FastifyInstance, db: Db): void {
  app.decorateRequest('user', null);
  app.decorateRequest('token', null);

  /** Resolves the bearer token and checks the route's access rule; 401 before 403. */
  app.decorate('authorize', (access: Access): preHandlerAsyncHookHandler => async (request) => {
    const token = bearerToken(request);
    if (!token) throw unauthorized();
    const userId = await userIdForToken(db, token);
    if (userId === null) throw unauthorized();
    const user = await loadCurrentUser(db, userId);
    if (!user) throw unauthorized();
    request.user = user;
    request.token = token;
    if (access.kind === 'admin' && user.id !== ADMIN_USER_ID) throw forbidden();
    if (access.kind === 'permission' && !hasPermission(user, access.permission)) throw forbidden();
  });
}

declare module 'fastify' {
  interface FastifyInstance {
    authorize(access: Access): preHandlerAsyncHookHandler;
  }
}

/** The signed-in user of a route guarded by `authorize`. */
export function currentUser(request: FastifyRequest): CurrentUser {
  if (!request.user) throw unauthorized();
  return request.user;
}
