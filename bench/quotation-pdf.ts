// Time to produce a 30-line quotation PDF on the server (docs/architecture.md, performance budgets).
//
// Builds the document model of a 30-line quotation and draws it with the same code the
// server runs for GET /api/v2/quotations/{id}/pdf and e-mail attachments (pdf-lib, in this
// Node process). The first run is reported on its own (fonts embedded for the first time, code
// not yet optimized by the JIT: what the first PDF after a start costs), then the median and
// p95 of the next runs. The database read (one query) is not included.
//
// Usage: npm run bench:pdf   (PDF_BENCH_RUNS to change the number of timed runs, 50)
import { performance } from 'node:perf_hooks';
import { DEPLOYMENTS } from '../domain/deployment';
import { drawDocumentPdf } from '../domain/documents/pdf';
import { quotationDocument } from '../domain/documents/quotation-document';
import { quotationFixture } from '../domain/documents/test-fixtures';
import { roundCents } from '../domain/sales';

const LINES = 30;
const runs = Number(process.env.PDF_BENCH_RUNS ?? 50);

const items = Array.from({ length: LINES }, (_, i) => {
  const quantity = 1 + (i % 7) * 2.5;
  const price = 18.5 + i * 3.25;
  return {
    id: i + 1,
    item_id: i + 1,
    // Every fifth name is long enough to wrap in its cell, as real product names sometimes are.
    name:
      i % 5 === 0 ? `Producto ${i + 1}: caja de jitomate saladette de primera, selección especial para restaurante` : `Producto ${i + 1}`,
    macro: null,
    unit: i % 3 === 0 ? 'caja' : 'kg',
    quantity,
    price,
    amount: roundCents(quantity * price),
  };
});
const subtotal = roundCents(items.reduce((sum, line) => sum + line.amount, 0));
const iva = roundCents(subtotal * 0.16);
const sale = quotationFixture({ items, subtotal, iva, total: roundCents(subtotal + iva) });
const identity = DEPLOYMENTS.frutas.identity;

async function once(): Promise<{ ms: number; bytes: number }> {
  const start = performance.now();
  const pdf = await drawDocumentPdf(quotationDocument(sale, identity, 'full'));
  return { ms: performance.now() - start, bytes: pdf.byteLength };
}

const first = await once();
const times: number[] = [];
let size = 0;
for (let i = 0; i < runs; i += 1) {
  const { ms, bytes } = await once();
  times.push(ms);
  size = bytes;
}
times.sort((a, b) => a - b);
const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))]!;

console.log(`Quotation PDF, ${LINES} lines (Letter, Helvetica), drawn in Node ${process.version}`);
console.log(`  first run:        ${first.ms.toFixed(1)} ms`);
console.log(`  median of ${runs}:     ${at(0.5).toFixed(1)} ms`);
console.log(`  p95:              ${at(0.95).toFixed(1)} ms`);
console.log(`  size:             ${(size / 1024).toFixed(1)} KB`);
