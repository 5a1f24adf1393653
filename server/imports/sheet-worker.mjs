// An uploaded .xlsx read in a worker thread (read-file.ts starts one per file): inflating and
// parsing a sheet of 10,000 rows takes seconds of CPU, and on the server's own thread every other
// request (and the embedded database, which runs there) would wait as long. Plain JavaScript so
// that node loads it as it is, beside the compiled server too (scripts/build-server.mjs copies it).
// Answers `{ rows }` or `{ problem: 'tooBig' | 'unreadable' | 'formula', cell }`.
import { parentPort, workerData } from 'node:worker_threads';
import { Unzip, UnzipInflate } from 'fflate';
import { readSheet } from 'read-excel-file/node';

/** @type {{ bytes: Uint8Array, inflatedBytes: number, entries: number }} */
const { bytes, inflatedBytes, entries: maxEntries } = workerData;

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

const problem = inspect();
if (problem) parentPort.postMessage(problem);
else {
  try {
    parentPort.postMessage({ rows: await readSheet(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), { trim: false }) });
  } catch {
    parentPort.postMessage({ problem: 'unreadable' });
  }
}
