// 'Importar' at the sizes the issue names: 10,000 customers (one branch and one contact each),
// 10,000 products, and 50,000 opening-balance lines, each as .xlsx and as CSV, first checked
// (preview) then imported, against a real server process on a fresh demo database (the embedded
// PGlite by default, PostgreSQL with DATABASE_URL). Prints the time of each request and the
// server's peak resident memory (VmHWM) after each kind, beside its budget (300 MB on the
// embedded database, 150 MB on PostgreSQL: docs/architecture.md), and how long /healthz took to
// answer while each request ran (asked again as soon as it answers; its max and p99, budget 200 ms:
// every other user waits as long). Then two zip bombs: one whose parts declare their real size and
// one that lies about it. Asserts nothing.
// Usage: npm run bench:imports   (BENCH_COMPILED=1 for the compiled server; BENCH_KINDS=customers for one kind).
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { strToU8, zipSync } from 'fflate';
import * as XLSX from 'xlsx';
import { login, startServer } from './processes';

const CUSTOMERS = Number(process.env.BENCH_CUSTOMERS ?? 10_000);
const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 10_000);
const BALANCES = Number(process.env.BENCH_BALANCES ?? 50_000);
const KINDS = (process.env.BENCH_KINDS ?? 'customers,products,balances').split(',');
const HEALTH_BUDGET_MS = 200;

const memory = (pid: number, field: 'VmRSS' | 'VmHWM') =>
  Number(
    /(\d+)/.exec(
      readFileSync(`/proc/${pid}/status`, 'utf8')
        .split('\n')
        .find((line) => line.startsWith(`${field}:`)) ?? '',
    )?.[1] ?? 0,
  ) / 1024;

const xlsx = (rows: unknown[][]) => {
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(rows), 'Datos');
  return XLSX.write(book, { type: 'buffer', bookType: 'xlsx', compression: true }) as Buffer;
};
const csv = (rows: unknown[][]) =>
  Buffer.from(rows.map((row) => row.map((cell) => (cell === null ? '' : String(cell))).join(';')).join('\r\n'), 'utf8');

/** A valid RFC per customer: a real date from n, and n itself in base 36 as the homoclave. */
const rfc = (n: number) =>
  `BEN${String(n % 100).padStart(2, '0')}${String(1 + (n % 12)).padStart(2, '0')}${String(1 + (n % 28)).padStart(2, '0')}${n.toString(36).toUpperCase().padStart(3, '0').slice(-3)}`;
const ean = (n: number) => {
  const body = `750${String(n).padStart(9, '0')}`;
  const sum = [...body].reduce((total, digit, index) => total + Number(digit) * (index % 2 === 0 ? 1 : 3), 0);
  return `${body}${(10 - (sum % 10)) % 10}`;
};

const customerRows = [
  [
    'Nombre',
    'Razón social',
    'RFC',
    'Días de crédito',
    'Dirección de entrega',
    'Sucursal',
    'Dirección de sucursal',
    'Contacto',
    'Correo del contacto',
  ],
  ...Array.from({ length: CUSTOMERS }, (_, n) => [
    `Cliente ${n}`,
    `Cliente de prueba ${n} SA de CV`,
    rfc(n),
    (n % 4) * 7,
    `Calle ${n} #${n % 300}, Monterrey`,
    `Sucursal ${n}`,
    `Av. Sucursal ${n}, San Nicolás`,
    `Persona ${n}`,
    `persona${n}@cliente.mx`,
  ]),
];
const productRows = [
  ['Nombre', 'Unidad', 'EAN-13', 'Precio', 'Costo', 'Peso (kg)'],
  ...Array.from({ length: PRODUCTS }, (_, n) => [
    `Producto de prueba ${n}`,
    'kg',
    ean(n),
    (10 + (n % 90)).toFixed(2),
    (7 + (n % 60)).toFixed(2),
    1,
  ]),
];
const balanceRows = [
  ['Cliente', 'Folio', 'Fecha', 'Días de crédito', 'Importe'],
  ...Array.from({ length: BALANCES }, (_, n) => [
    rfc(n % CUSTOMERS),
    `B-${n}`,
    `${String(1 + (n % 28)).padStart(2, '0')}/${String(1 + (n % 10)).padStart(2, '0')}/2026`,
    15,
    (100 + (n % 5000)).toFixed(2),
  ]),
];

/** A spreadsheet whose sheet is 120 MB of spaces, under 1 MB zipped; `lying` rewrites the sizes its headers declare to 1 KB. */
const zipBomb = (lying: boolean) => {
  const bytes = Buffer.from(
    zipSync(
      {
        '[Content_Types].xml': strToU8(
          '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>',
        ),
        'xl/workbook.xml': strToU8('<workbook/>'),
        'xl/worksheets/sheet1.xml': new Uint8Array(120 * 1024 * 1024).fill(32),
      },
      { level: 9 },
    ),
  );
  if (!lying) return bytes;
  // Each local header (PK\x03\x04) holds the inflated size at +22, each central entry (PK\x01\x02) at +24.
  for (let at = bytes.indexOf('PK\x03\x04'); at >= 0; at = bytes.indexOf('PK\x03\x04', at + 4)) bytes.writeUInt32LE(1024, at + 22);
  for (let at = bytes.indexOf('PK\x01\x02'); at >= 0; at = bytes.indexOf('PK\x01\x02', at + 4)) bytes.writeUInt32LE(1024, at + 24);
  return bytes;
};

