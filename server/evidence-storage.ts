import { randomUUID } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Env } from './env';
import { LocalObjects, type EvidenceObjects } from './files';

/**
 * Where evidence is kept, as configured: the checked files and the parts of resumable uploads
 * waiting for the rest, in directories of `DATA_DIR`, or with `S3_URL` in the bucket (under
 * `S3_PREFIX` and `S3_UPLOADS_PREFIX`) that every server machine reaches.
 */
export interface EvidenceStorage {
  files: EvidenceObjects;
  uploadParts: EvidenceObjects;
  /** Where a file is received and checked before it is kept: always this machine's disk. */
  filesScratch: string;
  uploadsScratch: string;
  close(): void;
}

type StorageEnv = Pick<
  Env,
  'DATA_DIR' | 'S3_URL' | 'S3_BUCKET' | 'S3_REGION' | 'S3_PREFIX' | 'S3_UPLOADS_PREFIX' | 'S3_ACCESS_KEY_ID' | 'S3_SECRET_ACCESS_KEY'
>;

export async function openEvidenceStorage(env: StorageEnv): Promise<EvidenceStorage> {
  const filesScratch = path.join(env.DATA_DIR, 'files');
  const uploadsScratch = path.join(env.DATA_DIR, 'uploads');
  // The S3 client is large: loaded only by an installation that keeps its evidence in a bucket.
  const s3 = env.S3_URL ? await import('./files-s3') : null;
  const place = s3?.s3PlaceOf(env as Env) ?? null;
  if (!s3 || !place) {
    return {
      files: new LocalObjects(filesScratch),
      uploadParts: new LocalObjects(uploadsScratch),
      filesScratch,
      uploadsScratch,
      close() {},
    };
  }
  const files = new s3.S3Objects(place);
  const uploadParts = new s3.S3Objects({ ...place, prefix: env.S3_UPLOADS_PREFIX });
  return {
    files,
    uploadParts,
    filesScratch,
    uploadsScratch,
    close() {
      files.close();
      uploadParts.close();
    },
  };
}

/** Keeps `bytes` as the evidence file `name` (the demo's sample evidence, which its deliveries name). */
export async function keepEvidenceBytes(env: StorageEnv, name: string, bytes: Buffer): Promise<void> {
  const storage = await openEvidenceStorage(env);
  try {
    await mkdir(storage.filesScratch, { recursive: true });
    const temporary = path.join(storage.filesScratch, `.sample-${randomUUID()}`);
    try {
      await writeFile(temporary, bytes, { flag: 'wx' });
      await storage.files.put(name, temporary, bytes.length);
    } finally {
      await rm(temporary, { force: true });
    }
  } finally {
    storage.close();
  }
}
