import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { ADMIN_USER_ID, PERMISSIONS } from '../../domain/permissions';
import { ADMINISTRATION_ROLE, STARTING_ROLES } from '../../domain/roles';
import { JOB_POSITIONS } from '../../domain/job-positions';
import type { Db } from '../db/client';
import { rows } from '../db/sql-rows';
import { authTokens, eventTickets, jobPositions, permissions, rolePermissions, roles, users } from '../db/schema';
import { hashPassword } from './passwords';
import { clearAccountFailures } from './sessions';

/**
 * The §6 permissions, the starting roles and the job positions the product gives behaviour to
 * (a driver's app, the warehouse's), made once: an installation that started empty has none of
 * them (the demo seed makes its own). Existing names are left as they are.
 */
export async function ensurePermissionsAndRoles(tx: Db): Promise<Map<string, number>> {
  await tx
    .insert(permissions)
    .values(PERMISSIONS.map((name) => ({ name })))
    .onConflictDoNothing();
  await tx
    .insert(jobPositions)
    .values(Object.values(JOB_POSITIONS).map((name) => ({ name })))
    .onConflictDoNothing();
  const permissionId = new Map((await tx.select().from(permissions)).map((row) => [row.name, row.id]));
  const existing = new Set((await tx.select({ name: roles.name }).from(roles)).map((row) => row.name));
  for (const [role, granted] of Object.entries(STARTING_ROLES)) {
    if (existing.has(role)) continue;
    const [row] = await tx.insert(roles).values({ name: role }).returning({ id: roles.id });
    await tx.insert(rolePermissions).values(granted.map((name) => ({ role_id: row!.id, permission_id: permissionId.get(name)! })));
  }
  return new Map((await tx.select({ id: roles.id, name: roles.name }).from(roles)).map((row) => [row.name, row.id]));
}

export interface NewAdministrator {
  name: string;
  last: string;
  email: string;
  password: string;
  branchId: number | null;
}

/**
 * An administrator with the role that holds every permission. The first one is user 1 (spec §6:
 * user 1 holds every permission); the sequence is moved past it so later people get the next ids.
 */
export async function createAdministrator(tx: Db, admin: NewAdministrator): Promise<number> {
  const roleId = (await ensurePermissionsAndRoles(tx)).get(ADMINISTRATION_ROLE)!;
  const [{ count } = { count: 0 }] = await rows<{ count: number }>(tx, sql`SELECT count(*)::int AS count FROM users`);
  const [row] = await tx
    .insert(users)
    .values({
      ...(count === 0 && { id: ADMIN_USER_ID }),
      name: admin.name,
      last: admin.last,
      email: admin.email,
      password_hash: await hashPassword(admin.password),
      role_id: roleId,
      branch_id: admin.branchId,
    })
    .returning({ id: users.id });
  if (count === 0) await tx.execute(sql`SELECT setval(pg_get_serial_sequence('users', 'id'), (SELECT max(id) FROM users))`);
  return row!.id;
}

/** A temporary password an operator reads out: 12 characters from an alphabet without look-alikes. */
export function temporaryPassword(): string {
  const alphabet = 'abcdefghjkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  return [...randomBytes(12)].map((byte) => alphabet[byte % alphabet.length]).join('');
}

/**
 * A forgotten password replaced by a temporary one, to be changed at the next sign-in: whoever
 * held the old one is signed out everywhere, and a lock-out from wrong guesses ends.
 */
export async function resetToTemporaryPassword(tx: Db, person: { id: number; email: string }): Promise<string> {
  const password = temporaryPassword();
  await tx
    .update(users)
    .set({ password_hash: await hashPassword(password), must_change_password: true, updated_at: sql`now()` })
    .where(eq(users.id, person.id));
  await endSessions(tx, person.id);
  await clearAccountFailures(tx, person.email);
  return password;
}

/** Every session of a person ended, on every server process (their tokens' notices) and their unused stream tickets. */
export async function endSessions(tx: Db, userId: number): Promise<void> {
  await tx.delete(authTokens).where(eq(authTokens.user_id, userId));
  await tx.delete(eventTickets).where(eq(eventTickets.user_id, userId));
}
