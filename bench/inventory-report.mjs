// Inventory report latency on the bench seed: GET
// /api/v2/inventory_report by card and by detail, and one item's card, each asked one at a
// time over a one-month and a one-year period; prints the median and p95. Run
// `npm run seed:bench` first with the same DATABASE_URL (or BENCH_DATA_DIR for PGlite).
//
//   DATABASE_URL=postgresql://… npm run bench:inventory     # PostgreSQL
//   npm run bench:inventory                                 # embedded PGlite in .tmp/bench-data
//
// BENCH_RUNS (30) timed requests per read after BENCH_WARMUP (5); BENCH_MONTH (2025-06) and
// BENCH_YEAR (2025) choose the periods, inside the bench seed's 2020-01-01 + 2,500 days. On a
// demo database (an empty BENCH_DATA_DIR seeds one) choose the current month and year.
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
  { name: 'un mes', from: `${MONTH}-01`, to: lastDay(MONTH) },
  { name: 'un año', from: `${YEAR}-01-01`, to: `${YEAR}-12-31` },
];

/** The reads the screens make: the card's first page and every item (its export of 'Todos'), the detail's first page, one item's card. */
const READS = [
  {
    name: 'card (página de 15)',
    url: (p) => `/api/v2/inventory_report?type=card&filter[date_between]=${p.from},${p.to}&page=1&itemsPerPage=15`,
  },
  { name: 'card (todos, por valor)', url: (p) => `/api/v2/inventory_report?type=card&filter[date_between]=${p.from},${p.to}&sort=-value` },
  {
    name: 'card (una sucursal)',
    url: (p, b) =>
      `/api/v2/inventory_report?type=card&filter[date_between]=${p.from},${p.to}&filter[branch_id]=${b.branch}&page=1&itemsPerPage=15`,
  },
  {
    name: 'detail (página de 15)',
    url: (p) => `/api/v2/inventory_report?type=detail&filter[date_between]=${p.from},${p.to}&page=1&itemsPerPage=15`,
  },
  {
    name: 'detail (mermas, página de 15)',
    url: (p) => `/api/v2/inventory_report?type=detail&filter[date_between]=${p.from},${p.to}&filter[source]=merma&page=1&itemsPerPage=15`,
  },
  {
    name: 'detail (un producto, pág. 15)',
    url: (p, b) =>
      `/api/v2/inventory_report?type=detail&filter[date_between]=${p.from},${p.to}&filter[item_id]=${b.item}&page=1&itemsPerPage=15`,
  },
  {
    name: 'tarjeta de un producto (pág. 15)',
    url: (p, b) => `/api/v2/inventory_report/${b.item}?filter[date_between]=${p.from},${p.to}&page=1&itemsPerPage=15`,
  },
];

const { base, token: access_token, stop } = await startReadServer(root, dataDir);

try {
  const headers = { authorization: `Bearer ${access_token}` };
  const ask = async (url) => {
    const started = performance.now();
    const response = await fetch(`${base}${url}`, { headers });
    const body = await response.text();
    return { ms: performance.now() - started, status: response.status, bytes: body.length, body };
  };

  // The item with the most movements of the year and the first branch: the heaviest card.
  const year = PERIODS[1];
  const top = JSON.parse(
    (await ask(`/api/v2/inventory_report?type=card&filter[date_between]=${year.from},${year.to}&sort=-entries&page=1&itemsPerPage=1`)).body,
  );
  const branches = JSON.parse((await ask('/api/v2/branches')).body);
  const detail = JSON.parse(
    (await ask(`/api/v2/inventory_report?type=detail&filter[date_between]=${year.from},${year.to}&itemsPerPage=1`)).body,
  );
  const ids = { item: top.data[0]?.item_id ?? 1, branch: branches.data[0]?.id ?? 1 };
  console.log(
    `${database}: ${YEAR}: ${detail.meta.total.toLocaleString('es-MX')} movimientos, ${top.meta.total} productos, ${branches.data.length} sucursales; ` +
      `${RUNS} pedidos por lectura tras ${WARMUP} de calentamiento, uno a la vez`,
  );
  console.log(['lectura'.padEnd(40), 'periodo'.padEnd(8), 'mediana'.padStart(9), 'p95'.padStart(9), 'respuesta'.padStart(11)].join(' '));
  for (const read of READS) {
    for (const period of PERIODS) {
      const url = read.url(period, ids);
      const first = await ask(url);
      if (first.status !== 200) {
        console.log(`${read.name.padEnd(40)} ${period.name.padEnd(8)} ERROR (${first.status}) ${first.body.slice(0, 120)}`);
        process.exitCode = 1;
        continue;
      }
      for (let i = 1; i < WARMUP; i++) await ask(url);
      const times = [];
      for (let i = 0; i < RUNS; i++) times.push((await ask(url)).ms);
      times.sort((a, b) => a - b);
      const cell = (ms) => `${ms.toFixed(1)} ms`.padStart(9);
      console.log(
        [
          read.name.padEnd(40),
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
