import type { FastifyInstance } from 'fastify';
import { messages } from '../../../domain/messages';
import { loginPayloadSchema } from '../../../domain/schemas/auth';
import type { Db } from '../../db/client';
import { HttpError, parseInput } from '../../http-errors';
import { currentUser, signedIn } from '../../plugins/auth';
import { verifyPassword } from '../../auth/passwords';
import {
  clearAccountFailures,
  failureKeys,
  findUserForLogin,
  isLockedOut,
  issueToken,
  recordFailure,
  revokeToken,
} from '../../auth/sessions';

export function userRoutes(app: FastifyInstance, db: Db): void {
  app.post(
    '/api/v1/user/login',
    { config: { rateLimit: { max: 60, timeWindow: '1 minute' } } },
    async (request) => {
      const payload = parseInput(loginPayloadSchema, request.body);
      const keys = failureKeys(payload.email, request.ip);
      if (await isLockedOut(db, keys)) {
        throw new HttpError(429, messages.login.tooManyAttempts, { 'retry-after': '900' });
      }
      const user = await findUserForLogin(db, payload.email);
      const valid = await verifyPassword(user?.password_hash ?? null, payload.password);
      if (!user || !valid) {
        await recordFailure(db, keys);
        throw new HttpError(401, messages.login.failed);
      }
      await clearAccountFailures(db, keys);
      return { access_token: await issueToken(db, user.id) };
    },
  );

  app.get('/api/v1/user/current', { preHandler: app.authorize(signedIn) }, async (request) => currentUser(request));

  app.post('/api/v1/user/logout', { preHandler: app.authorize(signedIn) }, async (request, reply) => {
    if (request.token) await revokeToken(db, request.token);
    return reply.code(204).send();
  });
}
