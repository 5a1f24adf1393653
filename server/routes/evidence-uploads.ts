import { randomBytes } from 'node:crypto';
import { mkdir, open, rm } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { apiMessages } from '../../domain/messages/api';
import { filesMessages } from '../../domain/messages/files';
import { sql } from 'drizzle-orm';
import { MAX_UPLOAD_BYTES, sniffEvidenceType, type EvidenceObjects, type FileStore } from '../files';
import { HttpError } from '../http-errors';
import { currentUser, permission } from '../plugins/auth';
import type { Db } from '../db/client';
import { isForeignKeyViolation, rows } from '../db/sql-rows';
import {
  MAX_UNATTACHED_EVIDENCE_BYTES,
  mayStoreEvidence,
  recordEvidence,
  sweepUnattachedEvidence,
  unattachedBytesOf,
} from '../repositories/evidence';
import { guardedRoutes, type RouteTable } from '../http/route-table';

/**
 * Resumable evidence uploads: the core of tus 1.0.0 with the creation and termination
 * extensions (https://tus.io/protocols/resumable-upload). A driver on a poor connection
 * sends the file in parts; after a cut the client asks HEAD for the offset and goes on.
 *
 * An upload is a row of `evidence_uploads` (owner, declared length, metadata, and once complete
 * and checked the stored name); each PATCH is a part, kept in the parts' storage (a directory of
 * this machine, or the bucket under S3_UPLOADS_PREFIX) and committed by a row of
 * `evidence_upload_parts` keyed by the offset it started at. Two requests racing from the same
 * offset (a retry while the first is still arriving) cannot both commit, with no lock to go
 * stale, and the next part may reach any server machine. The offset is the length of the chain
 * of parts from 0. The stored name is set once, so a completion is stored once.
 */

const TUS_VERSION = '1.0.0';
const OFFSET_STREAM = 'application/offset+octet-stream';
const UPLOAD_ID = /^[0-9a-f]{32}$/;
/** Uploads untouched this long are removed when the next one is created. */
const MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;
const MAX_METADATA_CHARS = 4096;
const text = filesMessages;

interface UploadInfo {
  id: string;
  owner: number;
  length: number;
  /** The Upload-Metadata header as sent (echoed on HEAD, as the protocol asks). */
  metadata: string | null;
}

interface Part {
  start: number;
  bytes: number;
  object: string;
}

const tusHeaders = { 'tus-resumable': TUS_VERSION, 'cache-control': 'no-store' };
const tusError = (status: number, message: string, headers: Record<string, string> = {}) =>
  new HttpError(status, message, { ...tusHeaders, ...headers });
const notFound = () => tusError(404, apiMessages.notFound);

function header(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  return typeof value === 'string' ? value : undefined;
}

const count = (value: string | undefined): number | null => (value !== undefined && /^\d{1,15}$/.test(value) ? Number(value) : null);

function requireTus(request: FastifyRequest): void {
  if (header(request, 'tus-resumable') !== TUS_VERSION) throw tusError(412, text.uploadVersion, { 'tus-version': TUS_VERSION });
}

/** `key base64,key base64`: keys without spaces or commas, values optional; kept as sent, or null. */
function checkedMetadata(raw: string | undefined): string | null {
  if (raw === undefined || raw.trim() === '') return null;
  if (raw.length > MAX_METADATA_CHARS) throw tusError(400, text.uploadMetadata);
  const keys = new Set<string>();
  for (const pair of raw.split(',')) {
    const [key, value, ...rest] = pair.trim().split(' ');
    if (!key || rest.length > 0 || !/^[\x21-\x7e]+$/.test(key) || keys.has(key)) throw tusError(400, text.uploadMetadata);
    if (value !== undefined && !/^[A-Za-z0-9+/]*={0,2}$/.test(value)) throw tusError(400, text.uploadMetadata);
    keys.add(key);
  }
  return raw;
}

