import { truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { monterreyDate, monterreyDateOffset, monterreyMinute } from '../../domain/time';
import { DEMO_PASSWORD, loadControlledByServiceWorker, openUserMenu, signIn } from './support';

/** Where the phone says it is: downtown Monterrey. */
const MONTERREY = { latitude: 25.6866, longitude: -100.3161 };

// A driver's phone: 360 px wide, touch, location allowed.
test.use({ viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true, geolocation: MONTERREY, permissions: ['geolocation'] });

/** A 1×1 JPEG: small enough to be stored as it is (no downscaling), so the server must keep these bytes. */
const TINY_JPEG = Buffer.from(
  '/9j/4AAQSkZJRgABAQEAYABgAAD/2wBDAAgGBgcGBQgHBwcJCQgKDBQNDAsLDBkSEw8UHRofHh0aHBwgJC4nICIsIxwcKDcpLDAxNDQ0Hyc5PTgyPC4zNDL/' +
    'wAALCAABAAEBAREA/8QAHwAAAQUBAQEBAQEAAAAAAAAAAAECAwQFBgcICQoL/8QAtRAAAgEDAwIEAwUFBAQAAAF9AQIDAAQRBRIhMUEGE1FhByJxFDKBkaEI' +
    'I0KxwRVS0fAkM2JyggkKFhcYGRolJicoKSo0NTY3ODk6Q0RFRkdISUpTVFVWV1hZWmNkZWZnaGlqc3R1dnd4eXqDhIWGh4iJipKTlJWWl5iZmqKjpKWmp6ip' +
    'qrKztLW2t7i5usLDxMXGx8jJytLT1NXW19jZ2uHi4+Tl5ufo6erx8vP09fb3+Pn6/9oACAEBAAA/APn+iiigD//Z',
  'base64',
);

interface ApiDetail {
  id: number;
  sale_id: number;
  completed: boolean;
  is_delivered: boolean;
  delivered_at: string | null;
  delivery_rejection_comment: string | null;
  pdf: string | null;
  latitude?: number | null;
  longitude?: number | null;
  sale: { company_name: string };
}
interface ApiShipping {
  id: number;
  date: string;
  initial_km: number | null;
  km_capture_time_start: string | null;
  final_km: number | null;
  km_capture_time: string | null;
  route: number | null;
  shipping_details: ApiDetail[];
}

async function tokenOf(request: APIRequestContext, email: string): Promise<string> {
  const response = await request.post('/api/v1/user/login', { data: { email, password: DEMO_PASSWORD } });
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { access_token: string }).access_token;
}

async function shippings(request: APIRequestContext, token: string, query: string): Promise<ApiShipping[]> {
  const response = await request.get(`/api/v2/shippings?${query}`, { headers: { authorization: `Bearer ${token}` } });
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { data: ApiShipping[] }).data;
}

const indicator = (page: Page) => page.getByRole('button', { name: /^Sincronización: / }).filter({ visible: true });
const minutesBetween = (before: string, after: string) => (before === after ? [before] : [before, after]);

