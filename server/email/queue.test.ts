import { describe, expect, it } from 'vitest';
import { MAX_RETRY_DELAY_MS, retryDelayMs } from './queue';

describe('the retry delay', () => {
  it('waits the configured first delay after the first failure, then twice as long each time', () => {
    expect([1, 2, 3, 4].map((attempts) => retryDelayMs(attempts, 30_000))).toEqual([30_000, 60_000, 120_000, 240_000]);
  });

  it('never waits more than an hour between attempts', () => {
    expect(retryDelayMs(20, 30_000)).toBe(MAX_RETRY_DELAY_MS);
    expect(retryDelayMs(1_000, 30_000)).toBe(MAX_RETRY_DELAY_MS);
  });
});
