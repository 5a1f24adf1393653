// The office shippings list with "all" over about 3,000 routes (docs/architecture.md: renders and
// scrolls without jank). Uses the bench seed (`npm run seed:bench`: 100k routes, 40 a day, 5
// sales each), so a 75-day range holds 3,000 routes. Prints: the server's answer time for
// the whole set, the time from choosing 'Todos' to the rows on screen, the rows kept in the
// page, and frame times while scrolling from top to bottom.
//
//   npm run seed:bench && npm run bench:list
import path from 'node:path';
import { chromium } from '@playwright/test';
import { ensureChromium } from '../scripts/chromium.mjs';
import { serveBuiltApp, signInToken } from './serve.mjs';

const root = path.resolve(import.meta.dirname, '..');
const dataDir = path.resolve(process.env.BENCH_DATA_DIR ?? path.join(root, '.tmp', 'bench-data'));
const RANGE = ['2021-01-01', '2021-03-16'];
const { origin, stop } = await serveBuiltApp(dataDir, 22_000 + Math.floor(Math.random() * 1000));
let browser;
try {
  const token = await signInToken(origin, 'oficina@demo.mx');
  // As the app's list asks for it: deliveries with their sale's summary.
  const query = `filter[date_between]=${RANGE.join(',')}&include=shipping_details.summary`;
  const probe = await (
    await fetch(`${origin}/api/v2/shippings?${query}&itemsPerPage=1`, { headers: { authorization: `Bearer ${token}` } })
  ).json();
  const total = probe.meta.total;
  let started = performance.now();
  const all = await fetch(`${origin}/api/v2/shippings?${query}&itemsPerPage=${total}`, { headers: { authorization: `Bearer ${token}` } });
  const bytes = (await all.arrayBuffer()).byteLength;
  console.log(
    `routes in ${RANGE.join(' – ')}: ${total}; the server answers them all in ${Math.round(performance.now() - started)} ms (${(bytes / 1e6).toFixed(1)} MB JSON)`,
  );

  browser = await chromium.launch({ executablePath: ensureChromium(), args: ['--no-sandbox', '--disable-gpu'] });
  const page = await browser.newPage({ viewport: { width: 1366, height: 850 } });
  await page.goto(origin);
  await page.evaluate(
    ([value, range]) => {
      localStorage.setItem('token', value);
      localStorage.setItem(
        'shippings-filters',
        JSON.stringify({ date: range, id: '', companies: [], driverIds: [], vehicleIds: [], saleId: '', note: '' }),
      );
    },
    [token, RANGE],
  );
  await page.goto(`${origin}/shippings`);
  await page.getByText(`1–15 de ${total}`).waitFor({ timeout: 60_000 });

  started = performance.now();
  await page.getByLabel('Por página').selectOption({ label: 'Todos' });
  await page.getByText(`1–${total} de ${total}`).waitFor({ timeout: 120_000 });
  await page.getByRole('rowheader').first().waitFor();
  console.log(`'Todos' chosen → ${total} routes listed: ${Math.round(performance.now() - started)} ms (request, parsing and first render)`);
  console.log(`rows in the page: ${await page.getByRole('rowheader').count()} of ${total}`);

  // Scroll the list from top to bottom, 120 px a frame, recording every frame's duration.
  const frames = await page.evaluate(async () => {
    const scroller = document.querySelector('.office-list__scroll');
    const durations = [];
    let last = performance.now();
    while (scroller.scrollTop + scroller.clientHeight < scroller.scrollHeight - 1) {
      scroller.scrollTop += 120;
      await new Promise((resolve) => requestAnimationFrame(resolve));
      const now = performance.now();
      durations.push(now - last);
      last = now;
    }
    return durations;
  });
  const sorted = [...frames].sort((a, b) => a - b);
  const pick = (q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))].toFixed(1);
  console.log(
    `scrolling to the end: ${frames.length} frames, median ${pick(0.5)} ms, p95 ${pick(0.95)} ms, max ${pick(1)} ms, frames over 50 ms: ${frames.filter((d) => d > 50).length}`,
  );
  console.log(`last row on screen: ${await page.getByRole('rowheader').last().textContent()}`);
} finally {
  await browser?.close();
  stop();
}
process.exit(0);
