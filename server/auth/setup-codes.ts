import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { setupCodes } from '../db/schema';
import { rows } from '../db/sql-rows';

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

/** Whether anyone can sign in: until then the installation waits for 'Configuración inicial'. */
export async function hasUsers(db: Db): Promise<boolean> {
  const [row] = await rows<{ any: boolean }>(db, sql`SELECT EXISTS (SELECT 1 FROM users) AS any`);
  return row?.any ?? false;
}

/**
 * On a database without users, a one-time code for 'Configuración inicial', for the server to
 * print in its log: whoever reaches the address first cannot claim the installation without
 * it. Each process writes its own (any of them is taken); null once someone can sign in.
 */
export async function issueSetupCode(db: Db): Promise<string | null> {
  if (await hasUsers(db)) return null;
  // 40 bits in 8 characters of Crockford's alphabet, written as XXXX-XXXX to be copied by hand.
  const alphabet = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
  const characters = [...randomBytes(8)].map((byte) => alphabet[byte % 32]).join('');
  const code = `${characters.slice(0, 4)}-${characters.slice(4)}`;
  await db
    .insert(setupCodes)
    .values({ code_hash: sha256(code) })
    .onConflictDoNothing();
  return code;
}

/** The code as typed: upper case, without spaces, the dash optional. */
function normalizedCode(typed: string): string {
  const plain = typed.toUpperCase().replace(/[\s-]/g, '');
  return plain.length === 8 ? `${plain.slice(0, 4)}-${plain.slice(4)}` : plain;
}

/** Whether `typed` is one of the codes the server processes printed. */
export async function setupCodeIsValid(db: Db, typed: string): Promise<boolean> {
  const given = Buffer.from(sha256(normalizedCode(typed)), 'hex');
  const stored = await db.select({ hash: setupCodes.code_hash }).from(setupCodes);
  return stored.some((row) => timingSafeEqual(Buffer.from(row.hash, 'hex'), given));
}
