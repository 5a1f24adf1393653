import type { FastifyInstance } from 'fastify';
import { loginMessages } from '../../domain/messages/login';
import { loginPayloadSchema, currentUserSchema, loginResponseSchema } from '../../domain/schemas/auth';
import type { Db } from '../db/client';
import { HttpError, parseInput } from '../http-errors';
import { currentUser, everyone, signedIn } from '../plugins/auth';
import { hashPassword, verifyPassword } from '../auth/passwords';
import { eq } from 'drizzle-orm';
import { settingsMessages } from '../../domain/messages/settings';
import { passwordChangeSchema } from '../../domain/schemas/setup';
import { users } from '../db/schema';
import {
  clearPairFailures,
  deleteExpiredTokens,
  failureKeys,
  findUserForLogin,
  signInWaitMs,
  issueToken,
  recordFailure,
  revokeToken,
  changePassword,
  recordSignIn,
} from '../auth/sessions';
import { guardedRoutes, type RouteTable } from '../http/route-table';

/** What each route of this file needs (its access rule) and takes and answers (its OpenAPI entry). */
export const USERS_ROUTES = {
  'POST /api/v1/user/login': {
    access: everyone,
    summary: 'Iniciar sesión',
    body: loginPayloadSchema,
    response: loginResponseSchema,
  },
  'GET /api/v1/user/current': {
    access: signedIn,
    summary: 'Usuario actual',
    response: currentUserSchema,
  },
  'POST /api/v1/user/logout': {
    access: signedIn,
    summary: 'Cerrar sesión (revoca el token)',
  },
  'POST /api/v2/user/password': {
    access: signedIn,
    summary: 'Cambiar la contraseña propia (las demás sesiones de la persona se cierran)',
    body: passwordChangeSchema,
    status: 204,
  },
} satisfies RouteTable;

const guardedRoute = guardedRoutes(USERS_ROUTES);

export function userRoutes(app: FastifyInstance, db: Db): void {
  guardedRoute(
    app,
    'POST /api/v1/user/login',
    async (request) => {
      const payload = parseInput(loginPayloadSchema, request.body);
      const keys = failureKeys(payload.email, request.ip);
      const wait = await signInWaitMs(db, keys);
      if (wait > 0) {
        const seconds = Math.ceil(wait / 1000);
        throw new HttpError(429, loginMessages.tooManyAttempts(seconds), { 'retry-after': String(seconds) });
      }
      const user = await findUserForLogin(db, payload.email);
      const valid = await verifyPassword(user?.password_hash ?? null, payload.password);
      if (!user || !valid) {
        await recordFailure(db, keys);
        throw new HttpError(401, loginMessages.failed);
      }
      await clearPairFailures(db, keys);
      // Only whoever knows the password learns that the account is deactivated.
      if (!user.active) throw new HttpError(401, loginMessages.deactivated);
      // Sign-in is a good moment to sweep tokens that expired (30 days without use).
      await deleteExpiredTokens(db);
      const access_token = await issueToken(db, user.id);
      await recordSignIn(db, user.id);
      return { access_token };
    },
    { config: { rateLimit: { max: 60, timeWindow: '1 minute' } } },
  );

  guardedRoute(app, 'GET /api/v1/user/current', async (request) => currentUser(request));

  guardedRoute(app, 'POST /api/v1/user/logout', async (request, reply) => {
    if (request.token) await revokeToken(db, request.token);
    return reply.code(204).send();
  });

  guardedRoute(
    app,
    'POST /api/v2/user/password',
    async (request, reply) => {
      const change = parseInput(passwordChangeSchema, request.body);
      const user = currentUser(request);
      const [stored] = await db.select({ hash: users.password_hash }).from(users).where(eq(users.id, user.id));
      // 422, not 401: a mistyped current password must not sign the person out.
      if (!(await verifyPassword(stored?.hash ?? null, change.current_password))) throw new HttpError(422, settingsMessages.wrongPassword);
      await changePassword(db, user.id, await hashPassword(change.new_password), request.token ?? null);
      return reply.code(204).send();
    },
    { config: { rateLimit: { max: 10, timeWindow: '1 minute' } } },
  );
}
