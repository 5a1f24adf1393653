// Lighthouse (mobile) on the login screen and on a delivery driver's home (signed in as
// chofer@demo.mx, routes already on the device), against the built PWA served by the real
// server on a temporary database: prints the performance and accessibility scores
// (budget ≥ 95 each, architecture.md). Usage: npm run bench:lighthouse
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import lighthouse from 'lighthouse';
import { chromium } from '@playwright/test';
import { ensureChromium } from '../scripts/chromium.mjs';

const root = path.resolve(import.meta.dirname, '..');
execFileSync('npx', ['vite', 'build', '--logLevel', 'error'], { cwd: root, stdio: 'inherit' });
const port = 20_000 + Math.floor(Math.random() * 1000);
const debugPort = port + 1000;
const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-lighthouse-'));
const server = spawn(process.execPath, ['--import', 'tsx', 'server/server.ts'], {
  cwd: root,
  env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
  stdio: 'inherit',
});
let browser;
try {
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(`http://localhost:${port}/healthz`)).ok) break;
    } catch {
      if (i > 240) throw new Error('el servidor no arrancó');
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  // The browser's default profile, so that the page Lighthouse opens shares the session
  // and the device store prepared here.
  browser = await chromium.launchPersistentContext(path.join(dataDir, 'profile'), {
    executablePath: ensureChromium(),
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', `--remote-debugging-port=${debugPort}`],
  });
  const origin = `http://localhost:${port}`;
  const audit = async (label, disableStorageReset) => {
    const result = await lighthouse(`${origin}/`, {
      port: debugPort,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility', 'best-practices'],
      formFactor: 'mobile',
      disableStorageReset,
      screenEmulation: { mobile: true, width: 412, height: 823, deviceScaleFactor: 1.75, disabled: false },
    });
    const { categories, audits } = result.lhr;
    console.log(`— ${label}`);
    for (const [name, category] of Object.entries(categories)) console.log(`${name}: ${Math.round(category.score * 100)}`);
    for (const id of ['first-contentful-paint', 'largest-contentful-paint', 'total-blocking-time', 'cumulative-layout-shift']) {
      console.log(`  ${audits[id].title}: ${audits[id].displayValue}`);
    }
    const failing = Object.values(audits).filter((audit) => audit.score !== null && audit.score < 1 && audit.scoreDisplayMode === 'binary');
    if (failing.length > 0) console.log(`audits not passed: ${failing.map((audit) => audit.id).join(', ')}`);
  };
  await audit('Inicio de sesión', false);

  // A driver signed in whose routes were pulled: what the phone opens every morning.
  const page = browser.pages()[0] ?? (await browser.newPage());
  await page.goto(`${origin}/`);
  const login = await fetch(`${origin}/api/v1/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'chofer@demo.mx', password: 'demo1234' }),
  });
  const { access_token: token } = await login.json();
  await page.evaluate((value) => localStorage.setItem('token', value), token);
  await page.reload();
  await page.getByText(/^E-\d+$/).first().waitFor({ timeout: 60_000 });
  await audit('Inicio del chofer (rutas)', true);
} finally {
  await browser?.close();
  server.kill('SIGTERM');
  rmSync(dataDir, { recursive: true, force: true });
}
