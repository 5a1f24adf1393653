import { describe, expect, it } from 'vitest';
import { stopsInOrder } from './stop-order';

describe('stopsInOrder', () => {
  it('follows the office’s order, then the stops it has not placed by id, without changing the list it was given', () => {
    const details = [
      { id: 40, stop_order: null },
      { id: 12, stop_order: 3 },
      { id: 30 },
      { id: 25, stop_order: 1 },
      { id: 18, stop_order: 2 },
      { id: 7, stop_order: null },
    ];
    const given = details.map((d) => d.id);
    expect(stopsInOrder(details).map((d) => d.id)).toEqual([25, 18, 12, 7, 30, 40]);
    expect(details.map((d) => d.id)).toEqual(given);
  });

  it('two stops with the same place keep the order they were added in', () => {
    expect(stopsInOrder([{ id: 9, stop_order: 1 }, { id: 3, stop_order: 1 }, { id: 5, stop_order: 0 }]).map((d) => d.id)).toEqual([5, 3, 9]);
  });
});