/** A part not in its storage: ENOENT on disk, 404 from a bucket. */
const isMissingObject = (error: unknown): boolean => {
  const failure = error as { code?: string; name?: string; $metadata?: { httpStatusCode?: number } } | null;
  return failure?.code === 'ENOENT' || failure?.name === 'NoSuchKey' || failure?.$metadata?.httpStatusCode === 404;
};

class Uploads {
  constructor(
    /** Where a part is received before it is committed. */
    readonly scratchDir: string,
    /** Where committed parts are kept until the file is complete. */
    readonly parts: EvidenceObjects,
    readonly files: FileStore,
    readonly db: Db,
  ) {}

  /** Bytes declared by this person's uploads still in progress (they count against the quota too). */
  async inProgressBytes(owner: number): Promise<number> {
    const [row] = await rows<{ bytes: number }>(
      this.db,
      sql`SELECT coalesce(sum(length), 0)::float8 AS bytes FROM evidence_uploads WHERE user_id = ${owner} AND stored_name IS NULL`,
    );
    return row?.bytes ?? 0;
  }

  async create(owner: number, length: number, metadata: string | null): Promise<string> {
    const id = randomBytes(16).toString('hex');
    await this.db.execute(
      sql`INSERT INTO evidence_uploads (id, user_id, length, metadata) VALUES (${id}, ${owner}, ${length}, ${metadata})`,
    );
    return id;
  }

  /** The upload, if it exists and belongs to this person; anyone else's is not found. */
  async find(id: string, owner: number): Promise<UploadInfo> {
    if (!UPLOAD_ID.test(id)) throw notFound();
    const [upload] = await rows<UploadInfo>(
      this.db,
      sql`SELECT id, user_id AS owner, length::float8 AS length, metadata FROM evidence_uploads WHERE id = ${id}`,
    );
    if (!upload || upload.owner !== owner) throw notFound();
    return upload;
  }

  /**
   * Where the upload stands, read in one statement (so a completion clearing the parts meanwhile
   * is seen whole): the stored name once complete, otherwise the committed parts, contiguous
   * from byte 0, and where they end. Null when the upload is gone.
   */
  async state(id: string): Promise<{ offset: number; parts: Part[]; name: string | null } | null> {
    const found = await rows<{ length: number; stored_name: string | null; start: number | null; bytes: number; object: string }>(
      this.db,
      sql`SELECT u.length::float8 AS length, u.stored_name, p.start::float8 AS start, p.bytes::float8 AS bytes, p.object
        FROM evidence_uploads u LEFT JOIN evidence_upload_parts p ON p.upload_id = u.id
        WHERE u.id = ${id} ORDER BY p.start`,
    );
    const [first] = found;
    if (!first) return null;
    if (first.stored_name !== null) return { offset: first.length, parts: [], name: first.stored_name };
    let offset = 0;
    const parts: Part[] = [];
    for (const part of found) {
      if (part.start !== offset || part.bytes === 0) continue;
      parts.push({ start: part.start, bytes: part.bytes, object: part.object });
      offset += part.bytes;
    }
    return { offset, parts, name: null };
  }

