import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { CurrentUser } from '../../domain/schemas/auth';
import type { Db } from '../db/client';
import { forgetSessionsHere, sessionCacheOf } from './session-cache';
import { authTokens, branches, filePasses, jobPositions, loginFailures, users, userSignIns } from '../db/schema';

/** Drivers may stay offline for days: a token lives 30 days after its last use. */
export const TOKEN_LIFETIME_MS = 30 * 24 * 60 * 60 * 1000;
/** Extending the expiry on every request would write on every read; once an hour is enough. */
const SLIDE_EVERY_MS = 60 * 60 * 1000;

/** An address may fail this many sign-ins, over any accounts, per window. */
export const LOGIN_FAILURE_WINDOW_MS = 15 * 60 * 1000;
export const MAX_FAILURES_PER_ADDRESS = 30;
/** Failures of one account from one address before each further attempt waits (1 s, 2 s, 4 s … 15 min). */
export const FREE_FAILURES_PER_PAIR = 3;
const MAX_PAIR_WAIT_MS = 15 * 60 * 1000;
/** A pair's count is forgotten a day after its last failure. */
const PAIR_MEMORY_MS = 24 * 60 * 60 * 1000;

function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

/** 256 random bits, base64url: the token is opaque and only its hash is stored. */
export async function issueToken(db: Db, userId: number, now = new Date()): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db.insert(authTokens).values({
    token_hash: sha256(token),
    user_id: userId,
    expires_at: new Date(now.getTime() + TOKEN_LIFETIME_MS),
    last_used_at: now,
  });
  return token;
}

/** The id of a live session (what its event tickets and file passes are tied to); null once it ended. */
export async function sessionIdOf(db: Db, token: string, now = new Date()): Promise<number | null> {
  const [row] = await db
    .select({ id: authTokens.id })
    .from(authTokens)
    .where(and(eq(authTokens.token_hash, sha256(token)), gt(authTokens.expires_at, now)));
  return row?.id ?? null;
}

/**
 * How long a file pass opens evidence: a link left in a tab, the history or a log dies within
 * the hour, and the app asks for a new pass well before (src/ui/evidence-link.tsx).
 */
export const FILE_PASS_SECONDS = 60 * 60;

/**
 * A pass for opening evidence files in a new tab, where the bearer token is not sent: random,
 * stored hashed, and tied to the session, so signing out or being deactivated ends it too.
 */
export async function issueFilePass(db: Db, token: string, now = new Date()): Promise<{ pass: string; expires_in: number } | null> {
  const session = await sessionIdOf(db, token, now);
  if (session === null) return null;
  const pass = randomBytes(24).toString('base64url');
  await db.delete(filePasses).where(lt(filePasses.expires_at, now));
  await db
    .insert(filePasses)
    .values({ pass_hash: sha256(pass), token_id: session, expires_at: new Date(now.getTime() + FILE_PASS_SECONDS * 1000) });
  return { pass, expires_in: FILE_PASS_SECONDS };
}

/** Whose live session a file pass belongs to; null when unknown, expired or its session ended. */
export async function userForFilePass(db: Db, pass: string, now = new Date()): Promise<CurrentUser | null> {
  if (!/^[A-Za-z0-9_-]{32}$/.test(pass)) return null;
  const [row] = await db
    .select({ user_id: authTokens.user_id })
    .from(filePasses)
    .innerJoin(authTokens, eq(authTokens.id, filePasses.token_id))
    .where(and(eq(filePasses.pass_hash, sha256(pass)), gt(filePasses.expires_at, now), gt(authTokens.expires_at, now)));
  return row ? loadCurrentUser(db, row.user_id) : null;
}

/**
 * Removes a token; resolves once this process has heard the database's notice of it, so
 * every server process has been told to forget the session (server/auth/session-cache.ts).
 */
export async function revokeToken(db: Db, token: string): Promise<void> {
  const hash = sha256(token);
  const cache = sessionCacheOf(db);
  const heard = cache?.heard(hash);
  const removed = await db.delete(authTokens).where(eq(authTokens.token_hash, hash)).returning({ id: authTokens.id });
  // This process forgets it now, whatever the notice does.
  cache?.drop(hash);
  if (removed.length > 0) await heard;
}

export async function deleteExpiredTokens(db: Db, now = new Date()): Promise<void> {
  await db.delete(authTokens).where(lt(authTokens.expires_at, now));
}

