import { describe, expect, it } from 'vitest';
import { cellAmount, cellDate, cellInteger, cellText, cellYesNo, inertText, matchColumns } from './imports';

describe('reading a cell typed in a spreadsheet', () => {
  it('reads back as stored a text the export kept from running as a formula', () => {
    const stored = ['+52 81 1234 5678', '=SUMA(A1)', '-', '@casa', "'=ya con apóstrofo", "''+52", '-12', "'-12", 'Av. Juárez', "O'Higgins"];
    expect(inertText('+52 81 1234 5678')).toBe("'+52 81 1234 5678");
    expect(inertText('-12')).toBe('-12');
    expect(stored.map((value) => cellText(inertText(value)))).toEqual(stored);
  });

  it('reads amounts as Mexico writes them, and from a semicolon file with a decimal comma', () => {
    expect(['1,234.50', '1234.5', '$ 1,234.50', '1234,50', '-12', 1234.5, '.5'].map((cell) => cellAmount(cell))).toEqual(
      [1234.5, 1234.5, 1234.5, 1234.5, -12, 1234.5, 0.5].map((value) => ({ ok: true, value })),
    );
    expect(cellAmount('1,234')).toEqual({ ok: true, value: 1234 });
    expect(cellAmount('diez').ok).toBe(false);
    expect(cellAmount('1.234,50').ok).toBe(false);
    expect(cellAmount(null)).toEqual({ ok: true, value: null });
  });

  it('reads dates as dd/mm/aaaa, aaaa-mm-dd, a date cell or Excel’s day number, and refuses days that do not exist', () => {
    expect(cellDate('05/11/2026')).toEqual({ ok: true, value: '2026-11-05' });
    expect(cellDate('5-11-2026')).toEqual({ ok: true, value: '2026-11-05' });
    expect(cellDate('2026-11-05')).toEqual({ ok: true, value: '2026-11-05' });
    expect(cellDate(new Date(Date.UTC(2026, 10, 5)))).toEqual({ ok: true, value: '2026-11-05' });
    expect(cellDate(46_331)).toEqual({ ok: true, value: '2026-11-05' });
    expect(cellDate('31/02/2026').ok).toBe(false);
    expect(cellDate('11/2026').ok).toBe(false);
  });

  it('reads whole numbers, yes or no, and text without a decimal point or an exponent', () => {
    expect(cellInteger('15')).toEqual({ ok: true, value: 15 });
    expect(cellInteger('1.5').ok).toBe(false);
    expect(['Sí', 'si', 'X', 'No', 0].map((cell) => cellYesNo(cell))).toEqual(
      [true, true, true, false, false].map((value) => ({ ok: true, value })),
    );
    expect(cellText(7501234567893)).toBe('7501234567893');
    expect(cellText('  ')).toBeNull();
  });
});

describe('matching a file’s columns to fields', () => {
  it('matches headers without accents or case, and aliases, each field once; the person’s choice comes first', () => {
    expect(matchColumns('customers', ['RAZON SOCIAL', 'Nombre comercial', 'rfc', 'RFC', 'Notas'])).toEqual([
      'razon_social',
      'name',
      'rfc',
      null,
      null,
    ]);
    expect(matchColumns('customers', ['Cliente', 'Notas'], { Notas: 'delivery_references', Cliente: '' })).toEqual([
      null,
      'delivery_references',
    ]);
    expect(matchColumns('balances', ['Cliente', 'Factura', 'Saldo'], { Saldo: 'no-such-field' })).toEqual(['customer', 'folio', null]);
  });
});
