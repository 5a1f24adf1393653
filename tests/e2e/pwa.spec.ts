import { appendFile, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { loadControlledByServiceWorker, signIn } from './support';

test('opens the app shell with no network once installed', async ({ page, context }) => {
  await signIn(page, 'oficina@demo.mx');
  await loadControlledByServiceWorker(page);
  await expect(page.getByRole('heading', { name: 'Hola, Jorge' })).toBeVisible();
  await page.getByRole('link', { name: 'Notas', exact: true }).click();
  await expect(page.getByText('Sin ver', { exact: true }).first()).toBeVisible();

  await context.setOffline(true);
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Hola, Jorge' })).toBeVisible();
  await page.goto('/notes');
  await expect(page.getByText('Sin ver', { exact: true }).first()).toBeVisible();
  await page.goto('/settings');
  await expect(page.getByText('oficina@demo.mx')).toBeVisible();
  await context.setOffline(false);
});

test('tells when an update is waiting and switches to it on Actualizar', async ({ page }) => {
  const serviceWorkerFile = path.join(process.env.E2E_WEB_DIR ?? 'dist', 'sw.js');
  const original = await readFile(serviceWorkerFile, 'utf8');
  try {
    await page.goto('/');
    await loadControlledByServiceWorker(page);
    const before = await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL);
    await expect(page.getByText('Hay una actualización disponible!')).toHaveCount(0);

    // A deploy: the service worker script changes on the server.
    await appendFile(serviceWorkerFile, `\n// nueva versión ${Date.now()}\n`);
    await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.update());

    await expect(page.getByText('Hay una actualización disponible!')).toBeVisible();
    const reloaded = page.waitForEvent('load');
    await page.getByRole('button', { name: 'Actualizar' }).click();
    await reloaded;
    await expect(page.getByRole('heading', { name: 'Iniciar sesión' })).toBeVisible();
    await expect(page.getByText('Hay una actualización disponible!')).toHaveCount(0);
    const state = await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.getRegistration();
      return { waiting: registration?.waiting ?? null, controller: navigator.serviceWorker.controller?.scriptURL };
    });
    expect(state.waiting).toBeNull();
    expect(state.controller).toBe(before);
  } finally {
    await writeFile(serviceWorkerFile, original);
  }
});

test('offline before the app is installed, a screen that cannot load says so and opens once the connection is back', async ({
  browser,
  baseURL,
}) => {
  // A first visit whose service worker has not taken the app yet: blocked here, so nothing is held.
  const context = await browser.newContext({ baseURL, serviceWorkers: 'block' });
  const page = await context.newPage();
  try {
    await signIn(page, 'oficina@demo.mx');
    await expect(page.getByRole('heading', { name: 'Hola, Jorge' })).toBeVisible();

    await context.setOffline(true);
    // Notas opens in the full app, whose code this page has not fetched yet.
    await page
      .getByRole('link', { name: /^Notas: / })
      .first()
      .click();
    await expect(page.getByRole('heading', { name: 'No se pudo abrir esta pantalla' })).toBeVisible();
    await expect(page.getByRole('alert')).toHaveText(
      'Sin conexión: se abrirá al volver la conexión. Lo que ya se guardó en este dispositivo no se pierde.',
    );
    // 'Reintentar' offline does not reload into the browser's own offline page.
    await page.getByRole('button', { name: 'Reintentar' }).click();
    await expect(page.getByRole('heading', { name: 'No se pudo abrir esta pantalla' })).toBeVisible();

    const reloaded = page.waitForEvent('load');
    await context.setOffline(false);
    await reloaded;
    await expect(page.getByRole('heading', { name: 'Hola, Jorge' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'No se pudo abrir esta pantalla' })).toHaveCount(0);
  } finally {
    await context.close();
  }
});
