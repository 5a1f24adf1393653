import { syncMessages } from '../domain/messages/sync';
import type { EvidenceRow } from './db';
import { classifyFailure, classifyResponse, type ReplyOutcome } from './reply';
import type { Transport } from './types';

/** Chunk size of a resumable upload: small enough to finish between coverage gaps. */
export const UPLOAD_CHUNK_BYTES = 512 * 1024;
const TUS = { 'tus-resumable': '1.0.0' };

/** An upload step ended in something other than progress; the outbox row takes this outcome. */
export class UploadStopped extends Error {
  constructor(readonly outcome: Exclude<ReplyOutcome, { kind: 'done' }>) {
    super(outcome.message);
  }
}

interface UploadContext {
  transport: Transport;
  headers: Record<string, string>;
  now: () => number;
  /** Aborts the upload when the engine stops. */
  signal: AbortSignal;
  /** Persists the upload address as soon as the server gives it, so a restart resumes. */
  saveUploadUrl(url: string): Promise<void>;
  onProgress?(sent: number, total: number): void;
}

function encodeMetadata(evidence: EvidenceRow): string {
  const b64 = (text: string) => btoa(String.fromCharCode(...new TextEncoder().encode(text)));
  return `filename ${b64(evidence.name)},filetype ${b64(evidence.type)}`;
}

async function call(context: UploadContext, url: string, init: RequestInit): Promise<Response> {
  let response: Response;
  try {
    response = await context.transport.fetch(url, { ...init, signal: AbortSignal.any([AbortSignal.timeout(60_000), context.signal]) });
  } catch (error) {
    throw new UploadStopped(classifyFailure(error) as Exclude<ReplyOutcome, { kind: 'done' }>);
  }
  return response;
}

async function stopWith(response: Response, context: UploadContext): Promise<never> {
  const outcome = await classifyResponse(response, context.now());
  if (outcome.kind === 'done') throw new UploadStopped({ kind: 'retry', message: syncMessages.unexpectedAnswer, retryAfterMs: null });
  throw new UploadStopped(outcome);
}

/**
 * Sends a piece of evidence with the tus protocol and returns the server's name for it.
 * An interrupted upload resumes from the server's offset; a finished one whose last
 * answer was lost is recognised by asking for the offset (the answer carries the name).
 */
export async function uploadEvidence(evidence: EvidenceRow, context: UploadContext): Promise<string> {
  if (evidence.storedName) return evidence.storedName;
  const absolute = (path: string) => new URL(path, context.transport.baseUrl || globalThis.location?.origin).toString();
  let uploadUrl = evidence.uploadUrl;
  let offset = 0;
  if (uploadUrl) {
    const head = await call(context, absolute(uploadUrl), { method: 'HEAD', headers: { ...context.headers, ...TUS } });
    if (head.ok) {
      const stored = head.headers.get('upload-file-name');
      if (stored) return stored;
      offset = Number(head.headers.get('upload-offset') ?? '0');
    } else if (head.status === 404 || head.status === 410) {
      uploadUrl = null; // expired or unknown: start a new upload
    } else {
      await stopWith(head, context);
    }
  }
  if (!uploadUrl) {
    const created = await call(context, absolute('/api/v2/uploads'), {
      method: 'POST',
      headers: { ...context.headers, ...TUS, 'upload-length': String(evidence.size), 'upload-metadata': encodeMetadata(evidence) },
    });
    const location = created.headers.get('location');
    if (created.status !== 201 || !location) await stopWith(created, context);
    uploadUrl = location!;
    await context.saveUploadUrl(uploadUrl);
    offset = 0;
  }
  for (;;) {
    context.onProgress?.(offset, evidence.size);
    const end = Math.min(evidence.size, offset + UPLOAD_CHUNK_BYTES);
    const patch = await call(context, absolute(uploadUrl), {
      method: 'PATCH',
      headers: { ...context.headers, ...TUS, 'upload-offset': String(offset), 'content-type': 'application/offset+octet-stream' },
      body: evidence.data.slice(offset, end),
    });
    if (patch.status === 409) {
      // Our idea of the offset is stale (a chunk arrived but its answer did not): ask the server.
      const head = await call(context, absolute(uploadUrl), { method: 'HEAD', headers: { ...context.headers, ...TUS } });
      if (!head.ok) await stopWith(head, context);
      const stored = head.headers.get('upload-file-name');
      if (stored) return stored;
      offset = Number(head.headers.get('upload-offset') ?? '0');
      continue;
    }
    if (!patch.ok) await stopWith(patch, context);
    const stored = patch.headers.get('upload-file-name');
    if (stored) {
      context.onProgress?.(evidence.size, evidence.size);
      return stored;
    }
    offset = Number(patch.headers.get('upload-offset') ?? String(end));
    if (offset >= evidence.size) throw new UploadStopped({ kind: 'retry', message: syncMessages.unexpectedAnswer, retryAfterMs: null });
  }
}
