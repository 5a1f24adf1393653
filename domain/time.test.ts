import { describe, expect, it } from 'vitest';
import { monterreyDate, monterreyDateOffset, monterreyMinute } from './time';

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
