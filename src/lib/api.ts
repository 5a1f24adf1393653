import { commonMessages } from '../../domain/messages/shell';
import { apiErrorSchema } from '../../domain/schemas/auth';
import { PrintBlockedError, readToken } from './session-store';

/** The server answered with an error status; `message` is its Spanish message. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/** The request never got an answer: offline, DNS, connection refused or cut. */
export class NetworkError extends Error {
  constructor() {
    super(commonMessages.networkError);
  }
}

export interface ApiRequest<T> {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  /** The domain schema of the answer: every response is parsed, never trusted. */
  schema: { parse(input: unknown): T };
  signal?: AbortSignal;
  /**
   * Office edits are direct requests (docs/architecture.md): the key makes a retried or
   * double-sent change apply once.
   */
  idempotencyKey?: string;
}

/** Calls the API with the stored token and parses the answer with its domain schema. */
export async function apiRequest<T>(path: string, request: ApiRequest<T>): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json' };
  const token = readToken();
  if (token) headers.authorization = `Bearer ${token}`;
  if (request.body !== undefined) headers['content-type'] = 'application/json';
  if (request.idempotencyKey) headers['idempotency-key'] = request.idempotencyKey;
  let response: Response;
  try {
    response = await fetch(path, {
      method: request.method ?? 'GET',
      headers,
      body: request.body === undefined ? undefined : JSON.stringify(request.body),
      signal: request.signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new NetworkError();
  }
  const payload: unknown = response.status === 204 ? null : await response.json().catch(() => null);
  if (!response.ok) {
    const parsed = apiErrorSchema.safeParse(payload);
    throw new ApiError(response.status, parsed.success ? parsed.data.message : commonMessages.genericError);
  }
  return request.schema.parse(payload);
}

/** One place that turns any failure into a sentence for the person. */
export function getErrorMessage(error: unknown): string {
  if (error instanceof ApiError || error instanceof NetworkError || error instanceof PrintBlockedError) return error.message;
  return commonMessages.genericError;
}
