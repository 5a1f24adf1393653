import { describe, expect, it } from 'vitest';
import type { LocalDetail, LocalShipping } from '../../sync/db';
import { summarizeRoutes } from './driver-reads';

const route = (id: number, date: string) => ({ id, date }) as LocalShipping;
const detail = (id: number, shipping_id: number, completed: boolean, is_delivered: boolean) =>
  ({ id, shipping_id, completed, is_delivered }) as LocalDetail;

describe('the driver’s routes', () => {
  it('lists today first, then the coming days, then past days, latest first', () => {
    const routes = [
      route(1, '2025-03-08'),
      route(2, '2025-03-11'),
      route(3, '2025-03-10'),
      route(4, '2025-03-09'),
      route(5, '2025-03-12'),
      route(6, '2025-03-10'),
    ];
    const order = summarizeRoutes(routes, [], '2025-03-10').map((r) => r.shipping.id);
    expect(order).toEqual([3, 6, 2, 5, 4, 1]);
  });

  it('counts pending, delivered and rejected deliveries and names the records for the pending badge', () => {
    const [summary] = summarizeRoutes(
      [route(1, '2025-03-10')],
      [
        detail(10, 1, false, false),
        detail(11, 1, true, true),
        detail(12, 1, true, false),
        detail(13, 1, false, false),
        detail(20, 2, true, true),
      ],
      '2025-03-10',
    );
    expect(summary!.isToday).toBe(true);
    expect(summary!.counts).toEqual({ pending: 2, delivered: 1, rejected: 1 });
    expect(summary!.records).toEqual(['shipping:1', 'detail:10', 'detail:11', 'detail:12', 'detail:13']);
  });
});
