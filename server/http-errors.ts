import type * as z from 'zod/mini';
import { apiMessages } from '../domain/messages/api';

/** An error whose message is meant for the person using the app (Spanish, no internals). */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

export const unauthorized = () => new HttpError(401, apiMessages.unauthorized);
export const forbidden = () => new HttpError(403, apiMessages.forbidden);
export const notFound = () => new HttpError(404, apiMessages.notFound);

/**
 * Parses input with a domain schema; the first problem becomes an error (422 unless
 * told otherwise) with the schema's Spanish message.
 */
export function parseInput<S extends z.ZodMiniType>(schema: S, input: unknown, status = 422): z.infer<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  // Our schemas carry the spec's messages; zod's own defaults are in Spanish too (app.ts sets its locale).
  throw new HttpError(status, result.error.issues[0]?.message ?? apiMessages.invalidRequest);
}
