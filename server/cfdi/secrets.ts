import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { chmod, mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * Seals the fiscal secrets (the CSD's private key and password, the PAC's password) before they
 * reach the database, with AES-256-GCM: a copy of the database (a backup, a dump) does not sign
 * invoices in the business's name without the server's key. Sealed text: 'v1:' + base64 of
 * iv (12) + tag (16) + ciphertext.
 */
export interface SecretBox {
  seal(plain: Buffer | string): string;
  open(sealed: string): Buffer;
}

export function secretBox(key: Buffer): SecretBox {
  if (key.length !== 32) throw new Error('FISCAL_KEY must be 32 bytes');
  return {
    seal(plain) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(typeof plain === 'string' ? Buffer.from(plain, 'utf8') : plain), cipher.final()]);
      return `v1:${Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64')}`;
    },
    open(sealed) {
      if (!sealed.startsWith('v1:')) throw new Error('unknown sealed secret');
      const raw = Buffer.from(sealed.slice(3), 'base64');
      const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, 12));
      decipher.setAuthTag(raw.subarray(12, 28));
      return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]);
    },
  };
}

/** FISCAL_KEY as bytes (base64 or hex). */
export function parseFiscalKey(text: string): Buffer {
  return /^[0-9a-fA-F]{64}$/.test(text) ? Buffer.from(text, 'hex') : Buffer.from(text, 'base64');
}

/**
 * The key from FISCAL_KEY, or the one kept beside the embedded database (DATA_DIR/fiscal.key),
 * created on first use with a random value and permissions 0600.
 */
export async function fiscalSecretBox(configured: string | undefined, dataDir: string): Promise<SecretBox> {
  if (configured) return secretBox(parseFiscalKey(configured));
  const file = path.join(dataDir, 'fiscal.key');
  try {
    return secretBox(Buffer.from((await readFile(file, 'utf8')).trim(), 'base64'));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  await mkdir(dataDir, { recursive: true });
  const key = randomBytes(32);
  await writeFile(file, key.toString('base64'), { mode: 0o600, flag: 'wx' }).catch(async (error: NodeJS.ErrnoException) => {
    if (error.code !== 'EEXIST') throw error;
  });
  await chmod(file, 0o600);
  return secretBox(Buffer.from((await readFile(file, 'utf8')).trim(), 'base64'));
}
