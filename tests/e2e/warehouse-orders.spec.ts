import { expect, test, type Page } from '@playwright/test';
import { DEMO_PASSWORD, signIn } from './support';

/** The server's view, as the administrator (who may read stock), beside the tablet's session. */
async function serverGet<T>(page: Page, path: string): Promise<T> {
  const login = await page.request.post('/api/v1/user/login', { data: { email: 'admin@demo.mx', password: DEMO_PASSWORD } });
  const { access_token: token } = (await login.json()) as { access_token: string };
  const response = await page.request.get(path, { headers: { authorization: `Bearer ${token}` } });
  expect(response.ok()).toBe(true);
  return (await response.json()) as T;
}

const indicator = (page: Page) => page.getByRole('button', { name: /^Sincronización: / }).filter({ visible: true });

test.use({ viewport: { width: 1024, height: 768 }, hasTouch: true });

test('the warehouse tablet starts production, then fills an order with the network cut; once back it is filled, stock moved once', async ({
  page,
  context,
}) => {
  await signIn(page, 'almacen@demo.mx');
  // Its only screen: the orders to fill, today's first.
  await expect(page.getByRole('button', { name: 'Hoy', pressed: true })).toBeVisible();
  await page.getByRole('button', { name: '7 días' }).click();
  const cards = page.locator('.order-card');
  await expect(cards.first()).toBeVisible();

  // 'otro...' applies a range only with two dates.
  await page.getByRole('button', { name: 'otro...' }).click();
  await expect(page.getByText('Elige las dos fechas.')).toBeVisible();
  await page.getByRole('button', { name: '7 días' }).click();

  // An order not yet in production.
  const card = cards.filter({ hasNotText: 'En Producción' }).first();
  const folio = (await card.locator('.order-card__folio').textContent())!;
  const id = Number(folio.replace('Folio ', ''));
  await card.click();
  const detail = page.locator('ion-modal[aria-label="Detalle de Pedido"]');
  await expect(detail.getByText(`Detalle de Pedido · ${folio}`)).toBeVisible();
  const items = await detail.locator('.order-items tbody tr').count();
  expect(items).toBeGreaterThan(0);

  await detail.getByRole('button', { name: 'comenzar producción' }).click();
  await expect(page.getByText('¿Vamos a comenzar?')).toBeVisible();
  await page.getByRole('button', { name: 'Aceptar' }).click();
  await expect(page.getByText('Producción iniciada.')).toBeVisible();
  await expect(detail.getByText('En Producción')).toBeVisible();
  // In production: the button is gone (spec §4).
  await expect(detail.getByRole('button', { name: 'comenzar producción' })).toHaveCount(0);
  await expect
    .poll(
      async () =>
        (
          await serverGet<{ data: { id: number; is_in_production: boolean }[] }>(page, `/api/v2/orders/orders_to_dispatch?itemsPerPage=999`)
        ).data.find((o) => o.id === id)?.is_in_production,
    )
    .toBe(true);

  // The network goes; the order is filled anyway.
  const before = await serverGet<{ meta: { total: number } }>(
    page,
    `/api/v2/inventories?filter[type]=${encodeURIComponent('Salida Venta')}&itemsPerPage=1`,
  );
  await context.setOffline(true);
  await detail.getByRole('button', { name: 'surtido' }).click();
  await expect(page.getByText('¿Seguro que ya surtiste este pedido?')).toBeVisible();
  await page.getByRole('button', { name: 'Aceptar' }).click();
  await expect(page.getByText('Pedido surtido.')).toBeVisible();
  await expect(cards.filter({ hasText: folio })).toHaveCount(0);
  await expect(indicator(page)).toHaveAccessibleName(/^Sincronización: Sin conexión, 1 cambio pendiente/);

  await context.setOffline(false);
  await expect(indicator(page)).toHaveAccessibleName(/^Sincronización: En línea, Todo sincronizado/, { timeout: 20_000 });
  const ready = await serverGet<{ data: { id: number }[] }>(page, `/api/v2/orders/dispatched_orders?filter[id]=${id}`);
  expect(ready.data.map((o) => o.id)).toEqual([id]);
  const after = await serverGet<{ meta: { total: number } }>(
    page,
    `/api/v2/inventories?filter[type]=${encodeURIComponent('Salida Venta')}&itemsPerPage=1`,
  );
  // One 'Salida Venta' per line of the order, once.
  expect(after.meta.total - before.meta.total).toBe(items);

  // Filled orders lists it.
  await page.goto('/orders-ready');
  await page.getByLabel('Buscar (folio o empresa)').fill(String(id));
  await expect(page.getByRole('heading', { name: folio, exact: true })).toBeVisible();
});
