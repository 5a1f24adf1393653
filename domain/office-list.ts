import { monterreyDate } from './time';

/**
 * What every office list shares (docs/architecture.md 'Office screens'; spec §7, §9): one sort
 * column that cycles none → ascending → descending, server paging with page sizes 15, 30,
 * 50 and "all" (0 here: asked as the total), the range shown under the rows, date ranges that
 * count only with both dates, and reading filters back from browser storage.
 */

export interface ListSort<C extends string> {
  column: C;
  descending: boolean;
}

export interface ListPaging<C extends string> {
  sort: ListSort<C> | null;
  page: number;
  /** 15, 30, 50, or 0 for "all" (spec §9: itemsPerPage equal to the total). */
  itemsPerPage: number;
}

/** One column at a time: none → ascending → descending → none. */
export function nextSort<C extends string>(current: ListSort<C> | null, column: C): ListSort<C> | null {
  if (current?.column !== column) return { column, descending: false };
  return current.descending ? null : { column, descending: true };
}

/** Before the total is known, "all" asks for the server's largest page. */
const ALL_FALLBACK = 100_000;

/**
 * The query string of one page: the filters, the sort only when a column is chosen (spec §7),
 * the page and its size. "All" is page 1 of the total the server last reported.
 */
export function pagedQuery<C extends string>(
  filters: URLSearchParams,
  { sort, page, itemsPerPage }: ListPaging<C>,
  total?: number,
): string {
  const params = new URLSearchParams(filters);
  if (sort) params.set('sort', `${sort.descending ? '-' : ''}${sort.column}`);
  params.set('page', String(itemsPerPage === 0 ? 1 : page));
  params.set('itemsPerPage', String(itemsPerPage === 0 ? Math.max(total ?? ALL_FALLBACK, 1) : itemsPerPage));
  return params.toString();
}

/** Where a page starts in the whole list: "all" starts at the first row. */
export function pageOffset({ page, itemsPerPage }: { page: number; itemsPerPage: number }): number {
  return itemsPerPage === 0 ? 0 : (page - 1) * itemsPerPage;
}

/**
 * The range under the rows ('16–30 de 42') and the last page. The rows on screen give the
 * range: while the next page loads the previous one stays, with its own range.
 */
export function pageWindow({
  total,
  itemsPerPage,
  offset,
  shown,
}: {
  total: number;
  itemsPerPage: number;
  offset: number;
  shown: number;
}): { from: number; to: number; lastPage: number } {
  const size = itemsPerPage === 0 ? Math.max(total, 1) : itemsPerPage;
  const from = shown === 0 ? 0 : offset + 1;
  return { from, to: shown === 0 ? 0 : from + shown - 1, lastPage: Math.max(1, Math.ceil(total / size)) };
}

export type DateRange = [string, string];

/** The first and last day of the Monterrey month of `now`: the default range of totals (spec §9). */
export function currentMonth(now: Date): DateRange {
  const [year, month] = monterreyDate(now).split('-').map(Number);
  const last = new Date(Date.UTC(year!, month!, 0)).getUTCDate();
  const prefix = `${year}-${String(month).padStart(2, '0')}`;
  return [`${prefix}-01`, `${prefix}-${String(last).padStart(2, '0')}`];
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;

export function isDate(value: unknown): value is string {
  return typeof value === 'string' && DATE.test(value);
}

/** `filter[date_between]`: both dates, earlier first; anything less narrows nothing. */
export function dateBetween(range: DateRange | null): string | null {
  if (!range || !isDate(range[0]) || !isDate(range[1])) return null;
  const [from, to] = [...range].sort();
  return `${from},${to}`;
}

/**
 * The number of a folio as people type it: '123', or as the screens show it with one of
 * `prefixes` ('E-123' for a route, 'V-45' for a sale, 'C-12' for a quotation). Anything
 * else is no folio (null).
 */
export function folioDigits(text: string, prefixes: string): string | null {
  const letters = prefixes.replace(/[^A-Za-z]/g, '');
  const pattern = new RegExp(`^\\s*(?:[${letters}]\\s*-?\\s*)?(\\d{1,9})\\s*$`, 'i');
  const match = letters ? pattern.exec(text) : /^\s*(\d{1,9})\s*$/.exec(text);
  return match ? String(Number(match[1])) : null;
}

/**
 * Readers of stored filters: storage may hold an older shape or a hand-edited value, so
 * each field keeps only what is well formed and falls back to "no filter".
 */
export const stored = {
  object(raw: string | null): Record<string, unknown> | null {
    if (raw === null) return null;
    try {
      const value: unknown = JSON.parse(raw);
      return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
    } catch {
      return null;
    }
  },
  text(value: unknown): string {
    return typeof value === 'string' ? value.slice(0, 200) : '';
  },
  ids(value: unknown): number[] {
    return Array.isArray(value) ? value.filter((n): n is number => Number.isInteger(n) && n > 0) : [];
  },
  dateRange(value: unknown): DateRange | null {
    if (!Array.isArray(value) || value.length !== 2) return null;
    const [from, to] = value as unknown[];
    return isDate(from) && isDate(to) ? [from, to] : null;
  },
  oneOf<T extends string>(value: unknown, options: readonly T[]): T | '' {
    return options.includes(value as T) ? (value as T) : '';
  },
};
