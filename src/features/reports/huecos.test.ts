import { describe, expect, it } from 'vitest';
import { filterHuecos, huecosExportRows, huecosYears, monthCell, nextHuecosSort, sortHuecos, type HuecosRow } from './huecos';

const MONTHS = ['Enero', 'Febrero', 'Marzo'];
const row = (company_id: number, name: string, months: (number | null)[]): HuecosRow => ({
  company_id,
  name,
  months: Object.fromEntries(MONTHS.map((month, index) => [month, months[index] ?? null])),
  huecos: months.filter((total) => total === 0).length,
});
const ROWS = [
  row(1, 'Cocina Doña Mary', [100, 0, null]),
  row(2, 'Abarrotes Treviño', [0, 0, null]),
  row(3, 'Hotel Fundidora', [50, 75.5, null]),
];

describe('the huecos table', () => {
  it('finds customers by part of their name, without minding accents or case', () => {
    expect(filterHuecos(ROWS, 'doña').map((r) => r.company_id)).toEqual([1]);
    expect(filterHuecos(ROWS, 'DONA').map((r) => r.company_id)).toEqual([1]);
    expect(filterHuecos(ROWS, '  ').map((r) => r.company_id)).toEqual([1, 2, 3]);
  });

  it('puts the customers with most gaps first, then by name, and sorts by name on request', () => {
    expect(sortHuecos(ROWS, { column: 'huecos', descending: true }).map((r) => r.name)).toEqual([
      'Abarrotes Treviño',
      'Cocina Doña Mary',
      'Hotel Fundidora',
    ]);
    expect(sortHuecos(ROWS, { column: 'huecos', descending: false }).map((r) => r.huecos)).toEqual([0, 1, 2]);
    expect(sortHuecos(ROWS, { column: 'name', descending: false }).map((r) => r.company_id)).toEqual([2, 1, 3]);
    expect(nextHuecosSort({ column: 'huecos', descending: true }, 'huecos')).toEqual({ column: 'huecos', descending: false });
    expect(nextHuecosSort({ column: 'huecos', descending: true }, 'name')).toEqual({ column: 'name', descending: false });
    expect(nextHuecosSort({ column: 'name', descending: false }, 'huecos')).toEqual({ column: 'huecos', descending: true });
  });

  it('tells a purchase from a gap and from a month still to come', () => {
    expect(monthCell(120.5)).toEqual({ kind: 'bought', total: 120.5 });
    expect(monthCell(0)).toEqual({ kind: 'gap' });
    expect(monthCell(null)).toEqual({ kind: 'later' });
  });

  it('exports each customer with its months in Spanish, the gaps in words and the huecos', () => {
    expect(huecosExportRows(ROWS.slice(0, 1), MONTHS, { customer: 'Cliente', huecos: 'Huecos', gap: 'Hueco', later: 'Aún no' })).toEqual([
      { Cliente: 'Cocina Doña Mary', Enero: 100, Febrero: 'Hueco', Marzo: 'Aún no', Huecos: 1 },
    ]);
  });

  it('offers this year and the five before it', () => {
    expect(huecosYears(2026)).toEqual([2026, 2025, 2024, 2023, 2022, 2021]);
  });
});
