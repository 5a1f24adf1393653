import { expect, test, type APIRequestContext } from '@playwright/test';
import { formatMoney } from '../../domain/format';
import { homeSchema, type Home } from '../../domain/schemas/home';
import { bearer, seriousViolations, signIn, tokenOf } from './support';

// A sale for a day of its own, so that this test's route adds nothing to other tests' days.
const SALE_DAY = '2027-03-09';

async function serverHome(request: APIRequestContext, token: string): Promise<Home> {
  return homeSchema.parse(await (await request.get('/api/v2/home', { headers: bearer(token) })).json()).data;
}

/** Today's route for chofer2 (José Martínez) with one pending delivery of a new sale; its id and the delivery's. */
async function routeWithOnePendingDelivery(request: APIRequestContext, today: string): Promise<{ routeId: number; detailId: number }> {
  const sales = bearer(await tokenOf(request, 'ventas@demo.mx'));
  const companies = (await (await request.get('/api/v1/company/all', { headers: sales })).json()) as { data: { id: number }[] };
  const items = (await (await request.get('/api/v1/item/all', { headers: sales })).json()) as { data: { id: number; is_published: boolean }[] };
  const sale = await request.post('/api/v2/sales', {
    headers: sales,
    data: {
      company_id: companies.data[0]!.id,
      company_branch_id: null,
      date: SALE_DAY,
      type: 'Serie A',
      note: null,
      internal_note: null,
      purchase_order: null,
      bar: false,
      items: [{ item_id: items.data.find((item) => item.is_published)!.id, quantity: 2 }],
    },
  });
  expect(sale.status()).toBe(201);
  const saleId = ((await sale.json()) as { id: number }).id;

  const office = bearer(await tokenOf(request, 'oficina@demo.mx'));
  const people = (await (await request.get('/api/v1/user/all', { headers: office })).json()) as { data: { id: number; name: string; last: string }[] };
  const route = await request.post('/api/v1/shipping/create', {
    headers: office,
    data: { date: today, driver_id: people.data.find((person) => `${person.name} ${person.last}` === 'José Martínez')!.id, vehicle_id: null, note: 'Ruta del Inicio' },
  });
  expect(route.status()).toBe(201);
  const routeId = ((await route.json()) as { id: number }).id;
  const detail = await request.post('/api/v1/shipping_detail/create', { headers: office, data: { shipping_id: routeId, sale_id: saleId } });
  expect(detail.status()).toBe(201);
  return { routeId, detailId: ((await detail.json()) as { id: number }).id };
}

test.describe('the office Inicio on a phone', () => {
  test.use({ viewport: { width: 360, height: 780 } });

  test('shows the server’s figures for the day and follows a driver’s delivery without reloading', async ({ page, request }) => {
    const officeToken = await tokenOf(request, 'oficina@demo.mx');
    const { date: today } = await serverHome(request, officeToken);
    const { routeId, detailId } = await routeWithOnePendingDelivery(request, today);

    await signIn(page, 'oficina@demo.mx');
    const expected = await serverHome(request, officeToken);
    const sales = page.getByRole('link', { name: /Ventas de hoy/ });
    await expect(sales).toContainText(formatMoney(expected.sales!.today.total));
    await expect(sales).toContainText(formatMoney(expected.sales!.last_week.total));
    const orders = page.getByRole('link', { name: /Pedidos de hoy/ });
    for (const [state, label] of [
      ['nuevo', 'Nuevos'],
      ['en_produccion', 'En producción'],
      ['surtido', 'Surtidos'],
    ] as const) {
      await expect(orders.locator('div').filter({ has: page.getByRole('term').filter({ hasText: label }) }).getByRole('definition')).toHaveText(
        String(expected.orders![state]),
      );
    }
    await expect(page.getByRole('link', { name: /Saldos vencidos/ })).toContainText(formatMoney(expected.overdue!.total));
    await expect(page.getByRole('link', { name: /Notas sin ver/ })).toContainText(String(expected.unseen_notes));
    const routes = page.getByRole('region', { name: 'Rutas de hoy' }).getByRole('link');
    await expect(routes).toHaveCount(expected.routes!.length);
    const route = page.getByRole('link', { name: new RegExp(`^E-${routeId} `) });
    await expect(route).toContainText('0 entregadas · 0 rechazadas · 1 pendiente');

    expect(await seriousViolations(page)).toEqual([]);

    // The route's driver rejects the delivery from their phone: the office sees it move, no reload.
    const driver = bearer(await tokenOf(request, 'chofer2@demo.mx'));
    const rejected = await request.patch(`/api/v2/shipping_details/${detailId}`, {
      headers: driver,
      data: { completed: true, is_delivered: false, delivery_rejection_comment: 'Cerrado por inventario' },
    });
    expect(rejected.status()).toBe(200);
    await expect(route).toContainText('0 entregadas · 1 rechazada · 0 pendientes');

    // Each figure opens its screen.
    await route.click();
    await expect(page).toHaveURL(new RegExp(`/shippings/${routeId}$`));
  });

  test('shows the last figures with their age when the server cannot be reached', async ({ page, context, request }) => {
    await signIn(page, 'oficina@demo.mx');
    const expected = await serverHome(request, await tokenOf(request, 'oficina@demo.mx'));
    await expect(page.getByRole('link', { name: /Saldos vencidos/ })).toContainText(formatMoney(expected.overdue!.total));
    // Installed: the service worker serves the app with no network.
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    await page.reload();
    await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);

    await context.setOffline(true);
    try {
      await page.reload();
      await expect(page.getByRole('status').filter({ hasText: /^Sin conexión con el servidor: datos de / })).toBeVisible();
      await expect(page.getByRole('link', { name: /Saldos vencidos/ })).toContainText(formatMoney(expected.overdue!.total));
      await expect(page.getByRole('region', { name: 'Rutas de hoy' }).getByRole('link')).toHaveCount(expected.routes!.length);
    } finally {
      await context.setOffline(false);
    }
  });

  test('opens the menu from the light start, and the screens from it', async ({ page }) => {
    await signIn(page, 'oficina@demo.mx');
    await page.getByRole('button', { name: 'Abrir o cerrar el menú' }).click();
    const menu = page.getByRole('navigation', { name: 'Menú' });
    await expect(menu.getByRole('link', { name: 'Clientes', exact: true })).toBeVisible();
    await menu.getByRole('link', { name: 'Clientes', exact: true }).click();
    await expect(page).toHaveURL(/\/clients$/);
    await expect(page.getByRole('heading', { name: 'Clientes', exact: true })).toBeVisible();
  });
});
