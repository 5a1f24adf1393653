import { filesMessages } from '../../../domain/messages/files';
import type { EvidenceRow } from '../../../sync/db';
import { evidenceFromBytes } from '../../../sync/evidence';

/** Evidence uploads: one file, at most 100 MB (spec §5). */
export const MAX_EVIDENCE_BYTES = 100 * 1024 * 1024;
/** Photos are stored with their long edge at most this long (docs/sync-engine.md rule 8). */
export const MAX_PHOTO_EDGE = 2048;
/** What the server keeps as evidence; other images are converted to JPEG on the device. */
const KEPT_TYPES = ['application/pdf', 'image/jpeg', 'image/png', 'image/webp', 'image/heic', 'image/heif'];

/** Why a chosen file cannot be evidence, or null (spec §5: one file, 100 MB; a photo or a PDF). */
export function refuseEvidenceFile(file: Pick<File, 'size' | 'type'>): string | null {
  if (file.size === 0) return filesMessages.required;
  if (file.size > MAX_EVIDENCE_BYTES) return filesMessages.tooLarge;
  if (file.type !== '' && file.type !== 'application/pdf' && !file.type.startsWith('image/')) return filesMessages.unsupportedType;
  return null;
}

async function downscaled(file: File): Promise<{ data: ArrayBuffer; type: string; name: string } | null> {
  if (typeof createImageBitmap !== 'function' || typeof OffscreenCanvas !== 'function') return null;
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file);
  } catch {
    return null; // a format this browser cannot draw (HEIC in Chrome): kept as it is
  }
  try {
    const longEdge = Math.max(bitmap.width, bitmap.height);
    if (longEdge <= MAX_PHOTO_EDGE && KEPT_TYPES.includes(file.type)) return null;
    const scale = Math.min(1, MAX_PHOTO_EDGE / longEdge);
    const canvas = new OffscreenCanvas(Math.round(bitmap.width * scale), Math.round(bitmap.height * scale));
    canvas.getContext('2d')?.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
    const blob = await canvas.convertToBlob({ type: 'image/jpeg', quality: 0.85 });
    return { data: await blob.arrayBuffer(), type: 'image/jpeg', name: file.name.replace(/\.[^.]*$/, '') + '.jpg' };
  } finally {
    bitmap.close();
  }
}

/**
 * The stored form of the evidence: a PDF as it is; a photo with its long edge at most
 * 2048 px (JPEG), or as it is when already that small.
 */
export async function prepareEvidence(file: File): Promise<EvidenceRow> {
  const photo = file.type.startsWith('image/') ? await downscaled(file) : null;
  if (photo) return evidenceFromBytes(photo.data, photo.type, photo.name);
  return evidenceFromBytes(await file.arrayBuffer(), file.type || 'application/octet-stream', file.name);
}
