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

/** What an upload answered: its status and its JSON, for the caller to read (a refusal may carry more than a message). */
export interface UploadAnswer {
  status: number;
  payload: unknown;
}

/**
 * Sends a file as the request's body, reporting how much of it has gone: fetch cannot tell
 * upload progress, XMLHttpRequest can. The answer goes back whole: a refusal may carry more than
 * its message, and `uploadError` turns it into the ApiError apiRequest would have thrown.
 */
export function apiUpload(
  path: string,
  file: Blob,
  options: { idempotencyKey?: string; onProgress?: (sent: number) => void; signal?: AbortSignal } = {},
): Promise<UploadAnswer> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', path);
    request.setRequestHeader('accept', 'application/json');
    request.setRequestHeader('content-type', 'application/octet-stream');
    const token = readToken();
    if (token) request.setRequestHeader('authorization', `Bearer ${token}`);
    if (options.idempotencyKey) request.setRequestHeader('idempotency-key', options.idempotencyKey);
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) options.onProgress?.(event.loaded / event.total);
    };
    request.onload = () => {
      let payload: unknown = null;
      try {
        payload = JSON.parse(request.responseText);
      } catch {
        payload = null;
      }
      resolve({ status: request.status, payload });
    };
    request.onerror = () => reject(new NetworkError());
    request.onabort = () => reject(new DOMException('Aborted', 'AbortError'));
    options.signal?.addEventListener('abort', () => request.abort(), { once: true });
    request.send(file);
  });
}

/** The error an upload's refusal states, as apiRequest would have thrown it. */
export function uploadError(answer: UploadAnswer): ApiError {
  const parsed = apiErrorSchema.safeParse(answer.payload);
  return new ApiError(answer.status, parsed.success ? parsed.data.message : commonMessages.genericError);
}

/** Downloads a file the API answers (a template, an export) under the name the server gives it. */
export async function apiDownload(path: string, fallbackName: string): Promise<void> {
  const token = readToken();
  let response: Response;
  try {
    response = await fetch(path, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  } catch {
    throw new NetworkError();
  }
  if (!response.ok) {
    const parsed = apiErrorSchema.safeParse(await response.json().catch(() => null));
    throw new ApiError(response.status, parsed.success ? parsed.data.message : commonMessages.genericError);
  }
  const disposition = response.headers.get('content-disposition') ?? '';
  const encoded = /filename\*=UTF-8''([^;]+)/.exec(disposition)?.[1];
  const name = encoded ? decodeURIComponent(encoded) : fallbackName;
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  window.setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
