import { describe, expect, it } from 'vitest';
import { addDays } from '../../../domain/time';
import { addMonths, formatDay, formatLongDay, formatMonth, formatWeek, startOfWeek, stepAnchor, visibleDays, WEEKDAYS } from './calendar-days';

describe('the days a calendar shows', () => {
  it('shows whole weeks from Monday around the month, six rows when the month needs them', () => {
    // November 2026 starts on a Sunday and ends on a Monday.
    const days = visibleDays('month', '2026-11-24');
    expect(days).toHaveLength(42);
    expect([days[0], days.at(-1)]).toEqual(['2026-10-26', '2026-12-06']);
  });

  it('shows four rows for a February that starts on Monday', () => {
    const days = visibleDays('month', '2021-02-10');
    expect([days.length, days[0], days.at(-1)]).toEqual([28, '2021-02-01', '2021-02-28']);
  });

  it('shows Monday to Sunday of the week holding the day', () => {
    expect(visibleDays('week', '2026-11-29')).toEqual([
      '2026-11-23',
      '2026-11-24',
      '2026-11-25',
      '2026-11-26',
      '2026-11-27',
      '2026-11-28',
      '2026-11-29',
    ]);
    expect(startOfWeek('2026-11-23')).toBe('2026-11-23');
  });

  it('steps a month across the year and a week across the month', () => {
    expect(addMonths('2026-12-15', 1)).toBe('2027-01-01');
    expect(addMonths('2026-01-31', -1)).toBe('2025-12-01');
    expect(stepAnchor('month', '2026-01-31', 1)).toBe('2026-02-01');
    expect(stepAnchor('week', '2026-11-26', 1)).toBe('2026-11-30');
    expect(stepAnchor('week', '2026-11-26', -1)).toBe('2026-11-16');
  });
});

describe('how calendar days read', () => {
  it('names months, days and weeks in Spanish', () => {
    expect(formatMonth('2026-11-24')).toBe('Noviembre de 2026');
    expect(formatLongDay('2026-11-24')).toBe('martes, 24 de noviembre de 2026');
    expect(formatWeek('2026-11-26')).toBe('23 nov 2026 – 29 nov 2026');
    expect(WEEKDAYS.map((d) => d.short)).toEqual(['Lun', 'Mar', 'Mié', 'Jue', 'Vie', 'Sáb', 'Dom']);
  });

  it('reads every day of a year as Intl reads it in Spanish of Mexico, without asking it', () => {
    const intl = (options: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat('es-MX', { timeZone: 'UTC', ...options });
    const long = intl({ weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' });
    const short = intl({ day: 'numeric', month: 'short', year: 'numeric' });
    const month = intl({ month: 'long', year: 'numeric' });
    for (let day = '2026-01-01'; day <= '2026-12-31'; day = addDays(day, 1)) {
      const date = new Date(`${day}T00:00:00Z`);
      expect(formatLongDay(day)).toBe(long.format(date));
      expect(formatDay(day)).toBe(short.format(date).replace('sept', 'sep'));
      expect(formatMonth(day)).toBe(month.format(date).replace(/^./, (first) => first.toUpperCase()));
    }
  });
});