function profileQuery(db: Db, withToken = false) {
  // The role's permissions and the person's own ('Usuarios'), once each.
  const granted = sql<string[]>`(SELECT coalesce(array_agg(p.name ORDER BY p.name), '{}') FROM permissions p
    WHERE p.id IN (SELECT rp.permission_id FROM role_permissions rp WHERE rp.role_id = ${users.role_id})
       OR p.id IN (SELECT up.permission_id FROM user_permissions up WHERE up.user_id = ${users.id}))`;
  return db
    .select({
      id: users.id,
      name: users.name,
      last: users.last,
      email: users.email,
      avatar: users.avatar,
      sub_job_position: users.sub_job_position,
      job_position: jobPositions.name,
      permissions: granted,
      temporary_credentials: users.must_change_password,
      // The token's row, when the profile is looked up by token (null otherwise).
      token_id: withToken ? authTokens.id : sql<number | null>`NULL`,
      token_last_used_at: withToken ? authTokens.last_used_at : sql<Date | null>`NULL`,
      token_expires_at: withToken ? authTokens.expires_at : sql<Date | null>`NULL`,
      branch: {
        id: branches.id,
        name: branches.name,
        address: branches.address,
        phone: branches.phone,
        rfc: branches.rfc,
        razon_social: branches.razon_social,
        email: branches.email,
      },
    })
    .from(users)
    .leftJoin(jobPositions, eq(jobPositions.id, users.job_position_id))
    .leftJoin(branches, eq(branches.id, users.branch_id));
}

/** The user's profile with the permission names of their role, in one query. */
export async function loadCurrentUser(db: Db, userId: number): Promise<CurrentUser | null> {
  const [row] = await profileQuery(db).where(and(eq(users.id, userId), eq(users.active, true)));
  if (!row) return null;
  const { token_id: _id, token_last_used_at: _used, token_expires_at: _expires, ...user } = row;
  return { ...user, permissions: user.permissions ?? [] };
}

function tokenLookup(db: Db) {
  return (
    profileQuery(db, true)
      .innerJoin(authTokens, eq(authTokens.user_id, users.id))
      // A deactivated person's tokens are removed; the check stands even if one were left.
      .where(
        and(eq(authTokens.token_hash, sql.placeholder('hash')), gt(authTokens.expires_at, sql.placeholder('now')), eq(users.active, true)),
      )
      .prepare('user_for_token')
  );
}

/** Built once per database: this runs on every request, and building the query cost more than running it. */
const tokenLookups = new WeakMap<Db, ReturnType<typeof tokenLookup>>();

/**
 * The user a live token belongs to, in one query (this runs on every signed-in request) or
 * from the sessions this process checked a moment ago, sliding the token's expiry forward
 * at most once an hour; null when unknown or expired.
 */
export async function userForToken(db: Db, token: string, now = new Date()): Promise<CurrentUser | null> {
  const hash = sha256(token);
  const cache = sessionCacheOf(db);
  const held = cache?.get(hash, now.getTime());
  // A session due to slide goes to the database, which slides it.
  if (held && now.getTime() - held.lastUsedAt <= SLIDE_EVERY_MS) return held.user;
  const generation = cache?.generation ?? 0;
  let lookup = tokenLookups.get(db);
  if (!lookup) tokenLookups.set(db, (lookup = tokenLookup(db)));
  const [row] = await lookup.execute({ hash, now: now.toISOString() });
  if (!row) return null;
  const { token_id, token_last_used_at, token_expires_at, ...profile } = row;
  const user = { ...profile, permissions: profile.permissions ?? [] };
  let lastUsedAt = token_last_used_at === null ? now.getTime() : new Date(token_last_used_at).getTime();
  let expiresAt = token_expires_at === null ? now.getTime() : new Date(token_expires_at).getTime();
  if (token_id !== null && now.getTime() - lastUsedAt > SLIDE_EVERY_MS) {
    await db
      .update(authTokens)
      .set({ last_used_at: now, expires_at: new Date(now.getTime() + TOKEN_LIFETIME_MS) })
      .where(eq(authTokens.id, token_id));
    lastUsedAt = now.getTime();
    expiresAt = now.getTime() + TOKEN_LIFETIME_MS;
  }
  cache?.hold(hash, { user, lastUsedAt, expiresAt }, generation, now.getTime());
  return user;
}

export async function findUserForLogin(db: Db, email: string): Promise<{ id: number; password_hash: string; active: boolean } | null> {
  const [row] = await db
    .select({ id: users.id, password_hash: users.password_hash, active: users.active })
    .from(users)
    .where(eq(sql`lower(${users.email})`, email.toLowerCase()));
  return row ?? null;
}

