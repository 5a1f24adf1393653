export type SheetCell = string | number | Date | null;

/**
 * Writes the rows of the page on screen as an Excel file (spec §2: export of the current
 * page). Cells keep their real values: numbers as numbers, dates as dates ('dd/mm/yyyy'),
 * and the `moments` columns (created, edited) with their time of day. xlsx is loaded only
 * here, and only writes: it is never given a file to read (toolchain-facts.md).
 */
export async function writeSheet({
  file,
  sheet: sheetName,
  rows,
  moments = [],
}: {
  file: string;
  sheet: string;
  rows: Record<string, SheetCell>[];
  moments?: readonly string[];
}): Promise<void> {
  const XLSX = await import('xlsx');
  const sheet = XLSX.utils.json_to_sheet(rows, { cellDates: true, dateNF: 'dd/mm/yyyy' });
  const header = Object.keys(rows[0] ?? {});
  for (const column of moments) {
    const c = header.indexOf(column);
    for (let r = 1; r <= rows.length && c >= 0; r++) {
      const cell = sheet[XLSX.utils.encode_cell({ r, c })];
      if (cell) cell.z = 'dd/mm/yyyy hh:mm';
    }
  }
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, sheet, sheetName);
  XLSX.writeFile(book, file, { compression: true });
}

/** 'YYYY-MM-DD' as a local calendar date, so the cell shows that day in any time zone. */
export function calendarDate(date: string): Date {
  const [y, m, d] = date.slice(0, 10).split('-').map(Number);
  return new Date(y!, m! - 1, d!);
}
