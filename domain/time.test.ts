import { describe, expect, it } from 'vitest';
import { addDays, longMonterreyDate, monterreyDate, monterreyDateOffset, monterreyMinute, onFirstUse } from './time';

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
