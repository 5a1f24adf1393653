import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { parseInput } from '../http-errors';
import { idParamSchema } from '../http/params';
import { listAll, rows } from '../db/sql-rows';
import { conversationListSchema, messageListSchema, messageStatusListSchema } from '../../domain/schemas/reads';
import { permission } from '../plugins/auth';
import { guardedRoutes, type RouteTable } from '../http/route-table';

/** What each route of this file needs (its access rule) and takes and answers (its OpenAPI entry). */
export const MESSAGES_ROUTES = {
  'GET /api/v1/conversation/all': {
    access: permission('messages'),
    summary: 'Conversaciones',
    response: conversationListSchema,
    screen: '/messages',
  },
  'GET /api/v1/message/all/:id': {
    access: permission('messages'),
    summary: 'Mensajes de una conversación',
    response: messageListSchema,
    screen: '/messages',
  },
  'GET /api/v1/message_status/all/:id': {
    access: permission('messages'),
    summary: 'Estados de los mensajes de una conversación',
    response: messageStatusListSchema,
    screen: '/messages',
  },
} satisfies RouteTable;

const guardedRoute = guardedRoutes(MESSAGES_ROUTES);

/** Conversations with customers and their messages (spec §7 v1 reads), for /messages. */
export function messageRoutes(app: FastifyInstance, db: Db): void {
  guardedRoute(
    app,
    'GET /api/v1/conversation/all',
    listAll(
      db,
      sql`SELECT v.id, v.company_id, c.name AS company_name, v.contact_id, v.channel, v.created_at, l.name AS lead_name, v.address
        FROM conversations v LEFT JOIN companies c ON c.id = v.company_id LEFT JOIN leads l ON l.id = v.lead_id ORDER BY v.id DESC`,
    ),
  );
  guardedRoute(app, 'GET /api/v1/message/all/:id', async (request) => {
    const { id } = parseInput(idParamSchema, request.params, 404);
    return {
      data: await rows(
        db,
        sql`SELECT id, conversation_id, user_id, direction, body, created_at, CASE WHEN pending THEN NULL ELSE last_error END AS last_error
          FROM messages WHERE conversation_id = ${id} ORDER BY created_at, id`,
      ),
    };
  });
  guardedRoute(app, 'GET /api/v1/message_status/all/:id', async (request) => {
    const { id } = parseInput(idParamSchema, request.params, 404);
    return {
      data: await rows(
        db,
        sql`SELECT ms.id, ms.message_id, ms.status, ms.created_at FROM message_statuses ms JOIN messages m ON m.id = ms.message_id WHERE m.conversation_id = ${id} ORDER BY ms.id`,
      ),
    };
  });
}
