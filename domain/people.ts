import { ADMIN_USER_ID, PERMISSIONS } from './permissions';

/**
 * The rules of who may change whose permissions ('Usuarios'), the same for the server that
 * enforces them and the form that shows what can be ticked.
 */

/** What a person holds: their role's permissions and their own extra ones; user 1 holds every one (spec §6). */
export function effectivePermissions(userId: number, rolePermissions: readonly string[], extraPermissions: readonly string[]): string[] {
  if (userId === ADMIN_USER_ID) return [...PERMISSIONS];
  return [...new Set([...rolePermissions, ...extraPermissions])].sort();
}

/**
 * The permissions a change from `before` to `after` gives or takes that the granter does not
 * hold: nobody grants what they lack, and nobody takes away what they could not give back.
 * Empty when the change is allowed.
 */
export function ungrantable(granterHolds: readonly string[], before: readonly string[], after: readonly string[]): string[] {
  const holds = new Set(granterHolds);
  const was = new Set(before);
  const will = new Set(after);
  const touched = [...after.filter((p) => !was.has(p)), ...before.filter((p) => !will.has(p))];
  return [...new Set(touched.filter((p) => !holds.has(p)))].sort();
}

/**
 * A person the granter may manage: one who holds nothing the granter lacks. Someone with
 * `users` and fewer permissions cannot change, deactivate or reset the password of a fuller
 * administrator (they could then sign in as them).
 */
export function outranks(granterHolds: readonly string[], personHolds: readonly string[]): string[] {
  const holds = new Set(granterHolds);
  return personHolds.filter((p) => !holds.has(p)).sort();
}
