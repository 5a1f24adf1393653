import { hash, verify, type Options } from '@node-rs/argon2';

/**
 * argon2id with OWASP's recommended profile (19 MiB, 2 passes). `algorithm: 2` is
 * Argon2id: the package exports it as a const enum, which isolated modules cannot import.
 */
export const ARGON2_OPTIONS: Options = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 };

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

/**
 * A hash to verify against when the e-mail is unknown, so an unknown account costs as
 * much time as a wrong password and does not reveal which accounts exist.
 */
let decoyHash: Promise<string> | undefined;

export async function verifyPassword(storedHash: string | null, password: string): Promise<boolean> {
  if (storedHash === null) {
    decoyHash ??= hashPassword('cuenta-inexistente');
    await verify(await decoyHash, password);
    return false;
  }
  try {
    return await verify(storedHash, password);
  } catch {
    return false;
  }
}
