import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { DEMO_PASSWORD, signIn } from './support';

/**
 * Collections in Chromium: the office collects from a customer that owes three sales, oldest
 * first (one paid off, one in part), prints the receipt, and sees the sales' balances,
 * /balances, the customer's page and /collections follow; cancelling the payment gives the balances back.
 */
const CUSTOMER = 'Fonda Doña Chela';
const money = new Intl.NumberFormat('es-MX', { style: 'currency', currency: 'MXN' });
const pesos = (cents: number) => money.format(cents / 100);
const cents = (amount: number) => Math.round(amount * 100);
const modal = (page: Page, name: string) => page.locator(`ion-modal[aria-label="${name}"]`);
/** The row whose header cell is `header`, within `scope` (a page, a form, a table). */
const row = (scope: Page | Locator, header: string) => {
  // The inner locator of `has` is matched inside each row: it starts from the page, not the scope.
  const page = 'mainFrame' in scope ? scope : scope.page();
  return scope.getByRole('row').filter({ has: page.getByRole('rowheader', { name: header, exact: true }) });
};

interface OpenSale {
  id: number;
  due_balance: number;
  bucket: string;
}

async function officeHeaders(request: APIRequestContext) {
  const login = await request.post('/api/v1/user/login', { data: { email: 'oficina@demo.mx', password: DEMO_PASSWORD } });
  return { authorization: `Bearer ${((await login.json()) as { access_token: string }).access_token}` };
}

/** The demo customer's open sales, oldest due first, as the server has them now. */
async function openSales(request: APIRequestContext, headers: Record<string, string>) {
  const found = (await (await request.get(`/api/v2/balances?filter[company]=${encodeURIComponent(CUSTOMER)}`, { headers })).json()) as {
    data: { company_id: number; total: number; count: number }[];
  };
  const [customer] = found.data;
  const detail = (await (await request.get(`/api/v2/balances/${customer!.company_id}`, { headers })).json()) as { data: OpenSale[] };
  return { companyId: customer!.company_id, overdue: customer!.total, sales: detail.data };
}

