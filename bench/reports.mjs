// Report latency on the 100k bench seed: each report read of
// /reports, /items-report, /huecos, /utilities, /costs (and /balances when it answers), asked
// one at a time over a one-month and a one-year period, prints its median and p95. Run
// `npm run seed:bench` first with the same DATABASE_URL (or BENCH_DATA_DIR for PGlite).
//
//   DATABASE_URL=postgresql://… npm run bench:reports     # PostgreSQL
//   npm run bench:reports                                 # embedded PGlite in .tmp/bench-data
//
// BENCH_RUNS (30) timed requests per read after BENCH_WARMUP (5); BENCH_MONTH (2025-06) and
// BENCH_YEAR (2025) choose the periods, inside the bench seed's 2020-01-01 + 2,500 days.
import path from 'node:path';
import { percentile, startReadServer } from './read-server.mjs';

const root = path.resolve(import.meta.dirname, '..');
const RUNS = Number(process.env.BENCH_RUNS ?? 30);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 5);
const MONTH = process.env.BENCH_MONTH ?? '2025-06';
const YEAR = process.env.BENCH_YEAR ?? '2025';
const dataDir = path.resolve(process.env.BENCH_DATA_DIR ?? path.join(root, '.tmp', 'bench-data'));
const database = process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite';

const lastDay = (month) => {
  const [y, m] = month.split('-').map(Number);
  return `${month}-${String(new Date(Date.UTC(y, m, 0)).getUTCDate()).padStart(2, '0')}`;
};
const PERIODS = [
  { name: 'un mes', from: `${MONTH}-01`, to: lastDay(MONTH), year: MONTH.slice(0, 4) },
  { name: 'un año', from: `${YEAR}-01-01`, to: `${YEAR}-12-31`, year: YEAR },
];

/** The reads, each a request for a period; `periodless` ones are measured once. */
const READS = [
  { name: 'GET report/sum_total_indicators', url: (p) => `/api/v2/report/sum_total_indicators?filter[date_between]=${p.from},${p.to}` },
  { name: 'GET report/sales_by_day', url: (p) => `/api/v2/report/sales_by_day?filter[date_between]=${p.from},${p.to}` },
  { name: 'GET report/collection_total', url: (p) => `/api/v2/report/collection_total?filter[date_between]=${p.from},${p.to}` },
  { name: 'GET report/utilities', url: (p) => `/api/v2/report/utilities?filter[date_between]=${p.from},${p.to}` },
  { name: 'GET report/items (page of 15)', url: (p) => `/api/v2/report/items?filter[date_between]=${p.from},${p.to}&itemsPerPage=15` },
  {
    name: 'GET report/items (top 10 by cost)',
    url: (p) => `/api/v2/report/items?filter[date_between]=${p.from},${p.to}&itemsPerPage=10&sort=-cost`,
  },
  { name: 'GET expenses-summary', url: (p) => `/api/v2/expenses-summary?filter[date_between]=${p.from},${p.to}` },
  { name: 'GET expenses (page of 15)', url: (p) => `/api/v2/expenses?filter[date_between]=${p.from},${p.to}&itemsPerPage=15` },
  { name: 'POST saleman_report', url: () => '/api/v2/saleman_report', body: (p) => ({ date_from: p.from, date_to: p.to }) },
  { name: 'GET huecos (the year)', url: (p) => `/api/v2/huecos?year=${p.year}`, perYear: true },
  { name: 'GET report/due_balance_report', url: () => '/api/v2/report/due_balance_report', periodless: true },
  { name: 'GET balances (page of 15)', url: () => '/api/v2/balances?itemsPerPage=15', periodless: true, optional: true },
];

const { base, token: access_token, stop } = await startReadServer(root, dataDir);

try {
  const headers = { authorization: `Bearer ${access_token}`, 'content-type': 'application/json' };
  const ask = async (read, period) => {
    const started = performance.now();
    const response = await fetch(`${base}${read.url(period)}`, {
      method: read.body ? 'POST' : 'GET',
      headers,
      body: read.body ? JSON.stringify(read.body(period)) : undefined,
    });
    const body = await response.text();
    return { ms: performance.now() - started, status: response.status, bytes: body.length };
  };

  const indicators = await (await fetch(`${base}${READS[0].url(PERIODS[1])}`, { headers })).json();
  console.log(
    `${database}: ${YEAR}: ${indicators.data.sales_count} ventas, ${indicators.data.collections_total.toLocaleString('es-MX')} cobrados; ${RUNS} pedidos por lectura tras ${WARMUP} de calentamiento, uno a la vez`,
  );
  console.log(['lectura'.padEnd(38), 'periodo'.padEnd(8), 'mediana'.padStart(9), 'p95'.padStart(9), 'respuesta'.padStart(11)].join(' '));
  for (const read of READS) {
    const periods = read.periodless ? [{ name: '—' }] : read.perYear ? [PERIODS[1]] : PERIODS;
    for (const period of periods) {
      const first = await ask(read, period);
      if (first.status !== 200 && first.status !== 201) {
        console.log(`${read.name.padEnd(38)} ${period.name.padEnd(8)} ${read.optional ? 'no disponible' : 'ERROR'} (${first.status})`);
        continue;
      }
      for (let i = 1; i < WARMUP; i++) await ask(read, period);
      const times = [];
      for (let i = 0; i < RUNS; i++) times.push((await ask(read, period)).ms);
      times.sort((a, b) => a - b);
      const cell = (ms) => `${ms.toFixed(1)} ms`.padStart(9);
      console.log(
        [
          read.name.padEnd(38),
          period.name.padEnd(8),
          cell(percentile(times, 50)),
          cell(percentile(times, 95)),
          `${(first.bytes / 1024).toFixed(1)} KB`.padStart(11),
        ].join(' '),
      );
    }
  }
} finally {
  stop();
}
