import type { FastifyInstance } from 'fastify';
import { apiMessages } from '../../domain/messages/api';
import { endsPushBatch } from '../../domain/rules/command-answers';
import { isCommandRoute } from '../../domain/rules/command-routes';
import { syncPushRequestSchema, type SyncPushResult, syncPushResponseSchema } from '../../domain/schemas/sync';
import { parseInput } from '../http-errors';
import { pushedCommandRequestOf, signedIn } from '../plugins/auth';
import { guardedRoutes, type RouteTable } from '../http/route-table';

/**
 * POST /api/v2/sync/push: a device's outbox commands in one request (domain/schemas/sync.ts).
 *
 * Each command runs through its own route, in this process (`app.inject`): the same
 * validation, access rule, record checks and `runMutation` — its own transaction, its key
 * recorded with its effect, a repeat answered from the stored answer, the same key with
 * another body refused — as if it had come alone. What a batch saves is the rest: one HTTP
 * exchange for the lot instead of one per command.
 *
 * Commands run one after another in the order sent. The first answer that is not final
 * (the engine retries it, or pauses for sign-in) ends the batch: the commands after it are
 * left unattempted, so no row of a lane is applied ahead of one that must be tried again
 * (docs/sync-engine.md rule 7). A refused command (other 4xx) is final and does not stop the rest.
 */

function parseAnswer(payload: string): unknown {
  try {
    return payload === '' ? null : JSON.parse(payload);
  } catch {
    return null;
  }
}

/** What each route of this file needs (its access rule) and takes and answers (its OpenAPI entry). */
export const SYNC_PUSH_ROUTES = {
  /** Several outbox commands in one request: each is checked against its own route's rule. */
  'POST /api/v2/sync/push': {
    access: signedIn,
    summary:
      'Varios comandos de la bandeja de salida en una petición (X-Device-Id): cada uno con su propia clave y número de secuencia, aplicado por su propia ruta en su propia transacción, en orden; un resultado por comando intentado. Se detiene en el primer resultado no definitivo (401, 408, 409, 425, 429, 5xx): los siguientes no se intentan',
    body: syncPushRequestSchema,
    response: syncPushResponseSchema,
    status: 200,
    recordRule:
      'Only the driver’s and the warehouse’s outbox commands (their §7 routes); each command needs its own route’s permission and record rules (403/404/422 as that route answers).',
  },
} satisfies RouteTable;

const guardedRoute = guardedRoutes(SYNC_PUSH_ROUTES);

export function syncPushRoutes(app: FastifyInstance): void {
  guardedRoute(app, 'POST /api/v2/sync/push', async (request, reply) => {
    const { commands } = parseInput(syncPushRequestSchema, request.body, 400);
    const CommandRequest = pushedCommandRequestOf(request.token!);
    const deviceId = request.headers['x-device-id'];
    const userAgent = request.headers['user-agent'];
    const results: SyncPushResult[] = [];
    for (const [index, command] of commands.entries()) {
      // Only the outbox commands' routes (domain/rules/command-routes.ts) may be reached through a batch.
      if (!isCommandRoute(command.method, command.path)) {
        results.push({ key: command.key, status: 404, body: { message: apiMessages.notFound } });
        continue;
      }
      const answer = await app.inject({
        method: command.method,
        url: command.path,
        payload: command.body,
        remoteAddress: request.ip,
        Request: CommandRequest,
        headers: {
          'content-type': 'application/json',
          'idempotency-key': command.key,
          'x-device-seq': String(command.seq),
          'x-request-id': `${request.id}.${index}`,
          ...(typeof deviceId === 'string' && { 'x-device-id': deviceId }),
          ...(typeof userAgent === 'string' && { 'user-agent': userAgent }),
        },
      });
      const retryAfter = Number(answer.headers['retry-after']);
      results.push({
        key: command.key,
        status: answer.statusCode,
        body: parseAnswer(answer.payload),
        ...(answer.headers['idempotent-replayed'] === 'true' && { replayed: true }),
        ...(Number.isInteger(retryAfter) && retryAfter >= 0 && { retry_after: retryAfter }),
      });
      // An answer the engine retries or that pauses it (domain/rules/command-answers.ts) ends the batch.
      if (endsPushBatch(answer.statusCode, answer.headers['retry-after'] !== undefined)) break;
    }
    return reply.header('cache-control', 'no-store').send({ results });
  });
}
