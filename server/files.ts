import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, open, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Readable } from 'node:stream';

/** Evidence uploads (spec §5, §9): one file, at most 100 MB. */
export const MAX_UPLOAD_BYTES = 100 * 1024 * 1024;

export const EVIDENCE_TYPES = {
  pdf: 'application/pdf',
  jpg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  heic: 'image/heic',
} as const;
export type EvidenceExtension = keyof typeof EVIDENCE_TYPES;

/** Stored names are ours: a UUID and the extension of the detected type. */
export const STORED_NAME = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.(pdf|jpg|png|webp|heic)$/;
/** Names the demo data uses for its sample evidence. */
const DEMO_NAME = /^evidencia-demo\.pdf$/;

export function isStoredName(name: string): boolean {
  return STORED_NAME.test(name) || DEMO_NAME.test(name);
}

/** The type of a file from its first bytes, never from its name or the client's claim. */
export function sniffEvidenceType(head: Buffer): EvidenceExtension | null {
  if (head.subarray(0, 5).toString('latin1') === '%PDF-') return 'pdf';
  if (head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return 'jpg';
  if (head.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  if (head.subarray(0, 4).toString('latin1') === 'RIFF' && head.subarray(8, 12).toString('latin1') === 'WEBP') return 'webp';
  if (
    head.subarray(4, 8).toString('latin1') === 'ftyp' &&
    ['heic', 'heix', 'hevc', 'hevx', 'mif1', 'msf1'].includes(head.subarray(8, 12).toString('latin1'))
  )
    return 'heic';
  return null;
}

/**
 * Where checked evidence files are kept, by their stored name: a directory on this machine, or
 * a bucket of S3-compatible object storage that every server machine reaches (files-s3.ts).
 */
export interface EvidenceObjects {
  /** Takes a complete, checked temporary file as `name` (the temporary file is gone afterwards). */
  put(name: string, temporary: string, size: number): Promise<void>;
  has(name: string): Promise<boolean>;
  get(name: string): Promise<Readable>;
  delete(name: string): Promise<void>;
}

/** Evidence in a directory of this machine (the default). */
export class LocalObjects implements EvidenceObjects {
  constructor(readonly dir: string) {}

  async put(name: string, temporary: string): Promise<void> {
    await rename(temporary, path.join(this.dir, name));
  }

  async has(name: string): Promise<boolean> {
    try {
      return (await stat(path.join(this.dir, name))).isFile();
    } catch {
      return false;
    }
  }

  async get(name: string): Promise<Readable> {
    return createReadStream(path.join(this.dir, name));
  }

  async delete(name: string): Promise<void> {
    await rm(path.join(this.dir, name), { force: true });
  }
}

/**
 * Evidence files: an upload is streamed to a temporary file in `scratchDir`, checked by its
 * content, and kept under a random name in its place (`objects`). Whatever fails, nothing
 * partial is kept.
 */
export class FileStore {
  constructor(
    private readonly scratchDir: string,
    private readonly objects: EvidenceObjects,
  ) {}

  /** Keeps a complete temporary file under a random name when its content is evidence. */
  private async keep(temporary: string): Promise<{ name: string; bytes: number } | { error: 'unsupported' | 'empty' }> {
    const { size } = await stat(temporary);
    if (size === 0) return { error: 'empty' };
    const handle = await open(temporary, 'r');
    const head = Buffer.alloc(16);
    try {
      await handle.read(head, 0, 16, 0);
    } finally {
      await handle.close();
    }
    const extension = sniffEvidenceType(head);
    if (!extension) return { error: 'unsupported' };
    const name = `${randomUUID()}.${extension}`;
    await this.objects.put(name, temporary, size);
    return { name, bytes: size };
  }

  /**
   * Streams an upload to a temporary file, checks its type by content and gives it a
   * random name. Whatever fails, nothing partial stays on disk.
   */
  async save(
    stream: Readable & { truncated?: boolean },
  ): Promise<{ name: string; bytes: number } | { error: 'too-large' | 'unsupported' | 'empty' }> {
    await mkdir(this.scratchDir, { recursive: true });
    const temporary = path.join(this.scratchDir, `.upload-${randomUUID()}`);
    try {
      await pipeline(stream, createWriteStream(temporary, { flags: 'wx' }));
      if (stream.truncated) return { error: 'too-large' };
      return await this.keep(temporary);
    } finally {
      await rm(temporary, { force: true });
    }
  }

  /**
   * Stores a file received in parts elsewhere (a resumable upload): copies the parts, in
   * order, to a temporary file here, checks its type by content and gives it a random name.
   * The parts are left as they were; whatever fails, nothing partial stays in the store.
   */
  async saveStreams(parts: AsyncIterable<Readable>): Promise<{ name: string; bytes: number } | { error: 'unsupported' | 'empty' }> {
    await mkdir(this.scratchDir, { recursive: true });
    const temporary = path.join(this.scratchDir, `.upload-${randomUUID()}`);
    try {
      const output = await open(temporary, 'wx');
      try {
        for await (const part of parts) {
          for await (const chunk of part) await output.write(chunk as Buffer);
        }
      } finally {
        await output.close();
      }
      return await this.keep(temporary);
    } finally {
      await rm(temporary, { force: true });
    }
  }

  /**
   * Keeps bytes received whole in a request's body (a signature's PNG) as evidence: checked by
   * content and given a random name like an upload, through the same store (disk or bucket).
   */
  async saveBytes(bytes: Buffer): Promise<{ name: string; bytes: number } | { error: 'unsupported' | 'empty' }> {
    await mkdir(this.scratchDir, { recursive: true });
    const temporary = path.join(this.scratchDir, `.upload-${randomUUID()}`);
    try {
      await writeFile(temporary, bytes, { flag: 'wx' });
      return await this.keep(temporary);
    } finally {
      await rm(temporary, { force: true });
    }
  }

  async exists(name: string): Promise<boolean> {
    return isStoredName(name) && this.objects.has(name);
  }

  async remove(name: string): Promise<void> {
    if (isStoredName(name)) await this.objects.delete(name);
  }

  open(name: string): Promise<Readable> {
    return this.objects.get(name);
  }
}