test.describe('collecting from a customer', () => {
  test.use({ viewport: { width: 1366, height: 900 } });

  test('the office collects oldest first, prints the receipt, and the balances follow until it cancels the payment', async ({
    page,
    context,
    request,
  }) => {
    const headers = await officeHeaders(request);
    const before = await openSales(request, headers);
    expect(before.sales.map((s) => s.bucket)).toEqual(['days_over_90', 'days_61_90', 'days_31_60']);
    const [oldest, middle, newest] = before.sales as [OpenSale, OpenSale, OpenSale];
    // Pays the oldest off and a third of the next; the newest is not reached.
    const part = Math.floor(cents(middle.due_balance) / 3);
    const amount = cents(oldest.due_balance) + part;
    const overdueBefore = cents(before.overdue);
    const folio = (id: number) => `V-${id}`;

    await signIn(page, 'oficina@demo.mx');

    await test.step('/balances shows what the customer owes by bucket and its three overdue sales', async () => {
      await page.goto('/balances');
      await expect(page.getByRole('heading', { name: 'Saldos Vencidos', level: 1 })).toBeAttached();
      await expect(page.getByRole('region', { name: 'Totales de todos los clientes' })).toContainText('Más de 90 días');
      // The filter is kept: /balances opens on this customer for the rest of the test.
      await page.getByRole('button', { name: /^Filtros/ }).click();
      const drawer = modal(page, 'Filtrar saldos vencidos');
      await drawer.getByLabel('Cliente').fill('fonda');
      await drawer.getByLabel('Cliente').press('Enter');
      await expect(drawer).toBeHidden();
      await expect(page.getByRole('button', { name: 'Filtros (1)' })).toBeVisible();
      const customer = row(page, CUSTOMER);
      await expect(customer).toContainText(pesos(overdueBefore));
      await customer.getByRole('button', { name: `Ver ventas vencidas de ${CUSTOMER}` }).click();
      const sales = page.getByRole('table', { name: `Ventas vencidas de ${CUSTOMER}` });
      for (const sale of before.sales) await expect(sales.getByRole('rowheader', { name: folio(sale.id) })).toBeVisible();
      await expect(sales).toContainText('Más de 90 días');
      await customer.getByRole('link', { name: `Cobrar a ${CUSTOMER}` }).click();
      await expect(page).toHaveURL(new RegExp(`/new-collections/${before.companyId}$`));
    });

    const receipt =
      await test.step('the form shows the application oldest first, and saving says so with the receipt at hand', async () => {
        const form = page.getByRole('form', { name: `Nueva Cobranza: ${CUSTOMER}` });
        await expect(form.getByRole('rowheader', { name: folio(oldest.id) })).toBeVisible();
        await form.getByLabel('Monto', { exact: true }).fill((amount / 100).toFixed(2));
        await form.getByLabel('Forma de pago').selectOption({ index: 1 });
        await form.getByLabel('Referencia').fill('SPEI E2E 001');
        await expect(form.getByRole('radio', { name: 'Aplicar a las más antiguas' })).toBeChecked();
        // 'Elegir' refuses a line above its sale's balance, naming the sale, and keeps what was typed.
        await form.getByRole('radio', { name: 'Elegir' }).check();
        await form.getByLabel(`Monto a aplicar a la venta ${folio(oldest.id)}`).fill(((cents(oldest.due_balance) + 1) / 100).toFixed(2));
        await form.getByRole('button', { name: 'Guardar cobro' }).click();
        await expect(form.getByRole('alert')).toHaveText(`La venta ${oldest.id} solo debe ${pesos(cents(oldest.due_balance))}.`);
        await expect(form.getByLabel('Monto', { exact: true })).toHaveValue((amount / 100).toFixed(2));
        await form.getByRole('button', { name: `Aplicar todo el saldo de la venta ${folio(oldest.id)}` }).click();
        await expect(form.getByLabel(`Monto a aplicar a la venta ${folio(oldest.id)}`)).toHaveValue(oldest.due_balance.toFixed(2));
        await form.getByRole('radio', { name: 'Aplicar a las más antiguas' }).check();
        // The preview: the oldest paid off, a third of the next, the newest untouched; nothing left as credit.
        await expect(row(form, folio(oldest.id)).getByRole('cell').last()).toHaveText(pesos(0));
        await expect(row(form, folio(middle.id)).getByRole('cell').last()).toHaveText(pesos(cents(middle.due_balance) - part));
        await expect(row(form, folio(newest.id)).getByRole('cell').last()).toHaveText(pesos(cents(newest.due_balance)));
        await expect(form.getByRole('region', { name: 'Resumen' })).toContainText(`Saldo a favor (sin aplicar)${pesos(0)}`);
        await form.getByRole('button', { name: 'Guardar cobro' }).click();

        const message = page.getByText(/^Cobro R-\d+ guardado\.$/);
        await expect(message).toBeVisible();
        const saved = /Cobro (R-\d+) guardado\./.exec((await message.textContent()) ?? '')![1]!;
        // The form stays on the customer, now owing two sales, ready for the next payment.
        await expect(form.getByRole('rowheader', { name: folio(oldest.id) })).toBeHidden();
        await expect(row(form, folio(middle.id))).toContainText(pesos(cents(middle.due_balance) - part));
        await expect(form.getByLabel('Monto', { exact: true })).toHaveValue('');

        const [win] = await Promise.all([
          context.waitForEvent('page'),
          page.locator('ion-toast').getByRole('button', { name: 'Ver recibo' }).click(),
        ]);
        await expect(win.getByRole('heading', { name: 'Recibo de pago' })).toBeVisible();
        await expect(win.getByText(saved, { exact: true })).toBeVisible();
        await expect(win.getByText(CUSTOMER).first()).toBeVisible();
        await expect(win.getByText('SPEI E2E 001')).toBeVisible();
        const paid = win.getByRole('row').filter({ hasText: folio(oldest.id) });
        await expect(paid).toContainText(pesos(cents(oldest.due_balance)));
        const partly = win.getByRole('row').filter({ hasText: folio(middle.id) });
        await expect(partly).toContainText(`${pesos(part)}${pesos(cents(middle.due_balance) - part)}`);
        await expect(win.getByRole('row').filter({ hasText: folio(newest.id) })).toHaveCount(0);
        // Printing hides the buttons and closes the window.
        await win.emulateMedia({ media: 'print' });
        await expect(win.getByRole('button', { name: 'Imprimir' })).toBeHidden();
        await win.emulateMedia({ media: 'screen' });
        await win.evaluate(() => {
          window.print = () => void window.setTimeout(() => window.dispatchEvent(new Event('afterprint')), 300);
        });
        await Promise.all([win.waitForEvent('close'), win.getByRole('button', { name: 'Imprimir' }).click()]);
        return saved;
      });

    await test.step("the sales' pages show one paid and one partly paid", async () => {
      await page.goto(`/sales/${oldest.id}`);
      await expect(page.getByText('Pagada', { exact: true })).toBeVisible();
      await page.goto(`/sales/${middle.id}`);
      await expect(page.getByText('Parcial', { exact: true })).toBeVisible();
      await expect(page.getByRole('definition').filter({ hasText: pesos(cents(middle.due_balance) - part) })).toBeVisible();
    });

    await test.step('/balances owes less by the amount collected, in two sales', async () => {
      await page.goto('/balances');
      const customer = row(page, CUSTOMER);
      await expect(customer).toContainText(pesos(overdueBefore - amount));
      await customer.getByRole('button', { name: `Ver ventas vencidas de ${CUSTOMER}` }).click();
      const sales = page.getByRole('table', { name: `Ventas vencidas de ${CUSTOMER}` });
      await expect(sales.getByRole('rowheader')).toHaveText([folio(middle.id), folio(newest.id)]);
    });

    await test.step("the customer's page owes less and lists the payment", async () => {
      await page.goto(`/clients/client/${before.companyId}`);
      await expect(page.getByRole('region', { name: 'Saldo', exact: true })).toContainText(`Vencido${pesos(overdueBefore - amount)}`);
      await expect(
        page.getByRole('region', { name: 'Cobranza', exact: true }).getByRole('row').filter({ hasText: 'SPEI E2E 001' }),
      ).toContainText(pesos(amount));
    });

    await test.step('/collections lists the payment; cancelling it gives the balances back', async () => {
      await page.goto('/collections');
      const payment = row(page, receipt);
      await expect(payment).toContainText(CUSTOMER);
      await expect(payment).toContainText(pesos(amount));
      await expect(payment).toContainText('Vigente');
      await payment.getByRole('button', { name: `Acciones del cobro ${receipt}` }).click();
      await page.getByRole('button', { name: 'Cancelar cobro' }).click();
      const dialog = modal(page, `Cancelar cobro ${receipt}`);
      await dialog.getByRole('button', { name: 'Cancelar cobro' }).click();
      await expect(dialog.getByText('Escribe el motivo de la cancelación.')).toBeVisible();
      await dialog.getByLabel('Motivo de la cancelación').fill('Transferencia rechazada por el banco');
      await dialog.getByRole('button', { name: 'Cancelar cobro' }).click();
      await expect(dialog).toBeHidden();
      await expect(page.getByText(`Cobro ${receipt} cancelado: los saldos de sus ventas se restauraron.`)).toBeVisible();
      await expect(row(page, receipt)).toHaveCount(0);
      await page.goto('/balances');
      await expect(row(page, CUSTOMER)).toContainText(pesos(overdueBefore));
      await page.goto(`/clients/client/${before.companyId}`);
      await expect(page.getByRole('region', { name: 'Saldo', exact: true })).toContainText(`Vencido${pesos(overdueBefore)}`);
      await expect(page.getByRole('region', { name: 'Cobranza', exact: true })).not.toContainText('SPEI E2E 001');
    });
  });
});
