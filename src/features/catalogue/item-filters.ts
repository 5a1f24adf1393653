import { pagedQuery, stored, type ListPaging } from '../../../domain/office-list';
import type { CounterSortColumn, ItemSortColumn } from '../../../domain/schemas/catalogue';

/**
 * What /products narrows its rows by: the name (or macro) typed, one category, and whether the
 * item is published. Kept in browser storage until cleared (spec §9).
 */
export interface ItemFilters {
  search: string;
  categoryId: number | null;
  /** '' every item, '1' published, '0' not published. */
  published: '' | '0' | '1';
}

export const NO_ITEM_FILTERS: ItemFilters = { search: '', categoryId: null, published: '' };

/** The filters as GET /api/v2/items takes them; one that narrows nothing is not sent. */
export function itemFilterParams(filters: ItemFilters): URLSearchParams {
  const params = new URLSearchParams();
  const search = filters.search.trim();
  if (search) params.set('filter[name]', search);
  if (filters.categoryId !== null) params.set('filter[category_id]', String(filters.categoryId));
  if (filters.published) params.set('filter[is_published]', filters.published);
  return params;
}

export function itemListQuery(filters: ItemFilters, paging: ListPaging<ItemSortColumn>, total?: number): string {
  return pagedQuery(itemFilterParams(filters), paging, total);
}

export function parseStoredItemFilters(raw: string | null): ItemFilters | null {
  const value = stored.object(raw);
  if (!value) return null;
  const [categoryId] = stored.ids([value.categoryId]);
  return {
    search: stored.text(value.search),
    categoryId: categoryId ?? null,
    published: stored.oneOf(value.published, ['0', '1'] as const),
  };
}

/** /products-pos: the name typed and which items show (all, at the counter, not at it). */
export interface CounterFilters {
  search: string;
  pos: '' | '0' | '1';
}

export const NO_COUNTER_FILTERS: CounterFilters = { search: '', pos: '' };

/** As GET /api/v2/item/pos takes them — the read of the point of sale itself. */
export function counterFilterParams(filters: CounterFilters): URLSearchParams {
  const params = new URLSearchParams();
  const search = filters.search.trim();
  if (search) params.set('filter[name]', search);
  if (filters.pos) params.set('filter[pos]', filters.pos);
  return params;
}

export function counterListQuery(filters: CounterFilters, paging: ListPaging<CounterSortColumn>, total?: number): string {
  return pagedQuery(counterFilterParams(filters), paging, total);
}

export function parseStoredCounterFilters(raw: string | null): CounterFilters | null {
  const value = stored.object(raw);
  if (!value) return null;
  return { search: stored.text(value.search), pos: stored.oneOf(value.pos, ['0', '1'] as const) };
}

export type RecipeSortColumn = 'name' | 'id';

/** /raw-material: the recipes whose product's name holds the text typed. */
export function recipeListQuery(search: string, paging: ListPaging<RecipeSortColumn>, total?: number): string {
  const params = new URLSearchParams();
  if (search.trim()) params.set('filter[name]', search.trim());
  return pagedQuery(params, paging, total);
}
