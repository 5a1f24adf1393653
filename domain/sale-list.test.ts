import { describe, expect, it } from 'vitest';
import {
  EMPTY_SALE_FILTERS,
  hasActiveSaleFilters,
  isSeller,
  parseStoredSaleFilters,
  pedidosQuery,
  quotationStatus,
  saleListQuery,
  saleTotalsQuery,
  type SaleListFilters,
} from './sale-list';

const decode = (query: string) => Object.fromEntries(new URLSearchParams(query));
const page = { sort: null, page: 1, itemsPerPage: 15 };

describe('the quotation and sale filters as the query of GET /api/v2/q and /api/v2/sales', () => {
  it('sends every filter of the drawer under its spec name', () => {
    const filters: SaleListFilters = {
      date: ['2026-11-30', '2026-11-01'],
      id: ' C-12 ',
      company: ' abarrotes ',
      sellerIds: [3, 7],
      series: 'Serie B',
      paymentStatus: 'Parcial',
      orderStatus: 'surtido',
    };
    expect(decode(saleListQuery({ filters, sort: { column: 'total', descending: true }, page: 2, itemsPerPage: 30 }))).toEqual({
      'filter[id]': '12',
      'filter[company]': 'abarrotes',
      'filter[user_id]': '3,7',
      'filter[date_between]': '2026-11-01,2026-11-30',
      'filter[type]': 'Serie B',
      'filter[payment_status]': 'Parcial',
      'filter[order_status]': 'surtido',
      sort: '-total',
      page: '2',
      itemsPerPage: '30',
    });
  });

  it('leaves out what narrows nothing: empty fields, a folio that is not one', () => {
    expect(decode(saleListQuery({ filters: { ...EMPTY_SALE_FILTERS, id: 'C-', company: '  ' }, ...page }))).toEqual({
      page: '1',
      itemsPerPage: '15',
    });
    expect(hasActiveSaleFilters({ ...EMPTY_SALE_FILTERS, id: 'abc' })).toBe(false);
    expect(hasActiveSaleFilters({ ...EMPTY_SALE_FILTERS, id: 'V-3' })).toBe(true);
  });

  it('asks only the cancelled ones for /canceled', () => {
    expect(decode(saleListQuery({ filters: EMPTY_SALE_FILTERS, canceled: true, ...page }))).toMatchObject({ 'filter[canceled]': '1' });
  });

  it('gives the totals the same filters as the list, without paging, over the current month by default', () => {
    const now = new Date('2026-12-01T03:00:00Z'); // 30 November in Monterrey
    const chosen = saleTotalsQuery({ ...EMPTY_SALE_FILTERS, date: ['2026-10-31', '2026-10-01'], paymentStatus: 'Pendiente' }, now);
    expect(chosen.range).toEqual(['2026-10-01', '2026-10-31']);
    expect(decode(chosen.query)).toEqual({ 'filter[date_between]': '2026-10-01,2026-10-31', 'filter[payment_status]': 'Pendiente' });
    const month = saleTotalsQuery({ ...EMPTY_SALE_FILTERS, series: 'Serie A' }, now);
    expect(month.range).toEqual(['2026-11-01', '2026-11-30']);
    expect(decode(month.query)).toEqual({ 'filter[date_between]': '2026-11-01,2026-11-30', 'filter[type]': 'Serie A' });
  });
});

describe('/pedidos', () => {
  // 2026-12-01 03:00 UTC is still 30 November in Monterrey.
  const now = new Date('2026-12-01T03:00:00Z');

  it('shows the orders from today on, soonest first, while no dates are chosen', () => {
    expect(decode(pedidosQuery({ filters: EMPTY_SALE_FILTERS, ...page }, now))).toEqual({
      'filter[date_between]': '2026-11-30,9999-12-31',
      sort: 'date',
      page: '1',
      itemsPerPage: '15',
    });
  });

  it('keeps the chosen dates and sort', () => {
    const query = decode(
      pedidosQuery(
        {
          filters: { ...EMPTY_SALE_FILTERS, date: ['2026-10-01', '2026-10-31'] },
          sort: { column: 'id', descending: true },
          page: 1,
          itemsPerPage: 30,
        },
        now,
      ),
    );
    expect(query).toMatchObject({ 'filter[date_between]': '2026-10-01,2026-10-31', sort: '-id' });
  });
});

describe('the state of a quotation', () => {
  const now = new Date('2026-12-01T03:00:00Z'); // 30 November in Monterrey
  const quotation = { canceled_at: null, sale_id: null, due_date: '2026-11-30' };

  it('is current through its validity date, expired after it', () => {
    expect(quotationStatus(quotation, now)).toBe('current');
    expect(quotationStatus({ ...quotation, due_date: '2026-11-29' }, now)).toBe('expired');
    expect(quotationStatus({ ...quotation, due_date: null }, now)).toBe('current');
  });

  it('is sold once a sale was made from it, even past its date, and cancelled above all', () => {
    expect(quotationStatus({ ...quotation, due_date: '2026-01-01', sale_id: 9 }, now)).toBe('sold');
    expect(quotationStatus({ ...quotation, canceled_at: '2026-11-20T10:00:00.000Z' }, now)).toBe('canceled');
  });
});

describe('stored sale filters', () => {
  it('come back as they were saved', () => {
    const filters: SaleListFilters = {
      ...EMPTY_SALE_FILTERS,
      date: ['2026-11-01', '2026-11-22'],
      sellerIds: [4],
      series: 'Serie A',
      company: 'Lupita',
    };
    expect(parseStoredSaleFilters(JSON.stringify(filters))).toEqual(filters);
  });

  it('drop what is malformed instead of sending it', () => {
    expect(parseStoredSaleFilters('{"series":"Serie Z","paymentStatus":"Regalada","sellerIds":[2,"x"],"company":7}')).toEqual({
      ...EMPTY_SALE_FILTERS,
      sellerIds: [2],
    });
    expect(parseStoredSaleFilters(null)).toBeNull();
  });
});

describe('the Vendedor filter', () => {
  it('offers the staff, not drivers nor the warehouse', () => {
    expect(isSeller({ job_position: 'Ventas' })).toBe(true);
    expect(isSeller({ job_position: null })).toBe(true);
    expect(isSeller({ job_position: 'Chofer Repartidor' })).toBe(false);
    expect(isSeller({ job_position: 'Chofer Ejecutivo' })).toBe(false);
    expect(isSeller({ job_position: 'Almacén' })).toBe(false);
  });
});