test('a driver’s day offline: start a route, deliver, reject, finish, reload offline, then everything reaches the server once', async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(300_000);

  // A route of this driver not started yet, with two pending deliveries: today's if there is one.
  const driverToken = await tokenOf(request, 'chofer@demo.mx');
  const today = monterreyDate(new Date());
  const candidates = (await shippings(request, driverToken, 'itemsPerPage=100&sort=date'))
    .filter((s) => s.date >= today && s.initial_km === null && s.shipping_details.filter((d) => !d.completed).length >= 2)
    .sort((a, b) => (a.date === today ? -1 : b.date === today ? 1 : a.date.localeCompare(b.date)));
  const route = candidates[0]!;
  expect(route, 'the demo seed gives chofer@demo.mx a route not yet started').toBeDefined();
  const [toDeliver, toReject] = route.shipping_details.filter((d) => !d.completed).sort((a, b) => a.id - b.id);
  const cardOf = (detail: ApiDetail) => page.getByRole('article', { name: `V-${detail.sale_id} · ${detail.sale.company_name}` });

  // Every command the page sends, alone or in a batch (POST /api/v2/sync/push answers each
  // command of it with its own status), to prove each one was applied exactly once.
  const commands: { key: string | null; status: number; replayed: boolean }[] = [];
  const batchAnswers: Promise<void>[] = [];
  page.on('response', (response) => {
    const req = response.request();
    if (req.method() === 'POST' && /\/api\/v2\/sync\/push$/.test(req.url())) {
      batchAnswers.push(
        response
          .json()
          .then((answer: { results: { key: string; status: number; replayed?: boolean }[] }) => {
            for (const result of answer.results)
              commands.push({ key: result.key, status: result.status, replayed: result.replayed === true });
          })
          .catch(() => undefined),
      );
      return;
    }
    if (!/\/api\/v1\/shipping\/update$|\/api\/v2\/shipping_details\/\d+$/.test(req.url()) || req.method() === 'GET') return;
    commands.push({
      key: req.headers()['idempotency-key'] ?? null,
      status: response.status(),
      replayed: response.headers()['idempotent-replayed'] === 'true',
    });
  });

  await signIn(page, 'chofer@demo.mx');
  await loadControlledByServiceWorker(page);
  // The first pull brought the routes to the device.
  const routeFolio = page.getByText(`E-${route.id}`, { exact: true }).filter({ visible: true });
  await expect(routeFolio).toBeVisible({ timeout: 30_000 });
  await expect(indicator(page)).toHaveAccessibleName(/^Sincronización: En línea, Todo sincronizado/);
  // A driver's home has no side menu, filter, totals, export nor add button (spec §6).
  await expect(page.getByRole('navigation', { name: 'Menú' })).toHaveCount(0);

  // From here to the end of the day, no network.
  await context.setOffline(true);
  await expect(indicator(page)).toHaveAccessibleName(/^Sincronización: Sin conexión, Todo sincronizado/);
  await routeFolio.click();
  // The modal's content is slotted into its dialog: look it up from the modal element.
  const dialog = page.locator('ion-modal[aria-label="Entregas"]');
  await expect(page.getByRole('dialog', { name: 'Entregas' })).toBeVisible();
  // Inside 'Entregas' too the driver is told the phone is offline and that nothing is lost.
  await expect(dialog.getByText('Sin conexión: lo que hagas se guarda en el teléfono y se envía al volver la señal.')).toBeVisible();
  const openRoute = async () => {
    await page.getByText(`E-${route.id}`, { exact: true }).filter({ visible: true }).click();
    await expect(page.getByRole('dialog', { name: 'Entregas' })).toBeVisible();
  };

  // Each sale shows its folio, company, address with a map link and its status.
  await expect(cardOf(toDeliver!)).toBeVisible();
  await expect(dialog.getByRole('list', { name: 'Ventas de la ruta' }).getByText('Pendiente', { exact: true })).toHaveCount(
    route.shipping_details.filter((d) => !d.completed).length,
  );

  // Iniciar: Kilometraje Inicial, stamped with the minute the driver acted.
  await dialog.getByRole('button', { name: 'Iniciar' }).click();
  await dialog.getByLabel('Kilometraje Inicial').fill('51234');
  const startedFrom = monterreyMinute(new Date());
  await dialog.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('Ruta iniciada.')).toBeVisible();
  const startedTo = monterreyMinute(new Date());
  await expect(dialog.getByText(/^51,234 kms · /)).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Iniciar' })).toHaveCount(0);

  // Terminar below the initial reading is refused on the device, with the reason.
  await dialog.getByRole('button', { name: 'Terminar' }).click();
  await dialog.getByLabel('Kilometraje Final').fill('51000');
  await dialog.getByRole('button', { name: 'Guardar' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('El kilometraje final no puede ser menor que el inicial.');
  await dialog.getByRole('button', { name: 'Cancelar' }).click();
  await expect(dialog.getByRole('button', { name: 'Terminar' })).toBeVisible();

  // Entregar: Guardar waits for the evidence; a file over 100 MB is refused with a message.
  const delivering = cardOf(toDeliver!);
  await delivering.getByRole('button', { name: 'Entregar' }).click();
  await expect(delivering.getByText('Adjunta factura para continuar')).toBeVisible();
  await expect(delivering.getByRole('button', { name: 'Guardar' })).toBeDisabled();
  await expect(delivering.getByText('Tomar foto')).toBeVisible();
  const evidenceField = delivering.getByLabel('Factura o evidencia (foto o PDF)');
  const tooLarge = path.join(tmpdir(), `factura-101mb-${process.pid}.pdf`);
  writeFileSync(tooLarge, '');
  truncateSync(tooLarge, 101 * 1024 * 1024);
  await evidenceField.setInputFiles(tooLarge);
  await expect(delivering.getByRole('alert')).toHaveText('El archivo supera el límite de 100 MB.');
  await expect(delivering.getByRole('button', { name: 'Guardar' })).toBeDisabled();
  await evidenceField.setInputFiles({ name: 'factura.jpg', mimeType: 'image/jpeg', buffer: TINY_JPEG });
  const deliveredFrom = monterreyMinute(new Date());
  await delivering.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('Envío Completado')).toBeVisible();
  const deliveredTo = monterreyMinute(new Date());
  await expect(delivering.getByText('Entregado', { exact: true })).toBeVisible();
  // A completed delivery is not editable by the driver.
  await expect(delivering.getByRole('button', { name: 'Entregar' })).toHaveCount(0);
  await expect(delivering.getByRole('button', { name: 'Rechazar' })).toHaveCount(0);

  // Halfway through the day the phone reloads the app, still with no network: nothing is lost.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Hola, Miguel' })).toBeVisible();
  await expect(indicator(page)).toHaveAccessibleName(/^Sincronización: Sin conexión, 2 cambios pendientes/);
  // The indicator opens its details (loading Ionic on the light start): what waits, and since when.
  await indicator(page).click();
  const syncPanel = page.locator('ion-modal[aria-label="Sincronización"]');
  await expect(syncPanel.getByText('Sin conexión', { exact: true })).toBeVisible();
  await expect(syncPanel.getByRole('heading', { name: '2 cambios pendientes' })).toBeVisible();
  await expect(syncPanel.getByText(/^El más antiguo: /)).toBeVisible();
  await expect(syncPanel.getByRole('button', { name: 'Sincronizar ahora' })).toBeVisible();
  await syncPanel.getByRole('button', { name: 'Cerrar' }).click();
  await expect(syncPanel).toHaveCount(0);
  await openRoute();
  await expect(dialog.getByText(/^51,234 kms · /)).toBeVisible();
  await expect(cardOf(toDeliver!).getByText('Entregado', { exact: true })).toBeVisible();

  // Rechazar with a reason, which then shows on the timeline.
  const rejecting = cardOf(toReject!);
  await rejecting.getByRole('button', { name: 'Rechazar' }).click();
  await rejecting.getByRole('textbox', { name: 'Motivo del rechazo' }).fill('Cliente cerrado por inventario');
  const rejectedFrom = monterreyMinute(new Date());
  await rejecting.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('Envío Rechazado')).toBeVisible();
  // Recorded, not celebrated: the rejection's notice is not the success green.
  await expect(page.locator('ion-toast').filter({ hasText: 'Envío Rechazado' })).toHaveClass(/ion-color-medium/);
  const rejectedTo = monterreyMinute(new Date());
  await expect(rejecting.getByText('No Entregado', { exact: true })).toBeVisible();
  await expect(rejecting.getByText('Motivo: Cliente cerrado por inventario')).toBeVisible();

  // Terminar: Kilometraje Final, then neither button.
  await dialog.getByRole('button', { name: 'Terminar' }).click();
  await dialog.getByLabel('Kilometraje Final').fill('51300');
  const finishedFrom = monterreyMinute(new Date());
  await dialog.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('Ruta terminada.')).toBeVisible();
  const finishedTo = monterreyMinute(new Date());
  await expect(dialog.getByText(/^51,300 kms · /)).toBeVisible();
  await expect(dialog.getByText('66 kms', { exact: true })).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Terminar' })).toHaveCount(0);
  await expect(dialog.getByRole('button', { name: 'Iniciar' })).toHaveCount(0);

  // The route and both deliveries wait for the server, and say so.
  await expect(dialog.getByText('Pendiente de sincronizar')).toHaveCount(3);
  await expect(delivering.getByText('Pendiente de sincronizar')).toBeVisible();
  await expect(rejecting.getByText('Pendiente de sincronizar')).toBeVisible();

  await dialog.getByRole('button', { name: 'Cerrar', exact: true }).click();
  await expect(page.getByRole('dialog', { name: 'Entregas' })).toHaveCount(0);
  await expect(indicator(page)).toHaveAccessibleName(/^Sincronización: Sin conexión, 4 cambios pendientes/);

  // Signing out now warns with the count; the driver stays.
  await openUserMenu(page);
  await page.getByRole('button', { name: 'Cerrar Sesión' }).click();
  const warning = page.getByRole('alertdialog');
  await expect(warning).toContainText('Tienes 4 cambios sin enviar al servidor.');
  await expect(warning.getByRole('button', { name: 'Sincronizar primero' })).toBeVisible();
  await expect(warning.getByRole('button', { name: 'Cerrar sesión de todos modos' })).toBeVisible();
  await warning.getByRole('button', { name: 'Cancelar' }).click();
  await expect(warning).toHaveCount(0);

  await openRoute();
  // Imprimir opens the route manifest in a new window, from what the device holds.
  const [manifest] = await Promise.all([page.waitForEvent('popup'), dialog.getByRole('button', { name: 'Imprimir' }).click()]);
  await expect(manifest.getByRole('heading', { name: 'Detalle de Envío' })).toBeVisible();
  await expect(manifest.getByText(`E-${route.id}`, { exact: true })).toBeVisible();
  await expect(manifest.getByRole('cell', { name: `V-${toDeliver!.sale_id}`, exact: true })).toBeVisible();
  await expect(manifest.getByRole('cell', { name: `V-${toReject!.sale_id}`, exact: true })).toBeVisible();
  await expect(manifest.getByText('Firma del chofer')).toBeVisible();
  // Cerrar closes the print window itself: the window going away is what the driver sees, and
  // the click may still be settling when it does.
  await Promise.all([
    manifest.waitForEvent('close'),
    manifest
      .getByRole('button', { name: 'Cerrar', exact: true })
      .click({ noWaitAfter: true })
      .catch(() => undefined),
  ]);
  await expect(page.getByRole('dialog', { name: 'Entregas' })).toBeVisible();

  // Back online: everything is sent (retries back off, so this may take a while).
  await context.setOffline(false);
  await expect(dialog.getByText('Pendiente de sincronizar')).toHaveCount(0, { timeout: 180_000 });
  await dialog.getByRole('button', { name: 'Cerrar', exact: true }).click();
  await expect(indicator(page)).toHaveAccessibleName(/^Sincronización: En línea, Todo sincronizado/, { timeout: 30_000 });

  // The server has each change once, with the time the driver acted.
  const officeToken = await tokenOf(request, 'oficina@demo.mx');
  const [saved] = await shippings(request, officeToken, `filter[id]=${route.id}`);
  expect(saved!.initial_km).toBe(51234);
  expect(minutesBetween(startedFrom, startedTo)).toContain(saved!.km_capture_time_start);
  expect(saved!.final_km).toBe(51300);
  expect(saved!.route).toBe(66);
  expect(minutesBetween(finishedFrom, finishedTo)).toContain(saved!.km_capture_time);
  const delivered = saved!.shipping_details.find((d) => d.id === toDeliver!.id)!;
  expect(delivered).toMatchObject({ completed: true, is_delivered: true, delivery_rejection_comment: null, ...MONTERREY });
  expect(minutesBetween(deliveredFrom, deliveredTo)).toContain(delivered.delivered_at);
  expect(delivered.pdf).toMatch(/\.jpg$/);
  const file = await request.get(`/files/${delivered.pdf}`, { headers: { authorization: `Bearer ${officeToken}` } });
  expect(file.status()).toBe(200);
  expect(Buffer.compare(await file.body(), TINY_JPEG)).toBe(0);
  const rejected = saved!.shipping_details.find((d) => d.id === toReject!.id)!;
  expect(rejected).toMatchObject({
    completed: true,
    is_delivered: false,
    delivery_rejection_comment: 'Cliente cerrado por inventario',
    pdf: null,
  });
  expect(minutesBetween(rejectedFrom, rejectedTo)).toContain(rejected.delivered_at);

  await Promise.all(batchAnswers);
  const applied = commands.filter((c) => c.status >= 200 && c.status < 300 && !c.replayed);
  expect(new Set(commands.map((c) => c.key)).size).toBe(4);
  expect(applied).toHaveLength(4);
  expect(new Set(applied.map((c) => c.key)).size).toBe(4);
});

