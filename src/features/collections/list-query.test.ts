import { describe, expect, it } from 'vitest';
import type { CollectionListRow } from '../../../domain/schemas/collections';
import { collectionExportRows } from './export-collections';
import { collectionListQuery, collectionTotalsQuery, EMPTY_COLLECTION_FILTERS, parseStoredCollectionFilters } from './list-query';

const row = (changes: Partial<CollectionListRow> = {}): CollectionListRow => ({
  id: 87,
  company_id: 4,
  company_name: 'Restaurante La Nogalera',
  user_id: 3,
  user_name: 'Jorge Treviño Leal',
  date: '2026-11-20',
  amount: 2000,
  unapplied: 149.5,
  payment_method_id: 2,
  payment_method: 'Transferencia',
  reference: 'SPEI 004512',
  note: null,
  created_at: '2026-11-20T17:05:00.000Z',
  canceled_at: null,
  cancel_reason: null,
  canceled_by_name: null,
  ...changes,
});

describe('the /collections query', () => {
  it('sends only the filters that narrow the list, then sort and page', () => {
    const query = collectionListQuery({
      filters: { date: ['2026-11-30', '2026-11-01'], company: ' nogalera ', paymentMethodId: 2, canceled: true },
      sort: { column: 'amount', descending: true },
      page: 2,
      itemsPerPage: 30,
    });
    expect(decodeURIComponent(query)).toBe(
      'filter[date_between]=2026-11-01,2026-11-30&filter[company]=nogalera&filter[payment_method_id]=2&filter[canceled]=1&sort=-amount&page=2&itemsPerPage=30',
    );
    expect(collectionListQuery({ filters: EMPTY_COLLECTION_FILTERS, sort: null, page: 1, itemsPerPage: 15 })).toBe(
      'page=1&itemsPerPage=15',
    );
  });

  it('totals the current Monterrey month when no dates are chosen', () => {
    const { range, query } = collectionTotalsQuery(EMPTY_COLLECTION_FILTERS, new Date('2026-12-01T05:00:00Z'));
    expect(range).toEqual(['2026-11-01', '2026-11-30']);
    expect(decodeURIComponent(query)).toBe('filter[date_between]=2026-11-01,2026-11-30');
  });

  it('reads kept filters back, dropping what is not well formed', () => {
    expect(
      parseStoredCollectionFilters(JSON.stringify({ date: ['2026-11-01', 'ayer'], company: 'Fonda', paymentMethodId: -1, canceled: 'sí' })),
    ).toEqual({
      date: null,
      company: 'Fonda',
      paymentMethodId: null,
      canceled: false,
    });
    expect(parseStoredCollectionFilters('no es json')).toBeNull();
  });
});

describe('the Excel rows of /collections', () => {
  it('carry the visible columns with amounts as numbers and the date as a date', () => {
    const [first, canceled] = collectionExportRows([
      row(),
      row({ id: 88, canceled_at: '2026-11-21T10:00:00.000Z', cancel_reason: 'Duplicado' }),
    ]);
    expect(Object.keys(first!)).toEqual([
      'Folio',
      'Fecha',
      'Cliente',
      'Monto',
      'Forma de pago',
      'Referencia',
      'Saldo a favor',
      'Registró',
      'Nota',
      'Estado',
    ]);
    expect(first).toMatchObject({ Folio: 'R-87', Monto: 2000, 'Saldo a favor': 149.5, Estado: 'Vigente', Nota: '' });
    const date = first!.Fecha as Date;
    expect([date.getFullYear(), date.getMonth() + 1, date.getDate()]).toEqual([2026, 11, 20]);
    expect(canceled!.Estado).toBe('Cancelado: Duplicado');
  });
});
