import type { ImportKind } from '../../domain/import-kinds';
import { IMPORT_COLUMNS, inertText } from '../../domain/imports';
import { importMessages } from '../../domain/messages/imports';

const text = importMessages;

/** 'YYYY-MM-DD' as people in Mexico type a date, so a file that goes out comes back as it was typed. */
const dayMonthYear = (value: string) => value.replace(/^(\d{4})-(\d{2})-(\d{2})$/, '$3/$2/$1');
const DATE_FIELDS = new Set(['date', 'due_date']);

/**
 * A kind's workbook in the template's format: the 'Datos' sheet with its headers (and the
 * rows given, for an export) and the 'Instrucciones' sheet explaining each column in Spanish.
 * Written with SheetJS, which the product uses only to write (its reader has advisories).
 */
export async function importWorkbook(kind: ImportKind, data: readonly Record<string, string | number | null>[]): Promise<Buffer> {
  const XLSX = await import('xlsx');
  const columns = IMPORT_COLUMNS[kind];
  const rows = data.map((row) =>
    columns.map(({ key }) => {
      const value = row[key] ?? null;
      if (typeof value !== 'string') return value;
      return DATE_FIELDS.has(key) ? dayMonthYear(value) : inertText(value);
    }),
  );
  const book = XLSX.utils.book_new();
  const sheet = XLSX.utils.aoa_to_sheet([columns.map((col) => col.header), ...rows]);
  sheet['!cols'] = columns.map((col) => ({ wch: Math.max(12, col.header.length + 2) }));
  XLSX.utils.book_append_sheet(book, sheet, text.dataSheet);
  const help = XLSX.utils.aoa_to_sheet([
    [text.kinds[kind], text.kindHelp[kind]],
    [],
    [text.helpColumn, text.helpRequired, text.helpMeaning, text.helpExample],
    ...columns.map((col) => [col.header, col.required ? text.yes : text.no, col.help, col.example]),
    [],
    ...text.helpNotes.map((note) => [note]),
  ]);
  help['!cols'] = [{ wch: 26 }, { wch: 12 }, { wch: 70 }, { wch: 28 }];
  XLSX.utils.book_append_sheet(book, help, text.helpSheet);
  return XLSX.write(book, { type: 'buffer', bookType: 'xlsx', compression: true }) as Buffer;
}
