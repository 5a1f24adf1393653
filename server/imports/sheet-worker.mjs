// An uploaded file read in a worker thread (read-file.ts starts one per file): inflating and
// parsing a sheet of 10,000 rows, or 50,000 lines of CSV, takes up to seconds of CPU, and on the
// server's own thread every other request (and the embedded database, which runs there) would wait
// as long. Plain JavaScript so that node loads it as it is, beside the compiled server too
// (scripts/build-server.mjs copies it). Answers `{ rows }` or
// `{ problem: 'tooBig' | 'unreadable' | 'formula', cell }`.
import { parentPort, workerData } from 'node:worker_threads';
import { Unzip, UnzipInflate } from 'fflate';
import iconv from 'iconv-lite';
import Papa from 'papaparse';
import { readSheet } from 'read-excel-file/node';

/** @type {{ bytes: Uint8Array, format: 'xlsx' | 'csv', inflatedBytes: number, entries: number, rows: number }} */
const { bytes, format, inflatedBytes, entries: maxEntries, rows: maxRows } = workerData;

/**
 * The zip inflated once, counting, before the reader holds it: a part that inflates past the
 * limit whatever its header declared, or a formula (its cached value may not be what the sheet
 * shows, and it would be written back as a formula on export), is refused.
 */
function inspect() {
  let inflated = 0;
  let entries = 0;
  /** @type {{ problem: string, cell?: string } | null} */
  let problem = null;
  const unzip = new Unzip((file) => {
    entries += 1;
    if (entries > maxEntries) problem ??= { problem: 'tooBig' };
    if (problem) return;
    const isSheet = /^xl\/worksheets\/sheet\d+\.xml$/.test(file.name);
    let tail = '';
    file.ondata = (error, chunk) => {
      if (problem) return;
      if (error) {
        problem = { problem: 'unreadable' };
        return;
      }
      inflated += chunk.length;
      if (inflated > inflatedBytes) {
        problem = { problem: 'tooBig' };
        file.terminate();
        return;
      }
      if (!isSheet) return;
      const window = tail + Buffer.from(chunk).toString('latin1');
      const at = window.search(/<f[\s>/]/);
      if (at >= 0) {
        problem = { problem: 'formula', cell: /<c r="([A-Z]{1,3}\d{1,7})"[^<]*$/.exec(window.slice(0, at))?.[1] ?? '' };
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
    problem ??= { problem: 'unreadable' };
  }
  return problem;
}

/**
 * UTF-8 when the bytes are valid UTF-8 (a BOM is dropped), else Windows-1252, as Excel on Windows
 * saves CSV. Not Node's TextDecoder for the latter: it decodes that label as latin1, turning
 * ’ “ ” – — … € (bytes 0x80–0x9F) into invisible control characters.
 */
function decodeCsv() {
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    return iconv.decode(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), 'windows-1252');
  }
}

function readCsv() {
  const source = decodeCsv();
  if (source.includes('\u0000')) return { problem: 'unreadable' };
  const firstLine = source.slice(0, source.search(/\r?\n|$/));
  // The separator is the one the header uses most: ';' where Excel's list separator is ';'.
  const delimiter = [',', ';', '\t'].map((candidate) => [candidate, firstLine.split(candidate).length]).sort((a, b) => b[1] - a[1])[0][0];
  const parsed = Papa.parse(source, { delimiter, skipEmptyLines: false, preview: maxRows });
  return { rows: parsed.data.map((row) => row.map((cell) => (cell.trim() === '' ? null : cell))) };
}

async function readXlsx() {
  const problem = inspect();
  if (problem) return problem;
  try {
    return { rows: await readSheet(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), { trim: false }) };
  } catch {
    return { problem: 'unreadable' };
  }
}

parentPort.postMessage(format === 'csv' ? readCsv() : await readXlsx());
