import type { FastifyInstance } from 'fastify';
import { apiMessages } from '../../domain/messages/api';
import { HttpError } from '../http-errors';

/** PostgreSQL text cannot hold NUL: a value with one would fail in the database as a 500. */
const NUL = '\u0000';

function holdsNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes(NUL);
  // Bodies are bounded by the body limit; the depth bound keeps a hostile nesting cheap.
  if (depth > 20 || value === null || typeof value !== 'object') return false;
  if (Array.isArray(value)) return value.some((item) => holdsNul(item, depth + 1));
  // Parsed JSON and query strings only: an upload's body is a stream or bytes, not text.
  if (ArrayBuffer.isView(value) || typeof (value as { pipe?: unknown }).pipe === 'function') return false;
  return Object.entries(value).some(([key, item]) => key.includes(NUL) || holdsNul(item, depth + 1));
}

/**
 * Refuses, for every route at once, a query or JSON body with a NUL character in any text:
 * a clear 400 in Spanish instead of the database's error.
 */
export function refuseNulInText(app: FastifyInstance): void {
  app.addHook('preHandler', async (request) => {
    if (holdsNul(request.query) || holdsNul(request.body) || holdsNul(request.params)) throw new HttpError(400, apiMessages.invalidText);
  });
}
