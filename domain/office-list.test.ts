import { describe, expect, it } from 'vitest';
import { currentMonth, dateBetween, folioDigits, nextSort, pagedQuery, pageOffset, pageWindow, stored } from './office-list';

const decode = (query: string) => Object.fromEntries(new URLSearchParams(query));

describe('the sort of an office list', () => {
  it('cycles one column through none, ascending, descending and back to none', () => {
    const asc = nextSort(null, 'date');
    expect(asc).toEqual({ column: 'date', descending: false });
    const desc = nextSort(asc, 'date');
    expect(desc).toEqual({ column: 'date', descending: true });
    expect(nextSort(desc, 'date')).toBeNull();
  });

  it('starts ascending when another column is chosen', () => {
    expect(nextSort({ column: 'date', descending: true }, 'total')).toEqual({ column: 'total', descending: false });
  });
});

describe('the query of one page', () => {
  const filters = new URLSearchParams({ 'filter[id]': '4' });

  it('keeps the filters and adds sort, page and size', () => {
    expect(decode(pagedQuery(filters, { sort: { column: 'total', descending: true }, page: 3, itemsPerPage: 30 }))).toEqual({
      'filter[id]': '4',
      sort: '-total',
      page: '3',
      itemsPerPage: '30',
    });
    // The filters given are not changed.
    expect(filters.toString()).toBe('filter%5Bid%5D=4');
  });

  it('sends no sort while no column is chosen', () => {
    expect(decode(pagedQuery(new URLSearchParams(), { sort: null, page: 1, itemsPerPage: 15 }))).toEqual({ page: '1', itemsPerPage: '15' });
  });

  it('asks "all" as page 1 of the total, at least one row', () => {
    expect(decode(pagedQuery(new URLSearchParams(), { sort: null, page: 4, itemsPerPage: 0 }, 312))).toEqual({
      page: '1',
      itemsPerPage: '312',
    });
    expect(decode(pagedQuery(new URLSearchParams(), { sort: null, page: 1, itemsPerPage: 0 }, 0)).itemsPerPage).toBe('1');
  });
});

describe('the range under the rows', () => {
  it('shows where the rows on screen sit in the whole list, and the last page', () => {
    expect(pageWindow({ total: 42, itemsPerPage: 15, offset: pageOffset({ page: 2, itemsPerPage: 15 }), shown: 15 })).toEqual({
      from: 16,
      to: 30,
      lastPage: 3,
    });
    expect(pageWindow({ total: 42, itemsPerPage: 15, offset: 30, shown: 12 })).toEqual({ from: 31, to: 42, lastPage: 3 });
  });

  it('is one page for "all", and 0–0 over nothing', () => {
    expect(pageWindow({ total: 42, itemsPerPage: 0, offset: pageOffset({ page: 3, itemsPerPage: 0 }), shown: 42 })).toEqual({
      from: 1,
      to: 42,
      lastPage: 1,
    });
    expect(pageWindow({ total: 0, itemsPerPage: 15, offset: 0, shown: 0 })).toEqual({ from: 0, to: 0, lastPage: 1 });
  });
});

describe('shared filter pieces', () => {
  it('send a date range only with both dates, earlier first', () => {
    expect(dateBetween(['2026-11-30', '2026-11-01'])).toBe('2026-11-01,2026-11-30');
    expect(dateBetween(['2026-11-30', ''])).toBeNull();
    expect(dateBetween(null)).toBeNull();
  });

  it('know the Monterrey month, February of a leap year included', () => {
    expect(currentMonth(new Date('2026-12-01T03:00:00Z'))).toEqual(['2026-11-01', '2026-11-30']);
    expect(currentMonth(new Date('2028-02-10T12:00:00Z'))).toEqual(['2028-02-01', '2028-02-29']);
  });

  it('read a folio with or without its letter, and nothing else', () => {
    expect(folioDigits(' c-012 ', 'CV')).toBe('12');
    expect(folioDigits('V 7', 'CV')).toBe('7');
    expect(folioDigits('E-7', 'CV')).toBeNull();
    expect(folioDigits('7', '')).toBe('7');
    expect(folioDigits('C-', 'CV')).toBeNull();
  });

  it('read stored values back only when well formed', () => {
    expect(stored.object('[1]')).toBeNull();
    expect(stored.object('{')).toBeNull();
    expect(stored.ids([3, 0, -1, 2.5, '4', 9])).toEqual([3, 9]);
    expect(stored.dateRange(['2026-01-01', 'mañana'])).toBeNull();
    expect(stored.oneOf('Serie B', ['Serie A', 'Serie B'])).toBe('Serie B');
    expect(stored.oneOf('Serie C', ['Serie A', 'Serie B'])).toBe('');
    expect(stored.text('x'.repeat(300))).toHaveLength(200);
  });
});
