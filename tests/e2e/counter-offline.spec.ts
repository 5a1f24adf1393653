import { expect, test, type Page } from '@playwright/test';
import { bearer, loadControlledByServiceWorker, signIn, tokenOf } from './support';

interface ApiSale {
  id: number;
  order_status: string | null;
  offline?: { provisional: string; warnings: string[] } | null;
}

const indicator = (page: Page) => page.getByRole('button', { name: /^Sincronización: / }).filter({ visible: true });

/**
 * One counter sale through the cart: a product found on the device, saved. The customer is
 * picked from the device's customers when given; else the one still chosen from the last sale.
 */
async function sellOffline(page: Page, product: string, customer?: string): Promise<string> {
  if (customer) {
    await page.getByLabel('Buscar empresa o cliente').fill(customer);
    await page
      .getByRole('button', { name: new RegExp(`^${customer}`, 'i') })
      .first()
      .click();
  }
  await page.getByLabel('Buscar producto').fill(product);
  await page
    .getByRole('button', { name: new RegExp(`^Agregar ${product}`, 'i') })
    .first()
    .click();
  const listed = await page.locator('.device-sales article').count();
  const ticket = page.getByRole('button', { name: /^Imprimir ticket · Folio provisional V-[0-9A-F]{4}-\d{4}$/ });
  const before = (await ticket.count()) > 0 ? await ticket.textContent() : null;
  await page.getByRole('button', { name: 'Guardar venta' }).click();
  // Kept on the device: one more in its list, its ticket offered with a new provisional folio, and the toast says so.
  await expect(page.locator('.device-sales article')).toHaveCount(listed + 1);
  if (before) await expect(ticket).not.toHaveText(before);
  const folio = /(V-[0-9A-F]{4}-\d{4})$/.exec((await ticket.textContent())!.trim())![1]!;
  await expect(page.getByText(`Venta guardada sin conexión (${folio})`, { exact: false })).toBeVisible();
  await expect(page.getByRole('article', { name: new RegExp(`^${folio} · `) })).toBeVisible();
  return folio;
}

test('the counter sells three sales with the network cut, reloads, comes back, and the office has three sales with one order each', async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(240_000);
  await signIn(page, 'ventas@demo.mx');
  await loadControlledByServiceWorker(page);
  await page.goto('/pos');
  // The first pull brought the catalogue and the customers to the device.
  await expect(indicator(page)).toHaveAccessibleName(/^Sincronización: En línea, Todo sincronizado/, { timeout: 30_000 });
  await expect
    .poll(() =>
      page.evaluate(
        () =>
          new Promise<number>((resolve) => {
            const open = indexedDB.open('frutas-sync');
            open.onsuccess = () => {
              const count = open.result.transaction('customers').objectStore('customers').count();
              count.onsuccess = () => resolve(count.result);
            };
          }),
      ),
    )
    .toBeGreaterThan(0);

  await context.setOffline(true);
  await expect(indicator(page)).toHaveAccessibleName(/^Sincronización: Sin conexión/);
  const folios = [
    await sellOffline(page, 'Mango', 'Hotel'),
    await sellOffline(page, 'Mango'),
    await sellOffline(page, 'Mango'),
  ];
  expect(new Set(folios).size).toBe(3);

  // The tablet reloads with no network: the app starts from the service worker and the sales are still there.
  await page.reload();
  const list = page.locator('.device-sales');
  for (const folio of folios) {
    await expect(list.getByRole('article', { name: new RegExp(`^${folio} · `) }).getByText('Pendiente de enviar')).toBeVisible({
      timeout: 30_000,
    });
  }

  // Coverage comes back: each sale reaches the server and gets its real folio.
  await context.setOffline(false);
  const ids: number[] = [];
  for (const folio of folios) {
    const link = list.getByRole('article', { name: new RegExp(`^${folio} · `) }).getByRole('link', { name: /^Venta #\d+$/ });
    await expect(link).toBeVisible({ timeout: 60_000 });
    ids.push(Number(/#(\d+)/.exec((await link.textContent())!)![1]));
  }
  expect(new Set(ids).size).toBe(3);

  // The office sees three sales, each with the provisional folio it was sold under and its order to fill.
  const office = await tokenOf(request, 'oficina@demo.mx');
  for (const [index, id] of ids.entries()) {
    const answer = await request.get(`/api/v2/sales/${id}`, { headers: bearer(office) });
    expect(answer.ok()).toBe(true);
    const sale = ((await answer.json()) as { data: ApiSale }).data;
    expect(sale.offline?.provisional).toBe(folios[index]);
  }
  const listed = await request.get(`/api/v2/sales?filter[id]=${ids.join(',')}&itemsPerPage=10`, { headers: bearer(office) });
  const rows = ((await listed.json()) as { data: ApiSale[] }).data;
  expect(rows.map((row) => [row.id, row.order_status]).sort()).toEqual(ids.map((id) => [id, 'nuevo']).sort());
  // And the warehouse has each order to fill once.
  const warehouse = await tokenOf(request, 'almacen@demo.mx');
  const toFill = await request.get(`/api/v2/orders/orders_to_dispatch?itemsPerPage=500`, { headers: bearer(warehouse) });
  const orders = ((await toFill.json()) as { data: { id: number }[] }).data.filter((order) => ids.includes(order.id));
  expect(orders.map((order) => order.id).sort()).toEqual([...ids].sort());
});
