import { queryMessages } from '../../domain/messages/api';
import { reportsMessages } from '../../domain/messages/reports';
import { isCalendarDay } from '../../domain/time';
import { HttpError } from '../http-errors';

/**
 * The query semantics every list shares (spec §7): `filter[field]=value`, `sort=field` or
 * `sort=-field`, `page` from 1, `itemsPerPage`. Anything not declared by the route is
 * refused with a 400 and a Spanish message rather than silently ignored.
 */
export interface ListQuerySpec<F extends string, S extends string> {
  filters: readonly F[];
  sorts: readonly S[];
  /** Parts a caller may ask to be added to each row (`include=a,b`); none by default. */
  includes?: readonly string[];
}

export interface ListQuery<F extends string, S extends string> {
  filters: Partial<Record<F, string>>;
  sort: { field: S; descending: boolean } | null;
  page: number;
  itemsPerPage: number;
  offset: number;
  include: ReadonlySet<string>;
}

export const DEFAULT_ITEMS_PER_PAGE = 15;
const MAX_ITEMS_PER_PAGE = 100_000;

function positiveInt(value: string, max: number): number | null {
  if (!/^[1-9]\d{0,9}$/.test(value)) return null;
  const n = Number(value);
  return n >= 1 && n <= max ? n : null;
}

export function parseListQuery<F extends string, S extends string>(query: unknown, spec: ListQuerySpec<F, S>): ListQuery<F, S> {
  const entries = Object.entries((query ?? {}) as Record<string, unknown>);
  const filters: Partial<Record<F, string>> = {};
  let sort: ListQuery<F, S>['sort'] = null;
  let page = 1;
  let itemsPerPage = DEFAULT_ITEMS_PER_PAGE;
  const include = new Set<string>();
  for (const [key, raw] of entries) {
    if (typeof raw !== 'string') throw new HttpError(400, queryMessages.repeatedParameter(key.slice(0, 60)));
    const filter = /^filter\[([A-Za-z0-9_.]{1,60})\]$/.exec(key);
    if (filter) {
      const field = filter[1] as F;
      if (!spec.filters.includes(field)) throw new HttpError(400, queryMessages.unknownFilter(field));
      filters[field] = raw;
    } else if (key === 'sort') {
      if (raw === '') continue;
      const descending = raw.startsWith('-');
      const field = (descending ? raw.slice(1) : raw) as S;
      if (!spec.sorts.includes(field)) throw new HttpError(400, queryMessages.unknownSort(field.slice(0, 60)));
      sort = { field, descending };
    } else if (key === 'page') {
      const value = positiveInt(raw, MAX_ITEMS_PER_PAGE);
      if (value === null) throw new HttpError(400, queryMessages.invalidPage);
      page = value;
    } else if (key === 'itemsPerPage' || key === 'per_page') {
      const value = positiveInt(raw, MAX_ITEMS_PER_PAGE);
      if (value === null) throw new HttpError(400, queryMessages.invalidItemsPerPage);
      itemsPerPage = value;
    } else if (key === 'include' && spec.includes) {
      for (const part of raw
        .split(',')
        .map((p) => p.trim())
        .filter(Boolean)) {
        if (!spec.includes.includes(part)) throw new HttpError(400, queryMessages.unknownInclude(part.slice(0, 60)));
        include.add(part);
      }
    } else {
      throw new HttpError(400, queryMessages.unknownParameter(key.slice(0, 60)));
    }
  }
  return { filters, sort, page, itemsPerPage, offset: (page - 1) * itemsPerPage, include };
}

/** A filter given as a comma list (`filter[driver_id]=3,4`), as positive integers. */
export function idList(value: string | undefined, field: string): number[] | undefined {
  if (value === undefined || value === '') return undefined;
  const ids = value.split(',').map((part) => positiveInt(part.trim(), 2_147_483_647));
  if (ids.some((id) => id === null)) throw new HttpError(400, queryMessages.unknownFilter(`${field}=${value.slice(0, 40)}`));
  return ids as number[];
}

/** `%text%` for ILIKE, with the pattern characters of the text taken literally. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** `filter[date_between]=from,to` as two 'YYYY-MM-DD' dates; absent → null unless required. */
export function dateRange(value: string | undefined, required = false): [string, string] | null {
  if (value === undefined || value === '') {
    if (required) throw new HttpError(400, reportsMessages.invalidRange);
    return null;
  }
  const [from, to] = value.split(',').map((d) => d.trim());
  // Real calendar days only: the SQL casts them, and '2025-02-30' must be a 400, not a 500.
  if (!from || !to || !DATE.test(from) || !DATE.test(to)) throw new HttpError(400, reportsMessages.invalidRange);
  if (!isCalendarDay(from) || !isCalendarDay(to)) throw new HttpError(400, reportsMessages.invalidDay);
  return [from, to];
}
