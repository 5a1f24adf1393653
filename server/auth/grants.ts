import { sql } from 'drizzle-orm';
import { peopleMessages as text, permissionLabel } from '../../domain/messages/people';
import { effectivePermissions } from '../../domain/people';
import { ADMIN_USER_ID } from '../../domain/permissions';
import type { CurrentUser } from '../../domain/schemas/auth';
import type { Db } from '../db/client';
import { rows } from '../db/sql-rows';
import { HttpError } from '../http-errors';
import { forgetSessionsHere } from './session-cache';
import type { FastifyReply } from 'fastify';

/*
 * How the server enforces who may change people and roles (the rules themselves are
 * domain/people.ts), shared by the people and the roles routes.
 */

/** What the granter holds: user 1 everything (spec §6). */
export const holdingsOf = (user: CurrentUser) => effectivePermissions(user.id, user.permissions, []);

/** A refusal naming, in Spanish, the permissions a change would give or take beyond the granter's. */
export function refuseUngrantable(names: readonly string[]): void {
  if (names.length > 0) throw new HttpError(403, text.cannotGrant(names.map(permissionLabel).join(', ')));
}

/**
 * Changes to people and roles run one at a time (a lock on the `users` permission's row), so two
 * administrators removing each other cannot both pass the last-holder check.
 */
export async function lockPeople(tx: Db): Promise<void> {
  await tx.execute(sql`SELECT id FROM permissions WHERE name = 'users' FOR UPDATE`);
}

/** Refuses a change that would leave nobody active able to open 'Usuarios'. */
export async function keepAManager(tx: Db): Promise<void> {
  const [{ holders } = { holders: 0 }] = await rows<{ holders: number }>(
    tx,
    sql`SELECT count(*)::int AS holders FROM users u WHERE u.active AND (u.id = ${ADMIN_USER_ID}
      OR EXISTS (SELECT 1 FROM role_permissions rp JOIN permissions p ON p.id = rp.permission_id WHERE rp.role_id = u.role_id AND p.name = 'users')
      OR EXISTS (SELECT 1 FROM user_permissions up JOIN permissions p ON p.id = up.permission_id WHERE up.user_id = u.id AND p.name = 'users'))`,
  );
  if (holders === 0) throw new HttpError(409, text.lastManager);
}

/** A committed change to people or roles, forgotten at once by this process's held sessions. */
export async function afterCommit(db: Db, written: Promise<FastifyReply>): Promise<FastifyReply> {
  const reply = await written;
  forgetSessionsHere(db);
  return reply;
}
