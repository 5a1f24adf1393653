import { describe, expect, it } from 'vitest';
import {
  addDays,
  longMonterreyDate,
  monterreyDate,
  monterreyDateOffset,
  monterreyDateTime,
  monterreyDayBounds,
  monterreyMinute,
  onFirstUse,
  readableMinute,
} from './time';

describe('Monterrey time', () => {
  it('renders an instant as Monterrey wall-clock to the minute', () => {
    // 18:05:59 UTC is 12:05 in Monterrey (UTC-6, no daylight saving since 2022).
    expect(monterreyMinute(new Date('2026-11-22T18:05:59Z'))).toBe('2026-11-22 12:05');
  });

  it('uses the Monterrey calendar date, not the UTC one, late in the evening', () => {
    expect(monterreyDate(new Date('2026-11-23T03:30:00Z'))).toBe('2026-11-22');
  });

  it('moves whole calendar days', () => {
    expect(monterreyDateOffset(new Date('2026-11-30T18:00:00Z'), 1)).toBe('2026-12-01');
    expect(monterreyDateOffset(new Date('2026-11-01T18:00:00Z'), -1)).toBe('2026-10-31');
  });
});

describe('the Monterrey clock without Intl', () => {
  // The same instants through the time-zone database: if the law brings daylight saving back,
  // tzdata learns it and this fails, naming the instant where the fixed UTC−6 stops being right.
  const intl = new Intl.DateTimeFormat('en-CA', {
    timeZone: 'America/Monterrey',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  });
  const intlLong = new Intl.DateTimeFormat('es-MX', {
    timeZone: 'America/Monterrey',
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
  });
  const throughIntl = (instant: Date) => {
    const part = Object.fromEntries(intl.formatToParts(instant).map(({ type, value }) => [type, value]));
    return `${part.year}-${part.month}-${part.day} ${part.hour}:${part.minute}`;
  };

  it('agrees with the time-zone database every few hours from 2022 to 2032, and before on the historic path', () => {
    // 2022-04-03 08:00 UTC started the last daylight saving; 2022-10-30 07:00 UTC ended it.
    const instants = [Date.UTC(2022, 3, 3, 7, 59), Date.UTC(2022, 3, 3, 8), Date.UTC(2022, 9, 30, 6, 59), Date.UTC(2022, 9, 30, 7)];
    for (let t = Date.UTC(2021, 0, 1); t < Date.UTC(2032, 0, 1); t += 7 * 60 * 60 * 1000 + 13 * 60 * 1000) instants.push(t);
    for (const t of instants) {
      const instant = new Date(t);
      expect(monterreyMinute(instant), instant.toISOString()).toBe(throughIntl(instant));
    }
    for (let t = Date.UTC(2021, 0, 1); t < Date.UTC(2032, 0, 1); t += 97 * 60 * 60 * 1000) {
      expect(longMonterreyDate(new Date(t))).toBe(intlLong.format(new Date(t)));
    }
  });

  it('spans a Monterrey day from its midnight to the next, in summer time before 2022 too', () => {
    expect(monterreyDayBounds('2026-11-23').map((d) => d.toISOString())).toEqual(['2026-11-23T06:00:00.000Z', '2026-11-24T06:00:00.000Z']);
    expect(monterreyDayBounds('2021-07-01').map((d) => d.toISOString())).toEqual(['2021-07-01T05:00:00.000Z', '2021-07-02T05:00:00.000Z']);
  });

  it('reads a minute of today as its time, of yesterday as ayer, and earlier with its day', () => {
    expect(readableMinute('2026-11-23 07:34', '2026-11-23')).toBe('07:34');
    expect(readableMinute('2026-11-22 18:10', '2026-11-23')).toBe('ayer 18:10');
    expect(readableMinute('2026-10-31 18:10', '2026-11-01')).toBe('ayer 18:10');
    expect(readableMinute('2026-11-20 09:05', '2026-11-23')).toBe('20/11 09:05');
  });

  it('reads a moment as day/month/year and the 24-hour clock', () => {
    expect(monterreyDateTime(new Date('2026-01-02T03:05:00Z'))).toBe('01/01/2026 21:05');
  });
});

describe('calendar days and the long date', () => {
  it('adds days across months and years', () => {
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2024-03-01', -1)).toBe('2024-02-29');
  });

  it('reads today in Spanish, on the Monterrey calendar', () => {
    expect(longMonterreyDate(new Date('2026-11-23T03:30:00Z'))).toBe('domingo, 22 de noviembre de 2026');
  });

  it('shows midnight as 00, not 24', () => {
    expect(monterreyMinute(new Date('2026-11-22T06:00:00Z'))).toBe('2026-11-22 00:00');
  });
});

describe('a value built on first use', () => {
  it('is not built until asked for, then built once', () => {
    let built = 0;
    const formatter = onFirstUse(() => ({ id: (built += 1) }));
    expect(built).toBe(0);
    expect(formatter()).toBe(formatter());
    expect(built).toBe(1);
  });
});
