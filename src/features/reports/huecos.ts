import type * as z from 'zod/mini';
import type { huecosSchema } from '../../../domain/schemas/reads';
import type { SheetCell } from '../../ui/office-list/export-sheet';

/**
 * The huecos table (spec §9): which customers to show for a name typed, in which
 * order, and what a month's cell says. Pure, so the screen only draws.
 */
export type HuecosAnswer = z.infer<typeof huecosSchema>;
export type HuecosRow = HuecosAnswer['data'][number];

export type HuecosSort = { column: 'name' | 'huecos'; descending: boolean };

/** Lowercase without accents: 'Cocina Doña Mary' is found by 'dona'. */
const folded = (value: string) =>
  value
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();

export function filterHuecos(rows: readonly HuecosRow[], search: string): HuecosRow[] {
  const wanted = folded(search.trim());
  return wanted ? rows.filter((row) => folded(row.name).includes(wanted)) : [...rows];
}

/** By huecos (ties by name), or by name. */
export function sortHuecos(rows: readonly HuecosRow[], sort: HuecosSort): HuecosRow[] {
  const byName = (a: HuecosRow, b: HuecosRow) => a.name.localeCompare(b.name, 'es');
  const sign = sort.descending ? -1 : 1;
  return [...rows].sort((a, b) => (sort.column === 'huecos' ? sign * (a.huecos - b.huecos) || byName(a, b) : sign * byName(a, b)));
}

/** A header click: the same column flips, another starts descending for huecos (most gaps first) and ascending for names. */
export function nextHuecosSort(current: HuecosSort, column: HuecosSort['column']): HuecosSort {
  if (current.column === column) return { column, descending: !current.descending };
  return { column, descending: column === 'huecos' };
}

export type MonthCell = { kind: 'bought'; total: number } | { kind: 'gap' } | { kind: 'later' };

/** A month of a customer: what it bought, a gap (bought nothing), or a month still to come. */
export function monthCell(total: number | null | undefined): MonthCell {
  if (total === null || total === undefined) return { kind: 'later' };
  return total === 0 ? { kind: 'gap' } : { kind: 'bought', total };
}

/** The Excel rows: a customer, each month's total (empty where it bought nothing or the month has not come), its huecos. */
export function huecosExportRows(
  rows: readonly HuecosRow[],
  months: readonly string[],
  labels: { customer: string; huecos: string; gap: string; later: string },
): Record<string, SheetCell>[] {
  return rows.map((row) => ({
    [labels.customer]: row.name,
    ...Object.fromEntries(
      months.map((month) => {
        const cell = monthCell(row.months[month]);
        return [month, cell.kind === 'bought' ? cell.total : cell.kind === 'gap' ? labels.gap : labels.later];
      }),
    ),
    [labels.huecos]: row.huecos,
  }));
}

/** The years the picker offers: this one and the five before it. */
export function huecosYears(thisYear: number): number[] {
  return Array.from({ length: 6 }, (_, index) => thisYear - index);
}
