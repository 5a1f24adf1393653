import { describe, expect, it } from 'vitest';
import { shippingMessages } from '../domain/messages/shipping';
import { syncMessages } from '../domain/messages/sync';
import { backoffDelay, BACKOFF, classifyAnswer, classifyFailure, classifyResponse, parseRetryAfter } from './reply';

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });

describe('classifyResponse: the four outcomes of rule 5', () => {
  it('2xx is done, with the server’s answer', async () => {
    expect(await classifyResponse(json(200, { id: 3 }), 0)).toEqual({ kind: 'done', body: { id: 3 } });
    expect(await classifyResponse(new Response(null, { status: 204 }), 0)).toEqual({ kind: 'done', body: null });
  });

  it.each([500, 502, 503, 408, 425, 429])('%i is retried', async (status) => {
    expect((await classifyResponse(json(status, { message: 'x' }), 0)).kind).toBe('retry');
  });

  it('retries a 409 that says when (the same request in progress) and shows one that does not (a conflict)', async () => {
    expect((await classifyResponse(json(409, { message: 'En curso' }, { 'retry-after': '1' }), 0)).kind).toBe('retry');
    expect(await classifyResponse(json(409, { message: 'Este envío ya fue iniciado con 100 km.' }), 0)).toEqual({
      kind: 'rejected',
      message: 'Este envío ya fue iniciado con 100 km.',
    });
  });

  it('honours Retry-After in seconds and as a date', async () => {
    expect(await classifyResponse(json(429, { message: 'Demasiadas' }, { 'retry-after': '30' }), 0)).toEqual({
      kind: 'retry',
      message: 'Demasiadas',
      retryAfterMs: 30_000,
    });
    const now = Date.parse('2026-11-22T10:00:00Z');
    expect(parseRetryAfter('Sun, 22 Nov 2026 10:01:00 GMT', now)).toBe(60_000);
    expect(parseRetryAfter('mañana', now)).toBeNull();
  });

  it('401 pauses the queue; other 4xx reject the row with the server’s Spanish message', async () => {
    expect((await classifyResponse(json(401, { message: 'Sesión' }), 0)).kind).toBe('auth');
    expect(await classifyResponse(json(422, { message: shippingMessages.detailCompleted }), 0)).toEqual({
      kind: 'rejected',
      message: shippingMessages.detailCompleted,
    });
    expect(await classifyResponse(new Response('<html>', { status: 404 }), 0)).toEqual({
      kind: 'rejected',
      message: syncMessages.unexpectedAnswer,
    });
  });

  it('a 5xx carries the server’s request id, so the person can tell support which request failed', async () => {
    expect(await classifyResponse(json(500, { message: 'Error del servidor.', request_id: 'abc-123-def' }), 0)).toEqual({
      kind: 'retry',
      message: 'Error del servidor. (solicitud abc-123-def)',
      retryAfterMs: null,
      serverFailed: true,
    });
    expect(classifyAnswer(429, { message: 'Demasiadas' }, null)).not.toHaveProperty('serverFailed');
  });

  it('a 5xx without a message still gets a Spanish one', async () => {
    expect(await classifyResponse(new Response('', { status: 500 }), 0)).toMatchObject({ message: syncMessages.serverError(500) });
  });

  it('network errors and timeouts are retried', () => {
    expect(classifyFailure(new TypeError('fetch failed'))).toMatchObject({ kind: 'retry', message: syncMessages.networkError });
    expect(classifyFailure(new DOMException('t', 'TimeoutError'))).toMatchObject({ kind: 'retry', message: syncMessages.timeout });
  });
});

describe('backoffDelay', () => {
  it('grows exponentially with full jitter and a ceiling', () => {
    expect([1, 2, 3, 4].map((attempt) => backoffDelay(attempt, null, () => 1))).toEqual([1000, 2000, 4000, 8000]);
    expect(backoffDelay(30, null, () => 1)).toBe(BACKOFF.maxMs);
    expect(backoffDelay(3, null, () => 0)).toBe(0);
    expect(backoffDelay(3, null, () => 0.5)).toBe(2000);
  });

  it('never waits less than the server’s Retry-After', () => {
    expect(backoffDelay(1, 90_000, () => 0.5)).toBe(90_000);
  });
});

describe('classifyAnswer: one command’s result inside a push batch', () => {
  it('sorts each command’s own status and body as its route’s answer would be', () => {
    expect(classifyAnswer(200, { id: 9 }, null)).toEqual({ kind: 'done', body: { id: 9 } });
    expect(classifyAnswer(409, { message: 'En curso' }, 1000)).toEqual({ kind: 'retry', message: 'En curso', retryAfterMs: 1000 });
    expect(classifyAnswer(401, null, null)).toEqual({ kind: 'auth', message: syncMessages.authPaused });
    expect(classifyAnswer(422, { message: 'La entrega ya fue completada.' }, null)).toEqual({
      kind: 'rejected',
      message: 'La entrega ya fue completada.',
    });
    expect(classifyAnswer(404, { message: '  ' }, null)).toEqual({ kind: 'rejected', message: syncMessages.unexpectedAnswer });
  });
});
