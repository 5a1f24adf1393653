import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { monterreyDate } from '../../../domain/time';
import { DEMO_PASSWORD } from '../support';

// The event-rental deployment (DEPLOYMENT=eventos) on its own server and demo database.

async function signIn(page: Page, email: string): Promise<void> {
  await page.goto('/');
  await page.getByLabel('Correo Electrónico').fill(email);
  await page.getByLabel('Contraseña', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Acceder' }).click();
}

async function api(request: APIRequestContext, email: string): Promise<Record<string, string>> {
  const login = await request.post('/api/v1/user/login', { data: { email, password: DEMO_PASSWORD } });
  const { access_token: token } = (await login.json()) as { access_token: string };
  return { authorization: `Bearer ${token}` };
}

const cssVariable = (page: Page, name: string) =>
  page.evaluate((n) => getComputedStyle(document.documentElement).getPropertyValue(n).trim(), name);

test('the first paint is the event-rental brand, before any script runs', async ({ browser, baseURL }) => {
  // Scripts off: what shows is the page as the server wrote it.
  const context = await browser.newContext({ baseURL, javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto('/');
  await expect(page).toHaveTitle('Eventos del Norte');
  await expect(page.locator('meta[name="theme-color"]')).toHaveAttribute('content', '#6a1b9a');
  expect(await cssVariable(page, '--ion-color-primary')).toBe('#4a148c');
  expect(await cssVariable(page, '--brand-color')).toBe('#6a1b9a');
  // Without JavaScript the page says what to do instead of staying blank.
  await expect(page.getByText('Si la página no avanza, activa JavaScript en tu navegador y vuelve a cargarla.', { exact: false })).toBeVisible();
  // The tab's icon, whichever the browser asks for, is the rental business's.
  const svg = await page.request.get('/favicon.svg');
  expect(await svg.text()).toContain('aria-label="Eventos del Norte"');
  expect((await page.request.get('/favicon.ico')).headers()['content-type']).toBe('image/png');
  await context.close();
});

test('the login shows the rental business, never the produce one', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByText('Eventos del Norte').first()).toBeVisible();
  await expect(page.getByText(/Frutas/)).toHaveCount(0);
  expect(await cssVariable(page, '--ion-color-primary')).toBe('#4a148c');
});

test('a seller opens on the point of sale; the menu names it and hides what this business does not use', async ({ page }) => {
  await signIn(page, 'ventas@demo.mx');
  await expect(page.locator('.top-bar__title').filter({ visible: true })).toHaveText('Punto de Venta');
  await expect(page.getByLabel('Buscar empresa o cliente')).toBeVisible();
  const menu = page.getByRole('navigation', { name: 'Menú' });
  const links = menu.getByRole('link');
  await expect(links.first()).toHaveText('Punto de Venta');
  await expect(menu.getByRole('link', { name: 'Saldos Vencidos' })).toHaveCount(0);
  await expect(menu.getByRole('link', { name: 'Cotizaciones' })).toBeVisible();
});

test('a rental sold at the counter goes on a route, the driver finds it there, and the sale prints as a confirmed rental', async ({
  page,
  browser,
  baseURL,
  request,
}) => {
  test.setTimeout(90_000);
  await signIn(page, 'ventas@demo.mx');
  await page.getByLabel('Buscar empresa o cliente').fill('quinta los');
  await page
    .getByRole('button', { name: /^Quinta Los Robles/ })
    .first()
    .click();
  await expect(page.getByLabel('Sucursal')).toBeVisible();
  await page.getByLabel('Buscar producto').fill('tiffany dorada');
  await page
    .getByRole('button', { name: /^Agregar Silla Tiffany dorada/ })
    .first()
    .click();
  await page.getByRole('button', { name: 'Guardar venta' }).click();
  const saved = page.getByText(/^Venta \d+ guardada/);
  await expect(saved).toBeVisible();
  const sale = Number(/Venta (\d+)/.exec((await saved.textContent())!)![1]);

  const office = await api(request, 'oficina@demo.mx');
  const driverHeaders = await api(request, 'chofer@demo.mx');
  const driver = (await (await request.get('/api/v1/user/current', { headers: driverHeaders })).json()) as { id: number };
  const route = await request.post('/api/v1/shipping/create', {
    headers: office,
    data: { date: monterreyDate(new Date()), driver_id: driver.id },
  });
  expect(route.status()).toBe(201);
  const shipping = ((await route.json()) as { id: number }).id;
  const added = await request.post('/api/v1/shipping_detail/create', { headers: office, data: { sale_id: sale, shipping_id: shipping } });
  expect(added.status()).toBe(201);

  const phone = await browser.newContext({ baseURL, viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
  try {
    const driverPage = await phone.newPage();
    await signIn(driverPage, 'chofer@demo.mx');
    await driverPage.getByText(`E-${shipping}`, { exact: true }).click();
    await expect(driverPage.getByText('Quinta Los Robles').first()).toBeVisible();
    // The stop's products are folded behind their count.
    await driverPage.getByText('1 producto', { exact: true }).click();
    await expect(driverPage.getByText(/Silla Tiffany dorada/).first()).toBeVisible();
    expect(await cssVariable(driverPage, '--ion-color-primary')).toBe('#4a148c');
  } finally {
    await phone.close();
  }

  // The sale's page shows the rental terms and prints the sale as a confirmed party-rental quotation.
  await page.goto(`/sales/${sale}`);
  const terms = page.getByRole('region', { name: 'Términos de la renta' });
  await expect(terms).toContainText('Anticipo del 50 % para confirmar el evento');
  await expect(terms).toContainText('Depósito en garantía: $1,000.00');
  // Rented for today: the balance is due on confirming, never on a day already past.
  await expect(terms).toContainText('a pagar al confirmar el evento');
  // No warehouse fills a rental: no order state beside the sale.
  await expect(page.getByText(/^Pedido:/)).toHaveCount(0);
  const [print] = await Promise.all([
    page.context().waitForEvent('page'),
    page.getByRole('button', { name: 'Imprimir cotización de renta' }).click(),
  ]);
  await expect(print.getByRole('heading', { name: 'Cotización de renta' })).toBeVisible();
  await expect(print.getByText('Confirmada')).toBeVisible();
  await expect(print.getByText('Quinta Los Robles').first()).toBeVisible();
});
