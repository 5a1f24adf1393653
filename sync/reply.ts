import { syncMessages } from '../domain/messages/sync';
import { isRetryAnswer } from '../domain/rules/command-answers';

/**
 * What to do with an outbox row after an attempt (docs/sync-engine.md rule 5).
 * done: the server applied it (or had applied it: a replayed answer) — remove the row.
 * retry: nothing is known to be wrong with the row — try again later.
 * auth: the session is not valid — pause everything until the person signs in again.
 * rejected: the server refuses this row for good — show it with the server's message.
 */
export type ReplyOutcome =
  | { kind: 'done'; body: unknown }
  /** `serverFailed`: the server itself failed (5xx); the row may be stuck on something it cannot take. */
  | { kind: 'retry'; message: string; retryAfterMs: number | null; serverFailed?: boolean }
  | { kind: 'auth'; message: string }
  | { kind: 'rejected'; message: string };

/** Retry-After as seconds or an HTTP date, in milliseconds from `now`. */
export function parseRetryAfter(value: string | null, now: number): number | null {
  if (value === null || value.trim() === '') return null;
  if (/^\d+$/.test(value.trim())) return Number(value.trim()) * 1000;
  const at = Date.parse(value);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}

async function readBody(response: Response): Promise<unknown> {
  try {
    const text = await response.text();
    return text === '' ? null : JSON.parse(text);
  } catch {
    return null;
  }
}

export async function classifyResponse(response: Response, now: number): Promise<ReplyOutcome> {
  return classifyAnswer(response.status, await readBody(response), parseRetryAfter(response.headers.get('retry-after'), now));
}

/** An answer's status and body (a route's own, or one command's in a push batch) sorted into its outcome. */
export function classifyAnswer(status: number, body: unknown, retryAfterMs: number | null): ReplyOutcome {
  if (status >= 200 && status < 300) return { kind: 'done', body };
  const said = (body as { message?: unknown } | null)?.message;
  const message = typeof said === 'string' && said.trim() !== '' ? said : null;
  if (status === 401) return { kind: 'auth', message: message ?? syncMessages.authPaused };
  // 408 timeout, 409 "the same request is in progress", 425/429 too early or too many, 5xx: the row is fine.
  if (isRetryAnswer(status, retryAfterMs !== null)) {
    if (status < 500) return { kind: 'retry', message: message ?? syncMessages.serverError(status), retryAfterMs };
    // The server's request id lets whoever looks into it find this request in its log.
    const requestId = (body as { request_id?: unknown } | null)?.request_id;
    const said = message ?? syncMessages.serverError(status);
    return {
      kind: 'retry',
      message: typeof requestId === 'string' && requestId !== '' ? syncMessages.withRequestId(said, requestId) : said,
      retryAfterMs,
      serverFailed: true,
    };
  }
  return { kind: 'rejected', message: message ?? syncMessages.unexpectedAnswer };
}

export function classifyFailure(error: unknown): Extract<ReplyOutcome, { kind: 'retry' }> {
  const timedOut = error instanceof DOMException && (error.name === 'TimeoutError' || error.name === 'AbortError');
  return { kind: 'retry', message: timedOut ? syncMessages.timeout : syncMessages.networkError, retryAfterMs: null };
}

export const BACKOFF = { baseMs: 1_000, maxMs: 5 * 60_000 } as const;

/**
 * Exponential backoff with full jitter: a random wait up to base·2^(attempt−1), capped,
 * so that many devices coming back online at once do not retry in step. The server's
 * Retry-After, when given, is a floor.
 */
export function backoffDelay(attempt: number, retryAfterMs: number | null, random: () => number = Math.random): number {
  const ceiling = Math.min(BACKOFF.maxMs, BACKOFF.baseMs * 2 ** Math.max(0, attempt - 1));
  const jittered = Math.round(random() * ceiling);
  return Math.max(jittered, retryAfterMs ?? 0);
}
