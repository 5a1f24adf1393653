// Lighthouse (mobile) on the login screen, against the built PWA served by the real
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
  browser = await chromium.launch({
    executablePath: ensureChromium(),
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', `--remote-debugging-port=${debugPort}`],
  });
  const result = await lighthouse(`http://localhost:${port}/`, {
    port: debugPort,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance', 'accessibility', 'best-practices'],
    formFactor: 'mobile',
    screenEmulation: { mobile: true, width: 412, height: 823, deviceScaleFactor: 1.75, disabled: false },
  });
  const { categories, audits } = result.lhr;
  for (const [name, category] of Object.entries(categories)) console.log(`${name}: ${Math.round(category.score * 100)}`);
  for (const id of ['first-contentful-paint', 'largest-contentful-paint', 'total-blocking-time', 'cumulative-layout-shift']) {
    console.log(`  ${audits[id].title}: ${audits[id].displayValue}`);
  }
  const failing = Object.values(audits).filter((audit) => audit.score !== null && audit.score < 1 && audit.scoreDisplayMode === 'binary');
  if (failing.length > 0) console.log(`audits not passed: ${failing.map((audit) => audit.id).join(', ')}`);
} finally {
  await browser?.close();
  server.kill('SIGTERM');
  rmSync(dataDir, { recursive: true, force: true });
}
