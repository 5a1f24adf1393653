// Screenshots of each deployment for docs/screenshots/: its login, a seller's home and a
// quotation's print view, from the built app (npm run build) on a fresh demo database.
// Usage: node scripts/docs-screenshots.mjs
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { ensureChromium } from './chromium.mjs';

const root = path.resolve(import.meta.dirname, '..');
const out = path.join(root, 'docs', 'screenshots');
mkdirSync(out, { recursive: true });
const browser = await chromium.launch({ executablePath: ensureChromium(), args: ['--no-sandbox', '--disable-gpu'] });
try {
  for (const [deployment, port] of [
    ['frutas', 23181],
    ['eventos', 23182],
  ]) {
    const dataDir = mkdtempSync(path.join(tmpdir(), `shots-${deployment}-`));
    const server = spawn(process.execPath, ['--import', 'tsx', 'server/server.ts'], {
      cwd: root,
      env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, DEPLOYMENT: deployment, LOG_LEVEL: 'warn' },
      stdio: 'inherit',
    });
    try {
      const origin = `http://localhost:${port}`;
      for (let i = 0; ; i++) {
        if (
          await fetch(`${origin}/healthz`).then(
            (r) => r.ok,
            () => false,
          )
        )
          break;
        if (i > 240) throw new Error('el servidor no arrancó');
        await new Promise((resolve) => setTimeout(resolve, 500));
      }
      const context = await browser.newContext({
        baseURL: origin,
        viewport: { width: 1280, height: 800 },
        locale: 'es-MX',
        timezoneId: 'America/Monterrey',
      });
      const page = await context.newPage();
      await page.goto('/');
      await page.getByLabel('Correo Electrónico').waitFor();
      await page.screenshot({ path: path.join(out, `${deployment}-login.png`) });
      await page.getByLabel('Correo Electrónico').fill('ventas@demo.mx');
      await page.getByLabel('Contraseña', { exact: true }).fill('demo1234');
      await page.getByRole('button', { name: 'Acceder' }).click();
      await page.locator('.top-bar__title').filter({ visible: true }).waitFor();
      await page.waitForLoadState('networkidle');
      await page.screenshot({ path: path.join(out, `${deployment}-home.png`) });
      await page.goto('/quotations');
      await page
        .getByRole('button', { name: /^Acciones de la cotización/ })
        .first()
        .click();
      const [print] = await Promise.all([
        context.waitForEvent('page'),
        page.getByRole('button', { name: 'Imprimir', exact: true }).click(),
      ]);
      await print.getByRole('button', { name: 'Descargar PDF' }).waitFor();
      await print.waitForLoadState('networkidle');
      await print.screenshot({ path: path.join(out, `${deployment}-quotation.png`), fullPage: true });
      await context.close();
    } finally {
      server.kill('SIGTERM');
      rmSync(dataDir, { recursive: true, force: true });
    }
  }
} finally {
  await browser.close();
}
