import { randomBytes } from 'node:crypto';
import { link, mkdir, open, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { apiMessages } from '../../domain/messages/api';
import { filesMessages } from '../../domain/messages/files';
import { MAX_UPLOAD_BYTES, sniffEvidenceType, type FileStore } from '../files';
import { HttpError } from '../http-errors';
import { currentUser, permission } from '../plugins/auth';
import type { Db } from '../db/client';
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
 * Everything lives on disk under `DATA_DIR/uploads/<id>/`, so any server process finds it:
 *   info.json        owner, declared length, metadata (written once, at creation)
 *   chunk-<start>    the bytes of one PATCH, named by the offset it started at
 *   result.json      `{ name }` of the file in the FileStore, once complete and checked
 * A PATCH streams its body to a temporary file and commits it with link(2) to
 * `chunk-<offset>`, which fails if that offset was already committed: two requests racing
 * from the same offset (a retry while the first is still arriving) cannot both land, with
 * no lock to go stale. The offset is the length of the chain of chunks from 0. The
 * result is recorded the same way, so a completion is stored once.
 */

const TUS_VERSION = '1.0.0';
const OFFSET_STREAM = 'application/offset+octet-stream';
const UPLOAD_ID = /^[0-9a-f]{32}$/;
const CHUNK = /^chunk-(\d{1,15})$/;
/** Uploads untouched this long are removed when the next one is created. */
const MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;
const MAX_METADATA_CHARS = 4096;
const text = filesMessages;

interface UploadInfo {
  owner: number;
  length: number;
  /** The Upload-Metadata header as sent (echoed on HEAD, as the protocol asks). */
  metadata: string | null;
  filename: string | null;
  filetype: string | null;
  created_at: string;
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

/** `key base64,key base64`: keys without spaces or commas, values optional. */
function parseMetadata(raw: string | undefined): Pick<UploadInfo, 'metadata' | 'filename' | 'filetype'> {
  if (raw === undefined || raw.trim() === '') return { metadata: null, filename: null, filetype: null };
  if (raw.length > MAX_METADATA_CHARS) throw tusError(400, text.uploadMetadata);
  const values = new Map<string, string>();
  for (const pair of raw.split(',')) {
    const [key, value, ...rest] = pair.trim().split(' ');
    if (!key || rest.length > 0 || !/^[\x21-\x7e]+$/.test(key) || values.has(key)) throw tusError(400, text.uploadMetadata);
    if (value !== undefined && !/^[A-Za-z0-9+/]*={0,2}$/.test(value)) throw tusError(400, text.uploadMetadata);
    values.set(key, value === undefined ? '' : Buffer.from(value, 'base64').toString('utf8'));
  }
  const clip = (value: string | undefined) => (value === undefined ? null : value.slice(0, 255));
  return { metadata: raw, filename: clip(values.get('filename')), filetype: clip(values.get('filetype')) };
}

const isCode = (error: unknown, code: string) => (error as { code?: string } | null)?.code === code;

class Uploads {
  constructor(
    readonly root: string,
    readonly files: FileStore,
    readonly db: Db,
  ) {}

  /** Bytes declared by this person's uploads still in progress (they count against the quota too). */
  async inProgressBytes(owner: number): Promise<number> {
    let total = 0;
    for (const id of await readdir(this.root).catch(() => [])) {
      if (!UPLOAD_ID.test(id)) continue;
      const info = await readFile(path.join(this.dir(id), 'info.json'), 'utf8').then(
        (raw) => JSON.parse(raw) as UploadInfo,
        () => null,
      );
      if (info?.owner === owner && (await this.storedName(id)) === null) total += info.length;
    }
    return total;
  }

  dir(id: string): string {
    return path.join(this.root, id);
  }

  async create(info: UploadInfo): Promise<string> {
    await mkdir(this.root, { recursive: true });
    const id = randomBytes(16).toString('hex');
    const dir = this.dir(id);
    await mkdir(dir);
    const temporary = path.join(dir, `.info-${randomBytes(8).toString('hex')}`);
    await writeFile(temporary, JSON.stringify(info), { flag: 'wx' });
    await rename(temporary, path.join(dir, 'info.json'));
    return id;
  }

  /** The upload, if it exists and belongs to this person; anyone else's is not found. */
  async find(id: string, owner: number): Promise<UploadInfo> {
    if (!UPLOAD_ID.test(id)) throw notFound();
    let info: UploadInfo;
    try {
      info = JSON.parse(await readFile(path.join(this.dir(id), 'info.json'), 'utf8')) as UploadInfo;
    } catch (error) {
      if (isCode(error, 'ENOENT')) throw notFound();
      throw error;
    }
    if (info.owner !== owner) throw notFound();
    return info;
  }

  async storedName(id: string): Promise<string | null> {
    try {
      return (JSON.parse(await readFile(path.join(this.dir(id), 'result.json'), 'utf8')) as { name: string }).name;
    } catch (error) {
      if (isCode(error, 'ENOENT')) return null;
      throw error;
    }
  }

  /** The committed chunks, contiguous from byte 0, and where they end. */
  async chain(id: string): Promise<{ offset: number; parts: string[] }> {
    const dir = this.dir(id);
    const starts = new Map<number, string>();
    for (const entry of await readdir(dir).catch(() => [])) {
      const match = CHUNK.exec(entry);
      if (match) starts.set(Number(match[1]), path.join(dir, entry));
    }
    let offset = 0;
    const parts: string[] = [];
    for (let part = starts.get(0); part !== undefined; part = starts.get(offset)) {
      const size = await stat(part).then(
        (s) => s.size,
        () => 0,
      );
      if (size === 0) break;
      parts.push(part);
      offset += size;
    }
    return { offset, parts };
  }

  async state(id: string, info: UploadInfo): Promise<{ offset: number; name: string | null }> {
    const name = await this.storedName(id);
    if (name !== null) return { offset: info.length, name };
    const { offset } = await this.chain(id);
    // A completion may have stored the file and cleared the chunks meanwhile.
    if (offset < info.length) {
      const completed = await this.storedName(id);
      if (completed !== null) return { offset: info.length, name: completed };
    }
    return { offset, name: null };
  }

  /**
   * Streams a PATCH body to a temporary file, then commits the bytes that arrived
   * (all of them, or those before a cut) as the chunk at `offset`.
   */
  async append(id: string, offset: number, remaining: number, body: Readable): Promise<{ received: number; interrupted: boolean }> {
    const dir = this.dir(id);
    const temporary = path.join(dir, `.part-${randomBytes(8).toString('hex')}`);
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
      if (received > 0) {
        try {
          await link(temporary, path.join(dir, `chunk-${offset}`));
        } catch (error) {
          if (isCode(error, 'EEXIST')) throw await this.conflict(id);
          if (isCode(error, 'ENOENT')) throw notFound(); // terminated meanwhile
          throw error;
        }
      }
      return { received, interrupted };
    } catch (error) {
      if (isCode(error, 'ENOENT')) throw notFound();
      throw error;
    } finally {
      await rm(temporary, { force: true });
    }
  }

  /** 409 with the offset to resume from. */
  async conflict(id: string): Promise<HttpError> {
    const name = await this.storedName(id);
    const { offset } = name === null ? await this.chain(id) : { offset: null };
    return tusError(409, text.uploadOffsetMismatch, offset === null ? {} : { 'upload-offset': String(offset) });
  }

  /** Whether the first bytes are of an evidence type (known once there are enough of them). */
  async headIsEvidence(id: string, length: number): Promise<boolean> {
    const { offset, parts } = await this.chain(id);
    if (parts.length === 0 || offset < Math.min(16, length)) return true;
    const head = Buffer.alloc(16);
    let filled = 0;
    for (const part of parts) {
      if (filled >= 16) break;
      const handle = await open(part, 'r');
      try {
        filled += (await handle.read(head, filled, 16 - filled, 0)).bytesRead;
      } finally {
        await handle.close();
      }
    }
    return sniffEvidenceType(head) !== null;
  }

  /**
   * All bytes are here: checks the type by content, copies the file into the FileStore
   * under a fresh name and records it. Idempotent: the first record wins, a concurrent
   * second copy is removed. An unsupported type removes the whole upload.
   */
  async complete(id: string, info: UploadInfo): Promise<{ name: string } | { error: 'unsupported' }> {
    const existing = await this.storedName(id);
    if (existing !== null) return { name: existing };
    const { offset, parts } = await this.chain(id);
    if (offset !== info.length) {
      const completed = await this.storedName(id);
      if (completed !== null) return { name: completed };
      throw await this.conflict(id);
    }
    let saved: Awaited<ReturnType<FileStore['saveParts']>>;
    try {
      saved = await this.files.saveParts(parts);
    } catch (error) {
      // Another completion may have cleared the chunks while this one copied them.
      const completed = await this.storedName(id);
      if (completed !== null) return { name: completed };
      throw error;
    }
    if ('error' in saved) {
      await this.remove(id);
      return { error: 'unsupported' };
    }
    const dir = this.dir(id);
    const temporary = path.join(dir, `.result-${randomBytes(8).toString('hex')}`);
    try {
      await writeFile(temporary, JSON.stringify({ name: saved.name }), { flag: 'wx' });
      await link(temporary, path.join(dir, 'result.json'));
    } catch (error) {
      await this.files.remove(saved.name);
      const completed = isCode(error, 'EEXIST') ? await this.storedName(id) : null;
      if (completed !== null) return { name: completed };
      if (isCode(error, 'ENOENT')) throw notFound(); // terminated meanwhile
      throw error;
    } finally {
      await rm(temporary, { force: true });
    }
    await recordEvidence(this.db, saved.name, info.owner, info.length);
    await Promise.all(parts.map((part) => rm(part, { force: true })));
    return { name: saved.name };
  }

  async remove(id: string): Promise<void> {
    if (UPLOAD_ID.test(id)) await rm(this.dir(id), { recursive: true, force: true });
  }

  /** Removes uploads untouched (no chunk committed) for more than seven days. */
  async sweep(now = Date.now()): Promise<void> {
    for (const id of await readdir(this.root).catch(() => [])) {
      if (!UPLOAD_ID.test(id)) continue;
      const modified = await stat(this.dir(id)).then(
        (s) => s.mtimeMs,
        () => now,
      );
      if (now - modified > MAX_AGE_MS) await this.remove(id);
    }
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
  { dataDir, files, db }: { dataDir: string; files: FileStore; db: Db },
): Promise<void> {
  const uploads = new Uploads(path.join(dataDir, 'uploads'), files, db);

  // Own scope, so the parser that leaves the body unread applies to these routes only.
  await app.register(async (scope) => {
    scope.addContentTypeParser(OFFSET_STREAM, (_request, payload, done) => done(null, payload));

    /** Creation: an empty upload of the declared length. */
    guardedRoute(scope, 'POST /api/v2/uploads', async (request, reply) => {
      requireTus(request);
      const length = count(header(request, 'upload-length'));
      if (length === null || length === 0) throw tusError(400, text.uploadLength);
      if (length > MAX_UPLOAD_BYTES) throw tusError(413, text.tooLarge, { 'tus-max-size': String(MAX_UPLOAD_BYTES) });
      const metadata = parseMetadata(header(request, 'upload-metadata'));
      const user = currentUser(request);
      if (!(await mayStoreEvidence(db, user))) throw tusError(403, text.mayNotStore);
      await Promise.all([uploads.sweep(), sweepUnattachedEvidence(db, files)]);
      const held = (await unattachedBytesOf(db, user.id)) + (await uploads.inProgressBytes(user.id));
      if (held + length > MAX_UNATTACHED_EVIDENCE_BYTES) throw tusError(413, text.quotaReached);
      const id = await uploads.create({ owner: user.id, length, ...metadata, created_at: new Date().toISOString() });
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
      const { offset, name: recorded } = await uploads.state(id, info);
      let name = recorded;
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
      const state = await uploads.state(id, info);
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
