import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { monterreyDate } from '../../domain/time';
import { bearer, loadControlledByServiceWorker, signIn, tokenOf } from './support';

/** Where the phone says it is: downtown Monterrey. */
const MONTERREY = { latitude: 25.6866, longitude: -100.3161 };

// A driver's phone: 360 px wide, touch, location allowed.
test.use({ viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true, geolocation: MONTERREY, permissions: ['geolocation'] });

/** A 1×1 JPEG: the delivery's photo. */
const TINY_JPEG = Buffer.from(
  '/9j/4AAQSkZJRgABAQEAYABgAAD/2wBDAAgGBgcGBQgHBwcJCQgKDBQNDAsLDBkSEw8UHRofHh0aHBwgJC4nICIsIxwcKDcpLDAxNDQ0Hyc5PTgyPC4zNDL/' +
    'wAALCAABAAEBAREA/8QAHwAAAQUBAQEBAQEAAAAAAAAAAAECAwQFBgcICQoL/8QAtRAAAgEDAwIEAwUFBAQAAAF9AQIDAAQRBRIhMUEGE1FhByJxFDKBkaEI' +
    'I0KxwRVS0fAkM2JyggkKFhcYGRolJicoKSo0NTY3ODk6Q0RFRkdISUpTVFVWV1hZWmNkZWZnaGlqc3R1dnd4eXqDhIWGh4iJipKTlJWWl5iZmqKjpKWmp6ip' +
    'qrKztLW2t7i5usLDxMXGx8jJytLT1NXW19jZ2uHi4+Tl5ufo6erx8vP09fb3+Pn6/9oACAEBAAA/APn+iiigD//Z',
  'base64',
);

interface ApiDetail {
  id: number;
  completed: boolean;
  is_delivered: boolean;
  partial?: boolean;
  received_by?: string | null;
  signature?: string | null;
  return_id?: number | null;
}

const indicator = (page: Page) => page.getByRole('button', { name: /^Sincronización: / }).filter({ visible: true });

/** A sale of two products (2 and 4), filled, to one customer, alone on a new route of today for chofer2@demo.mx. */
async function routeWithOneStop(request: APIRequestContext) {
  const seller = await tokenOf(request, 'ventas@demo.mx');
  const office = await tokenOf(request, 'oficina@demo.mx');
  const driver = await tokenOf(request, 'chofer2@demo.mx');
  const driverId = ((await (await request.get('/api/v1/user/current', { headers: bearer(driver) })).json()) as { id: number }).id;
  const items = (
    (await (await request.get('/api/v2/item/pos?filter[is_published]=1&itemsPerPage=5', { headers: bearer(seller) })).json()) as {
      data: { id: number; name: string }[];
    }
  ).data;
  const customers = (
    (await (await request.get('/api/v2/company_p?filter[name]=a&itemsPerPage=5', { headers: bearer(seller) })).json()) as {
      data: { id: number; name: string }[];
    }
  ).data;
  const [kept, returned] = items;
  const customer = customers[0]!;
  const today = monterreyDate(new Date());
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
      items: [
        { item_id: kept!.id, quantity: 2 },
        { item_id: returned!.id, quantity: 4 },
      ],
    },
  });
  expect(made.status()).toBe(201);
  const sale = (await made.json()) as { id: number };
  // Filled by the warehouse before it goes out: only what was filled can come back.
  const warehouse = await tokenOf(request, 'almacen@demo.mx');
  const filled = await request.post('/api/v2/orders/dispatch_sale_order', {
    headers: { ...bearer(warehouse), 'idempotency-key': crypto.randomUUID() },
    data: {
      id: sale.id,
      quotation_items: [
        { item_id: kept!.id, quantity: 2 },
        { item_id: returned!.id, quantity: 4 },
      ],
    },
  });
  expect(filled.ok()).toBe(true);
  const created = await request.post('/api/v1/shipping/create', { headers: bearer(office), data: { date: today, driver_id: driverId } });
  const route = (await created.json()) as { id: number };
  const detail = await request.post('/api/v1/shipping_detail/create', {
    headers: bearer(office),
    data: { sale_id: sale.id, shipping_id: route.id },
  });
  expect(detail.ok()).toBe(true);
  return { routeId: route.id, saleId: sale.id, company: customer.name, kept: kept!, returned: returned! };
}

async function stockOf(request: APIRequestContext, token: string, itemId: number): Promise<number> {
  const answer = await request.get('/api/v2/inventory/stock', { headers: bearer(token) });
  expect(answer.ok()).toBe(true);
  return ((await answer.json()) as { data: { item_id: number; stock: number }[] }).data.find((row) => row.item_id === itemId)!.stock;
}

/** The receiver signs on the glass: two strokes across the pad. */
async function sign(page: Page, pad: ReturnType<Page['locator']>) {
  await pad.scrollIntoViewIfNeeded();
  const box = (await pad.boundingBox())!;
  for (const row of [0.35, 0.65]) {
    await page.mouse.move(box.x + box.width * 0.15, box.y + box.height * row);
    await page.mouse.down();
    for (let step = 1; step <= 12; step++)
      await page.mouse.move(box.x + box.width * (0.15 + step * 0.06), box.y + box.height * (row + (step % 2 ? 0.12 : -0.12)));
    await page.mouse.up();
  }
}