test('another driver on the same phone never sees the first driver’s routes, online or offline', async ({ page, context, request }) => {
  const firstRoutes = await shippings(request, await tokenOf(request, 'chofer@demo.mx'), 'itemsPerPage=100');
  const secondRoutes = await shippings(request, await tokenOf(request, 'chofer2@demo.mx'), 'itemsPerPage=100');
  expect(firstRoutes.length).toBeGreaterThan(0);
  expect(secondRoutes.length).toBeGreaterThan(0);

  // The first driver's routes reach this phone's store.
  await signIn(page, 'chofer@demo.mx');
  await loadControlledByServiceWorker(page);
  await expect(page.getByText(`E-${firstRoutes[0]!.id}`, { exact: true }).filter({ visible: true })).toBeVisible({ timeout: 30_000 });
  await openUserMenu(page);
  await page.getByRole('button', { name: 'Cerrar Sesión' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Cerrar Sesión' }).click();
  await expect(page.getByRole('heading', { name: 'Iniciar sesión' })).toBeVisible();

  await signIn(page, 'chofer2@demo.mx');
  // The second driver's routes in the window a phone keeps (7 days back to 7 days ahead).
  const from = monterreyDateOffset(new Date(), -7);
  const to = monterreyDateOffset(new Date(), 7);
  const kept = secondRoutes.find((s) => s.date >= from && s.date <= to);
  expect(kept, 'the demo seed gives chofer2@demo.mx a route this week').toBeDefined();
  const ownVisible = () =>
    expect(page.getByText(`E-${kept!.id}`, { exact: true }).filter({ visible: true })).toBeVisible({ timeout: 30_000 });
  const noneOfTheFirst = async () => {
    for (const route of firstRoutes) await expect(page.getByText(`E-${route.id}`, { exact: true })).toHaveCount(0);
  };
  await ownVisible();
  await noneOfTheFirst();
  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('heading', { name: /^Hola, / })).toBeVisible();
  await ownVisible();
  await noneOfTheFirst();
  await context.setOffline(false);
});
