import { describe, expect, it } from 'vitest';
import { daysInRange, monthLabel, periodRange, periodsInRange, reportRangeError, seriesGroupFor } from './reports';
import { isCalendarDay } from './time';

describe('report periods', () => {
  // 18:00 UTC on 2026-03-15 is noon in Monterrey; 03:30 UTC on 2026-04-01 is still 31 March there.
  const midMarch = new Date('2026-03-15T18:00:00Z');
  const lastEveningOfMarch = new Date('2026-04-01T03:30:00Z');

  it('reads the presets on the Monterrey calendar', () => {
    expect(periodRange({ preset: 'thisMonth' }, midMarch)).toEqual(['2026-03-01', '2026-03-31']);
    expect(periodRange({ preset: 'thisMonth' }, lastEveningOfMarch)).toEqual(['2026-03-01', '2026-03-31']);
    expect(periodRange({ preset: 'lastMonth' }, midMarch)).toEqual(['2026-02-01', '2026-02-28']);
    expect(periodRange({ preset: 'lastMonth' }, new Date('2026-01-10T18:00:00Z'))).toEqual(['2025-12-01', '2025-12-31']);
    expect(periodRange({ preset: 'last90' }, midMarch)).toEqual(['2025-12-16', '2026-03-15']);
    expect(periodRange({ preset: 'thisYear' }, midMarch)).toEqual(['2026-01-01', '2026-12-31']);
    expect(periodRange({ preset: 'lastYear' }, midMarch)).toEqual(['2025-01-01', '2025-12-31']);
    expect(periodRange({ preset: 'custom', range: ['2026-02-02', '2026-02-20'] }, midMarch)).toEqual(['2026-02-02', '2026-02-20']);
  });

  it('goes by day up to 62 days and by month beyond', () => {
    expect(daysInRange('2026-01-01', '2026-01-31')).toBe(31);
    expect(seriesGroupFor('2026-01-01', '2026-03-03')).toBe('day');
    expect(seriesGroupFor('2026-01-01', '2026-03-04')).toBe('month');
  });

  it('lists every day or month of a period, across a year’s end', () => {
    expect(periodsInRange('2026-12-30', '2027-01-02', 'day')).toEqual(['2026-12-30', '2026-12-31', '2027-01-01', '2027-01-02']);
    expect(periodsInRange('2026-11-15', '2027-02-01', 'month')).toEqual(['2026-11', '2026-12', '2027-01', '2027-02']);
    expect(periodsInRange('2026-03-01', '2026-03-31', 'month')).toEqual(['2026-03']);
  });

  it('says what is wrong with a period in Spanish', () => {
    expect(reportRangeError('2026-03-01', '2026-03-31')).toBeNull();
    expect(reportRangeError('2026-03-31', '2026-03-01')).toBe('La fecha inicial no puede ser posterior a la final.');
    expect(reportRangeError('2026-02-29', '2026-03-01')).toBe('La fecha no existe en el calendario.');
    expect(reportRangeError('2025-01-01', '2026-01-02', 'day')).toBe('Por día se pueden ver hasta 366 días: agrupa por mes.');
    expect(reportRangeError('2025-01-01', '2026-01-01', 'day')).toBeNull();
    expect(reportRangeError('2016-01-01', '2025-12-31')).toBeNull();
    expect(reportRangeError('2016-01-01', '2026-01-01')).toBe('El periodo puede abarcar hasta 10 años.');
  });

  it('knows real calendar days and names months in Spanish', () => {
    expect(isCalendarDay('2028-02-29')).toBe(true);
    expect(isCalendarDay('2027-02-29')).toBe(false);
    expect(isCalendarDay('2027-13-01')).toBe(false);
    expect(monthLabel('2026-03')).toBe('Marzo 2026');
    expect(monthLabel('2026-12')).toBe('Diciembre 2026');
  });
});