test('a driver with no signal delivers part of a stop (one line Dañado), signed and named; back online the office sees the partial delivery and the stock came back once', async ({
  page,
  context,
  request,
  browser,
}) => {
  test.setTimeout(240_000);
  const { routeId, saleId, company, kept, returned } = await routeWithOneStop(request);
  const admin = await tokenOf(request, 'admin@demo.mx');
  const stockBefore = await stockOf(request, admin, returned.id);

  await signIn(page, 'chofer2@demo.mx');
  await loadControlledByServiceWorker(page);
  const routeFolio = page.getByText(`E-${routeId}`, { exact: true }).filter({ visible: true });
  await expect(routeFolio).toBeVisible({ timeout: 30_000 });
  await expect(indicator(page)).toHaveAccessibleName(/^Sincronización: En línea, Todo sincronizado/, { timeout: 30_000 });

  await context.setOffline(true);
  await routeFolio.click();
  const dialog = page.locator('ion-modal[aria-label="Entregas"]');
  await expect(page.getByRole('dialog', { name: 'Entregas' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Iniciar' }).click();
  await dialog.getByLabel('Kilometraje Inicial').fill('12000');
  await dialog.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('Ruta iniciada.')).toBeVisible();
  // Started, with the location allowed: the phone records where the truck goes.
  await expect(dialog.getByText('Ubicación activa')).toBeVisible({ timeout: 15_000 });

  const stop = dialog.getByRole('article', { name: `V-${saleId} · ${company}` });
  await stop.getByRole('button', { name: 'Entrega parcial' }).click();
  const sheet = stop.getByRole('form', { name: `Entrega parcial · V-${saleId}` });
  await expect(sheet).toBeVisible();
  // Each line starts as accepted whole; the second comes back 3 of 4, damaged.
  await expect(sheet.getByLabel(`Aceptado de ${kept.name}`)).toHaveValue('2');
  await sheet.getByLabel(`Aceptado de ${returned.name}`).fill('1');
  await sheet
    .getByLabel('Factura o evidencia (foto o PDF)')
    .setInputFiles({ name: 'entrega.jpg', mimeType: 'image/jpeg', buffer: TINY_JPEG });
  // Without the reason it is refused, in Spanish.
  await sheet.getByRole('button', { name: 'Guardar' }).click();
  await expect(sheet.getByRole('alert')).toHaveText(`Elige por qué regresó ${returned.name}.`);
  await sheet.getByLabel(`Motivo de ${returned.name}`).selectOption('Dañado');
  // Signed but not named: refused.
  await sign(page, sheet.getByRole('img', { name: 'Firma' }));
  await expect(sheet.getByRole('button', { name: 'Borrar firma' })).toBeEnabled();
  await sheet.getByRole('button', { name: 'Guardar' }).click();
  await expect(sheet.getByRole('alert')).toHaveText('Escribe el nombre de quien firmó.');
  await sheet.getByLabel('Nombre de quien recibe').fill('Rosa Garza');
  await sheet.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('Entrega parcial registrada')).toBeVisible();

  // The stop, at once and offline: delivered in part, what came back, who received.
  await expect(stop.getByText('Entregado', { exact: true })).toBeVisible();
  await expect(stop.getByText('Entrega parcial', { exact: true })).toBeVisible();
  const escaped = returned.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  await expect(stop.getByText(new RegExp(`^${escaped}: 3 .*· Dañado$`))).toBeVisible();
  await expect(stop.getByText(/Recibió: Rosa Garza/)).toBeVisible();
  await expect(stop.getByText('Pendiente de sincronizar')).toBeVisible();

  // Back online: the delivery reaches the server once.
  await context.setOffline(false);
  await expect(dialog.getByText('Pendiente de sincronizar')).toHaveCount(0, { timeout: 120_000 });

  const office = await tokenOf(request, 'oficina@demo.mx');
  const [saved] = (
    (await (await request.get(`/api/v2/shippings?filter[id]=${routeId}`, { headers: bearer(office) })).json()) as {
      data: { shipping_details: ApiDetail[] }[];
    }
  ).data;
  const detail = saved!.shipping_details[0]!;
  expect(detail).toMatchObject({ completed: true, is_delivered: true, partial: true, received_by: 'Rosa Garza' });
  expect(detail.signature).toBeTruthy();
  expect(detail.return_id).toEqual(expect.any(Number));
  // The 3 that came back are in stock once: not twice, whatever the phone retried.
  expect(await stockOf(request, admin, returned.id)).toBeCloseTo(stockBefore + 3, 2);

  // The office's route shows the partial delivery.
  const officePage = await (
    await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'es-MX', timezoneId: 'America/Monterrey' })
  ).newPage();
  await signIn(officePage, 'oficina@demo.mx');
  await officePage.goto(`/shippings/${routeId}`);
  await officePage.getByRole('button', { name: `Ver ventas del envío E-${routeId}` }).click();
  const receipt = officePage.getByText('Recibió: Rosa Garza');
  await expect(receipt).toBeVisible({ timeout: 30_000 });
  await expect(officePage.getByText('Entrega parcial').first()).toBeVisible();
  expect(await stockOf(request, admin, returned.id)).toBeCloseTo(stockBefore + 3, 2);
});
