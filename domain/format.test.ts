import { describe, expect, it } from 'vitest';
import {
  formatCalendarDate,
  formatCompactMoney,
  formatKg,
  formatKm,
  formatMoment,
  formatMoney,
  formatQuantity,
  formatQuantityOf,
  mapsSearchUrl,
  unitFor,
} from './format';

describe('formats', () => {
  it('writes a unit after its quantity as Spanish does: plural but for one, abbreviations as they are', () => {
    expect(formatQuantityOf(82, 'pieza')).toBe('82 piezas');
    expect(formatQuantityOf(1, 'pieza')).toBe('1 pieza');
    expect(formatQuantityOf(-1, 'caja')).toBe('-1 caja');
    expect(formatQuantityOf(2.5, 'caja')).toBe('2.5 cajas');
    expect(formatQuantityOf(12.5, 'kg')).toBe('12.5 kg');
    expect(formatQuantityOf(3, 'pza')).toBe('3 pza');
    expect([unitFor(3, 'mantel'), unitFor(2, 'tablón'), unitFor(4, 'nuez'), unitFor(2, 'servicio'), unitFor(5, 'juego')]).toEqual([
      'manteles',
      'tablones',
      'nueces',
      'servicios',
      'juegos',
    ]);
  });

  it('shows pesos in es-MX with two decimals', () => {
    expect(formatMoney(1234.5)).toBe('$1,234.50');
  });

  it('shows kilograms with two decimals', () => {
    expect(formatKg(1520.456)).toBe('1,520.46 kg');
    expect(formatKg(0)).toBe('0.00 kg');
    expect(formatKm(1234.5)).toBe('1,234.50 kms');
  });

  it('reads exactly as Intl would in es-MX, rounding and signs included', () => {
    const intlMoney = new Intl.NumberFormat('es-MX', { style: 'currency', currency: 'MXN' });
    const intlTwoDecimals = new Intl.NumberFormat('es-MX', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    const edges = [
      0,
      -0,
      0.005,
      1.005,
      0.125,
      999.995,
      -1234.567,
      -0.001,
      1e-7,
      -1e-7,
      12,
      1_000_000_000.555,
      1e21,
      2.5e22,
      Infinity,
      -Infinity,
      NaN,
    ];
    // Amounts as prices, totals and weights come: cents and thousandths, up to hundreds of millions.
    let seed = 7;
    const random = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
    const generated = Array.from({ length: 5000 }, (_, i) => {
      const magnitude = 10 ** Math.floor(random() * 9);
      const value = Math.round(random() * magnitude * 1000) / (i % 2 ? 1000 : 100);
      return i % 3 === 0 ? -value : value;
    });
    for (const value of [...edges, ...generated]) {
      expect(formatMoney(value), String(value)).toBe(intlMoney.format(value));
      expect(formatKg(value), String(value)).toBe(`${intlTwoDecimals.format(value)} kg`);
    }
  });

  it('shows a calendar date as day/month/year, whatever the time zone', () => {
    expect(formatCalendarDate('2027-01-15')).toBe('15/01/2027');
    expect(formatCalendarDate('2027-01-15T00:00:00.000Z')).toBe('15/01/2027');
  });

  it('searches an address on the map, a position as coordinates', () => {
    expect(mapsSearchUrl('Av. Constitución 100, Monterrey')).toBe(
      'https://www.google.com/maps/search/?api=1&query=Av.%20Constituci%C3%B3n%20100%2C%20Monterrey',
    );
    expect(mapsSearchUrl('25.6866,-100.3161')).toBe('https://www.google.com/maps/search/?api=1&query=25.6866%2C-100.3161');
  });
});

describe('moments', () => {
  it('read on the Monterrey clock', () => {
    // 03:30 UTC on the 23rd is 21:30 on the 22nd in Monterrey.
    expect(formatMoment('2026-11-23T03:30:00.000Z')).toBe('22/11/2026 21:30');
    expect(formatMoment('2026-11-22T06:00:00.000Z')).toBe('22/11/2026 00:00');
  });
});

describe('quantities and chart axes', () => {
  it('show up to two decimals, without trailing zeros, as Intl does in es-MX', () => {
    const intl = new Intl.NumberFormat('es-MX', { maximumFractionDigits: 2 });
    for (const value of [0, 12, 100, 1000, 1234.5, 1234.56, 1234.567, 0.1, 0.105, 2.999, -3.5, 1_000_000, 10.1]) {
      expect(formatQuantity(value), String(value)).toBe(intl.format(value));
    }
  });

  it('shorten amounts to pesos, thousands (mil) and millions (M)', () => {
    expect(formatCompactMoney(0)).toBe('$0');
    expect(formatCompactMoney(950)).toBe('$950');
    expect(formatCompactMoney(999.96)).toBe('$1 mil');
    expect(formatCompactMoney(12_480)).toBe('$12.5 mil');
    expect(formatCompactMoney(999_960)).toBe('$1 M');
    expect(formatCompactMoney(1_250_000)).toBe('$1.3 M');
    expect(formatCompactMoney(1_500_000_000)).toBe('$1,500 M');
    expect(formatCompactMoney(-2_500)).toBe('-$2.5 mil');
  });
});
