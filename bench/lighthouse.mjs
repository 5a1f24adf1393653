// Lighthouse (mobile) on the login screen, a delivery driver's home (signed in as
// chofer@demo.mx, routes already on the device) and every screen of the menu of each person,
// against the built PWA served by the real server on a temporary database: prints the
// performance and accessibility scores (budget ≥ 95 each, ≥ 98 on the login, the driver's
// routes and Inicio: docs/architecture.md) and a summary. Usage: npm run bench:lighthouse
// (LIGHTHOUSE_ONLY=/clients audits the login, the driver and that one screen).
// Each page is audited LIGHTHOUSE_RUNS times (3 by default) and the median run is reported, as
// Lighthouse advises: on a shared 2-core machine one run's blocking time swings by ±50 %.
// The CPU slowdown is calibrated to the machine (bench/cpu-calibration.mjs) so that every machine
// emulates the same mid-tier phone; LIGHTHOUSE_CPU_SLOWDOWN sets it by hand.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import lighthouse from 'lighthouse';
import { chromium } from '@playwright/test';
import { ensureChromium } from '../scripts/chromium.mjs';
import { serveBuiltApp, signInToken } from './serve.mjs';
import { cpuSlowdownFor, measureBenchmarkIndex } from './cpu-calibration.mjs';