/** When the person last signed in ('Usuarios' shows it), kept apart from the person's row. */
export async function recordSignIn(db: Db, userId: number, now = new Date()): Promise<void> {
  await db
    .insert(userSignIns)
    .values({ user_id: userId, signed_in_at: now })
    .onConflictDoUpdate({
      target: userSignIns.user_id,
      set: { signed_in_at: now },
    });
}

/**
 * Failed sign-ins slow whoever guesses without letting them lock anyone out: each account
 * from each address may fail a few times, then waits longer before every further attempt
 * (the person at their own device is not slowed by guesses from elsewhere); and an address
 * failing over many accounts waits out its window. Counted in the database, so every server
 * process sees the same counts.
 */
export interface FailureKeys {
  pair: string;
  address: string;
}

export function failureKeys(email: string, address: string): FailureKeys {
  return { pair: `${pairPrefix(email)}${address}`, address: `address:${address}` };
}

const pairPrefix = (email: string) => `pair:${email.toLowerCase()}|`;

/** The wait after a pair's `failures`-th failure. */
export function pairWaitMs(failures: number): number {
  return failures < FREE_FAILURES_PER_PAIR ? 0 : Math.min(1000 * 2 ** (failures - FREE_FAILURES_PER_PAIR), MAX_PAIR_WAIT_MS);
}

/** How long this sign-in must wait (milliseconds), 0 when it may go ahead. */
export async function signInWaitMs(db: Db, keys: FailureKeys, now = new Date()): Promise<number> {
  const found = await db
    .select()
    .from(loginFailures)
    .where(sql`${loginFailures.key} IN (${keys.pair}, ${keys.address})`);
  let wait = 0;
  for (const row of found) {
    if (row.key === keys.address) {
      const windowEnds = row.window_started_at.getTime() + LOGIN_FAILURE_WINDOW_MS;
      if (row.failures >= MAX_FAILURES_PER_ADDRESS && windowEnds > now.getTime()) wait = Math.max(wait, windowEnds - now.getTime());
    } else if (now.getTime() - row.last_failed_at.getTime() < PAIR_MEMORY_MS) {
      wait = Math.max(wait, row.last_failed_at.getTime() + pairWaitMs(row.failures) - now.getTime());
    }
  }
  return Math.max(wait, 0);
}

export async function recordFailure(db: Db, keys: FailureKeys, now = new Date()): Promise<void> {
  const windowStart = new Date(now.getTime() - LOGIN_FAILURE_WINDOW_MS).toISOString();
  const memoryStart = new Date(now.getTime() - PAIR_MEMORY_MS).toISOString();
  // A count whose window (address) or memory (pair) has passed starts again at one.
  for (const [key, since] of [
    [keys.pair, memoryStart],
    [keys.address, windowStart],
  ] as const) {
    const current =
      key === keys.address ? sql`${loginFailures.window_started_at} > ${since}` : sql`${loginFailures.last_failed_at} > ${since}`;
    await db
      .insert(loginFailures)
      .values({ key, failures: 1, window_started_at: now, last_failed_at: now })
      .onConflictDoUpdate({
        target: loginFailures.key,
        set: {
          failures: sql`CASE WHEN ${current} THEN ${loginFailures.failures} + 1 ELSE 1 END`,
          window_started_at: sql`CASE WHEN ${current} THEN ${loginFailures.window_started_at} ELSE ${now.toISOString()}::timestamptz END`,
          last_failed_at: now,
        },
      });
  }
}

/** A right password from this address: its guesses at this account are forgotten. */
export async function clearPairFailures(db: Db, keys: FailureKeys): Promise<void> {
  await db.delete(loginFailures).where(eq(loginFailures.key, keys.pair));
}

/** A new password set for the person: the waits of guesses at it, from every address, end. */
export async function clearAccountFailures(db: Db, email: string): Promise<void> {
  await db.delete(loginFailures).where(sql`starts_with(${loginFailures.key}, ${pairPrefix(email)})`);
}

/**
 * A person's new password: stored, and every session of theirs but the one that changed it
 * ended (whoever else knew the old one is out, on every server process).
 */
export async function changePassword(db: Db, userId: number, passwordHash: string, keptToken: string | null): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ password_hash: passwordHash, must_change_password: false, updated_at: sql`now()` })
      .where(eq(users.id, userId));
    const others = keptToken ? sql`${authTokens.token_hash} <> ${sha256(keptToken)}` : sql`TRUE`;
    await tx.delete(authTokens).where(and(eq(authTokens.user_id, userId), others));
  });
  forgetSessionsHere(db);
}
