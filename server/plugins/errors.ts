import type { FastifyError, FastifyInstance } from 'fastify';
import { apiMessages } from '../../domain/messages/api';
import { HttpError } from '../http-errors';

/**
 * The one error handler: `{ message }` in Spanish (and `errors`, each failing field, when a body
 * failed in several). Client errors carry their real message; server errors are logged with
 * the request id and answered generically.
 */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
    if (error instanceof HttpError) {
      return reply
        .code(error.statusCode)
        .headers(error.headers)
        .send({ message: error.message, ...(error.errors && { errors: error.errors }) });
    }
    const status = error.statusCode ?? 500;
    if (status >= 500) {
      request.log.error({ err: error, reqId: request.id }, 'request failed');
      return reply.code(500).send({ message: apiMessages.serverError, request_id: request.id });
    }
    const message = status === 429 ? apiMessages.tooManyRequests : status === 404 ? apiMessages.notFound : apiMessages.invalidRequest;
    return reply.code(status).send({ message });
  });
}
