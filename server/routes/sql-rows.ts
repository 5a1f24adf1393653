import type { SQL } from 'drizzle-orm';
import type { Db } from '../db/client';

/** Rows of a raw SQL query, on PGlite and PostgreSQL alike. */
export async function rows<T>(db: Db, query: SQL): Promise<T[]> {
  const result = await db.execute(query);
  return (result as unknown as { rows: T[] }).rows;
}
