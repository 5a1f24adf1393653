// Bundle budget (docs/architecture.md): the JavaScript a browser loads for the login route,
// gzip-compressed, against 90 KB; a delivery driver's start against 120 KB; each lazily loaded
// chunk against 60 KB; and the number of installed copies of @ionic/core, which must be 1.
//
// Usage: npm run bench:bundle  (builds, starts the server on a temporary database,
// opens the login route in Chromium and weighs every script it fetched).
import { spawn, execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { ensureChromium } from '../scripts/chromium.mjs';
import { signInToken } from './serve.mjs';

const root = path.resolve(import.meta.dirname, '..');
const LOGIN_BUDGET_KB = 90;
const DRIVER_START_BUDGET_KB = 120;
const LAZY_BUDGET_KB = 60;
const kb = (bytes) => bytes / 1024;
const gzipKb = (buffer) => kb(gzipSync(buffer, { level: 9 }).length);

execFileSync('npx', ['vite', 'build', '--logLevel', 'warn'], { cwd: root, stdio: 'inherit' });

function ionicCoreCopies() {
  const copies = new Set();
  const visit = (dir, depth) => {
    if (depth > 6 || !existsSync(dir)) return;
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (!entry.isDirectory()) continue;
      const full = path.join(dir, entry.name);
      if (entry.name.startsWith('@')) visit(full, depth);
      else if (full.endsWith(path.join('@ionic', 'core'))) copies.add(JSON.parse(readFileSync(path.join(full, 'package.json'), 'utf8')).version + ' ' + path.relative(root, full));
      else if (existsSync(path.join(full, 'node_modules'))) visit(path.join(full, 'node_modules'), depth + 1);
    }
  };
  visit(path.join(root, 'node_modules'), 0);
  return [...copies];
}

