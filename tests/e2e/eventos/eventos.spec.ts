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
  await expect(
    page.getByText('Si la página no avanza, activa JavaScript en tu navegador y vuelve a cargarla.', { exact: false }),
  ).toBeVisible();
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

test('a rental that asks more chairs than there are is warned before saving, and the rentals calendar marks its day', async ({ page }) => {
  test.setTimeout(90_000);
  await signIn(page, 'ventas@demo.mx');
  await page.getByLabel('Buscar empresa o cliente').fill('quinta los');
  await page
    .getByRole('button', { name: /^Quinta Los Robles/ })
    .first()
    .click();
  await page.getByLabel('Buscar producto').fill('tiffany dorada');
  await page
    .getByRole('button', { name: /^Agregar Silla Tiffany dorada/ })
    .first()
    .click();
  const day = monterreyDate(new Date(Date.now() + 45 * 24 * 3600 * 1000));
  await page.getByLabel('Fecha programada').fill(day);
  await page.getByLabel('Cantidad de Silla Tiffany dorada').fill('50000');
  await page.getByLabel('Cantidad de Silla Tiffany dorada').press('Enter');
  const warning = page.getByRole('status').filter({ hasText: 'Más piezas de las que hay el' });
  await expect(warning).toContainText(/Silla Tiffany dorada: se piden 50,000, hay \d+ disponibles\./);
  await page.getByRole('button', { name: 'Guardar venta' }).click();
  // Asked first; 'Revisar cantidades' leaves the rental unsaved.
  await page.getByRole('button', { name: 'Revisar cantidades' }).click();
  await expect(page.getByText(/^Venta \d+ guardada/)).toHaveCount(0);
  await page.getByRole('button', { name: 'Guardar venta' }).click();
  await page.getByRole('button', { name: 'Guardar de todos modos' }).click();
  await expect(page.getByText(/^Venta \d+ guardada/)).toBeVisible();

  await page.goto('/rentals/calendar');
  await expect(page.locator('.top-bar__title').filter({ visible: true })).toHaveText('Calendario de rentas');
  // Forward to the event's month, then its day.
  const months =
    (Number(day.slice(0, 4)) - Number(monterreyDate(new Date()).slice(0, 4))) * 12 +
    Number(day.slice(5, 7)) -
    Number(monterreyDate(new Date()).slice(5, 7));
  for (let step = 0; step < months; step++) await page.getByRole('button', { name: 'Mes siguiente' }).click();
  await page
    .getByRole('button', { name: new RegExp(`^\\S+, ${Number(day.slice(8))} de `) })
    .first()
    .click();
  const panel = page.locator('.calendar-panel');
  await expect(panel.getByText('Silla Tiffany dorada')).toBeVisible();
  await expect(panel.getByText('Se rentan más de las que hay')).toBeVisible();
});

