import { describe, expect, it } from 'vitest';
import { canStartProduction, orderDateRange } from './orders-to-fill';

describe('the quick filters of the orders to fill', () => {
  // 23 November 2026, 05:30 UTC is still the 22nd in Monterrey.
  const now = new Date('2026-11-23T05:30:00Z');

  it('cover Monterrey days: today, tomorrow, and seven days from today', () => {
    expect(orderDateRange('today', now)).toEqual(['2026-11-22', '2026-11-22']);
    expect(orderDateRange('tomorrow', now)).toEqual(['2026-11-23', '2026-11-23']);
    expect(orderDateRange('week', now)).toEqual(['2026-11-22', '2026-11-28']);
  });

  it('apply a chosen range only with both dates, in order', () => {
    expect(orderDateRange('range', now, ['2026-12-05', '2026-12-01'])).toEqual(['2026-12-01', '2026-12-05']);
    expect(orderDateRange('range', now, ['2026-12-05', ''])).toBeNull();
    expect(orderDateRange('range', now, null)).toBeNull();
  });
});

describe("'comenzar producción'", () => {
  it('hides once the order is in production', () => {
    expect(canStartProduction({ is_in_production: false, production_id: null }, false)).toBe(true);
    expect(canStartProduction({ is_in_production: true, production_id: 4 }, false)).toBe(false);
  });

  it('hides when a production exists only where the deployment says so', () => {
    expect(canStartProduction({ is_in_production: false, production_id: 4 }, true)).toBe(false);
    expect(canStartProduction({ is_in_production: false, production_id: 4 }, false)).toBe(true);
  });
});
