import { expect, test } from '@playwright/test';
import { signIn } from './support';

// Requests are intercepted here, which a service worker would bypass.
test.use({ serviceWorkers: 'block' });

test('keeps the session and shows the last known user when the server cannot be reached', async ({ page }) => {
  await signIn(page, 'oficina@demo.mx');
  // The device keeps what it last read from the server.
  await expect.poll(() => page.evaluate(() => localStorage.getItem('query-cache')?.includes('oficina@demo.mx') ?? false)).toBe(true);
  await page.route('**/api/**', (route) => route.abort('internetdisconnected'));
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Hola, Jorge' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('token'))).not.toBeNull();
});

test('discards the token and shows the login when the server answers 401', async ({ page }) => {
  await signIn(page, 'oficina@demo.mx');
  await page.route('**/api/v1/user/current', (route) =>
    route.fulfill({ status: 401, contentType: 'application/json', body: JSON.stringify({ message: 'Sesión no válida o expirada. Inicia sesión de nuevo.' }) }),
  );
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Iniciar sesión' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
});

test('signs out on every tab when the token is revoked on the server', async ({ page, request }) => {
  await signIn(page, 'ventas@demo.mx');
  const token = await page.evaluate(() => localStorage.getItem('token'));
  await request.post('/api/v1/user/logout', { headers: { authorization: `Bearer ${token}` } });
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Iniciar sesión' })).toBeVisible();
});

test('a person signing in after another one was signed out by the server sees their own screens', async ({ page, request }) => {
  await signIn(page, 'ventas@demo.mx');
  await page.goto('/quotations');
  await expect(page.getByRole('heading', { name: 'Cotizaciones', exact: true }).first()).toBeVisible();
  const token = await page.evaluate(() => localStorage.getItem('token'));
  await request.post('/api/v1/user/logout', { headers: { authorization: `Bearer ${token}` } });
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Iniciar sesión' })).toBeVisible();
  // Nothing the previous person's session read is kept for the next one.
  expect(await page.evaluate(() => localStorage.getItem('query-cache')?.includes('ventas@demo.mx') ?? false)).toBe(false);
  await signIn(page, 'oficina@demo.mx');
  await expect(page.getByRole('heading', { name: 'Hola, Jorge' })).toBeVisible();
  await page.goto('/clients');
  await expect(page.getByRole('heading', { name: 'Clientes', exact: true }).first()).toBeVisible();
});

test('shows the print view instead of the app while print data is stored', async ({ page }) => {
  await page.goto('/');
  await page.evaluate(() => localStorage.setItem('print', JSON.stringify({ kind: 'shipping', data: { id: 1 } })));
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Impresión' })).toBeVisible();
  await page.getByRole('button', { name: 'Cerrar' }).click();
  await expect(page.getByRole('heading', { name: 'Iniciar sesión' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('print'))).toBeNull();
});
