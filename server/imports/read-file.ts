import { Unzip, UnzipInflate } from 'fflate';
import iconv from 'iconv-lite';
import Papa from 'papaparse';
import { IMPORT_LIMITS, type Cell } from '../../domain/imports';
import { importMessages } from '../../domain/messages/imports';
import { HttpError } from '../http-errors';

const text = importMessages;
const ZIP_MAGIC = [0x50, 0x4b, 0x03, 0x04];

/** A file's first sheet as rows of cells, the header row first, with each row's number in the file. */
export interface SheetRows {
  rows: Cell[][];
  /** The spreadsheet's row number (1-based) of each entry of `rows`. */
  numbers: number[];
}

/**
 * Reads an uploaded spreadsheet: .xlsx (by its zip signature, whatever its name says) or CSV.
 * Spreadsheets are untrusted: the zip is inflated once first, counting, so a zip bomb or a
 * huge shared-strings part is refused before the reader holds it, and a formula is refused
 * (its cached value may not be what the sheet shows, and it would be written back as a
 * formula on export). Then rows, columns and cell lengths are bounded.
 */
export async function readImportFile(bytes: Buffer): Promise<SheetRows> {
  if (bytes.length === 0) throw new HttpError(422, text.fileEmpty);
  if (bytes.length > IMPORT_LIMITS.bytes) throw new HttpError(413, text.fileTooLarge);
  const isZip = ZIP_MAGIC.every((byte, index) => bytes[index] === byte);
  const rows = isZip ? await readXlsx(bytes) : readCsv(bytes);
  return bounded(rows);
}

function inspectZip(bytes: Uint8Array): void {
  let inflated = 0;
  let entries = 0;
  let problem: HttpError | null = null;
  const unzip = new Unzip((file) => {
    entries += 1;
    if (entries > 1_000) problem ??= new HttpError(422, text.fileTooBig);
    if (problem) return;
    const isSheet = /^xl\/worksheets\/sheet\d+\.xml$/.test(file.name);
    let tail = '';
    file.ondata = (error, chunk) => {
      if (problem) return;
      if (error) {
        problem = new HttpError(422, text.fileUnreadable);
        return;
      }
      inflated += chunk.length;
      if (inflated > IMPORT_LIMITS.inflatedBytes) {
        problem = new HttpError(422, text.fileTooBig);
        file.terminate();
        return;
      }
      if (!isSheet) return;
      const window = tail + Buffer.from(chunk).toString('latin1');
      const at = window.search(/<f[\s>/]/);
      if (at >= 0) {
        const cell = /<c r="([A-Z]{1,3}\d{1,7})"[^<]*$/.exec(window.slice(0, at))?.[1] ?? '';
        problem = new HttpError(422, text.formula(cell));
        file.terminate();
        return;
      }
      tail = window.slice(-600);
    };
    file.start();
  });
  unzip.register(UnzipInflate);
  try {
    unzip.push(bytes, true);
  } catch {
    problem ??= new HttpError(422, text.fileUnreadable);
  }
  if (problem) throw problem;
}

async function readXlsx(bytes: Buffer): Promise<Cell[][]> {
  inspectZip(bytes);
  const { readSheet } = await import('read-excel-file/node');
  try {
    return (await readSheet(bytes, { trim: false })) as unknown as Cell[][];
  } catch {
    throw new HttpError(422, text.fileUnreadable);
  }
}

/**
 * UTF-8 when the bytes are valid UTF-8 (a BOM is dropped), else Windows-1252, as Excel on Windows
 * saves CSV. Not Node's TextDecoder for the latter: it decodes that label as latin1, turning
 * ’ “ ” – — … € (bytes 0x80–0x9F) into invisible control characters.
 */
function decodeCsv(bytes: Buffer): string {
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    return iconv.decode(bytes, 'windows-1252');
  }
}

function readCsv(bytes: Buffer): Cell[][] {
  const source = decodeCsv(bytes);
  if (source.includes('\u0000')) throw new HttpError(422, text.fileUnreadable);
  const firstLine = source.slice(0, source.search(/\r?\n|$/));
  // The separator is the one the header uses most: ';' where Excel's list separator is ';'.
  const delimiter = [',', ';', '\t']
    .map((candidate) => [candidate, firstLine.split(candidate).length] as const)
    .sort((a, b) => b[1] - a[1])[0]![0];
  const parsed = Papa.parse<string[]>(source, { delimiter, skipEmptyLines: false, preview: IMPORT_LIMITS.rows + 50 });
  return parsed.data.map((row) => row.map((cell) => (cell.trim() === '' ? null : cell)));
}

/** Drops the empty rows and columns at the ends, refuses what is past the limits, and numbers the rows. */
function bounded(all: Cell[][]): SheetRows {
  const rows: Cell[][] = [];
  const numbers: number[] = [];
  all.forEach((row, index) => {
    if (row.every((cell) => cell === null || (typeof cell === 'string' && cell.trim() === ''))) return;
    rows.push(row);
    numbers.push(index + 1);
  });
  if (rows.length > IMPORT_LIMITS.rows + 1) throw new HttpError(422, text.tooManyRows(IMPORT_LIMITS.rows));
  for (const row of rows) {
    let width = row.length;
    while (width > 0 && row[width - 1] === null) width -= 1;
    if (width > IMPORT_LIMITS.columns) throw new HttpError(422, text.tooManyColumns(IMPORT_LIMITS.columns));
    row.length = width;
    for (const cell of row)
      if (typeof cell === 'string' && cell.length > IMPORT_LIMITS.cellChars)
        throw new HttpError(422, text.cellTooLong(IMPORT_LIMITS.cellChars));
  }
  return { rows, numbers };
}
