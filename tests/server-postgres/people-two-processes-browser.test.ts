import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type Page } from '@playwright/test';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { personPageSchema } from '../../domain/schemas/people';
import { startServer, type ServerProcess } from '../../bench/processes';
import { ensureChromium } from '../../scripts/chromium.mjs';
import { bearer, createTestApp, loginAs, type TestApp } from '../server/test-app';

/**
 * The same, in the browser: the warehouse's person signed in on two devices, each served by another server
 * process of one PostgreSQL, is deactivated from the office. Each device's live event stream
 * is closed, and the app, refused a new one, goes to the login. Runs when DATABASE_URL is set (CI),
 * after the end-to-end step has built the app (built here when it has not).
 */
/** The warehouse tablet's person: the orders screen keeps a live event stream open. */
const WAREHOUSE = 'almacen@demo.mx';
const root = path.resolve(import.meta.dirname, '../..');
const webDir = path.join(root, 'dist');
let t: TestApp;
let processes: ServerProcess[] = [];
let browser: Browser;
beforeAll(async () => {
  if (!existsSync(path.join(webDir, 'index.html')))
    execFileSync('npx', ['vite', 'build', '--logLevel', 'warn'], { cwd: root, stdio: 'inherit' });
  t = await createTestApp();
  processes = await Promise.all([0, 1].map(() => startServer({ DATABASE_URL: t.databaseUrl!, DATA_DIR: t.dataDir, WEB_DIR: webDir })));
  browser = await chromium.launch({ executablePath: ensureChromium() });
}, 180_000);
afterAll(async () => {
  await browser?.close();
  await Promise.all(processes.map((server) => server.stop()));
  await t?.close();
});

/** Signs in on a tablet of its own and opens the orders to fill, which keep a live event stream open. */
async function signedIn(base: string): Promise<{ page: Page }> {
  const context = await browser.newContext({ viewport: { width: 412, height: 915 } });
  const page = await context.newPage();
  await page.goto(`${base}/`);
  await page.getByLabel('Correo Electrónico').fill(WAREHOUSE);
  await page.getByLabel('Contraseña', { exact: true }).fill('demo1234');
  await page.getByRole('button', { name: 'Acceder' }).click();
  await page.locator('.top-bar__title').first().waitFor();
  // The orders to fill listen for new ones.
  const opened = page.waitForRequest((request) => new URL(request.url()).pathname === '/api/v2/events', { timeout: 30_000 });
  await page.goto(`${base}/orders`);
  await opened;
  return { page };
}

/** The app asks for a new stream's ticket only once its stream was closed; deactivated, it is refused. */
const ticketRefused = (page: Page) =>
  page.waitForResponse((response) => new URL(response.url()).pathname === '/api/v2/events/ticket' && response.status() === 401, {
    timeout: 30_000,
  });

describe('deactivating someone signed in on two server processes, in the browser', () => {
  it('closes the event stream on each device, whose app then goes to the login', async () => {
    const devices = await Promise.all(processes.map((server) => signedIn(server.url)));
    const refused = devices.map(({ page }) => ticketRefused(page));

    const admin = await loginAs(t.app, 'admin@demo.mx');
    const found = await t.app.inject({ method: 'GET', url: `/api/v2/users?filter[search]=${WAREHOUSE}`, headers: bearer(admin) });
    const person = personPageSchema.parse(found.json()).data[0]!;
    const off = await t.app.inject({ method: 'POST', url: `/api/v2/users/${person.id}/deactivate`, headers: bearer(admin) });
    expect(off.statusCode).toBe(200);

    // Each process closes the stream it holds: the app's next ticket is refused, and each device goes to the login.
    await Promise.all(refused);
    for (const { page } of devices) {
      await page.getByRole('heading', { name: 'Iniciar sesión' }).waitFor({ timeout: 15_000 });
      expect(await page.getByRole('heading', { name: 'Iniciar sesión' }).isVisible()).toBe(true);
    }
  }, 120_000);
});
