import { messages } from '../../../domain/messages';
import type { Shipping } from '../../../domain/schemas/shipping';

const columns = messages.shippings.columns;
const person = (p: { name: string; last: string } | null) => (p ? `${p.name} ${p.last}` : '');
/** 'YYYY-MM-DD' as a local calendar date, so the cell shows that day in any time zone. */
const calendarDate = (date: string) => {
  const [y, m, d] = date.split('-').map(Number);
  return new Date(y!, m! - 1, d!);
};

/** The visible columns of the current page, with real values: dates as dates, numbers as numbers. */
export function exportRows(shippings: readonly Shipping[]): Record<string, string | number | Date | null>[] {
  return shippings.map((s) => ({
    [columns.folio]: s.id,
    [columns.driver]: person(s.driver),
    [columns.date]: calendarDate(s.date),
    [columns.vehicle]: s.vehicle?.name ?? '',
    [columns.weight]: s.weight,
    [columns.initialKm]: s.initial_km,
    [columns.finalKm]: s.final_km,
    [columns.note]: s.note ?? '',
    [columns.route]: s.route,
    [columns.createdAt]: new Date(s.created_at),
    [columns.updatedAt]: new Date(s.updated_at),
  }));
}

/**
 * Writes 'Lista de Envíos.xlsx' (spec §2). xlsx is loaded only here, and only writes:
 * it is never given a file to read (toolchain-facts.md).
 */
export async function exportShippings(shippings: readonly Shipping[]): Promise<void> {
  const XLSX = await import('xlsx');
  const rows = exportRows(shippings);
  const sheet = XLSX.utils.json_to_sheet(rows, { cellDates: true, dateNF: 'dd/mm/yyyy' });
  // Creación and Edición are moments: they keep their time of day.
  const header = Object.keys(rows[0] ?? {});
  for (const column of [columns.createdAt, columns.updatedAt]) {
    const c = header.indexOf(column);
    for (let r = 1; r <= rows.length && c >= 0; r++) {
      const cell = sheet[XLSX.utils.encode_cell({ r, c })];
      if (cell) cell.z = 'dd/mm/yyyy hh:mm';
    }
  }
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, sheet, messages.shippings.exportSheet);
  XLSX.writeFile(book, messages.shippings.exportFile, { compression: true });
}
