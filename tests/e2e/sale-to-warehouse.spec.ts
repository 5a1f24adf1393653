import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { orderDateRange } from '../../domain/rules/orders-to-fill';
import { writeBarcodeVideo } from './barcode-video';
import { DEMO_PASSWORD, signIn } from './support';

const LAUNCH_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

test('a sale built with the cart and the scanner reaches the open warehouse tablet within 2 s, which fills it offline', async ({
  playwright,
  baseURL,
  request,
}) => {
  // Two devices, a camera and an offline spell in one flow.
  test.setTimeout(120_000);
  // An item to scan: its EAN-13 drawn into the fake camera's video.
  const login = await request.post('/api/v1/user/login', { data: { email: 'ventas@demo.mx', password: DEMO_PASSWORD } });
  const { access_token: token } = (await login.json()) as { access_token: string };
  const items = (await (
    await request.get('/api/v2/item/pos?filter[is_published]=1&itemsPerPage=100', { headers: { authorization: `Bearer ${token}` } })
  ).json()) as {
    data: { name: string; ean13: string | null }[];
  };
  const scanned = items.data.find((item) => item.ean13)!;
  const video = path.join(mkdtempSync(path.join(tmpdir(), 'scanner-')), 'ean.y4m');
  writeBarcodeVideo(video, scanned.ean13!);

  const browser = await playwright.chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      ...LAUNCH_ARGS,
      '--use-fake-device-for-media-stream',
      '--use-fake-ui-for-media-stream',
      `--use-file-for-fake-video-capture=${video}`,
    ],
  });
  try {
    const options = { baseURL, locale: 'es-MX', timezoneId: 'America/Monterrey' };
    // The warehouse tablet is open on the orders of the coming days.
    const tablet = await (await browser.newContext({ ...options, viewport: { width: 1024, height: 768 }, hasTouch: true })).newPage();
    await signIn(tablet, 'almacen@demo.mx');
    await tablet.getByRole('button', { name: '7 días' }).click();
    // Every order of the week the server has to fill is on the tablet before the sale.
    const warehouse = (await (
      await request.post('/api/v1/user/login', { data: { email: 'almacen@demo.mx', password: DEMO_PASSWORD } })
    ).json()) as { access_token: string };
    const week = orderDateRange('week', new Date())!.join(',');
    const toFill = (await (
      await request.get(`/api/v2/orders/orders_to_dispatch?itemsPerPage=1&filter[date_between]=${week}`, {
        headers: { authorization: `Bearer ${warehouse.access_token}` },
      })
    ).json()) as { meta: { total: number } };
    const ordersBefore = toFill.meta.total;
    await expect(tablet.locator('.order-card')).toHaveCount(ordersBefore);

    const sales = await browser.newContext({ ...options, viewport: { width: 1280, height: 900 }, permissions: ['camera'] });
    const page = await sales.newPage();
    await signIn(page, 'ventas@demo.mx');
    await page.goto('/new-sales');
    await page.getByLabel('Buscar empresa o cliente').fill('hotel');
    await page
      .getByRole('button', { name: /^Hotel/ })
      .first()
      .click();
    await expect(page.getByLabel('Sucursal')).toBeVisible();

    // Cart: add, raise, lower to zero (the line goes), add again.
    await page.getByLabel('Buscar producto').fill('mango');
    const addMango = page.getByRole('button', { name: /^Agregar Mango/ }).first();
    const mango = ((await addMango.getAttribute('aria-label')) ?? '').replace('Agregar ', '');
    await addMango.click();
    await page.getByRole('button', { name: `Uno más de ${mango}` }).click();
    await expect(page.getByLabel(`Cantidad de ${mango}`)).toHaveValue('2');
    await page.getByRole('button', { name: `Uno menos de ${mango}` }).click();
    await page.getByRole('button', { name: `Uno menos de ${mango}` }).click();
    await expect(page.getByRole('row', { name: new RegExp(mango) })).toHaveCount(0);
    await addMango.click();
    await page.getByRole('button', { name: `Uno más de ${mango}` }).click();
    await page.getByRole('button', { name: `Uno más de ${mango}` }).click();

    // Scan the EAN: the item joins the cart.
    await page.getByRole('button', { name: 'Escanear código' }).click();
    await expect(page.getByText(`${scanned.name} agregado.`)).toBeVisible({ timeout: 20_000 });
    await expect(page.getByLabel(`Cantidad de ${scanned.name}`)).toHaveValue('1');

    await expect(page.getByText('IVA')).toBeVisible();
    await page.getByRole('button', { name: 'Guardar venta' }).click();
    const saved = page.getByText(/^Venta \d+ guardada/);
    await expect(saved).toBeVisible();
    const id = Number(/Venta (\d+)/.exec((await saved.textContent())!)![1]);
    const savedAt = Date.now();

    // The tablet shows it without a reload, within 2 s.
    await expect(tablet.locator('.order-card').filter({ hasText: `Folio ${id}` })).toBeVisible({ timeout: 2_000 });
    expect(Date.now() - savedAt).toBeLessThan(2_000);
    await expect(tablet.locator('.order-card')).toHaveCount(ordersBefore + 1);
    await tablet
      .locator('.order-card')
      .filter({ hasText: `Folio ${id}` })
      .click();
    await expect(tablet.getByText(scanned.name)).toBeVisible();
    await expect(tablet.getByText(`${mango}`)).toBeVisible();

    // The tablet starts production, then fills it with the network cut.
    const stock = async () => {
      const admin = (await (
        await request.post('/api/v1/user/login', { data: { email: 'admin@demo.mx', password: DEMO_PASSWORD } })
      ).json()) as { access_token: string };
      const card = (await (
        await request.get('/api/v2/inventory_report?type=card', { headers: { authorization: `Bearer ${admin.access_token}` } })
      ).json()) as {
        data: { name: string; stock: number }[];
      };
      return new Map(card.data.map((row) => [row.name, row.stock]));
    };
    const before = await stock();
    await tablet.getByRole('button', { name: 'comenzar producción' }).click();
    await tablet.getByRole('button', { name: 'Aceptar' }).click();
    await expect(tablet.getByText('Producción iniciada.')).toBeVisible();
    await tablet.context().setOffline(true);
    await tablet.getByRole('button', { name: 'surtido' }).click();
    await tablet.getByRole('button', { name: 'Aceptar' }).click();
    await expect(tablet.getByText('Pedido surtido.')).toBeVisible();
    await expect(tablet.locator('.order-card').filter({ hasText: `Folio ${id}` })).toHaveCount(0);
    await tablet.context().setOffline(false);
    await expect(tablet.getByRole('button', { name: /^Sincronización: / }).filter({ visible: true })).toHaveAccessibleName(
      /Todo sincronizado/,
      { timeout: 20_000 },
    );

    // Filled: in /orders-ready, and the stock went down by what was sold, once.
    const after = await stock();
    expect(Math.round((before.get(mango)! - after.get(mango)!) * 100) / 100).toBe(3);
    expect(Math.round((before.get(scanned.name)! - after.get(scanned.name)!) * 100) / 100).toBe(1);
    await tablet.goto('/orders-ready');
    await tablet.getByLabel('Buscar (folio o empresa)').fill(String(id));
    await expect(tablet.getByRole('heading', { name: `Folio ${id}`, exact: true })).toBeVisible();

    // The sale's ticket, with its lines and the signature area.
    const [ticket] = await Promise.all([
      sales.waitForEvent('page'),
      page.getByRole('button', { name: `Imprimir ticket · Venta ${id}` }).click(),
    ]);
    await expect(ticket.getByRole('heading', { name: 'Ticket de venta' })).toBeVisible();
    await expect(ticket.getByText(`Venta ${id}`)).toBeVisible();
    await expect(ticket.getByRole('rowheader', { name: new RegExp(`^${scanned.name}`) })).toBeVisible();
    await expect(ticket.getByRole('rowheader', { name: new RegExp(`^${mango}`) })).toBeVisible();
    await expect(ticket.getByText('Firma de recibido')).toBeVisible();
  } finally {
    await browser.close();
  }
});
