import { describe, expect, it } from 'vitest';
import { etaWindow } from './eta-window';

describe('etaWindow', () => {
  // 16:50 UTC is 10:50 in Monterrey (UTC-6, no daylight saving since 2022).
  const tenFifty = Date.parse('2026-11-30T16:50:00Z');

  it('tells an engine estimate as twenty minutes on five-minute marks, in Monterrey time', () => {
    expect(etaWindow(tenFifty, false)).toEqual({ from: '10:40', to: '11:00' });
  });

  it('widens a straight-line estimate', () => {
    expect(etaWindow(tenFifty, true)).toEqual({ from: '10:35', to: '11:05' });
  });

  it('rounds an estimate between marks outwards', () => {
    expect(etaWindow(tenFifty + 2 * 60_000, false)).toEqual({ from: '10:40', to: '11:05' });
  });
});