const port = 18_000 + Math.floor(Math.random() * 1000);
const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-bundle-'));
const server = spawn(process.execPath, ['--import', 'tsx', 'server/server.ts'], {
  cwd: root,
  env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
  stdio: 'inherit',
});
try {
  for (let i = 0; i < 120; i++) {
    try {
      if ((await fetch(`http://localhost:${port}/healthz`)).ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  const browser = await chromium.launch({ executablePath: ensureChromium(), args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'] });
  const context = await browser.newContext({ serviceWorkers: 'block' });
  const page = await context.newPage();
  const scripts = new Map();
  page.on('response', async (response) => {
    const url = new URL(response.url());
    if (url.pathname.endsWith('.js')) scripts.set(url.pathname, await response.body().catch(() => Buffer.alloc(0)));
  });
  await page.goto(`http://localhost:${port}/`, { waitUntil: 'networkidle' });
  await page.getByRole('heading', { name: 'Iniciar sesión' }).waitFor();

  // A delivery driver's start (signed in, their routes on screen): what every morning costs.
  const loginScripts = new Map(scripts);
  const token = await signInToken(`http://localhost:${port}`, 'chofer@demo.mx');
  await page.evaluate((value) => localStorage.setItem('token', value), token);
  await page.reload({ waitUntil: 'networkidle' });
  await page.getByText(/^E-\d+$/).first().waitFor({ timeout: 60_000 });
  const driverStart = [...scripts].filter(([name]) => !loginScripts.has(name));

  // A seller opening the quotations list: the office shell's home first, then /quotations,
  // so the second figure is what the list itself adds to a shell already running.
  const seller = await browser.newContext({ serviceWorkers: 'block' });
  const sellerPage = await seller.newPage();
  const sellerScripts = new Map();
  sellerPage.on('response', async (response) => {
    const url = new URL(response.url());
    if (url.pathname.endsWith('.js')) sellerScripts.set(url.pathname, await response.body().catch(() => Buffer.alloc(0)));
  });
  await sellerPage.goto(`http://localhost:${port}/`);
  await sellerPage.evaluate((value) => localStorage.setItem('token', value), await signInToken(`http://localhost:${port}`, 'ventas@demo.mx'));
  await sellerPage.goto(`http://localhost:${port}/quotations`, { waitUntil: 'networkidle' });
  await sellerPage.getByRole('heading', { name: 'Cotizaciones' }).first().waitFor({ timeout: 60_000 });
  const quotationsTotal = [...sellerScripts.values()].reduce((sum, body) => sum + gzipKb(body), 0);
  const quotationsOwn = [...sellerScripts].filter(([name]) => !loginScripts.has(name) && !/ionic|index|shell/i.test(name));
  await browser.close();

  let total = 0;
  console.log('\nJavaScript cargado por la ruta de inicio de sesión:');
  for (const [name, body] of [...loginScripts].sort()) {
    const size = gzipKb(body);
    total += size;
    console.log(`  ${name.padEnd(48)} ${size.toFixed(1).padStart(7)} KB gzip`);
  }
  console.log(`login route JS: ${total.toFixed(1)} KB gzip (budget ${LOGIN_BUDGET_KB} KB) ${total <= LOGIN_BUDGET_KB ? 'OK' : 'OVER BUDGET'}`);

  let driverTotal = 0;
  console.log('\nJavaScript added by a delivery driver\'s start (top bar and routes):');
  for (const [name, body] of driverStart.sort()) {
    const size = gzipKb(body);
    driverTotal += size;
    console.log(`  ${name.padEnd(48)} ${size.toFixed(1).padStart(7)} KB gzip`);
  }
  const ionicLoaded = driverStart.some(([, body]) => body.includes('IonRouterOutlet'));
  const driverStartTotal = total + driverTotal;
  console.log(
    `driver's start JS: ${driverStartTotal.toFixed(1)} KB gzip with the login route's (budget ${DRIVER_START_BUDGET_KB} KB) ${driverStartTotal <= DRIVER_START_BUDGET_KB ? 'OK' : 'OVER BUDGET'}; Ionic ${ionicLoaded ? 'LOADED' : 'not loaded'}`,
  );

  const loaded = new Set([...scripts.keys()].map((p) => path.basename(p)));
  console.log('\nChunks loaded later (shell and screens):');
  for (const name of readdirSync(path.join(root, 'dist', 'assets')).filter((n) => n.endsWith('.js') && !loaded.has(n)).sort()) {
    const body = readFileSync(path.join(root, 'dist', 'assets', name));
    const size = gzipKb(body);
    if (size < 1) continue;
    // Ionic is one module: its chunk is the office and warehouse shell's library, never a driver's start.
    const isIonic = body.includes('IonRouterOutlet') && size > LAZY_BUDGET_KB;
    const verdict = isIonic ? '(Ionic: the office and warehouse shell)' : size <= LAZY_BUDGET_KB ? 'OK' : 'OVER BUDGET';
    console.log(`  ${name.padEnd(48)} ${size.toFixed(1).padStart(7)} KB gzip ${verdict}`);
  }

  console.log(`\n/quotations (a seller opening it directly): ${quotationsTotal.toFixed(1)} KB gzip of script in all, shell and Ionic included`);
  for (const [name, body] of quotationsOwn.sort()) console.log(`  ${name.padEnd(48)} ${gzipKb(body).toFixed(1).padStart(7)} KB gzip`);
  // The PDF drawer is its own chunk, loaded only when a PDF is asked for ('Descargar PDF').
  const pdfChunks = readdirSync(path.join(root, 'dist', 'assets')).filter(
    (n) => n.endsWith('.js') && readFileSync(path.join(root, 'dist', 'assets', n), 'latin1').includes('%PDF-'),
  );
  for (const name of pdfChunks) {
    const size = gzipKb(readFileSync(path.join(root, 'dist', 'assets', name)));
    console.log(`PDF chunk ${name}: ${size.toFixed(1)} KB gzip; loaded at start: ${loaded.has(name) || sellerScripts.has(`/assets/${name}`) ? 'YES' : 'no'}`);
  }

  const copies = ionicCoreCopies();
  console.log(`\n@ionic/core copies installed: ${copies.length} ${copies.length === 1 ? 'OK' : 'MORE THAN ONE'} (${copies.join(', ')})`);
} finally {
  server.kill('SIGTERM');
  rmSync(dataDir, { recursive: true, force: true });
}
