import { Worker } from 'node:worker_threads';
import { IMPORT_LIMITS, type Cell } from '../../domain/imports';
import { importMessages } from '../../domain/messages/imports';
import { HttpError } from '../http-errors';

const text = importMessages;
const ZIP_MAGIC = [0x50, 0x4b, 0x03, 0x04];
/** The parts a spreadsheet may have: a few dozen are usual. */
const ZIP_ENTRIES = 1_000;

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
 * formula on export). Either is parsed in a worker thread, off the one that answers everyone.
 * Then rows, columns and cell lengths are bounded.
 */
export async function readImportFile(bytes: Buffer): Promise<SheetRows> {
  if (bytes.length === 0) throw new HttpError(422, text.fileEmpty);
  if (bytes.length > IMPORT_LIMITS.bytes) throw new HttpError(413, text.fileTooLarge);
  const isZip = ZIP_MAGIC.every((byte, index) => bytes[index] === byte);
  const rows = isZip ? await readXlsx(bytes) : await readOffThread(bytes, 'csv');
  return bounded(rows);
}

/** A zip's central directory, as its entries declare themselves: their count and what they say they inflate to. */
function declaredZip(bytes: Buffer): { entries: number; inflated: number } | null {
  // The end record (PK\x05\x06) is in the last 22 bytes plus a comment of up to 64 KB.
  const end = bytes.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]), bytes.length - 22);
  if (end < 0 || end < bytes.length - 22 - 0xffff) return null;
  const count = bytes.readUInt16LE(end + 10);
  let at = bytes.readUInt32LE(end + 16);
  let inflated = 0;
  for (let entry = 0; entry < count; entry++) {
    if (at + 46 > bytes.length || bytes.readUInt32LE(at) !== 0x02014b50) return null;
    // 0xFFFFFFFF defers to a ZIP64 field: more than 4 GB, well past any limit.
    inflated += bytes.readUInt32LE(at + 24);
    at += 46 + bytes.readUInt16LE(at + 28) + bytes.readUInt16LE(at + 30) + bytes.readUInt16LE(at + 32);
  }
  return { entries: count, inflated };
}

const SHEET_WORKER = new URL('./sheet-worker.mjs', import.meta.url);
/** Room for a sheet of the largest file allowed; past it the worker ends, not the server. */
const SHEET_WORKER_HEAP_MB = 512;
type SheetAnswer = { rows: Cell[][] } | { problem: 'tooBig' | 'unreadable' } | { problem: 'formula'; cell: string };

/**
 * An .xlsx: refused at once when its directory declares more than the limits allow (a zip bomb
 * says so, mostly), then inflated and parsed in the worker thread, which also counts what really
 * inflates, for a zip that lies about its sizes.
 */
async function readXlsx(bytes: Buffer): Promise<Cell[][]> {
  const declared = declaredZip(bytes);
  if (!declared) throw new HttpError(422, text.fileUnreadable);
  if (declared.entries > ZIP_ENTRIES || declared.inflated > IMPORT_LIMITS.inflatedBytes) throw new HttpError(422, text.fileTooBig);
  return readOffThread(bytes, 'xlsx');
}

/** The file's rows read by the worker thread (sheet-worker.mjs), or its problem as the import says it. */
async function readOffThread(bytes: Buffer, format: 'xlsx' | 'csv'): Promise<Cell[][]> {
  // The worker gets its own copy of the file, moved to it rather than copied again.
  const own = new Uint8Array(bytes);
  const answer = await new Promise<SheetAnswer>((resolve) => {
    const worker = new Worker(SHEET_WORKER, {
      workerData: { bytes: own, format, inflatedBytes: IMPORT_LIMITS.inflatedBytes, entries: ZIP_ENTRIES, rows: IMPORT_LIMITS.rows + 50 },
      transferList: [own.buffer],
      resourceLimits: { maxOldGenerationSizeMb: SHEET_WORKER_HEAP_MB },
    });
    worker.once('message', (message: SheetAnswer) => {
      resolve(message);
      void worker.terminate();
    });
    // Out of memory, or ended without answering: a file it could not read.
    worker.once('error', () => resolve({ problem: 'unreadable' }));
    worker.once('exit', () => resolve({ problem: 'unreadable' }));
  });
  if ('rows' in answer) return answer.rows;
  if (answer.problem === 'formula') throw new HttpError(422, text.formula(answer.cell));
  throw new HttpError(422, answer.problem === 'tooBig' ? text.fileTooBig : text.fileUnreadable);
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