/** /healthz asked again as soon as it answers until `work` settles: how long each answer took, in ms. */
async function healthWhile<T>(url: string, work: Promise<T>): Promise<{ result: T; latencies: number[] }> {
  let done = false;
  const settled = work.finally(() => (done = true));
  const latencies: number[] = [];
  const probe = (async () => {
    while (!done) {
      const started = performance.now();
      await fetch(`${url}/healthz`).then((response) => response.arrayBuffer());
      latencies.push(performance.now() - started);
    }
  })();
  const result = await settled;
  await probe;
  return { result, latencies };
}
const healthLine = (latencies: number[]) => {
  if (latencies.length === 0) return 'healthz —';
  const sorted = [...latencies].sort((a, b) => a - b);
  const max = sorted.at(-1)!;
  const p99 = sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.99))]!;
  return `healthz max ${max.toFixed(0)} ms, p99 ${p99.toFixed(0)} ms (${latencies.length} asked) ${max <= HEALTH_BUDGET_MS ? 'OK' : 'OVER'}`;
};

const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-imports-'));
const env: Record<string, string> = {
  DATA_DIR: dataDir,
  DEMO_SEED: 'true',
  ...(process.env.BENCH_NODE_OPTIONS ? { NODE_OPTIONS: process.env.BENCH_NODE_OPTIONS } : {}),
  ...(process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : {}),
};
const server = await startServer(env);
const pid = server.process.pid!;
const budget = process.env.DATABASE_URL ? 150 : 300;
try {
  const token = await login(server.url, 'admin@demo.mx');
  console.log(`server ${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'}; resident at start ${memory(pid, 'VmRSS').toFixed(0)} MB`);
  const send = async (kind: string, body: Buffer, file: string, commit: boolean) => {
    const started = performance.now();
    const request = fetch(`${server.url}/api/v2/imports/${kind}${commit ? '' : '/preview'}?file=${encodeURIComponent(file)}`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': 'application/octet-stream',
        ...(commit && { 'idempotency-key': `bench-${kind}-${file.replace(/\W/g, '-')}-${Date.now()}` }),
      },
      body: new Uint8Array(body),
    }).then(async (response) => ({ response, body: await response.text() }));
    const {
      result: { response, body: text },
      latencies,
    } = await healthWhile(server.url, request);
    const answer = JSON.parse(text) as {
      rows?: number;
      create?: number;
      update?: number;
      unchanged?: number;
      error_count?: number;
      message?: string;
    };
    const seconds = (performance.now() - started) / 1000;
    console.log(
      `  ${commit ? 'import ' : 'preview'} ${file.padEnd(16)} ${(body.length / 1024 / 1024).toFixed(1).padStart(5)} MB  ${response.status}  ${seconds.toFixed(1).padStart(5)} s  ` +
        `rows ${answer.rows ?? '—'}, new ${answer.create ?? '—'}, updated ${answer.update ?? '—'}, unchanged ${answer.unchanged ?? '—'}, errors ${answer.error_count ?? answer.message ?? '—'}; ` +
        `server peak ${memory(pid, 'VmHWM').toFixed(0)} MB; ${healthLine(latencies)}`,
    );
  };
  for (const [kind, rows, name] of [
    ['customers', customerRows, 'clientes'],
    ['products', productRows, 'productos'],
    ['balances', balanceRows, 'saldos'],
  ] as const) {
    if (!KINDS.includes(kind)) continue;
    console.log(`${kind}: ${rows.length - 1} rows`);
    await send(kind, xlsx(rows as unknown[][]), `${name}.xlsx`, false);
    await send(kind, csv(rows as unknown[][]), `${name}.csv`, false);
    await send(kind, xlsx(rows as unknown[][]), `${name}.xlsx`, true);
    // The same file again: everything is found, nothing is written twice.
    await send(kind, csv(rows as unknown[][]), `${name}.csv`, true);
    const peak = memory(pid, 'VmHWM');
    console.log(
      `  server peak resident so far: ${peak.toFixed(0)} MB (budget ${budget} MB) ${peak <= budget ? 'OK' : 'OVER'}; now ${memory(pid, 'VmRSS').toFixed(0)} MB`,
    );
  }
  console.log('zip bombs: 120 MB of spaces, under 1 MB zipped');
  await send('customers', zipBomb(false), 'bomba.xlsx', false);
  await send('customers', zipBomb(true), 'bomba-miente.xlsx', false);
} finally {
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
