import { expect, test, type Page } from '@playwright/test';
import { bearer, loadControlledByServiceWorker, seriousViolations, signIn, tokenOf } from './support';

interface ApiInventory {
  id: number;
  status: string;
  lines: { shelf: string; item_id: number; quantity: number }[];
}

const indicator = (page: Page) => page.getByRole('button', { name: /^Sincronización: / }).filter({ visible: true });
const kg = (value: number) => new Intl.NumberFormat('es-MX', { maximumFractionDigits: 2 }).format(value);

test('the tablet counts two shelves offline, reconnects, and the office applies the differences that /inventory then shows', async ({
  browser,
  baseURL,
  request,
}) => {
  test.setTimeout(180_000);
  // Two items of the catalogue with their EAN-13: one found by name, one by its code.
  const admin = await tokenOf(request, 'admin@demo.mx');
  const catalogue = (await (await request.get('/api/v2/item/pos?itemsPerPage=200', { headers: bearer(admin) })).json()) as {
    data: { id: number; name: string; ean13: string | null }[];
  };
  const [byName, byCode] = catalogue.data.filter((item) => item.ean13 && !/[()]/.test(item.name));
  expect(byCode, 'the demo catalogue has items with EAN-13').toBeDefined();

  const options = { baseURL, locale: 'es-MX', timezoneId: 'America/Monterrey' };
  const tabletContext = await browser.newContext({ ...options, viewport: { width: 1024, height: 768 }, hasTouch: true });
  const tablet = await tabletContext.newPage();
  await signIn(tablet, 'almacen@demo.mx');
  // No side menu: the count is reached from the orders to fill.
  await expect(tablet.getByRole('navigation', { name: 'Menú' })).toHaveCount(0);
  await tablet.getByRole('link', { name: 'Inventario Físico' }).click();
  await expect(tablet.getByText('No hay un conteo abierto en tu sucursal.')).toBeVisible();
  await tablet.getByRole('button', { name: 'Abrir conteo' }).click();
  const heading = tablet.getByRole('heading', { name: /^Conteo \d+ · Abierto$/ });
  await expect(heading).toBeVisible({ timeout: 30_000 });
  const id = Number(/Conteo (\d+)/.exec((await heading.textContent())!)![1]);
  await expect(indicator(tablet)).toHaveAccessibleName(/^Sincronización: En línea, Todo sincronizado/);
  // The tablet has the app installed, as in the warehouse: what it opens offline comes from there.
  await loadControlledByServiceWorker(tablet);
  await expect(heading).toBeVisible({ timeout: 30_000 });

  // The network goes; the counting goes on.
  await tabletContext.setOffline(true);
  await expect(indicator(tablet)).toHaveAccessibleName(/^Sincronización: Sin conexión/);
  await tablet.getByLabel('Anaquel').fill('A-1');
  await tablet.getByLabel('Buscar producto (nombre o código)').fill(byName!.name);
  await tablet.getByRole('button', { name: new RegExp(`^Contar ${byName!.name} \\S+$`) }).click();
  await tablet.getByLabel(/^Cantidad contada/).fill('12.5');
  await tablet.getByRole('button', { name: 'Guardar conteo' }).click();
  await expect(tablet.getByRole('status').filter({ hasText: `${byName!.name}: 12.5` })).toBeVisible();

  // A bad quantity is refused on the device, with the reason.
  await tablet.getByLabel('Buscar producto (nombre o código)').fill(byCode!.ean13!);
  await tablet.getByRole('button', { name: new RegExp(`^Contar ${byCode!.name} \\S+$`) }).click();
  await tablet.getByLabel(/^Cantidad contada/).fill('-3');
  await tablet.getByRole('button', { name: 'Guardar conteo' }).click();
  await expect(tablet.getByRole('alert')).toHaveText('Escribe una cantidad de 0 o más, con hasta 2 decimales.');
  await tablet.getByLabel(/^Cantidad contada/).fill('3');
  await tablet.getByRole('button', { name: 'Guardar conteo' }).click();

  const lines = tablet.getByRole('table');
  await expect(tablet.getByRole('heading', { name: 'Conteos del anaquel A-1' })).toBeVisible();
  await expect(lines.getByRole('row', { name: new RegExp(`^${byName!.name} `) })).toContainText('12.5');
  await expect(lines.getByRole('row', { name: new RegExp(`^${byCode!.name} `) })).toContainText('3');
  await expect(tablet.getByText('Pendiente de sincronizar')).toBeVisible();
  await expect(indicator(tablet)).toHaveAccessibleName(/^Sincronización: Sin conexión, 2 cambios pendientes/);
  // Offline with changes waiting, the indicator's visible words and count read as its name does.
  expect(await seriousViolations(tablet)).toEqual([]);

  // Back online: the counts reach the server, once.
  await tabletContext.setOffline(false);
  await expect(indicator(tablet)).toHaveAccessibleName(/^Sincronización: En línea, Todo sincronizado/, { timeout: 30_000 });
  await expect(tablet.getByText('Pendiente de sincronizar')).toHaveCount(0);
  // The count screen with its lines, online again.
  expect(await seriousViolations(tablet)).toEqual([]);
  const onServer = (await (await request.get(`/api/v2/physical_inventories/${id}`, { headers: bearer(admin) })).json()) as ApiInventory;
  expect(onServer.lines.map((l) => [l.shelf, l.item_id, l.quantity]).sort()).toEqual(
    [
      ['A-1', byName!.id, 12.5],
      ['A-1', byCode!.id, 3],
    ].sort(),
  );

  // The tablet closes the count; it leaves the device.
  await tablet.getByRole('button', { name: 'Cerrar conteo' }).click();
  await tablet.getByRole('button', { name: 'Aceptar' }).click();
  await expect(tablet.getByText('No hay un conteo abierto en tu sucursal.')).toBeVisible({ timeout: 30_000 });
  await tabletContext.close();

  // /inventory adds up every branch: what other branches hold stays on top of what was counted here.
  const total = (await (await request.get('/api/v2/inventory/stock', { headers: bearer(admin) })).json()) as {
    data: { item_id: number; stock: number }[];
  };
  const review = (await (await request.get(`/api/v2/physical_inventories/${id}/differences`, { headers: bearer(admin) })).json()) as {
    counted: { item_id: number; book: number }[];
  };
  const elsewhere = (itemId: number) =>
    total.data.find((row) => row.item_id === itemId)!.stock - review.counted.find((row) => row.item_id === itemId)!.book;

  // The office reviews the differences and applies them.
  const officeContext = await browser.newContext({ ...options, viewport: { width: 1280, height: 800 } });
  const office = await officeContext.newPage();
  await signIn(office, 'admin@demo.mx');
  await office.goto('/physical-inventory');
  const row = office.getByRole('row', { name: new RegExp(`^Conteo ${id} `) });
  await expect(row).toContainText('Cerrado');
  expect(await seriousViolations(office)).toEqual([]);
  await office.getByRole('button', { name: `Acciones del conteo ${id}` }).click();
  await office.getByRole('button', { name: 'Ver diferencias' }).click();
  const dialog = office.locator(`ion-modal[aria-label="Diferencias del conteo ${id}"]`);
  const counted = dialog.getByRole('row', { name: new RegExp(`^${byName!.name} `) });
  await expect(counted).toContainText(`${kg(12.5)} kg`);
  await expect(dialog.getByRole('heading', { name: 'Productos no contados con existencia' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Aplicar diferencias' }).click();
  await expect(office.getByText(/^¿Aplicar las diferencias del conteo/)).toBeVisible();
  await office.getByRole('button', { name: 'Aceptar' }).click();
  await expect(office.getByText(/^Diferencias aplicadas: \d+ movimientos?\.$/)).toBeVisible();
  await expect(row).toContainText('Aplicado');

  // /inventory shows the counted quantities (plus what other branches hold, if any).
  await office.goto('/inventory');
  for (const [item, quantity] of [
    [byName!, 12.5],
    [byCode!, 3],
  ] as const) {
    await office.getByLabel('Buscar producto').fill(item.name);
    await expect(office.getByRole('row', { name: new RegExp(`^${item.name} `) }).first()).toContainText(
      `${kg(quantity + elsewhere(item.id))} `,
    );
  }
  await officeContext.close();
});

test('a count the office closed while the tablet was offline is refused in sight: the sync button and the count screen say so, with the reason', async ({
  browser,
  baseURL,
  request,
}) => {
  test.setTimeout(120_000);
  const admin = await tokenOf(request, 'admin@demo.mx');
  const catalogue = (await (await request.get('/api/v2/item/pos?itemsPerPage=200', { headers: bearer(admin) })).json()) as {
    data: { id: number; name: string }[];
  };
  const item = catalogue.data.find((candidate) => !/[()]/.test(candidate.name))!;
  const context = await browser.newContext({
    baseURL,
    locale: 'es-MX',
    timezoneId: 'America/Monterrey',
    viewport: { width: 1024, height: 768 },
  });
  const tablet = await context.newPage();
  await signIn(tablet, 'almacen@demo.mx');
  await tablet.getByRole('link', { name: 'Inventario Físico' }).click();
  const heading = tablet.getByRole('heading', { name: /^Conteo \d+ · Abierto$/ });
  const openCount = tablet.getByRole('button', { name: 'Abrir conteo' });
  await expect(heading.or(openCount)).toBeVisible({ timeout: 30_000 });
  if (await openCount.isVisible()) await openCount.click();
  await expect(heading).toBeVisible({ timeout: 30_000 });
  const id = Number(/Conteo (\d+)/.exec((await heading.textContent())!)![1]);
  await loadControlledByServiceWorker(tablet);
  await expect(heading).toBeVisible({ timeout: 30_000 });

  await context.setOffline(true);
  await tablet.getByLabel('Anaquel').fill('B-7');
  await tablet.getByLabel('Buscar producto (nombre o código)').fill(item.name);
  await tablet.getByRole('button', { name: new RegExp(`^Contar ${item.name} \\S+$`) }).click();
  await tablet.getByLabel(/^Cantidad contada/).fill('4');
  await tablet.getByRole('button', { name: 'Guardar conteo' }).click();
  await expect(indicator(tablet)).toHaveAccessibleName(/^Sincronización: Sin conexión, 1 cambio pendiente/);

  // Meanwhile the office closes the count.
  expect((await request.post(`/api/v2/physical_inventories/${id}/close`, { headers: bearer(admin), data: {} })).status()).toBe(200);

  await context.setOffline(false);
  await expect(indicator(tablet)).toHaveAccessibleName(/^Sincronización: En línea, 1 cambio rechazado/, { timeout: 30_000 });
  await expect(indicator(tablet)).toContainText('1 cambio rechazado');
  const refused = tablet.getByRole('alert', { name: '1 cambio rechazado' });
  await expect(refused).toContainText(`Conteo de anaquel: ${item.name} · B-7`);
  await expect(refused).toContainText('El conteo ya está cerrado: no admite más conteos.');
  expect(await seriousViolations(tablet)).toEqual([]);
  // Let go, it leaves the screen and the button.
  await refused.getByRole('button', { name: 'Descartar' }).click();
  await expect(refused).toHaveCount(0);
  await expect(indicator(tablet)).toHaveAccessibleName(/^Sincronización: En línea, Todo sincronizado/);
  await context.close();
});