test('a rental goes on a delivery route and comes back on a pick-up route, counted with two chairs missing', async ({
  page,
  request,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  // The rental for today, made through the sales API the point of sale calls (test above drives the point of sale itself).
  const seller = await api(request, 'ventas@demo.mx');
  const [company] = (
    (await (await request.get('/api/v2/company_p?filter[name]=quinta%20los', { headers: seller })).json()) as {
      data: { id: number }[];
    }
  ).data;
  const admin = await api(request, 'admin@demo.mx');
  const items = (await (await request.get('/api/v2/items?filter[name]=tiffany%20dorada', { headers: admin })).json()) as {
    data: { id: number; name: string }[];
  };
  const chairs = items.data.find((item) => item.name === 'Silla Tiffany dorada')!;
  const created = await request.post('/api/v2/sales', {
    headers: { ...seller, 'idempotency-key': `renta-e2e-${Date.now()}` },
    data: {
      company_id: company!.id,
      company_branch_id: null,
      date: monterreyDate(new Date()),
      type: 'Serie A',
      note: null,
      internal_note: null,
      purchase_order: null,
      bar: true,
      items: [{ item_id: chairs.id, quantity: 12 }],
    },
  });
  expect(created.status()).toBe(201);
  const sale = ((await created.json()) as { id: number }).id;

  await page.setViewportSize({ width: 1366, height: 850 });
  await signIn(page, 'admin@demo.mx');
  await expect(page.getByRole('navigation', { name: 'Menú' })).toBeVisible();
  const modal = (name: string) => page.locator(`ion-modal[aria-label="${name}"]`);
  // The last route made: the pick-up.
  let pickUpRoute = 0;
  for (const kind of ['Entrega', 'Recolección'] as const) {
    await page.goto('/solitario');
    await page.getByLabel('Tipo de ruta').selectOption({ label: kind });
    await page.getByLabel('Chofer').selectOption({ label: 'Miguel Hernández' });
    await page.getByLabel('Fecha de Entrega').fill(monterreyDate(new Date()));
    await page.getByRole('button', { name: 'Guardar' }).click();
    await expect(page).toHaveURL(/\/shippings\/\d+$/);
    const route = Number(page.url().split('/').pop());
    pickUpRoute = route;
    const folio = kind === 'Entrega' ? `E-${route}` : `E-${route} · Recolección`;
    await expect(page.getByRole('rowheader', { name: folio, exact: true })).toBeVisible();
    await page.getByRole('button', { name: `Ver ventas del envío E-${route}` }).click();
    const panel = page.getByRole('region', { name: `Envios · E-${route}` });
    await panel.getByRole('button', { name: 'Agregar' }).click();
    const dialog = modal('Agregar Orden de Envío');
    // No fill step: the delivery route offers the rental as it was sold; the pick-up route, once it went out.
    await dialog
      .getByLabel(kind === 'Entrega' ? 'Buscar renta (folio o empresa)' : 'Buscar renta entregada (folio o empresa)')
      .fill(`V-${sale}`);
    await dialog.getByRole('radio', { name: new RegExp(`^V-${sale} · `) }).check();
    await dialog.getByRole('button', { name: 'Guardar' }).click();
    await expect(page.getByText('Venta agregada al envío.')).toBeVisible();
    await expect(panel.getByRole('rowheader', { name: new RegExp(`^V-${sale} · `) })).toBeVisible();
  }

  // The driver's phone names the pick-up route and its stop is picked up, not delivered.
  const phone = await browser.newContext({ baseURL, viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
  try {
    const driverPage = await phone.newPage();
    await signIn(driverPage, 'chofer@demo.mx');
    await driverPage.getByText(`E-${pickUpRoute} · Recolección`, { exact: true }).click();
    const stop = driverPage.getByRole('article').filter({ hasText: `V-${sale}` });
    await expect(stop.getByRole('button', { name: 'Recoger' })).toBeVisible();
    await expect(stop.getByRole('button', { name: 'Entregar' })).toHaveCount(0);
  } finally {
    await phone.close();
  }

  // Back at the warehouse: 2 of the 12 chairs did not come back.
  await page.goto(`/sales/${sale}`);
  const pickup = page.getByRole('region', { name: 'Recolección' });
  await expect(pickup).toContainText('Lo rentado aún no regresa.');
  await pickup.getByRole('button', { name: 'Registrar recolección' }).click();
  const dialog = modal(`Registrar recolección · V-${sale}`);
  await dialog.getByLabel('Faltantes').fill('2');
  await dialog.getByLabel('Cargo por pieza').fill('250');
  await dialog.getByRole('button', { name: 'Registrar recolección' }).click();
  await expect(page.getByText('Recolección registrada: lo que regresó volvió al inventario.')).toBeVisible();
  const row = pickup.getByRole('row').filter({ has: page.getByRole('rowheader', { name: 'Silla Tiffany dorada' }) });
  await expect(row.getByRole('cell')).toHaveText(['12', '10', '2', '0', '$250.00', '$500.00']);
  await expect(pickup).toContainText('Depósito en garantía');
  await expect(pickup).toContainText('$1,000.00');
  await expect(pickup).toContainText('$500.00');
  await expect(pickup.getByRole('button', { name: 'Registrar recolección' })).toHaveCount(0);
  // The ten chairs that came back are in the stock's movements, as a rental's pick-up.
  const moves = await request.get(
    `/api/v2/inventory_report?type=detail&filter[item_id]=${chairs.id}&filter[source]=recoleccion&sort=-created_at&itemsPerPage=5`,
    { headers: admin },
  );
  expect(moves.ok()).toBe(true);
  expect(JSON.stringify(await moves.json())).toContain('Recolección de la renta V-');
});
