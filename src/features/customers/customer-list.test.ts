import { describe, expect, it } from 'vitest';
import { customerListQuery, parseStoredCustomerFilters } from './customer-list';

describe('the query of a page of customers', () => {
  it('sends the search trimmed, the verified filter, the sort only when chosen, and the page', () => {
    const query = new URLSearchParams(
      customerListQuery(
        { sort: { column: 'due_balance', descending: true }, page: 2, itemsPerPage: 30 },
        { search: '  abarrotes ', verified: '0' },
      ),
    );
    expect(Object.fromEntries(query)).toEqual({
      'filter[search]': 'abarrotes',
      'filter[verified]': '0',
      sort: '-due_balance',
      page: '2',
      itemsPerPage: '30',
    });
  });

  it('sends no filter that narrows nothing, and asks "Todos" as the total', () => {
    expect(customerListQuery({ sort: null, page: 3, itemsPerPage: 0 }, { search: '   ', verified: '' }, 57)).toBe('page=1&itemsPerPage=57');
  });
});

describe('the kept filters of /clients', () => {
  it('read back what is well formed and drop the rest', () => {
    expect(parseStoredCustomerFilters(JSON.stringify({ search: 'Hotel', verified: '1' }))).toEqual({ search: 'Hotel', verified: '1' });
    expect(parseStoredCustomerFilters(JSON.stringify({ search: 7, verified: 'sí' }))).toEqual({ search: '', verified: '' });
    expect(parseStoredCustomerFilters('{no es json')).toBeNull();
    expect(parseStoredCustomerFilters(null)).toBeNull();
  });
});
