import { expect, test, type APIRequestContext } from '@playwright/test';
import { monterreyDate } from '../../domain/time';
import { bearer, seriousViolations, signIn, tokenOf } from './support';

/** Where the truck starts (Monterrey's Macroplaza), and 450 m north of it: past the recorder's 200 m. */
const START = { latitude: 25.6694, longitude: -100.3099 };
const MOVED = { latitude: 25.6734, longitude: -100.3099 };

/** Sales of `stops` customers on a new route of today for chofer2@demo.mx; returns the route's id. */
async function routeWithStops(request: APIRequestContext, stops = 1): Promise<number> {
  const seller = await tokenOf(request, 'ventas@demo.mx');
  const office = await tokenOf(request, 'oficina@demo.mx');
  const driver = await tokenOf(request, 'chofer2@demo.mx');
  const driverId = ((await (await request.get('/api/v1/user/current', { headers: bearer(driver) })).json()) as { id: number }).id;
  const items = (
    (await (await request.get('/api/v2/item/pos?filter[is_published]=1&itemsPerPage=5', { headers: bearer(seller) })).json()) as {
      data: { id: number }[];
    }
  ).data;
  const customers = (
    (await (await request.get('/api/v2/company_p?filter[name]=a&itemsPerPage=20', { headers: bearer(seller) })).json()) as {
      data: { id: number }[];
    }
  ).data;
  const today = monterreyDate(new Date());
  const created = await request.post('/api/v1/shipping/create', { headers: bearer(office), data: { date: today, driver_id: driverId } });
  expect(created.status()).toBe(201);
  const route = (await created.json()) as { id: number };
  for (const customer of customers.slice(0, stops)) {
    const made = await request.post('/api/v2/sales', {
      headers: { ...bearer(seller), 'idempotency-key': crypto.randomUUID() },
      data: {
        company_id: customer.id,
        company_branch_id: null,
        date: today,
        type: 'Serie A',
        note: null,
        internal_note: null,
        purchase_order: null,
        bar: false,
        items: [{ item_id: items[0]!.id, quantity: 2 }],
      },
    });
    expect(made.status()).toBe(201);
    const sale = (await made.json()) as { id: number };
    const detail = await request.post('/api/v1/shipping_detail/create', { headers: bearer(office), data: { sale_id: sale.id, shipping_id: route.id } });
    expect(detail.ok()).toBe(true);
  }
  return route.id;
}

test("the office's 'Mapa' moves a truck live as the driver's phone reports where it is", async ({ browser, request }) => {
  test.setTimeout(300_000);
  const routeId = await routeWithStops(request);

  // The office opens today's map first: the route is there, without a position yet.
  const office = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
  await signIn(office, 'oficina@demo.mx');
  await office.goto('/mapa');
  await expect(office.getByRole('banner').getByText('Mapa', { exact: true }).filter({ visible: true })).toBeVisible();
  const listed = office.getByRole('list', { name: 'Rutas y paradas' }).locator(`li[data-route-id="${routeId}"]`);
  await expect(listed).toContainText(`Ruta E-${routeId} · José Martínez`, { timeout: 30_000 });
  await expect(listed).toContainText('Sin posición aún');
  // The legend names the map's colours, and the map, its legend and list pass axe.
  await expect(office.getByRole('list', { name: 'Simbología' })).toContainText('Entrega parcial');
  expect(await seriousViolations(office)).toEqual([]);
  // Anything that reloads the page would drop this mark: the truck must move without one.
  await office.evaluate(() => Object.assign(window, { mapNotReloaded: true }));

  // The driver's phone, with its location allowed, starts the route there.
  const phoneContext = await browser.newContext({
    viewport: { width: 360, height: 740 },
    hasTouch: true,
    isMobile: true,
    permissions: ['geolocation'],
    geolocation: START,
  });
  const phone = await phoneContext.newPage();
  await signIn(phone, 'chofer2@demo.mx');
  await phone.getByText(`E-${routeId}`, { exact: true }).filter({ visible: true }).click();
  const dialog = phone.locator('ion-modal[aria-label="Entregas"]');
  await expect(phone.getByRole('dialog', { name: 'Entregas' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Iniciar' }).click();
  await dialog.getByLabel('Kilometraje Inicial').fill('12000');
  await dialog.getByRole('button', { name: 'Guardar' }).click();
  await expect(phone.getByText('Ruta iniciada.')).toBeVisible();

  // The first position reaches the office's map: the truck is drawn and the list says when.
  const truck = office.locator(`.route-map__truck [data-route-id="${routeId}"]`);
  await expect(truck).toHaveCount(1, { timeout: 120_000 });
  await expect(listed).toContainText(/Última posición: \d{2}:\d{2}/);
  const before = await truck.boundingBox();

  // The truck drives 450 m north: the office sees it move, with no reload.
  await phoneContext.setGeolocation(MOVED);
  await expect
    .poll(async () => (await truck.boundingBox())?.y ?? before!.y, { timeout: 150_000, intervals: [1_000] })
    .toBeLessThan(before!.y - 5);
  expect(await office.evaluate(() => (window as unknown as { mapNotReloaded?: boolean }).mapNotReloaded)).toBe(true);
  // Its trail is a line on the map now: two points at least.
  await expect(office.locator('.route-map__canvas path').first()).toBeAttached();
});

test("a route's page orders its stops with Subir and Bajar, kept by the server, and says why 'Optimizar' cannot be asked", async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const routeId = await routeWithStops(request, 3);
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, 'oficina@demo.mx');
  await page.goto(`/shippings/${routeId}`);
  await page.getByRole('button', { name: 'Ver mapa y orden de paradas' }).click();
  const section = page.getByRole('region', { name: 'Mapa', exact: true });
  await expect(section.getByRole('heading', { name: 'Paradas en orden' })).toBeVisible({ timeout: 30_000 });
  const stops = section.locator('.stop-order__item strong');
  await expect(stops).toHaveCount(3);
  const [first, second] = [await stops.nth(0).textContent(), await stops.nth(1).textContent()];
  const firstName = first!.replace(/^1\. /, '');
  const secondName = second!.replace(/^2\. /, '');

  // From the keyboard: the first stop goes down one place, and focus stays on its button.
  await section.getByRole('button', { name: `Bajar ${firstName}` }).focus();
  await page.keyboard.press('Enter');
  await expect(stops.nth(0)).toHaveText(`1. ${secondName}`);
  await expect(stops.nth(1)).toHaveText(`2. ${firstName}`);
  await expect(section.getByRole('button', { name: `Bajar ${firstName}` })).toBeFocused();

  // The server kept it: read again, the route is in the new order.
  await page.reload();
  await page.getByRole('button', { name: 'Ver mapa y orden de paradas' }).click();
  await expect(stops.nth(0)).toHaveText(`1. ${secondName}`, { timeout: 30_000 });
  await expect(stops.nth(1)).toHaveText(`2. ${firstName}`);

  // No routing engine in this server: 'Optimizar' is off and says why.
  await expect(section.getByRole('button', { name: 'Optimizar' })).toBeDisabled();
  await expect(section.getByText('No hay un motor de rutas configurado (ROUTING_URL).')).toBeVisible();
});
