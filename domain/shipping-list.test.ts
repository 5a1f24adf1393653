import { describe, expect, it } from 'vitest';
import {
  EMPTY_FILTERS,
  folioNumber,
  parseStoredFilters,
  shippingListQuery,
  shippingTotals,
  totalsFilters,
  type ShippingFilters,
} from './shipping-list';

const decode = (query: string) => Object.fromEntries(new URLSearchParams(query));

describe('the filters as the query of GET /api/v2/shippings', () => {
  it('sends every filter of the drawer under its spec name, lists as comma lists', () => {
    const filters: ShippingFilters = {
      date: ['2026-11-30', '2026-11-01'],
      id: ' 12 ',
      companies: [
        { id: 4, name: 'Hotel Santa Rosa' },
        { id: 9, name: 'Abarrotes Lupita' },
      ],
      driverIds: [3, 5],
      vehicleIds: [2],
      saleId: '77',
      note: ' frío ',
    };
    expect(decode(shippingListQuery({ filters, sort: { column: 'date', descending: true }, page: 2, itemsPerPage: 30 }))).toEqual({
      'filter[id]': '12',
      'filter[note]': 'frío',
      'filter[shippingDetail.sale_id]': '77',
      'filter[date_between]': '2026-11-01,2026-11-30',
      'filter[driver_id]': '3,5',
      'filter[vehicle_id]': '2',
      'filter[shippingDetail.company_id]': '4,9',
      sort: '-date',
      page: '2',
      itemsPerPage: '30',
    });
  });

  it('leaves out empty filters and the sort when no column is chosen', () => {
    expect(decode(shippingListQuery({ filters: EMPTY_FILTERS, sort: null, page: 1, itemsPerPage: 15 }))).toEqual({
      page: '1',
      itemsPerPage: '15',
    });
  });

  it('reads folios as the screens show them (E-12, V-77)', () => {
    const query = decode(
      shippingListQuery({ filters: { ...EMPTY_FILTERS, id: 'e-12', saleId: ' V-77 ' }, sort: null, page: 1, itemsPerPage: 15 }),
    );
    expect(query).toMatchObject({ 'filter[id]': '12', 'filter[shippingDetail.sale_id]': '77' });
    expect(folioNumber('E-')).toBeNull();
    expect(folioNumber('12a')).toBeNull();
  });

  it('ignores a folio that is not a number instead of sending it', () => {
    expect(
      decode(shippingListQuery({ filters: { ...EMPTY_FILTERS, id: 'E-', saleId: 'abc' }, sort: null, page: 1, itemsPerPage: 15 })),
    ).toEqual({
      page: '1',
      itemsPerPage: '15',
    });
  });

  it('filters to one route on /shippings/{id}, whatever the drawer says', () => {
    const filters: ShippingFilters = { ...EMPTY_FILTERS, id: '3', date: ['2026-11-22', '2026-11-22'], driverIds: [5] };
    const query = decode(
      shippingListQuery({ filters, sort: { column: 'weight', descending: false }, page: 1, itemsPerPage: 15, routeId: 41 }),
    );
    expect(query).toEqual({ 'filter[id]': '41', sort: 'weight', page: '1', itemsPerPage: '15' });
  });

  it('asks for the whole total on one page for "all"', () => {
    expect(decode(shippingListQuery({ filters: EMPTY_FILTERS, sort: null, page: 3, itemsPerPage: 0 }, 2_917))).toMatchObject({
      page: '1',
      itemsPerPage: '2917',
    });
  });
});

describe('the totals', () => {
  const detail = (is_delivered: boolean, sale_weight: number) => ({ is_delivered, sale: { sale_weight } });

  it('count only delivered details and divide by the number of shippings, 2 decimals', () => {
    const totals = shippingTotals([
      { route: 120, shipping_details: [detail(true, 100.004), detail(false, 500), detail(true, 20.5)] },
      { route: null, shipping_details: [] },
      { route: 33, shipping_details: [detail(true, 0.333)] },
    ]);
    expect(totals).toEqual({ count: 3, totalWeight: 120.84, averageWeight: 40.28, totalRoute: 153, averageRoute: 51 });
  });

  it('are zero, not NaN, over no shippings', () => {
    expect(shippingTotals([])).toEqual({ count: 0, totalWeight: 0, averageWeight: 0, totalRoute: 0, averageRoute: 0 });
  });

  it('cover the current Monterrey month unless dates are chosen', () => {
    // 2026-12-01 03:00 UTC is still 30 November in Monterrey.
    const now = new Date('2026-12-01T03:00:00Z');
    expect(totalsFilters(EMPTY_FILTERS, now).date).toEqual(['2026-11-01', '2026-11-30']);
    expect(totalsFilters({ ...EMPTY_FILTERS, date: ['2026-01-01', '2026-01-31'] }, now).date).toEqual(['2026-01-01', '2026-01-31']);
  });
});

describe('stored filters', () => {
  it('come back as they were saved', () => {
    const filters: ShippingFilters = {
      ...EMPTY_FILTERS,
      date: ['2026-11-01', '2026-11-22'],
      driverIds: [4],
      companies: [{ id: 2, name: 'Cocina Doña Mary' }],
    };
    expect(parseStoredFilters(JSON.stringify(filters))).toEqual(filters);
  });

  it('drop what is malformed instead of sending it', () => {
    expect(parseStoredFilters('{"date":["ayer"],"driverIds":[1,"x",-2],"note":5}')).toEqual({ ...EMPTY_FILTERS, driverIds: [1] });
    expect(parseStoredFilters('no es json')).toBeNull();
    expect(parseStoredFilters(null)).toBeNull();
  });
});
