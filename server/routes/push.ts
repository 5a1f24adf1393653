import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { pushMessages } from '../../domain/messages/push';
import { pushEndpointSchema, pushKeySchema, pushSubscribedSchema, pushSubscriptionSchema } from '../../domain/schemas/push';
import type { Db } from '../db/client';
import { rows } from '../db/sql-rows';
import { HttpError, parseInput, unauthorized } from '../http-errors';
import { guardedRoutes, type RouteTable } from '../http/route-table';
import { currentUser, signedIn } from '../plugins/auth';
import { sessionIdOf } from '../auth/sessions';
import { vapidKeys } from '../push/push';

/** What each route of this file needs (its access rule) and takes and answers (its OpenAPI entry). */
export const PUSH_ROUTES = {
  'GET /api/v2/push/key': {
    access: signedIn,
    summary: 'Llave pública VAPID del servidor, para suscribir este dispositivo a los avisos',
    response: pushKeySchema,
  },
  'POST /api/v2/push/subscriptions': {
    access: signedIn,
    summary: 'Suscribir este dispositivo a los avisos (Web Push) en esta sesión; al cerrar sesión se quita',
    body: pushSubscriptionSchema,
    response: pushSubscribedSchema,
    recordRule: 'A device subscribed by someone whose session lives is not taken over (409).',
  },
  'POST /api/v2/push/subscriptions/remove': {
    access: signedIn,
    summary: 'Quitar la suscripción de avisos de este dispositivo',
    body: pushEndpointSchema,
    status: 204,
    recordRule: 'Only the person’s own subscriptions.',
  },
} satisfies RouteTable;

const guardedRoute = guardedRoutes(PUSH_ROUTES);

/**
 * The browsers' push services: the server posts notices only there, never to an address a
 * client made up (that would let anyone make the server call any host).
 */
const PUSH_SERVICE_HOSTS = [
  /^fcm\.googleapis\.com$/,
  /^updates\.push\.services\.mozilla\.com$/,
  /\.notify\.windows\.com$/,
  /^web\.push\.apple\.com$/,
];

export function pushRoutes(
  app: FastifyInstance,
  db: Db,
  env: { VAPID_PUBLIC_KEY?: string; VAPID_PRIVATE_KEY?: string; PUSH_ALLOW_ANY_ENDPOINT?: boolean },
): void {
  guardedRoute(app, 'GET /api/v2/push/key', async () => ({ public_key: (await vapidKeys(db, env)).publicKey }));

  guardedRoute(app, 'POST /api/v2/push/subscriptions', async (request, reply) => {
    const user = currentUser(request);
    const body = parseInput(pushSubscriptionSchema, request.body);
    const url = new URL(body.endpoint);
    if (!env.PUSH_ALLOW_ANY_ENDPOINT && (url.protocol !== 'https:' || !PUSH_SERVICE_HOSTS.some((host) => host.test(url.hostname))))
      throw new HttpError(422, pushMessages.unknownPushService);
    const session = await sessionIdOf(db, request.token!);
    if (session === null) throw unauthorized();
    // An endpoint stays with the person who subscribed it while their session lives (signing out
    // removes it): whoever else names it, knowing it or guessing it, would take their notices.
    // Only a session that has run out leaves it free for the next person on that device.
    const [saved] = await rows<{ id: number }>(
      db,
      sql`INSERT INTO push_subscriptions (user_id, token_id, endpoint, p256dh, auth)
        VALUES (${user.id}, ${session}, ${body.endpoint}, ${body.keys.p256dh}, ${body.keys.auth})
        ON CONFLICT (endpoint) DO UPDATE SET user_id = excluded.user_id, token_id = excluded.token_id,
          p256dh = excluded.p256dh, auth = excluded.auth
        WHERE push_subscriptions.user_id = excluded.user_id
          OR NOT EXISTS (SELECT 1 FROM auth_tokens a WHERE a.id = push_subscriptions.token_id AND a.expires_at > now())
        RETURNING id`,
    );
    if (!saved) throw new HttpError(409, pushMessages.endpointOfAnother);
    return reply.code(201).send({ id: saved.id });
  });

  guardedRoute(app, 'POST /api/v2/push/subscriptions/remove', async (request, reply) => {
    const { endpoint } = parseInput(pushEndpointSchema, request.body);
    await db.execute(sql`DELETE FROM push_subscriptions WHERE endpoint = ${endpoint} AND user_id = ${currentUser(request).id}`);
    return reply.code(204).send();
  });
}
