// Screenshots of each deployment for docs/screenshots/: its login, a seller's home and a
// quotation's print view, and for the produce deployment the screens people start their day
// on (the office's Inicio on a desktop and a phone, a driver's route on a phone), from the
// built app (npm run build) on a fresh demo database.
// Usage: node scripts/docs-screenshots.mjs (SHOTS_PREFIX=before- names the files of an older build).
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { ensureChromium } from './chromium.mjs';

const root = path.resolve(import.meta.dirname, '..');
const out = path.join(root, 'docs', 'screenshots');
const prefix = process.env.SHOTS_PREFIX ?? '';
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
      if (deployment === 'frutas') await startOfTheDay(origin);
    } finally {
      server.kill('SIGTERM');
      rmSync(dataDir, { recursive: true, force: true });
    }
  }
} finally {
  await browser.close();
}

/** Signs a demo person in on a new browser context of the given size. */
async function signedIn(origin, email, viewport) {
  const context = await browser.newContext({ baseURL: origin, viewport, deviceScaleFactor: 2, locale: 'es-MX', timezoneId: 'America/Monterrey' });
  const page = await context.newPage();
  await page.goto('/');
  await page.getByLabel('Correo Electrónico').fill(email);
  await page.getByLabel('Contraseña', { exact: true }).fill('demo1234');
  await page.getByRole('button', { name: 'Acceder' }).click();
  await page.locator('.top-bar__title').filter({ visible: true }).waitFor();
  await page.waitForLoadState('networkidle');
  return { context, page };
}

/** The office's Inicio on a desktop and on a phone, and a driver's route open on a phone. */
async function startOfTheDay(origin) {
  for (const [name, viewport] of [
    ['office-inicio', { width: 1280, height: 800 }],
    ['office-inicio-phone', { width: 360, height: 740 }],
  ]) {
    const { context, page } = await signedIn(origin, 'oficina@demo.mx', viewport);
    await page.screenshot({ path: path.join(out, `${prefix}frutas-${name}.png`) });
    await context.close();
  }
  const { context, page } = await signedIn(origin, 'chofer@demo.mx', { width: 360, height: 740 });
  await page.getByText(/^E-\d+$/).first().click();
  await page.getByRole('dialog', { name: 'Entregas' }).waitFor();
  await page.getByRole('button', { name: 'Entregar' }).first().waitFor();
  await page.screenshot({ path: path.join(out, `${prefix}frutas-driver-route.png`) });
  await context.close();
}
