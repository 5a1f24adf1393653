import { IncomingMessage } from 'node:http';
import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { crmMessages } from '../../domain/messages/crm';
import { peopleMessages } from '../../domain/messages/people';
import { hasPermission, ADMIN_USER_ID, type Permission } from '../../domain/permissions';
import type { CurrentUser } from '../../domain/schemas/auth';
import type { Db } from '../db/client';
import { forbidden, HttpError, unauthorized } from '../http-errors';
import { userForFilePass, userForToken } from '../auth/sessions';

declare module 'fastify' {
  interface FastifyRequest {
    user: CurrentUser | null;
    token: string | null;
  }
}

/**
 * Who may call a route: anyone, anyone signed in, holders of any of some permissions
 * (spec §6), or the administrator. The table of every route is server/route-access.ts.
 */
export type Access = { kind: 'public' } | { kind: 'signed-in' } | { kind: 'permission'; anyOf: readonly Permission[] } | { kind: 'admin' };

export const everyone: Access = { kind: 'public' };
export const signedIn: Access = { kind: 'signed-in' };
export const permission = (...anyOf: Permission[]): Access => ({ kind: 'permission', anyOf });

export function allows(access: Access, user: CurrentUser | null): boolean {
  switch (access.kind) {
    case 'public':
      return true;
    case 'signed-in':
      return user !== null;
    case 'admin':
      return user?.id === ADMIN_USER_ID;
    case 'permission':
      return user !== null && access.anyOf.some((p) => hasPermission(user, p));
  }
}

function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer ([A-Za-z0-9_-]{20,200})$/.exec(header);
  return match?.[1] ?? null;
}

/**
 * A command of a push batch (server/routes/sync-push.ts), run through its own route inside
 * this process with the batch's token. Its session is checked again for each command (held
 * sessions make that a lookup), so a sign-out or a permission taken away during a long batch
 * stops the commands after it. Only code in this process can make one (it is the request
 * object itself, not anything a client sends).
 */
export class PushedCommandRequest extends IncomingMessage {
  declare readonly pushedBy: { token: string };
}

/** The request class of one batch's commands: the batch's token rides on its prototype. */
export function pushedCommandRequestOf(token: string): typeof PushedCommandRequest {
  class BatchCommand extends PushedCommandRequest {}
  Object.defineProperty(BatchCommand.prototype, 'pushedBy', { value: { token } });
  return BatchCommand;
}

/** What a temporary password opens: who is signed in, signing out, and choosing a password of one's own. */
const OPEN_WITH_TEMPORARY_PASSWORD = new Set(['GET /api/v1/user/current', 'POST /api/v1/user/logout', 'POST /api/v2/user/password']);

export function registerAuth(app: FastifyInstance, db: Db, hiddenScreens: readonly string[]): void {
  app.decorateRequest('user', null);
  app.decorateRequest('token', null);

  /**
   * Resolves the bearer token and checks the route's access rule; 401 before 403. A route of a
   * screen this deployment hides answers 404 to everyone (spec §6).
   */
  app.decorate('authorize', (access: Access, screen?: string, acceptsFilePass = false): preHandlerAsyncHookHandler => async (request) => {
    if (screen !== undefined && hiddenScreens.includes(screen)) throw new HttpError(404, crmMessages.hiddenHere);
    if (access.kind === 'public') return;
    const pushed = request.raw instanceof PushedCommandRequest ? request.raw.pushedBy : null;
    const token = pushed?.token ?? bearerToken(request);
    const pass = acceptsFilePass ? (request.query as { pass?: unknown } | undefined)?.pass : undefined;
    let user: CurrentUser | null;
    if (token) user = await userForToken(db, token);
    else if (typeof pass === 'string') user = await userForFilePass(db, pass);
    else throw unauthorized();
    if (!user) throw unauthorized();
    request.user = user;
    request.token = token;
    if (user.temporary_credentials && !OPEN_WITH_TEMPORARY_PASSWORD.has(`${request.method} ${request.routeOptions.url}`)) {
      throw new HttpError(403, peopleMessages.mustChangePassword);
    }
    if (!allows(access, user)) throw forbidden();
  });
}

declare module 'fastify' {
  interface FastifyInstance {
    /** `acceptsFilePass`: a file pass in `?pass=` (sessions.ts) signs the request in when no bearer token is sent. */
    authorize(access: Access, screen?: string, acceptsFilePass?: boolean): preHandlerAsyncHookHandler;
  }
}

/** The signed-in user of a route guarded by `authorize`. */
export function currentUser(request: FastifyRequest): CurrentUser {
  if (!request.user) throw unauthorized();
  return request.user;
}
