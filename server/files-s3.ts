import { createReadStream, createWriteStream } from 'node:fs';
import { rm, stat } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import type { Env } from './env';
import { EVIDENCE_TYPES, type EvidenceObjects } from './files';

export interface S3Place {
  url: string;
  bucket: string;
  region: string;
  prefix: string;
  accessKeyId?: string;
  secretAccessKey?: string;
}

const contentType = (name: string) => EVIDENCE_TYPES[name.slice(name.lastIndexOf('.') + 1) as keyof typeof EVIDENCE_TYPES];

/** The bucket place of the configuration, under `prefix` (the evidence's by default); null without S3_URL. */
export function s3PlaceOf(env: Env, prefix: string = env.S3_PREFIX): S3Place | null {
  if (!env.S3_URL || !env.S3_BUCKET) return null;
  return {
    url: env.S3_URL,
    bucket: env.S3_BUCKET,
    region: env.S3_REGION,
    prefix,
    accessKeyId: env.S3_ACCESS_KEY_ID,
    secretAccessKey: env.S3_SECRET_ACCESS_KEY,
  };
}

/**
 * Evidence in a bucket of S3-compatible object storage (`S3_URL`, `S3_BUCKET`), so that several
 * server machines keep and serve the same files without a shared disk. Objects are named
 * `<prefix><stored name>`; the server reads them for whoever may open them (the bucket need
 * not be public).
 */
export class S3Objects implements EvidenceObjects {
  private readonly client: S3Client;

  constructor(private readonly place: S3Place) {
    this.client = new S3Client({
      endpoint: place.url,
      region: place.region,
      // Self-hosted servers (MinIO, Garage, Ceph) name the bucket in the path, not the host.
      forcePathStyle: true,
      // Checksums only where the operation needs them: a streamed body is then sent as it is,
      // not in the aws-chunked framing that servers other than AWS may store verbatim.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      ...(place.accessKeyId &&
        place.secretAccessKey && { credentials: { accessKeyId: place.accessKeyId, secretAccessKey: place.secretAccessKey } }),
    });
  }

  private key(name: string): string {
    return `${this.place.prefix}${name}`;
  }

  async put(name: string, temporary: string, size: number): Promise<void> {
    await this.upload(name, temporary, size);
    await rm(temporary, { force: true });
  }

  /** A file of this machine copied into the bucket as `name` (the file stays). */
  async upload(name: string, file: string, size?: number): Promise<void> {
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.place.bucket,
        Key: this.key(name),
        Body: createReadStream(file),
        ContentLength: size ?? (await stat(file)).size,
        ContentType: contentType(name),
      }),
    );
  }

  /** The object `name` written to a file of this machine. */
  async download(name: string, file: string): Promise<void> {
    await pipeline(await this.get(name), createWriteStream(file, { flags: 'wx' }));
  }

  /** Every name under this place's prefix. */
  async names(): Promise<string[]> {
    const found: string[] = [];
    let token: string | undefined;
    do {
      const page = await this.client.send(
        new ListObjectsV2Command({ Bucket: this.place.bucket, Prefix: this.place.prefix, ContinuationToken: token }),
      );
      for (const object of page.Contents ?? []) if (object.Key) found.push(object.Key.slice(this.place.prefix.length));
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
    return found;
  }

  get where(): string {
    return `s3://${this.place.bucket}/${this.place.prefix}`;
  }

  async has(name: string): Promise<boolean> {
    try {
      await this.client.send(new HeadObjectCommand({ Bucket: this.place.bucket, Key: this.key(name) }));
      return true;
    } catch (error) {
      const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
      if (status === 404 || (error as { name?: string }).name === 'NotFound') return false;
      throw error;
    }
  }

  async get(name: string): Promise<Readable> {
    const answer = await this.client.send(new GetObjectCommand({ Bucket: this.place.bucket, Key: this.key(name) }));
    return answer.Body as Readable;
  }

  async delete(name: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.place.bucket, Key: this.key(name) }));
  }

  close(): void {
    this.client.destroy();
  }
}
