import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { parseInput } from '../http-errors';
import { guardedRoute } from '../route-access';
import { idParamSchema } from '../http/params';
import { listAll, rows } from '../db/sql-rows';

/** Conversations with customers and their messages (spec §7 v1 reads), for /messages. */
export function messageRoutes(app: FastifyInstance, db: Db): void {
  guardedRoute(
    app,
    'GET /api/v1/conversation/all',
    listAll(db,
      sql`SELECT v.id, v.company_id, c.name AS company_name, v.contact_id, v.channel, v.created_at FROM conversations v LEFT JOIN companies c ON c.id = v.company_id ORDER BY v.id DESC`,
    ),
  );
  guardedRoute(app, 'GET /api/v1/message/all/:id', async (request) => {
    const { id } = parseInput(idParamSchema, request.params, 404);
    return {
      data: await rows(
        db,
        sql`SELECT id, conversation_id, user_id, direction, body, created_at FROM messages WHERE conversation_id = ${id} ORDER BY created_at, id`,
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
