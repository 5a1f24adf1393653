import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';

/** 200 when the database answers, 503 otherwise. */
export function healthRoutes(app: FastifyInstance, db: Db): void {
  app.get('/healthz', async (request, reply) => {
    try {
      await db.execute(sql`SELECT 1`);
      return { status: 'ok' };
    } catch (error) {
      request.log.error({ err: error }, 'database unreachable');
      return reply.code(503).send({ status: 'unavailable' });
    }
  });
}
