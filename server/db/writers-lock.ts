import { sql } from 'drizzle-orm';
import type { Db } from './client';

/**
 * The change stream's writers' lock (migrations 0006 and 0048): every statement that writes a
 * synced row takes it first, and triggers renumber customers and items when their sales,
 * branches or stock movements are written. A transaction that locks a customer's or an item's
 * row before writing such rows takes this lock before its row lock, so it never holds the row
 * while waiting for the lock that a writer renumbering that row already holds (a deadlock on
 * PostgreSQL; PGlite has one connection).
 */
export async function takeWritersLock(tx: Db): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(7251001)`);
}
