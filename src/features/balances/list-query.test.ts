import { describe, expect, it } from 'vitest';
import type { BalanceRow } from '../../../domain/schemas/collections';
import { balanceExportRows } from './export-balances';
import { balanceListQuery, EMPTY_BALANCE_FILTERS, parseStoredBalanceFilters } from './list-query';

describe('the /balances query', () => {
  it('sends the customer and sellers, then sort and page', () => {
    const query = balanceListQuery({
      filters: { company: 'fonda', sellerIds: [2, 8] },
      sort: { column: 'days_over_90', descending: true },
      page: 1,
      itemsPerPage: 15,
    });
    expect(decodeURIComponent(query)).toBe('filter[company]=fonda&filter[user_id]=2,8&sort=-days_over_90&page=1&itemsPerPage=15');
    expect(balanceListQuery({ filters: EMPTY_BALANCE_FILTERS, sort: null, page: 3, itemsPerPage: 50 })).toBe('page=3&itemsPerPage=50');
  });

  it('reads kept filters back', () => {
    expect(parseStoredBalanceFilters(JSON.stringify({ company: 'Fonda', sellerIds: [2, 'x', -3] }))).toEqual({
      company: 'Fonda',
      sellerIds: [2],
    });
  });
});

describe('the Excel rows of /balances', () => {
  it('carry the buckets in the order the screen shows them, as numbers', () => {
    const row: BalanceRow = {
      company_id: 37,
      company_name: 'Fonda Doña Chela',
      credit_days: 15,
      count: 3,
      total: 4500.25,
      current: 120,
      days_0_30: 0,
      days_31_60: 1000,
      days_61_90: 1500.25,
      days_over_90: 2000,
      oldest_due_date: '2026-08-14',
      credit: 0,
    };
    const [sheet] = balanceExportRows([row]);
    expect(Object.keys(sheet!)).toEqual([
      'Cliente',
      'Total vencido',
      '0–30 días',
      '31–60 días',
      '61–90 días',
      'Más de 90 días',
      'Vencimiento más antiguo',
      'Ventas vencidas',
      'Días de crédito',
      'Por vencer',
    ]);
    expect(sheet).toMatchObject({ 'Total vencido': 4500.25, '61–90 días': 1500.25, 'Por vencer': 120 });
  });
});
