import { expect, test, type APIRequestContext } from '@playwright/test';
import { formatMoney } from '../../domain/format';
import { monterreyDate } from '../../domain/time';
import { DEMO_PASSWORD, signIn } from './support';

// A sale's corrections in the browser: the office edits a quantity and the warehouse tablet
// shows it; once filled and paid, the office cancels it, the goods come back and the money is
// the customer's credit; the credit then pays another sale.

async function api(request: APIRequestContext, email: string) {
  const login = await request.post('/api/v1/user/login', { data: { email, password: DEMO_PASSWORD } });
  const { access_token: token } = (await login.json()) as { access_token: string };
  const headers = (key?: string) => ({ authorization: `Bearer ${token}`, ...(key && { 'idempotency-key': key }) });
  return {
    get: async <T>(url: string) => (await (await request.get(url, { headers: headers() })).json()) as T,
    post: async <T>(url: string, data: object) => {
      const response = await request.post(url, { headers: headers(`e2e-${Date.now()}-${Math.random().toString(36).slice(2)}`), data });
      expect(response.ok(), await response.text()).toBe(true);
      return (await response.json()) as T;
    },
  };
}

test('the office edits a sale the tablet then shows, cancels it once filled and paid, and applies the credit to another sale', async ({
  playwright,
  baseURL,
  request,
}) => {
  test.setTimeout(120_000);
  const admin = await api(request, 'admin@demo.mx');
  const warehouse = await api(request, 'almacen@demo.mx');
  const today = monterreyDate(new Date());
  const name = `Corrección E2E ${Date.now() % 100000}`;
  const company = (await admin.post<{ data: { id: number } }>('/api/v2/companies', { name, razon_social: `${name} SA`, credit_days: 0 }))
    .data;
  const items = await admin.get<{ data: { id: number; name: string }[] }>('/api/v2/item/pos?filter[is_published]=1&itemsPerPage=100');
  const item = items.data[0]!;
  const saleOf = (quantity: number) => ({
    company_id: company.id,
    company_branch_id: null,
    date: today,
    type: 'Serie A',
    note: null,
    internal_note: null,
    purchase_order: null,
    bar: false,
    items: [{ item_id: item.id, quantity }],
  });
  const { id } = await admin.post<{ id: number }>('/api/v2/sales', saleOf(2));

  const browser = await playwright.chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
  try {
    const options = { baseURL, locale: 'es-MX', timezoneId: 'America/Monterrey' };
    // The warehouse tablet is open on today's orders, this one among them.
    const tablet = await (await browser.newContext({ ...options, viewport: { width: 1024, height: 768 }, hasTouch: true })).newPage();
    await signIn(tablet, 'almacen@demo.mx');
    const card = tablet.locator('.order-card').filter({ hasText: `Folio ${id}` });
    await card.click();
    await expect(tablet.getByRole('row', { name: item.name })).toContainText('2');
    await tablet.keyboard.press('Escape');

    // The office corrects the quantity to 5.
    const office = await (await browser.newContext({ ...options, viewport: { width: 1366, height: 900 } })).newPage();
    await signIn(office, 'admin@demo.mx');
    await office.goto(`/sales/${id}`);
    await office.getByRole('link', { name: 'Editar venta' }).click();
    await expect(office).toHaveURL(new RegExp(`/sales/${id}/edit$`));
    const quantity = office.getByLabel(`Cantidad de ${item.name}`);
    await quantity.fill('5');
    await quantity.press('Enter');
    await office.getByRole('button', { name: 'Guardar venta' }).click();
    await expect(office).toHaveURL(new RegExp(`/sales/${id}$`));
    await expect(office.getByText(`Venta V-${id} guardada.`)).toBeVisible();

    // The tablet hears of it and shows the new quantity, without a reload.
    await card.click();
    await expect(tablet.getByRole('row', { name: item.name })).toContainText('5', { timeout: 10_000 });

    // Filled and paid in full; then the customer returns everything and the office cancels it.
    await warehouse.post('/api/v2/orders/dispatch_sale_order', { id, quotation_items: [{ item_id: item.id, quantity: 5 }] });
    const stockOf = async () =>
      (await admin.get<{ data: { item_id: number; stock: number }[] }>('/api/v2/inventory/stock')).data.find(
        (row) => row.item_id === item.id,
      )!.stock;
    const filledStock = await stockOf();
    const total = (await admin.get<{ data: { total: number } }>(`/api/v2/sales/${id}`)).data.total;
    const [method] = (await admin.get<{ data: { id: number }[] }>('/api/v1/payment_method/all')).data;
    await admin.post('/api/v2/collections', { company_id: company.id, date: today, amount: total, payment_method_id: method!.id });
    await office.reload();
    await office.getByRole('button', { name: 'Cancelar venta' }).click();
    const dialog = office.locator(`ion-modal[aria-label="Cancelar venta V-${id}"]`);
    await dialog.getByLabel('Motivo de la cancelación').fill('El cliente devolvió todo');
    await dialog.getByRole('button', { name: 'Cancelar venta' }).click();
    await expect(dialog).toBeHidden();
    await expect(office.getByText(`Venta V-${id} cancelada.`)).toBeVisible();
    await expect(office.getByText(/Cancelada el .*: El cliente devolvió todo/)).toBeVisible();
    await expect(office.getByRole('button', { name: 'Cancelar venta' })).toHaveCount(0);
    expect(await stockOf()).toBeCloseTo(filledStock + 5, 2);

    // The customer's page shows the credit; a new sale is paid with it from 'Nueva Cobranza'.
    await office.goto(`/clients/client/${company.id}`);
    await expect(office.getByText('Saldo a favor')).toBeVisible();
    await expect(office.getByText(formatMoney(total)).first()).toBeVisible();
    const second = await admin.post<{ id: number; total: number }>('/api/v2/sales', saleOf(1));
    await office.goto(`/new-collections/${company.id}`);
    await office.getByRole('button', { name: 'Aplicar saldo a favor' }).click();
    const applied = Math.min(total, second.total);
    await expect(office.getByText(`Se aplicaron ${formatMoney(applied)} del saldo a favor.`)).toBeVisible();
    const after = await admin.get<{ data: { due_balance: number }[]; meta: { credit: number } }>(`/api/v2/balances/${company.id}`);
    expect(after.meta.credit).toBeCloseTo(total - applied, 2);
  } finally {
    await browser.close();
  }
});

