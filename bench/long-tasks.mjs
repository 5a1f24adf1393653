// What runs in each long task while a screen starts: the app built without minifying (functions
// keep their names), the screen opened once by the person so that the device store, the query
// cache and the service worker are as on a working day, then opened again in a fresh tab under
// the CPU slowdown bench:lighthouse calibrates for this machine, with V8's sampling profiler on.
// Every stretch of the main thread busy for more than 50 ms (no idle sample in between) is printed
// with the functions that spent its time: their own time, and the app's functions by total time.
// It explains bench:lighthouse's blocking time; the scores stay bench:lighthouse's.
// Usage: npm run bench:long-tasks -- /sales ventas@demo.mx   (default: / as chofer@demo.mx)
// LONG_TASKS_CPU_SLOWDOWN sets the slowdown by hand; LONG_TASKS_RUNS opens the screen that many times.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import lighthouse from 'lighthouse';
import { chromium } from '@playwright/test';
import { ensureChromium } from '../scripts/chromium.mjs';
import { serveBuiltApp, signInToken } from './serve.mjs';
import { cpuSlowdownFor, measureBenchmarkIndex } from './cpu-calibration.mjs';

const [screen = '/', email = 'chofer@demo.mx'] = process.argv.slice(2);
const runs = Number(process.env.LONG_TASKS_RUNS ?? 2);
const port = 20_000 + Math.floor(Math.random() * 1000);
const debugPort = port + 1000;
const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-long-tasks-'));
const { origin, stop } = await serveBuiltApp(dataDir, port, ['--minify', 'false']);
let browser;
try {
  browser = await chromium.launchPersistentContext(path.join(dataDir, 'profile'), {
    executablePath: ensureChromium(),
    viewport: { width: 412, height: 823 },
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', `--remote-debugging-port=${debugPort}`],
  });
  let slowdown = Number(process.env.LONG_TASKS_CPU_SLOWDOWN);
  if (!slowdown) {
    const benchmark = await measureBenchmarkIndex(lighthouse, `${origin}/healthz`, debugPort, 3);
    slowdown = cpuSlowdownFor(benchmark.index) ?? 1;
    console.log(`machine: BenchmarkIndex ${benchmark.index}; CPU slowdown ×${slowdown}`);
  }
  const warm = browser.pages()[0] ?? (await browser.newPage());
  const token = await signInToken(origin, email);
  await warm.goto(`${origin}/`);
  await warm.evaluate((value) => {
    localStorage.clear();
    localStorage.setItem('token', value);
  }, token);
  await warm.goto(`${origin}${screen}`);
  await warm.waitForLoadState('networkidle');
  await warm.waitForTimeout(3000);
  await warm.goto('about:blank');

  for (let run = 1; run <= runs; run++) {
    const page = await browser.newPage();
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: slowdown });
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
    await cdp.send('Profiler.start');
    await page.goto(`${origin}${screen}`);
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(4000);
    const { profile } = await cdp.send('Profiler.stop');
    console.log(`\n— ${screen} as ${email}, run ${run} (CPU ×${slowdown})`);
    printLongTasks(profile);
    await page.close();
  }
} finally {
  await browser?.close();
  stop();
  rmSync(dataDir, { recursive: true, force: true });
}

/** Splits the profile into busy stretches and prints those over 50 ms with what ran in them. */
function printLongTasks(profile) {
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  const parents = new Map();
  for (const node of profile.nodes) for (const child of node.children ?? []) parents.set(child, node.id);
  const isIdle = (id) => nodes.get(id).callFrame.functionName === '(idle)';
  const label = (frame) =>
    `${frame.functionName || '(anonymous)'} ${frame.url ? `${frame.url.replace(origin, '').replace(/^.*\/assets\//, '')}:${frame.lineNumber + 1}` : ''}`.trim();
  let time = profile.startTime;
  const samples = profile.samples.map((id, index) => {
    time += profile.timeDeltas[index];
    return { id, time };
  });
  const stretches = [];
  let current = null;
  for (let index = 0; index < samples.length; index++) {
    const { id, time: at } = samples[index];
    const next = samples[index + 1]?.time ?? at;
    if (isIdle(id)) {
      current = null;
      continue;
    }
    if (!current) stretches.push((current = { start: at, end: at, samples: [] }));
    current.end = next;
    current.samples.push({ id, duration: next - at });
  }
  const long = stretches.filter((stretch) => stretch.end - stretch.start > 50_000);
  const overall = new Map();
  const totalBusy = stretches.reduce((sum, stretch) => sum + (stretch.end - stretch.start), 0);
  // Their time beyond 50 ms, summed: Lighthouse's blocking time counted over the whole start.
  const blocking = long.reduce((sum, stretch) => sum + (stretch.end - stretch.start - 50_000), 0);
  console.log(
    `busy ${Math.round(totalBusy / 1000)} ms in ${stretches.length} stretches; over 50 ms: ${long.length}, ${Math.round(blocking / 1000)} ms beyond 50`,
  );
  for (const stretch of long) {
    const self = new Map();
    const total = new Map();
    for (const { id, duration } of stretch.samples) {
      const key = label(nodes.get(id).callFrame);
      self.set(key, (self.get(key) ?? 0) + duration);
      const seen = new Set();
      for (let at = id; at !== undefined; at = parents.get(at)) {
        const frame = nodes.get(at).callFrame;
        // Components, hooks and modules' first evaluation: the app's own units of work.
        if (!frame.url.includes('/assets/') || !/^([A-Z]|use[A-Z])/.test(frame.functionName) && !(frame.functionName === '' && frame.lineNumber === 0)) continue;
        const name = label(frame);
        if (seen.has(name)) continue;
        seen.add(name);
        total.set(name, (total.get(name) ?? 0) + duration);
        overall.set(name, (overall.get(name) ?? 0) + duration);
      }
    }
    const top = (map, count) =>
      [...map.entries()]
        .sort((a, b) => b[1] - a[1])
        .slice(0, count)
        .map(([name, duration]) => `${Math.round(duration / 1000)} ${name}`)
        .join('\n      ');
    console.log(
      `  ${Math.round((stretch.end - stretch.start) / 1000)} ms at ${Math.round((stretch.start - profile.startTime) / 1000)} ms`,
    );
    console.log(`    own time:\n      ${top(self, 8)}`);
    console.log(`    components, hooks and modules, total:\n      ${top(total, 10)}`);
  }
  console.log(`  over all the long stretches, components, hooks and modules, total:`);
  for (const [name, duration] of [...overall.entries()].sort((a, b) => b[1] - a[1]).slice(0, 40))
    console.log(`    ${Math.round(duration / 1000)} ${name}`);
}
