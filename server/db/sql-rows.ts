import { sql, type SQL } from 'drizzle-orm';
import type { Db } from './client';

/** What a page of a list needs of the request's list query (parsed by `http/list-query.ts`). */
interface PageRequest {
  itemsPerPage: number;
  offset: number;
}

/** What a list's order needs of the request's list query: the asked sort, if any. */
interface SortRequest {
  sort: { field: string; descending: boolean } | null;
}

/** Whether the database refused a write for a row its foreign key names no longer exists (PGlite and PostgreSQL alike, wrapped or not). */
export function isForeignKeyViolation(error: unknown): boolean {
  for (let current: unknown = error; current; current = (current as { cause?: unknown }).cause) {
    if ((current as { code?: unknown }).code === '23503') return true;
  }
  return false;
}

/** The conditions of a WHERE joined with AND; no condition at all is TRUE. */
export const and = (conditions: SQL[]) => (conditions.length === 0 ? sql`TRUE` : sql.join(conditions, sql` AND `));

/** Rows of a raw SQL query, on PGlite and PostgreSQL alike. */
export async function rows<T>(db: Db, query: SQL): Promise<T[]> {
  const result = await db.execute(query);
  return (result as unknown as { rows: T[] }).rows;
}

/** A page of a raw SQL list and the total of its rows, as every paged list answers. */
export async function page<T>(
  db: Db,
  select: SQL,
  from: SQL,
  where: SQL,
  order: SQL,
  query: PageRequest,
): Promise<{ data: T[]; meta: { total: number } }> {
  const [data, [count]] = await Promise.all([
    rows<T>(db, sql`SELECT ${select} FROM ${from} WHERE ${where} ORDER BY ${order} LIMIT ${query.itemsPerPage} OFFSET ${query.offset}`),
    rows<{ total: number }>(db, sql`SELECT count(*)::int AS total FROM ${from} WHERE ${where}`),
  ]);
  return { data, meta: { total: count?.total ?? 0 } };
}

/** ORDER BY the requested sort (its column from an allow-list), or the list's default order. */
export function orderBy(query: SortRequest, columns: Record<string, string>, fallback: string): SQL {
  const column = query.sort ? columns[query.sort.field] : undefined;
  return sql.raw(column ? `${column} ${query.sort!.descending ? 'DESC' : 'ASC'}, 1 DESC` : fallback);
}

/** A handler answering every row of a raw SQL read as `{ data: [...] }` (the v1 `…/all` reads). */
export const listAll = (db: Db, query: SQL) => async () => ({ data: await rows(db, query) });