test('the office records a partial return of a filled sale and prints its credit note', async ({ page, request }) => {
  const admin = await api(request, 'admin@demo.mx');
  const warehouse = await api(request, 'almacen@demo.mx');
  const today = monterreyDate(new Date());
  const name = `Devolución E2E ${Date.now() % 100000}`;
  const company = (await admin.post<{ data: { id: number } }>('/api/v2/companies', { name, razon_social: `${name} SA`, credit_days: 0 }))
    .data;
  const item = (await admin.get<{ data: { id: number; name: string }[] }>('/api/v2/item/pos?filter[is_published]=1&itemsPerPage=100'))
    .data[0]!;
  const { id } = await admin.post<{ id: number }>('/api/v2/sales', {
    company_id: company.id,
    company_branch_id: null,
    date: today,
    type: 'Serie A',
    note: null,
    internal_note: null,
    purchase_order: null,
    bar: false,
    items: [{ item_id: item.id, quantity: 3 }],
  });
  await warehouse.post('/api/v2/orders/dispatch_sale_order', { id, quotation_items: [{ item_id: item.id, quantity: 3 }] });

  await signIn(page, 'admin@demo.mx');
  await page.goto(`/sales/${id}`);
  await page.getByRole('button', { name: 'Registrar devolución' }).click();
  const dialog = page.locator(`ion-modal[aria-label="Devolución de la venta V-${id}"]`);
  await expect(dialog.getByText('Se pueden devolver 3')).toBeVisible();
  await dialog.getByLabel(`Cantidad devuelta de ${item.name}`).fill('5');
  await dialog.getByLabel('Motivo de la devolución').fill('Llegó golpeado');
  await dialog.getByRole('button', { name: 'Registrar devolución' }).click();
  await expect(dialog.getByRole('alert')).toHaveText(new RegExp(`^De ${item.name} se pueden devolver hasta 3 `));
  await dialog.getByLabel(`Cantidad devuelta de ${item.name}`).fill('1');
  const [credit] = await Promise.all([page.waitForEvent('popup'), dialog.getByRole('button', { name: 'Registrar devolución' }).click()]);
  await expect(credit.getByRole('heading', { name: /Nota de crédito/ })).toBeVisible();
  await expect(credit.getByText(/^NC-\d+$/)).toBeVisible();
  await expect(credit.getByText('Llegó golpeado')).toBeVisible();
  await expect(credit.getByRole('button', { name: 'Descargar PDF' })).toBeVisible();
  await expect(page.getByText(/Devolución NC-\d+ registrada\./)).toBeVisible();
  await expect(page.getByRole('button', { name: /^Imprimir NC-\d+$/ })).toBeVisible();

  // The sale's own print: its 'Nota de venta' with what is still owed after the return.
  const [note] = await Promise.all([page.waitForEvent('popup'), page.getByRole('button', { name: 'Imprimir nota de venta' }).click()]);
  await expect(note.getByRole('heading', { name: /Nota de venta/ })).toBeVisible();
  await expect(note.getByText(`V-${id}`, { exact: true })).toBeVisible();
});
