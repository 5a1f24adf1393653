import type { RentalPieces } from '../schemas/rentals';

/**
 * Pieces per day (event rental): a rental holds its pieces on its event day (its `date`); the
 * business owns what is in stock plus what is out on rentals not yet picked up.
 */

export interface DayPieces {
  date: string;
  item_id: number;
  name: string;
  rented: number;
  owned: number;
}

const twoDecimals = (n: number) => Math.round(n * 100) / 100;

/** What is rented each day, product by product, beside what the business owns of it. */
export function rentedByDay(pieces: RentalPieces): DayPieces[] {
  const owned = new Map(pieces.owned.map((row) => [row.item_id, row]));
  return pieces.days
    .filter((row) => row.rented > 0)
    .map((row) => ({
      date: row.date,
      item_id: row.item_id,
      name: owned.get(row.item_id)?.name ?? '',
      rented: row.rented,
      owned: owned.get(row.item_id)?.owned ?? 0,
    }));
}

export interface PieceShortage {
  item_id: number;
  name: string;
  wanted: number;
  /** Owned less what other rentals hold that day (below zero when already overbooked). */
  available: number;
}

/** The products a rental on `date` asks more pieces of than are free that day (other rentals counted, not this one). */
export function rentalShortages(
  pieces: RentalPieces,
  date: string,
  lines: readonly { item_id: number; name: string; quantity: number }[],
): PieceShortage[] {
  const wanted = new Map<number, { name: string; quantity: number }>();
  for (const line of lines) {
    const current = wanted.get(line.item_id);
    wanted.set(line.item_id, { name: line.name, quantity: twoDecimals((current?.quantity ?? 0) + line.quantity) });
  }
  const owned = new Map(pieces.owned.map((row) => [row.item_id, row.owned]));
  const rented = new Map(pieces.days.filter((row) => row.date === date).map((row) => [row.item_id, row.rented]));
  const shortages: PieceShortage[] = [];
  for (const [itemId, line] of wanted) {
    const available = twoDecimals((owned.get(itemId) ?? 0) - (rented.get(itemId) ?? 0));
    if (line.quantity > available) shortages.push({ item_id: itemId, name: line.name, wanted: line.quantity, available });
  }
  return shortages;
}
