import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

export const DEMO_PASSWORD = 'demo1234';

export async function signIn(page: Page, email: string, password = DEMO_PASSWORD): Promise<void> {
  await page.goto('/');
  await page.getByLabel('Correo Electrónico').fill(email);
  await page.getByLabel('Contraseña', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Acceder' }).click();
  // Everyone lands on a greeting, except the warehouse operator: on the orders to fill.
  await expect(page.getByRole('heading', { name: /^Hola, / }).or(page.getByRole('group', { name: 'Fechas' }))).toBeVisible();
}

/**
 * The service worker installs on the first visit (its precache holds every chunk); pages
 * loaded after that are controlled by it, so a screen opened offline still finds its code.
 */
export async function loadControlledByServiceWorker(page: Page): Promise<void> {
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  await page.reload();
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
}

export async function openUserMenu(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Menú de usuario' }).click();
  await expect(page.getByRole('button', { name: 'Cerrar Sesión' })).toBeVisible();
}

/** A demo person's token, for calls the test makes to the API itself. */
export async function tokenOf(request: APIRequestContext, email: string): Promise<string> {
  const login = await request.post('/api/v1/user/login', { data: { email, password: DEMO_PASSWORD } });
  return ((await login.json()) as { access_token: string }).access_token;
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** Serious and critical accessibility violations on the page (axe-core, the engine Lighthouse uses). */
export async function seriousViolations(page: Page): Promise<string[]> {
  // A page still fading in (a route's transition, a toast appearing) shows its text at part of its
  // colour for a moment: axe judges the page once its finite animations have ended (or after 3 s).
  await page
    .waitForFunction(
      () =>
        document
          .getAnimations()
          .every((animation) => animation.playState !== 'running' || animation.effect?.getComputedTiming().endTime === Infinity),
      undefined,
      { timeout: 3_000 },
    )
    .catch(() => undefined);
  const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
  // Evaluated through the debugging protocol: the app's Content-Security-Policy forbids inline scripts.
  await page.evaluate(axeSource);
  return page.evaluate(async () => {
    const result = await (
      window as unknown as { axe: { run(): Promise<{ violations: { id: string; impact: string | null }[] }> } }
    ).axe.run();
    return result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id);
  });
}