  /**
   * Streams a PATCH body to a temporary file, then commits the bytes that arrived (all of
   * them, or those before a cut) as the part at `offset`.
   */
  async append(id: string, offset: number, remaining: number, body: Readable): Promise<{ received: number; interrupted: boolean }> {
    await mkdir(this.scratchDir, { recursive: true });
    const temporary = path.join(this.scratchDir, `.part-${randomBytes(8).toString('hex')}`);
    let received = 0;
    let overflow = false;
    let interrupted = false;
    try {
      const output = await open(temporary, 'wx');
      try {
        const chunks = body[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
        for (;;) {
          let next: IteratorResult<Buffer>;
          try {
            next = await chunks.next();
          } catch {
            interrupted = true; // the client went away: keep what arrived
            break;
          }
          if (next.done) break;
          const chunk = next.value;
          // Past the declared length: read the rest (so the answer reaches the client) and drop it.
          if (overflow || received + chunk.length > remaining) {
            overflow = true;
            continue;
          }
          for (let written = 0; written < chunk.length;)
            written += (await output.write(chunk, written, chunk.length - written)).bytesWritten;
          received += chunk.length;
        }
      } finally {
        await output.close();
      }
      if (overflow) throw tusError(413, text.uploadChunkTooLarge);
      if (received > 0) await this.commit(id, offset, received, temporary);
      return { received, interrupted };
    } finally {
      await rm(temporary, { force: true });
    }
  }

  /** Keeps a received part and records it at `offset`, unless another request committed that offset first. */
  private async commit(id: string, offset: number, bytes: number, temporary: string): Promise<void> {
    const object = `${id}-${offset}-${randomBytes(8).toString('hex')}`;
    await this.parts.put(object, temporary, bytes);
    let committed: unknown[];
    try {
      committed = await rows(
        this.db,
        sql`WITH part AS (
            INSERT INTO evidence_upload_parts (upload_id, start, bytes, object)
            SELECT id, ${offset}, ${bytes}, ${object} FROM evidence_uploads WHERE id = ${id} AND stored_name IS NULL
            ON CONFLICT DO NOTHING RETURNING upload_id)
          UPDATE evidence_uploads SET touched_at = now() WHERE id IN (SELECT upload_id FROM part) RETURNING id`,
      );
    } catch (error) {
      await this.parts.delete(object);
      if (isForeignKeyViolation(error)) throw notFound(); // terminated meanwhile
      throw error;
    }
    if (committed.length > 0) return;
    await this.parts.delete(object);
    throw await this.conflict(id);
  }

  /** 409 with the offset to resume from (404 once the upload is gone). */
  async conflict(id: string): Promise<HttpError> {
    const state = await this.state(id);
    if (state === null) return notFound();
    return tusError(409, text.uploadOffsetMismatch, state.name === null ? { 'upload-offset': String(state.offset) } : {});
  }

  /** Whether the first bytes are of an evidence type (known once there are enough of them). */
  async headIsEvidence(id: string, length: number): Promise<boolean> {
    const state = await this.state(id);
    if (state === null || state.parts.length === 0 || state.offset < Math.min(16, length)) return true;
    const head = Buffer.alloc(16);
    let filled = 0;
    for (const part of state.parts) {
      for await (const chunk of await this.parts.get(part.object)) {
        filled += (chunk as Buffer).copy(head, filled);
        if (filled >= 16) break;
      }
      if (filled >= 16) break;
    }
    return sniffEvidenceType(head) !== null;
  }

  /**
   * All bytes are here: checks the type by content, copies the file into the FileStore under
   * a fresh name and records it. Idempotent: the first completion wins, a concurrent second
   * copy is removed. An unsupported type removes the whole upload.
   */
  async complete(id: string, info: UploadInfo): Promise<{ name: string } | { error: 'unsupported' }> {
    const state = await this.state(id);
    if (state === null) throw notFound();
    if (state.name !== null) return { name: state.name };
    if (state.offset !== info.length) throw await this.conflict(id);
    const { parts } = this;
    let saved: Awaited<ReturnType<FileStore['saveStreams']>>;
    try {
      saved = await this.files.saveStreams(
        (async function* () {
          for (const part of state.parts) yield await parts.get(part.object);
        })(),
      );
    } catch (error) {
      // Another completion may have cleared the parts while this one copied them.
      const now = await this.state(id);
      if (now?.name) return { name: now.name };
      // A part the storage no longer has (a database restored without them): the phone starts again.
      if (isMissingObject(error)) {
        await this.remove(id);
        throw notFound();
      }
      throw error;
    }
    if ('error' in saved) {
      await this.remove(id);
      return { error: 'unsupported' };
    }
    const [won] = await rows<{ id: string }>(
      this.db,
      sql`UPDATE evidence_uploads SET stored_name = ${saved.name}, touched_at = now() WHERE id = ${id} AND stored_name IS NULL RETURNING id`,
    );
    if (!won) {
      await this.files.remove(saved.name);
      const now = await this.state(id);
      if (now?.name) return { name: now.name };
      throw notFound(); // terminated meanwhile
    }
    await recordEvidence(this.db, saved.name, info.owner, info.length);
    await this.db.execute(sql`DELETE FROM evidence_upload_parts WHERE upload_id = ${id}`);
    await Promise.all(state.parts.map((part) => this.parts.delete(part.object)));
    return { name: saved.name };
  }

  /** Forgets the upload and its parts (a file already stored stays). */
  async remove(id: string): Promise<void> {
    if (!UPLOAD_ID.test(id)) return;
    const parts = await rows<{ object: string }>(
      this.db,
      sql`WITH gone AS (DELETE FROM evidence_uploads WHERE id = ${id} RETURNING id)
        SELECT p.object FROM evidence_upload_parts p WHERE p.upload_id IN (SELECT id FROM gone)`,
    );
    await Promise.all(parts.map((part) => this.parts.delete(part.object)));
  }

  /** Removes uploads untouched (no part committed) for more than seven days, a few hundred at a time. */
  async sweep(now = Date.now()): Promise<void> {
    const before = new Date(now - MAX_AGE_MS).toISOString();
    const stale = await rows<{ id: string }>(
      this.db,
      sql`SELECT id FROM evidence_uploads WHERE touched_at < ${before} ORDER BY touched_at LIMIT 200`,
    );
    for (const { id } of stale) await this.remove(id);
  }
}

function uploadId(request: FastifyRequest): string {
  return String((request.params as { id?: unknown }).id ?? '');
}

function sendProgress(reply: FastifyReply, info: UploadInfo, offset: number, name: string | null, status: number) {
  return reply
    .code(status)
    .headers({
      ...tusHeaders,
      'upload-offset': String(offset),
      'upload-length': String(info.length),
      ...(name !== null && { 'upload-file-name': name }),
    })
    .send();
}

/** What each route of this file needs (its access rule) and takes and answers (its OpenAPI entry). */
export const EVIDENCE_UPLOADS_ROUTES = {
  /** Resumable evidence uploads (tus 1.0.0): each upload belongs to the person who created it. */
  'POST /api/v2/uploads': {
    access: permission('shipping_details', 'editShippingDetails'),
    summary: 'Nueva carga reanudable de evidencia (tus 1.0.0: Upload-Length, Upload-Metadata; responde Location)',
    recordRule: 'Without editShippingDetails: only the driver of a route. At most 300 MB per person not yet attached to a delivery (413).',
  },
  'HEAD /api/v2/uploads/:id': {
    access: permission('shipping_details', 'editShippingDetails'),
    summary: 'Estado de la carga (Upload-Offset, Upload-Length; Upload-File-Name al terminar)',
    recordRule: 'Only the person who created the upload (anyone else: 404).',
  },
  'PATCH /api/v2/uploads/:id': {
    access: permission('shipping_details', 'editShippingDetails'),
    summary: 'Enviar una parte (application/offset+octet-stream desde Upload-Offset; Upload-File-Name al terminar)',
    recordRule: 'Only the person who created the upload (anyone else: 404).',
  },
  'DELETE /api/v2/uploads/:id': {
    access: permission('shipping_details', 'editShippingDetails'),
    summary: 'Cancelar la carga',
    recordRule: 'Only the person who created the upload (anyone else: 404).',
  },
} satisfies RouteTable;

const guardedRoute = guardedRoutes(EVIDENCE_UPLOADS_ROUTES);

export async function evidenceUploadRoutes(
  app: FastifyInstance,
  { scratchDir, parts, files, db }: { scratchDir: string; parts: EvidenceObjects; files: FileStore; db: Db },
): Promise<void> {
  const uploads = new Uploads(scratchDir, parts, files, db);

  // Own scope, so the parser that leaves the body unread applies to these routes only.
  await app.register(async (scope) => {
    scope.addContentTypeParser(OFFSET_STREAM, (_request, payload, done) => done(null, payload));

    /** Creation: an empty upload of the declared length. */
    guardedRoute(scope, 'POST /api/v2/uploads', async (request, reply) => {
      requireTus(request);
      const length = count(header(request, 'upload-length'));
      if (length === null || length === 0) throw tusError(400, text.uploadLength);
      if (length > MAX_UPLOAD_BYTES) throw tusError(413, text.tooLarge, { 'tus-max-size': String(MAX_UPLOAD_BYTES) });
      const metadata = checkedMetadata(header(request, 'upload-metadata'));
      const user = currentUser(request);
      if (!(await mayStoreEvidence(db, user))) throw tusError(403, text.mayNotStore);
      await Promise.all([uploads.sweep(), sweepUnattachedEvidence(db, files)]);
      const held = (await unattachedBytesOf(db, user.id)) + (await uploads.inProgressBytes(user.id));
      if (held + length > MAX_UNATTACHED_EVIDENCE_BYTES) throw tusError(413, text.quotaReached);
      const id = await uploads.create(user.id, length, metadata);
      return reply
        .code(201)
        .headers({ ...tusHeaders, location: `/api/v2/uploads/${id}` })
        .send();
    });

    /** Where to resume; once complete and stored, also the stored name (for a lost PATCH answer). */
    guardedRoute(scope, 'HEAD /api/v2/uploads/:id', async (request, reply) => {
      requireTus(request);
      const id = uploadId(request);
      const info = await uploads.find(id, currentUser(request).id);
      const state = await uploads.state(id);
      if (state === null) throw notFound();
      const { offset } = state;
      let { name } = state;
      // Complete but not yet stored (the completing request was cut short): store it now.
      if (offset === info.length && name === null) {
        const completed = await uploads.complete(id, info);
        if ('error' in completed) throw tusError(422, text.unsupportedType);
        ({ name } = completed);
      }
      if (info.metadata !== null) reply.header('upload-metadata', info.metadata);
      return sendProgress(reply, info, offset, name, 200);
    });

    /** Appends one part at the current offset; the last one stores the file. */
    guardedRoute(scope, 'PATCH /api/v2/uploads/:id', async (request, reply) => {
      requireTus(request);
      const contentType = (header(request, 'content-type') ?? '').split(';')[0]!.trim().toLowerCase();
      const body = request.body as Readable | undefined;
      if (contentType !== OFFSET_STREAM || typeof body?.[Symbol.asyncIterator] !== 'function') throw tusError(415, text.uploadContentType);
      const offset = count(header(request, 'upload-offset'));
      if (offset === null) throw tusError(400, text.uploadOffset);
      const id = uploadId(request);
      const info = await uploads.find(id, currentUser(request).id);
      const state = await uploads.state(id);
      if (state === null) throw notFound();
      if (offset !== state.offset) throw await uploads.conflict(id);
      const remaining = info.length - offset;
      const declared = count(header(request, 'content-length'));
      if (declared !== null && declared > remaining) throw tusError(413, text.uploadChunkTooLarge);

      const { received, interrupted } =
        remaining > 0 ? await uploads.append(id, offset, remaining, body) : { received: 0, interrupted: false };
      const reached = offset + received;
      if (offset === 0 && received > 0 && !(await uploads.headIsEvidence(id, info.length))) {
        await uploads.remove(id);
        throw tusError(422, text.unsupportedType);
      }
      if (reached < info.length) {
        if (interrupted) throw tusError(400, text.uploadInterrupted, { 'upload-offset': String(reached) });
        return sendProgress(reply, info, reached, null, 204);
      }
      const completed = await uploads.complete(id, info);
      if ('error' in completed) throw tusError(422, text.unsupportedType);
      return sendProgress(reply, info, info.length, completed.name, 204);
    });

    /** Termination: the client gives up; a file already stored stays (a delivery may use it). */
    guardedRoute(scope, 'DELETE /api/v2/uploads/:id', async (request, reply) => {
      requireTus(request);
      const id = uploadId(request);
      await uploads.find(id, currentUser(request).id);
      await uploads.remove(id);
      return reply.code(204).headers(tusHeaders).send();
    });
  });
}
