import { describe, expect, it } from 'vitest';
import { rentalShortages, rentedByDay } from './rental-pieces';

const pieces = {
  owned: [
    { item_id: 1, name: 'Silla Tiffany dorada', owned: 200 },
    { item_id: 2, name: 'Mesa redonda', owned: 20 },
  ],
  days: [
    { date: '2026-12-05', item_id: 1, rented: 150 },
    { date: '2026-12-06', item_id: 2, rented: 20 },
  ],
};

describe('pieces per day', () => {
  it('lists what each day rents beside what is owned', () => {
    expect(rentedByDay(pieces)).toEqual([
      { date: '2026-12-05', item_id: 1, name: 'Silla Tiffany dorada', rented: 150, owned: 200 },
      { date: '2026-12-06', item_id: 2, name: 'Mesa redonda', rented: 20, owned: 20 },
    ]);
  });

  it('finds the products a rental asks more of than are free that day, its lines of one product added up', () => {
    const lines = [
      { item_id: 1, name: 'Silla Tiffany dorada', quantity: 30 },
      { item_id: 1, name: 'Silla Tiffany dorada', quantity: 30 },
      { item_id: 2, name: 'Mesa redonda', quantity: 5 },
    ];
    expect(rentalShortages(pieces, '2026-12-05', lines)).toEqual([{ item_id: 1, name: 'Silla Tiffany dorada', wanted: 60, available: 50 }]);
    // The next day the chairs are free and the tables all taken.
    expect(rentalShortages(pieces, '2026-12-06', lines)).toEqual([{ item_id: 2, name: 'Mesa redonda', wanted: 5, available: 0 }]);
    expect(rentalShortages(pieces, '2026-12-07', lines)).toEqual([]);
  });

  it('counts a product the business does not own as none free', () => {
    expect(rentalShortages(pieces, '2026-12-05', [{ item_id: 9, name: 'Carpa', quantity: 1 }])).toEqual([
      { item_id: 9, name: 'Carpa', wanted: 1, available: 0 },
    ]);
  });
});
