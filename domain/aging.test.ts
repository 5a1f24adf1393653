import { describe, expect, it } from 'vitest';
import { agingBoundaries, agingBucket, daysOverdue } from './aging';

describe('aging of a balance', () => {
  const today = '2026-03-31';
  it.each([
    ['2026-04-01', 'current'],
    ['2026-03-31', 'current'],
    ['2026-03-30', 'days_0_30'],
    ['2026-03-01', 'days_0_30'],
    ['2026-02-28', 'days_31_60'],
    ['2026-01-30', 'days_31_60'],
    ['2026-01-29', 'days_61_90'],
    ['2025-12-31', 'days_61_90'],
    ['2025-12-30', 'days_over_90'],
  ])('due %s is %s on 2026-03-31', (due, bucket) => {
    expect(agingBucket(due, today)).toBe(bucket);
  });

  it('counts calendar days across a month and a leap day', () => {
    expect(daysOverdue('2028-02-28', '2028-03-01')).toBe(2);
    expect(daysOverdue('2026-04-05', '2026-03-31')).toBe(-5);
  });

  it('puts each SQL boundary in the younger bucket, as agingBucket does', () => {
    const { overdue, over30, over60, over90 } = agingBoundaries(today);
    expect(agingBucket(overdue, today)).toBe('current');
    expect(agingBucket(over30, today)).toBe('days_0_30');
    expect(agingBucket(over60, today)).toBe('days_31_60');
    expect(agingBucket(over90, today)).toBe('days_61_90');
  });
});
