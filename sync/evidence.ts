import type { EvidenceRow } from './db';

async function sha256Hex(data: ArrayBuffer): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', data);
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** The stored form of a photo or PDF the person attached: bytes, type, name and their hash. */
export async function evidenceFromBytes(data: ArrayBuffer, type: string, name: string): Promise<EvidenceRow> {
  return { id: crypto.randomUUID(), data, type, name, size: data.byteLength, sha256: await sha256Hex(data), uploadUrl: null, storedName: null };
}
