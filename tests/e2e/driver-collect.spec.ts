import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { monterreyDate } from '../../domain/time';
import { bearer, loadControlledByServiceWorker, signIn, tokenOf } from './support';

// A driver's phone: 360 px wide, touch.
test.use({ viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true });

interface DriverCut {
  collected_total: number;
  collected: { name: string; amount: number }[];
  counted: { payment_method_id: number; amount: number }[] | null;
  submitted_at: string | null;
}

const indicator = (page: Page) => page.getByRole('button', { name: /^Sincronización: / }).filter({ visible: true });

/** Two sales of two customers, on credit, on a new route of today for chofer2@demo.mx. */
async function routeWithTwoStops(request: APIRequestContext) {
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
      data: { id: number; name: string }[];
    }
  ).data;
  const today = monterreyDate(new Date());
  const sales: { id: number; total: number; company: string }[] = [];
  for (const customer of customers.slice(0, 2)) {
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
        items: [{ item_id: items[0]!.id, quantity: 3 }],
      },
    });
    expect(made.status()).toBe(201);
    const sale = (await made.json()) as { id: number; total: number };
    sales.push({ id: sale.id, total: sale.total, company: customer.name });
  }
  const created = await request.post('/api/v1/shipping/create', { headers: bearer(office), data: { date: today, driver_id: driverId } });
  const route = (await created.json()) as { id: number };
  for (const sale of sales) {
    const detail = await request.post('/api/v1/shipping_detail/create', {
      headers: bearer(office),
      data: { sale_id: sale.id, shipping_id: route.id },
    });
    expect(detail.ok()).toBe(true);
  }
  return { routeId: route.id, sales, office };
}

test('a driver collects at two stops with no signal, closes the cut, and the office has both payments and the cut once, and receives it', async ({
  page,
  context,
  request,
  browser,
}) => {
  test.setTimeout(240_000);
  const { routeId, sales, office } = await routeWithTwoStops(request);

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
  await dialog.getByLabel('Kilometraje Inicial').fill('8000');
  await dialog.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('Ruta iniciada.')).toBeVisible();

  // First stop: the whole balance in cash. Second stop: part of it by transfer, with its reference.
  const taken: { folio: string; amount: number }[] = [];
  for (const [index, sale] of sales.entries()) {
    const stop = dialog.getByRole('article', { name: `V-${sale.id} · ${sale.company}` });
    await stop.getByRole('button', { name: 'Cobrar' }).click();
    const form = page.getByRole('form', { name: `Cobrar a ${sale.company}` });
    await expect(form).toBeVisible();
    const amount = index === 0 ? sale.total : 100;
    await form.getByLabel('Monto').fill(String(amount));
    if (index === 0) await form.getByLabel('Efectivo').check();
    else {
      await form.getByLabel('Transferencia').check();
      await form.getByLabel('Referencia').fill('SPEI 4471');
    }
    await form.getByRole('button', { name: 'Registrar cobro' }).click();
    // The receipt at once, with its provisional number.
    const receipt = page.getByRole('article', { name: /^Recibo provisional C-[0-9A-F]{4}-\d{4}$/ });
    await expect(receipt).toBeVisible();
    const folio = /(C-[0-9A-F]{4}-\d{4})$/.exec((await receipt.getAttribute('aria-label'))!)![1]!;
    taken.push({ folio, amount });
    await page.getByRole('button', { name: 'Cerrar', exact: true }).last().click();
    await expect(receipt).toHaveCount(0);
    await expect(stop.getByText(/^Cobrado aquí: /)).toBeVisible();
  }
  expect(new Set(taken.map((t) => t.folio)).size).toBe(2);

  // The cut, still with no signal: counted as collected.
  const cut = dialog.getByRole('form', { name: 'Corte del chofer' });
  await cut.scrollIntoViewIfNeeded();
  await cut.getByRole('button', { name: 'Cerrar corte' }).click();
  await expect(dialog.getByText(/^Corte cerrado /)).toBeVisible();

  // Back online: the payments and the cut reach the server once each.
  await context.setOffline(false);
  await expect(dialog.getByText('Pendiente de sincronizar')).toHaveCount(0, { timeout: 120_000 });
  const answer = await request.get(`/api/v2/shippings/${routeId}/driver_cut`, { headers: bearer(office) });
  expect(answer.ok()).toBe(true);
  const figures = ((await answer.json()) as { data: DriverCut }).data;
  const total = Math.round((taken[0]!.amount + taken[1]!.amount) * 100) / 100;
  expect(figures.collected_total).toBe(total);
  expect(figures.collected.map((line) => [line.name, line.amount]).sort()).toEqual(
    [
      ['Efectivo', taken[0]!.amount],
      ['Transferencia', taken[1]!.amount],
    ].sort(),
  );
  expect(figures.submitted_at).not.toBeNull();
  expect(figures.counted?.reduce((sum, line) => sum + line.amount, 0)).toBeCloseTo(total, 2);

  // The office receives the cut: 10 pesos short of the cash collected, the difference recorded, the cash in its Caja.
  const officePage = await (
    await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'es-MX', timezoneId: 'America/Monterrey' })
  ).newPage();
  await signIn(officePage, 'admin@demo.mx');
  await officePage.goto(`/shippings/${routeId}`);
  const receive = officePage.getByRole('form', { name: 'Recibir corte' });
  await expect(receive).toBeVisible({ timeout: 30_000 });
  await receive.getByLabel('Efectivo recibido').fill(String(Math.round((taken[0]!.amount - 10) * 100) / 100));
  await receive.getByRole('button', { name: 'Recibir corte' }).click();
  await expect(officePage.getByText('Corte recibido; el efectivo entró en tu caja.')).toBeVisible();
  const received = (
    (await (await request.get(`/api/v2/shippings/${routeId}/driver_cut`, { headers: bearer(office) })).json()) as {
      data: DriverCut & { difference: number | null };
    }
  ).data;
  expect(received.difference).toBe(-10);
  await officePage.goto('/caja');
  await expect(officePage.getByText(new RegExp(`^Ruta #${routeId} · `))).toBeVisible({ timeout: 30_000 });
});