const port = 20_000 + Math.floor(Math.random() * 1000);
const debugPort = port + 1000;
const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-lighthouse-'));
const { origin, stop } = await serveBuiltApp(dataDir, port);
let browser;
try {
  // The browser's default profile, so that the page Lighthouse opens shares the session
  // and the device store prepared here.
  browser = await chromium.launchPersistentContext(path.join(dataDir, 'profile'), {
    executablePath: ensureChromium(),
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      `--remote-debugging-port=${debugPort}`,
    ],
  });
  // The machine is measured once, quiet, before the audits: its index sets the slowdown of all.
  const page = browser.pages()[0] ?? (await browser.newPage());
  const benchmark = await measureBenchmarkIndex(lighthouse, `${origin}/healthz`, debugPort);
  const calibrated = cpuSlowdownFor(benchmark.index);
  const cpuSlowdownMultiplier = Number(process.env.LIGHTHOUSE_CPU_SLOWDOWN ?? calibrated ?? 1);
  console.log(
    `machine: BenchmarkIndex ${benchmark.index} (runs ${benchmark.runs.join(', ')}); CPU slowdown ×${cpuSlowdownMultiplier}` +
      (process.env.LIGHTHOUSE_CPU_SLOWDOWN
        ? ' (set by LIGHTHOUSE_CPU_SLOWDOWN)'
        : calibrated === null
          ? ': slower than the emulated phone already, audited without slowdown'
          : ' (calibrated to a mid-tier phone)'),
  );
  const runs = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
  // The sweep of every menu screen audits each once by default (LIGHTHOUSE_SWEEP_RUNS): over a
  // hundred audits; the login, the driver's routes and Inicio get the median of `runs`.
  const sweepRuns = Number(process.env.LIGHTHOUSE_SWEEP_RUNS ?? 1);
  const audit = async (label, disableStorageReset, url = `${origin}/`, times = runs) => {
    const results = [];
    for (let run = 0; run < times; run++) {
      let result = await auditOnce(disableStorageReset, url);
      // A run Lighthouse could not record (NO_NAVSTART, a lost trace) is its failure, not the
      // page's: tried once more before it is reported as such.
      if (result.lhr.runtimeError) result = await auditOnce(disableStorageReset, url);
      results.push(result);
    }
    const scores = results.map((result) => Math.round(result.lhr.categories.performance.score * 100));
    // The median run by performance score: its figures are printed whole.
    const median = results.map((result, index) => [scores[index], result]).sort((a, b) => a[0] - b[0])[Math.floor(times / 2)][1];
    report(label, median, scores);
    return median.lhr;
  };
  /** The long tasks (over 50 ms) that ran the app's own scripts, in ms. */
  const ownLongTasks = (lhr) =>
    (lhr.audits['long-tasks'].details?.items ?? [])
      .filter((task) => task.duration > 50 && task.url.startsWith(origin))
      .map((task) => Math.round(task.duration));
  const auditOnce = (disableStorageReset, url) =>
    lighthouse(url, {
      port: debugPort,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility', 'best-practices'],
      formFactor: 'mobile',
      disableStorageReset,
      throttling: { cpuSlowdownMultiplier },
      screenEmulation: { mobile: true, width: 412, height: 823, deviceScaleFactor: 1.75, disabled: false },
    });
  const report = (label, result, scores) => {
    const { categories, audits } = result.lhr;
    console.log(`— ${label}${scores.length > 1 ? ` (median of ${scores.length} runs; performance ${scores.join(', ')})` : ''}`);
    // Lighthouse's own reading of the machine during this run, and the slowdown it applied.
    console.log(
      `  BenchmarkIndex ${Math.round(result.lhr.environment.benchmarkIndex)}, CPU slowdown ×${result.lhr.configSettings.throttling.cpuSlowdownMultiplier}`,
    );
    for (const [name, category] of Object.entries(categories)) console.log(`${name}: ${Math.round(category.score * 100)}`);
    // A run Lighthouse could not measure scores 0: say why rather than print empty figures.
    if (result.lhr.runtimeError)
      console.log(`  Lighthouse could not measure it: ${result.lhr.runtimeError.code} ${result.lhr.runtimeError.message}`);
    for (const warning of result.lhr.runWarnings ?? []) console.log(`  warning: ${warning}`);
    for (const id of ['first-contentful-paint', 'largest-contentful-paint', 'total-blocking-time', 'cumulative-layout-shift']) {
      console.log(`  ${audits[id].title}: ${audits[id].displayValue}`);
    }
    const failing = Object.values(audits).filter((audit) => audit.score !== null && audit.score < 1 && audit.scoreDisplayMode === 'binary');
    // Where the main thread went: the scripts that cost most to compile and run.
    const scripts = (audits['bootup-time'].details?.items ?? []).slice(0, 4);
    for (const item of scripts)
      console.log(
        `  script ${item.url.replace(origin, '')}: ${Math.round(item.scripting)} ms running, ${Math.round(item.scriptParseCompile)} ms compiling`,
      );
    const longTasks = audits['long-tasks'].details?.items ?? [];
    console.log(
      `  long tasks: ${longTasks.map((task) => `${Math.round(task.duration)} ms at ${Math.round(task.startTime)} (${task.url.replace(origin, '') || '—'})`).join(', ') || 'none'}`,
    );
    // What moved: the elements behind the layout-shift score.
    const shifts = audits['layout-shifts']?.details?.items ?? [];
    for (const shift of shifts.slice(0, 3))
      console.log(`  shift ${shift.score.toFixed(3)}: ${shift.node?.snippet ?? shift.node?.nodeLabel ?? '—'}`);
    if (failing.length > 0) console.log(`audits not passed: ${failing.map((audit) => audit.id).join(', ')}`);
    // Which elements an accessibility audit found, so that the fix starts from the element.
    for (const audit of failing.filter((audit) => result.lhr.categories.accessibility.auditRefs.some((ref) => ref.id === audit.id)))
      for (const item of (audit.details?.items ?? []).slice(0, 3)) console.log(`  ${audit.id}: ${item.node?.snippet ?? '—'}`);
  };
  const login = await audit('Inicio de sesión', false);

  // A driver signed in whose routes were pulled: what the phone opens every morning.
  await page.goto(`${origin}/`);
  const token = await signInToken(origin, 'chofer@demo.mx');
  await page.evaluate((value) => localStorage.setItem('token', value), token);
  await page.reload();
  await page
    .getByText(/^E-\d+$/)
    .first()
    .waitFor({ timeout: 60_000 });
  // Lighthouse opens its own tab: the preparing one leaves the app, so the audited tab is the
  // only one running it (as on a phone), not sharing two cores with a second copy.
  await page.goto('about:blank');
  const driver = await audit('Inicio del chofer (rutas)', true);

  // Every screen people open from the menu, opened by each person who has it in their menu and
  // by the administrator (whose menu is the largest): each opened once by that person so that the
  // device store, the query cache and the service worker are as on a working day, then audited
  // from a fresh tab. The menus are read from the app itself, as each person sees it.
  // LIGHTHOUSE_ONLY=/clients audits that one screen; LIGHTHOUSE_PEOPLE=admin@demo.mx,ventas@demo.mx
  // narrows the people.
  const people = (process.env.LIGHTHOUSE_PEOPLE ?? 'admin@demo.mx,oficina@demo.mx,ventas@demo.mx,almacen@demo.mx,ejecutivo@demo.mx')
    .split(',')
    .filter(Boolean);
  const only = process.env.LIGHTHOUSE_ONLY;
  const openAs = async (email, screen) => {
    const token = await signInToken(origin, email);
    await page.goto(`${origin}/`);
    // Each person starts as after the previous one signed out (sign-out clears local storage).
    await page.evaluate((value) => {
      localStorage.clear();
      localStorage.setItem('token', value);
    }, token);
    await page.goto(`${origin}${screen}`);
    await page.locator('.top-bar__title').first().waitFor({ timeout: 60_000 });
    await page.waitForLoadState('networkidle');
  };
  const summary = [];
  for (const email of people) {
    await openAs(email, '/');
    // The light start draws the menu as plain links, the same ones the side menu holds.
    const menu = await page
      .locator('nav .side-menu__link')
      .evaluateAll((links) => links.map((link) => [link.textContent?.trim() ?? '', new URL(link.href).pathname]));
    const screens = only ? menu.filter(([, screen]) => screen === only) : menu;
    for (const [name, screen] of screens) {
      await openAs(email, screen);
      await page.goto('about:blank');
      const lhr = await audit(`${name} ${screen} (${email})`, true, `${origin}${screen}`, screen === '/' ? runs : sweepRuns);
      summary.push([screen, email, lhr]);
    }
  }
  if (summary.length > 1) {
    const scores = (category) => summary.map(([, , lhr]) => Math.round(lhr.categories[category].score * 100)).sort((a, b) => a - b);
    for (const category of ['performance', 'accessibility']) {
      const all = scores(category);
      console.log(
        `${category} over ${all.length} screen audits: min ${all[0]}, median ${all[Math.floor(all.length / 2)]}, max ${all.at(-1)}`,
      );
    }
    const below = summary.filter(([, , lhr]) => lhr.categories.performance.score < 0.95 || lhr.categories.accessibility.score < 0.95);
    console.log(
      `below 95: ${below.map(([screen, email, lhr]) => `${screen} (${email}) ${Math.round(lhr.categories.performance.score * 100)}/${Math.round(lhr.categories.accessibility.score * 100)}`).join(', ') || 'none'}`,
    );
    // Budget: no task of the app's own scripts over 50 ms while an office screen first renders.
    const blocked = summary.map(([screen, email, lhr]) => [screen, email, ownLongTasks(lhr)]).filter(([, , tasks]) => tasks.length > 0);
    console.log(
      `long tasks over 50 ms of our scripts: ${blocked.map(([screen, email, tasks]) => `${screen} (${email}) ${tasks.join(', ')} ms`).join('; ') || 'none'}`,
    );
  }
  const performance = (lhr) => Math.round(lhr.categories.performance.score * 100);
  console.log(
    `summary: BenchmarkIndex ${benchmark.index}, CPU slowdown ×${cpuSlowdownMultiplier}; login ${performance(login)}, driver's routes ${performance(driver)}` +
      ` (budget ≥ 98), office screens ≥ 95`,
  );
} finally {
  await browser?.close();
  stop();
  rmSync(dataDir, { recursive: true, force: true });
}
