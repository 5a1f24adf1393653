import { describe, expect, it } from 'vitest';
import { quotationExportRows } from './export-quotations';
import { quotationRow } from './test-fixtures';

describe('the Excel rows of the quotations page', () => {
  const now = new Date('2026-12-01T18:00:00Z');

  it('carry the visible columns with real values: numbers as numbers, dates as dates', () => {
    const [row] = quotationExportRows([quotationRow(12)], now);
    expect(Object.keys(row!)).toEqual([
      'Folio',
      'Empresa',
      'Sucursal',
      'Vendedor',
      'Fecha programada',
      'Vigencia',
      'Serie',
      'Total',
      'Creación',
      'Estado',
    ]);
    expect(row).toMatchObject({
      Folio: 12,
      Empresa: 'Abarrotes Lupita',
      Vendedor: 'Laura Villarreal',
      Serie: 'Serie A',
      Total: 1160,
      Estado: 'Vigente',
    });
    const due = row!['Vigencia'] as Date;
    expect([due.getFullYear(), due.getMonth() + 1, due.getDate()]).toEqual([2026, 12, 10]);
    expect((row!['Creación'] as Date).toISOString()).toBe('2026-11-21T16:05:00.000Z');
  });

  it('say which are expired or sold, and leave a missing validity empty', () => {
    const rows = quotationExportRows(
      [quotationRow(1, { due_date: '2026-11-30' }), quotationRow(2, { sale_id: 40 }), quotationRow(3, { due_date: null })],
      now,
    );
    expect(rows.map((r) => r['Estado'])).toEqual(['Vencida', 'Vendida · venta 40', 'Vigente']);
    expect(rows[2]!['Vigencia']).toBeNull();
  });
});
