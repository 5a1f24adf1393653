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

/** Deeper than any body the API takes (a quotation's lines are three levels). */
export const MAX_JSON_DEPTH = 32;

/** How deeply a JSON text nests, read without parsing it (strings skipped), stopping past `limit`. */
export function jsonDepthExceeds(text: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i++; // backslash: the next character is escaped
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      if (++depth > limit) return true;
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
  return false;
}

/**
 * JSON bodies nested deeper than any the API takes are refused (400) before they are parsed:
 * parsing and checking a hostile nesting would run the process out of stack. The rest is
 * Fastify's own parser (prototype poisoning refused, an empty body refused).
 */
export function boundJsonDepth(app: FastifyInstance): void {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (jsonDepthExceeds(body as string, MAX_JSON_DEPTH)) {
      done(new HttpError(400, apiMessages.tooDeep), undefined);
      return;
    }
    parse(request, body as string, done);
  });
}
