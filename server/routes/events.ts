import { createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { and, eq, gt, lt } from 'drizzle-orm';
import { eventsMessages } from '../../domain/messages/api';
import { isDeliveryDriver } from '../../domain/app-routes';
import { hasPermission } from '../../domain/permissions';
import { appEventSchema, type AppEvent, eventTicketSchema } from '../../domain/schemas/events';
import type { CurrentUser } from '../../domain/schemas/auth';
import type { Database } from '../db/client';
import { authTokens, eventTickets } from '../db/schema';
import { loadCurrentUser, sessionIdOf } from '../auth/sessions';
import { SESSIONS_CHANNEL } from '../auth/session-cache';
import { HttpError, unauthorized } from '../http-errors';
import { currentUser, everyone, signedIn } from '../plugins/auth';
import { EVENTS_CHANNEL } from '../events/bus';
import { guardedRoutes, type RouteTable } from '../http/route-table';

const TICKET_SECONDS = 60;
const HEARTBEAT_MS = 25_000;

function isRelevant(event: AppEvent, user: CurrentUser): boolean {
  switch (event.type) {
    case 'order.created':
    case 'order.changed':
      return hasPermission(user, 'orders');
    // A driver holds shippings for their own routes: the office's live progress is not theirs.
    case 'shipping.changed':
    case 'route.position':
      return hasPermission(user, 'shippings') && !isDeliveryDriver(user);
    case 'note.created':
      return event.user_ids.includes(user.id);
  }
}

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

/** What each route of this file needs (its access rule) and takes and answers (its OpenAPI entry). */
export const EVENTS_ROUTES = {
  'POST /api/v2/events/ticket': {
    access: signedIn,
    summary: 'Permiso de un solo uso para abrir los avisos en vivo',
    response: eventTicketSchema,
  },
  /** EventSource cannot send a bearer token: the stream opens with a one-time ticket instead. */
  'GET /api/v2/events': {
    access: everyone,
    summary: 'Avisos en vivo (Server-Sent Events): order.created',
    query: ['ticket'],
    recordRule: 'Needs a one-time ticket from POST /api/v2/events/ticket (403 without); order.created only to holders of orders.',
  },
} satisfies RouteTable;

const guardedRoute = guardedRoutes(EVENTS_ROUTES);

export async function eventRoutes(app: FastifyInstance, database: Database): Promise<void> {
  const { db } = database;
  const clients = new Set<{ user: CurrentUser; tokenId: number; send: (event: AppEvent) => void; end: () => void }>();
  const unlisten = await database.listen(EVENTS_CHANNEL, (payload) => {
    let event: AppEvent;
    try {
      event = appEventSchema.parse(JSON.parse(payload));
    } catch {
      return;
    }
    for (const client of clients) if (isRelevant(event, client.user)) client.send(event);
  });
  // A person signed out, deactivated, signed out everywhere or given other permissions: each open
  // stream is checked again against the database (the notices of migration 0018 reach every
  // process), and a stream whose session ended ends with it; the others carry the new permissions.
  let recheck: NodeJS.Timeout | null = null;
  const recheckStreams = async () => {
    recheck = null;
    for (const client of [...clients]) {
      try {
        const [live] = await db
          .select({ id: authTokens.id })
          .from(authTokens)
          .where(and(eq(authTokens.id, client.tokenId), gt(authTokens.expires_at, new Date())))
          .limit(1);
        const user = live ? await loadCurrentUser(db, client.user.id) : null;
        if (user) client.user = user;
        else client.end();
      } catch {
        // The database is away: the stream stays as it is until the next notice.
      }
    }
  };
  const unlistenSessions = await database.listen(SESSIONS_CHANNEL, () => {
    if (clients.size === 0 || recheck) return;
    // Notices come in bursts (one per token removed): one check after the burst.
    recheck = setTimeout(() => void recheckStreams(), 50);
  });
  // Open streams end when the server closes, so shutdown does not wait on them.
  app.addHook('preClose', async () => {
    for (const client of clients) client.end();
  });
  app.addHook('onClose', async () => {
    // The database may already be gone (lost connection, shutdown order): nothing left to stop.
    if (recheck) clearTimeout(recheck);
    await unlisten().catch(() => undefined);
    await unlistenSessions().catch(() => undefined);
  });

  guardedRoute(app, 'POST /api/v2/events/ticket', async (request, reply) => {
    const user = currentUser(request);
    const ticket = randomBytes(24).toString('base64url');
    await db.delete(eventTickets).where(lt(eventTickets.expires_at, new Date()));
    const session = await sessionIdOf(db, request.token!);
    // The session ended between the check and here (a sign-out racing this request).
    if (session === null) throw unauthorized();
    await db.insert(eventTickets).values({
      ticket_hash: sha256(ticket),
      user_id: user.id,
      token_id: session,
      expires_at: new Date(Date.now() + TICKET_SECONDS * 1000),
    });
    return reply.code(201).send({ ticket, expires_in: TICKET_SECONDS });
  });

  guardedRoute(
    app,
    'GET /api/v2/events',
    async (request, reply) => {
      const { ticket } = request.query as { ticket?: unknown };
      if (typeof ticket !== 'string' || !/^[A-Za-z0-9_-]{20,64}$/.test(ticket)) throw new HttpError(403, eventsMessages.invalidTicket);
      // A ticket opens one stream, once.
      const [used] = await db
        .delete(eventTickets)
        .where(and(eq(eventTickets.ticket_hash, sha256(ticket)), gt(eventTickets.expires_at, new Date())))
        .returning({ user_id: eventTickets.user_id, token_id: eventTickets.token_id });
      const user = used ? await loadCurrentUser(db, used.user_id) : null;
      if (!user) throw new HttpError(403, eventsMessages.invalidTicket);

      reply.hijack();
      const raw = reply.raw;
      // Taken over from Fastify, so the headers set on the reply (security, request id, CORS) are written here.
      for (const [name, value] of Object.entries(reply.getHeaders())) if (value !== undefined) raw.setHeader(name, value);
      raw.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-transform',
        connection: 'keep-alive',
        'x-accel-buffering': 'no',
        'x-content-type-options': 'nosniff',
      });
      raw.write('retry: 5000\n: conectado\n\n');
      const heartbeat = setInterval(() => raw.write(': latido\n\n'), HEARTBEAT_MS);
      const client = {
        user,
        tokenId: used!.token_id,
        send: (event: AppEvent) => raw.write(`event: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`),
        end: () => {
          clearInterval(heartbeat);
          clients.delete(client);
          raw.end();
        },
      };
      clients.add(client);
      request.raw.on('close', () => {
        clearInterval(heartbeat);
        clients.delete(client);
      });
    },
    { acceptsQuery: true },
  );
}
