import type * as z from 'zod/mini';
import { apiMessages } from '../domain/messages/api';
import { fieldLabel } from '../domain/messages/fields';
import { shippingMessages } from '../domain/messages/shipping';

/** An error whose message is meant for the person using the app (Spanish, no internals). */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly headers: Record<string, string> = {},
    /** Each failing field of a refused body, when more than one failed. */
    readonly errors?: readonly FieldError[],
  ) {
    super(message);
  }
}

export interface FieldError {
  field: string;
  message: string;
}

export const unauthorized = () => new HttpError(401, apiMessages.unauthorized);
export const forbidden = () => new HttpError(403, apiMessages.forbidden);
export const notFound = () => new HttpError(404, apiMessages.notFound);

/** Messages that say what is wrong but not where: a refusal names their field. */
const SAYS_NO_FIELD: ReadonlySet<string> = new Set([shippingMessages.required, apiMessages.invalidRequest]);

/**
 * Parses input with a domain schema; a refusal (422 unless told otherwise) carries the first
 * failing field's Spanish message — the spec's own where it has one, else one naming the
 * field — and, when several fields fail, each of them in `errors`.
 */
export function parseInput<S extends z.ZodMiniType>(schema: S, input: unknown, status = 422): z.infer<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const byField = new Map<string, string>();
  for (const issue of result.error.issues) {
    const field = issue.path.map(String).join('.');
    if (byField.has(field)) continue;
    byField.set(field, SAYS_NO_FIELD.has(issue.message) ? `${fieldLabel(issue.path)}: ${issue.message}` : issue.message);
  }
  const errors = [...byField].map(([field, message]) => ({ field, message }));
  throw new HttpError(status, errors[0]?.message ?? apiMessages.invalidRequest, {}, errors.length > 1 ? errors : undefined);
}
