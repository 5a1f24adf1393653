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

/** How long a printed code opens the installation: one found in an old log or backup does not. */
export const SETUP_CODE_LIFETIME_MS = 24 * 60 * 60 * 1000;

/**
 * Wrong codes the installation takes from every address together before the printed ones stop
 * counting (the per-address rate limit alone lets many addresses guess side by side). Counted in
 * the database's failed sign-ins under one key, so every server process sees the same count.
 */
export const MAX_SETUP_FAILURES = 10;
const FAILURES_KEY = 'setup-code';

const lifetimeSeconds = SETUP_CODE_LIFETIME_MS / 1000;

/** A new code stored in `tx`, to be printed; 40 bits in 8 characters of Crockford's alphabet, written as XXXX-XXXX to be copied by hand. */
async function storeNewCode(tx: Db): Promise<string> {
  const alphabet = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
  const characters = [...randomBytes(8)].map((byte) => alphabet[byte % 32]).join('');
  const code = `${characters.slice(0, 4)}-${characters.slice(4)}`;
  await tx
    .insert(setupCodes)
    .values({ code_hash: sha256(code) })
    .onConflictDoNothing();
  return code;
}

/** Codes are issued, spent and counted one at a time (every process, every request). */
const lockCodes = (tx: Db) => tx.execute(sql`LOCK TABLE setup_codes IN EXCLUSIVE MODE`);

/**
 * On a database without users, a one-time code for 'Configuración inicial', for the server to
 * print in its log: whoever reaches the address first cannot claim the installation without
 * it. Each process writes its own at start (any of them is taken); null once someone can sign in.
 */
export async function issueSetupCode(db: Db): Promise<string | null> {
  if (await hasUsers(db)) return null;
  return db.transaction(async (tx) => {
    await lockCodes(tx as unknown as Db);
    await tx.execute(sql`DELETE FROM setup_codes WHERE created_at <= now() - ${lifetimeSeconds} * interval '1 second'`);
    return storeNewCode(tx as unknown as Db);
  });
}

/**
 * A new code when none printed is still good (they ran out after 24 hours), for the server to
 * print: the first-run page asks for one, so opening it is when a new one is needed. Null while
 * one is good, or once someone can sign in.
 */
export async function renewSetupCode(db: Db): Promise<string | null> {
  if (await hasUsers(db)) return null;
  return db.transaction(async (tx) => {
    await lockCodes(tx as unknown as Db);
    const [live] = await rows(
      tx as unknown as Db,
      sql`SELECT 1 FROM setup_codes WHERE created_at > now() - ${lifetimeSeconds} * interval '1 second'`,
    );
    if (live) return null;
    await tx.execute(sql`DELETE FROM setup_codes`);
    return storeNewCode(tx as unknown as Db);
  });
}

/** The code as typed: upper case, without spaces, the dash optional. */
function normalizedCode(typed: string): string {
  const plain = typed.toUpperCase().replace(/[\s-]/g, '');
  return plain.length === 8 ? `${plain.slice(0, 4)}-${plain.slice(4)}` : plain;
}

/**
 * What a typed code is: one the server printed and still good (`valid`), one that ran out
 * (`expired`; `renewed` is a new one to print when none is good), or none of them (`wrong`). The
 * MAX_SETUP_FAILURES-th wrong one overall voids every printed code and issues a new one
 * (`renewed`), so the guesses at any one code are few whoever makes them.
 */
export type SetupCodeCheck = { kind: 'valid' } | { kind: 'expired'; renewed: string | null } | { kind: 'wrong'; renewed: string | null };

export async function checkSetupCode(db: Db, typed: string): Promise<SetupCodeCheck> {
  const given = Buffer.from(sha256(normalizedCode(typed)), 'hex');
  return db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    await lockCodes(tx);
    const stored = await rows<{ code_hash: string; live: boolean }>(
      tx,
      sql`SELECT code_hash, created_at > now() - ${lifetimeSeconds} * interval '1 second' AS live FROM setup_codes`,
    );
    const match = stored.find((row) => timingSafeEqual(Buffer.from(row.code_hash, 'hex'), given));
    if (match?.live) return { kind: 'valid' };
    if (match) {
      const anyLive = stored.some((row) => row.live);
      if (anyLive) return { kind: 'expired', renewed: null };
      await tx.execute(sql`DELETE FROM setup_codes`);
      return { kind: 'expired', renewed: await storeNewCode(tx) };
    }
    const [counted] = await rows<{ failures: number }>(
      tx,
      sql`INSERT INTO login_failures (key, failures, window_started_at, last_failed_at) VALUES (${FAILURES_KEY}, 1, now(), now())
        ON CONFLICT (key) DO UPDATE SET failures = login_failures.failures + 1, last_failed_at = now()
        RETURNING failures`,
    );
    if (counted!.failures < MAX_SETUP_FAILURES) return { kind: 'wrong', renewed: null };
    await tx.execute(sql`DELETE FROM login_failures WHERE key = ${FAILURES_KEY}`);
    await tx.execute(sql`DELETE FROM setup_codes`);
    return { kind: 'wrong', renewed: await storeNewCode(tx) };
  });
}

/** The installation is set up: its codes and their count of wrong tries go. */
export async function spendSetupCodes(tx: Db): Promise<void> {
  await tx.execute(sql`DELETE FROM setup_codes`);
  await tx.execute(sql`DELETE FROM login_failures WHERE key = ${FAILURES_KEY}`);
}
