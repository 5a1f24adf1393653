import type { ImportKind } from '../../domain/import-kinds';
import type { Cell, CellResult } from '../../domain/imports';
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client';
import { rows } from '../db/sql-rows';

/** One problem of a row: the field it is about (shown as the file's column) and why. */
export interface RowIssue {
  row: number;
  field: string | null;
  message: string;
}

/** A row of the file by field: the cell of the column mapped to each field (null when none is). */
export interface FileRow {
  number: number;
  cell(field: string): Cell;
  /** Whether the file has a column for the field: an unmapped column leaves the stored value alone. */
  has(field: string): boolean;
}

export interface Total {
  label: string;
  value: number;
  money: boolean;
}

/** What checking a whole file found: what writing it would do, and every problem. */
export interface ImportCheck<Plan> {
  plan: Plan;
  issues: RowIssue[];
  create: number;
  update: number;
  unchanged: number;
  totals: Total[];
}

export interface ImportWriter {
  userId: number;
  file: string;
}

/**
 * One kind of import: it checks a file's rows against the database (the same schemas and
 * rules as the forms), writes the plan of a clean file in the caller's transaction, and
 * lists what is stored in the template's columns (the export).
 */
export interface ImportKindHandler<Plan> {
  kind: ImportKind;
  /** The table the import writes, named in Bitácora. */
  entity: string;
  check(db: Db, rows: readonly FileRow[]): Promise<ImportCheck<Plan>>;
  write(tx: Db, plan: Plan, writer: ImportWriter): Promise<void>;
  exportRows(db: Db): Promise<Record<string, string | number | null>[]>;
}

/** Reads a cell and, when it cannot be read, notes the problem on its row and field. */
export function reader(issues: RowIssue[], row: FileRow) {
  return <T>(field: string, read: (cell: Cell) => CellResult<T>): T | null => {
    const result = read(row.cell(field));
    if (result.ok) return result.value;
    issues.push({ row: row.number, field, message: result.error });
    return null;
  };
}

/** Rows written a thousand at a time: one statement per chunk keeps a 50,000-row file to a few dozen round trips. */
export async function inChunks<T>(items: readonly T[], write: (chunk: T[]) => Promise<unknown>, size = 250): Promise<void> {
  for (let start = 0; start < items.length; start += size) await write(items.slice(start, start + size));
}

/**
 * A pause for the event loop once the work since the last one took some milliseconds: checking
 * 10,000 rows runs on the thread that answers every request (and runs the embedded database).
 */
export function pauses(every = 15): () => Promise<void> {
  let since = performance.now();
  return async () => {
    if (performance.now() - since < every) return;
    await new Promise((resolve) => setImmediate(resolve));
    since = performance.now();
  };
}

const PAGE = 2_000;
/**
 * A table read a page at a time, by id, the event loop free between pages: one statement
 * returning 10,000 rows holds the embedded database, and the thread it runs on, for a quarter of
 * a second. `page` selects the rows after an id, ordered by id.
 */
export async function rowsInPages<T extends { id: number }>(db: Db, page: (after: number) => SQL): Promise<T[]> {
  const all: T[] = [];
  for (let after = 0; ;) {
    const next = await rows<T>(db, sql`${page(after)} LIMIT ${PAGE}`);
    all.push(...next);
    if (next.length < PAGE) return all;
    after = next.at(-1)!.id;
    await new Promise((resolve) => setImmediate(resolve));
  }
}
