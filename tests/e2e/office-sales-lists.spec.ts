import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import * as XLSX from 'xlsx';
import { DEMO_PASSWORD, signIn } from './support';

// A scheduled day of its own, far from the demo data, so the filters below isolate this test's rows.
const DAY = '2027-02-10';
const DUE = '2027-03-01';

const row = (page: Page, folio: string) => page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: folio, exact: true }) });
/** A modal's content is slotted into its dialog: look it up from the modal element (named as its dialog). */
const modal = (page: Page, name: string) => page.locator(`ion-modal[aria-label="${name}"]`);

async function tokenOf(request: APIRequestContext, email: string): Promise<string> {
  const login = await request.post('/api/v1/user/login', { data: { email, password: DEMO_PASSWORD } });
  return ((await login.json()) as { access_token: string }).access_token;
}

/** Two Serie B quotations of one company for DAY through the API: one line of 1 and one of 5 of the same item. */
async function createQuotations(request: APIRequestContext): Promise<{ small: number; large: number; company: string }> {
  const headers = { authorization: `Bearer ${await tokenOf(request, 'ventas@demo.mx')}` };
  const companies = (await (await request.get('/api/v1/company/all', { headers })).json()) as { data: { id: number; name: string }[] };
  const items = (await (await request.get('/api/v1/item/all', { headers })).json()) as { data: { id: number; is_published: boolean }[] };
  const company = companies.data[0]!;
  const item = items.data.find((i) => i.is_published)!;
  const create = async (quantity: number) => {
    const answer = await request.post('/api/v2/quotations', {
      headers,
      data: {
        company_id: company.id,
        company_branch_id: null,
        contact_id: null,
        date: DAY,
        due_date: DUE,
        type: 'Serie B',
        note: null,
        internal_note: null,
        purchase_order: null,
        items: [{ item_id: item.id, quantity }],
      },
    });
    expect(answer.status()).toBe(201);
    return ((await answer.json()) as { data: { id: number } }).data.id;
  };
  return { small: await create(1), large: await create(5), company: company.name };
}

async function filterTo(page: Page, drawerName: string, fill: (drawer: ReturnType<typeof modal>) => Promise<void>) {
  await page.getByRole('button', { name: /^Filtros/ }).click();
  const drawer = modal(page, drawerName);
  await fill(drawer);
  await drawer.getByLabel('Hasta').press('Enter');
  await expect(drawer).toBeHidden();
}

test.describe('quotation and sale lists on a desktop', () => {
  test.use({ viewport: { width: 1366, height: 850 } });

  test('a seller filters, sorts, exports, prints, sells and cancels quotations, then finds them on /sales, /canceled and /pedidos', async ({
    page,
    context,
    request,
  }) => {
    test.setTimeout(120_000);
    const { small, large } = await createQuotations(request);
    const [smallFolio, largeFolio] = [`C-${small}`, `C-${large}`];
    await signIn(page, 'ventas@demo.mx');
    await page.goto('/quotations');
    await expect(page.getByRole('columnheader', { name: 'Vigencia' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Nueva cotización' })).toHaveAttribute('href', '/quotations/new');

    // Filter by date and series (a range needs both dates); kept after a reload.
    await filterTo(page, 'Filtrar cotizaciones', async (drawer) => {
      await drawer.getByLabel('Desde').fill(DAY);
      await drawer.getByRole('button', { name: 'Filtrar' }).click();
      await expect(drawer.getByText('Elige las dos fechas del rango.')).toBeVisible();
      await drawer.getByLabel('Hasta').fill(DAY);
      await drawer.getByLabel('Serie').selectOption('Serie B');
    });
    await expect(page.getByRole('main').getByText('1–2 de 2')).toBeVisible();
    await page.reload();
    await expect(page.getByRole('button', { name: 'Filtros (2)' })).toBeVisible();
    await expect(page.getByRole('main').getByText('1–2 de 2')).toBeVisible();
    await expect(row(page, smallFolio)).toContainText('Vigente');
    await expect(row(page, smallFolio)).toContainText('01/03/2027');

    // One sort column on the server: Total ascending, then descending.
    const firstFolio = page.getByRole('rowheader').first();
    await page.getByRole('button', { name: 'Total', exact: true }).click();
    await expect(page.getByRole('columnheader', { name: /^Total/ })).toHaveAttribute('aria-sort', 'ascending');
    await expect(firstFolio).toHaveText(smallFolio);
    await page.getByRole('button', { name: /^Total/ }).click();
    await expect(page.getByRole('columnheader', { name: /^Total/ })).toHaveAttribute('aria-sort', 'descending');
    await expect(firstFolio).toHaveText(largeFolio);

    // Export the page and read the workbook back: real numbers and dates.
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Exportar a Excel' }).click()]);
    expect(download.suggestedFilename()).toBe('Lista de Cotizaciones.xlsx');
    const book = XLSX.read(readFileSync(await download.path()), { type: 'buffer', cellDates: true });
    const sheet = XLSX.utils.sheet_to_json<Record<string, unknown>>(book.Sheets[book.SheetNames[0]!]!);
    expect(sheet.map((r) => r['Folio'])).toEqual([large, small]);
    expect(typeof sheet[0]!['Total']).toBe('number');
    expect(sheet[0]!['Vigencia']).toBeInstanceOf(Date);
    expect(sheet[0]).toMatchObject({ Serie: 'Serie B', Estado: 'Vigente' });

    // Print: the quotation goes to a new window as print data, in the deployment's layout or the short one.
    for (const [entry, layout] of [
      ['Imprimir', 'full'],
      ['Imprimir (corta)', 'short'],
    ] as const) {
      await page.getByRole('button', { name: `Acciones de la cotización ${smallFolio}` }).click();
      const [popup] = await Promise.all([context.waitForEvent('page'), page.getByRole('button', { name: entry, exact: true }).click()]);
      await expect(popup.getByRole('button', { name: 'Descargar PDF' })).toBeVisible();
      // The print window took the job as it loaded: it is its own, and nothing is left for the next start.
      const job = JSON.parse((await popup.evaluate(() => sessionStorage.getItem('print'))) ?? 'null') as unknown;
      expect(job).toMatchObject({ kind: 'quotation', data: { layout, sale: { id: small, kind: 'quotation' } } });
      expect(await page.evaluate(() => localStorage.getItem('print'))).toBeNull();
      await popup.close();
      await page.bringToFront();
    }

    // Turn the small one into a sale: asked first, then a toast with the way to the sale.
    await page.getByRole('button', { name: `Acciones de la cotización ${smallFolio}` }).click();
    await page.getByRole('button', { name: 'Convertir en venta' }).click();
    await expect(page.getByText(`¿Convertir la cotización ${smallFolio} en venta? Se creará su pedido por surtir.`)).toBeVisible();
    // The row menu is gone once the confirmation sheet is the only one.
    await expect(page.getByRole('button', { name: 'Convertir en venta' })).toHaveCount(1);
    await page.getByRole('button', { name: 'Convertir en venta' }).click();
    const converted = page.getByText(new RegExp(`^Cotización ${smallFolio} convertida en la venta (\\d+)\\.$`));
    await expect(converted).toBeVisible();
    const saleId = Number(/venta (\d+)\./.exec((await converted.textContent())!)![1]);
    await expect(row(page, smallFolio).getByRole('link', { name: `Vendida · venta ${saleId}` })).toHaveAttribute(
      'href',
      `/sales/${saleId}`,
    );
    // The toast leads to the sale's page.
    await page.locator('ion-toast').getByRole('button', { name: 'Ver venta' }).click();
    await expect(page).toHaveURL(new RegExp(`/sales/${saleId}$`));
    await page.goBack();
    await expect(page).toHaveURL(/\/quotations$/);
    // A sold quotation is neither edited, sold again nor cancelled; its menu opens its sale.
    await page.getByRole('button', { name: `Acciones de la cotización ${smallFolio}` }).click();
    const soldMenu = page.locator('ion-action-sheet').filter({ hasText: smallFolio });
    await expect(soldMenu.getByRole('button', { name: 'Imprimir', exact: true })).toBeVisible();
    await expect(soldMenu.getByRole('button', { name: 'Ver venta' })).toBeVisible();
    await expect(soldMenu.getByRole('button', { name: 'Editar' })).toHaveCount(0);
    await expect(soldMenu.getByRole('button', { name: 'Convertir en venta' })).toHaveCount(0);
    await soldMenu.getByRole('button', { name: 'Cancelar', exact: true }).click();
    await expect(page.getByRole('button', { name: 'Imprimir (corta)' })).toHaveCount(0);

    // Cancel the large one: the reason is required; it leaves the list.
    await page.getByRole('button', { name: `Acciones de la cotización ${largeFolio}` }).click();
    await page.getByRole('button', { name: 'Cancelar cotización' }).click();
    const cancel = modal(page, `Cancelar cotización ${largeFolio}`);
    await cancel.getByRole('button', { name: 'Cancelar cotización' }).click();
    await expect(cancel.getByText('Escribe el motivo de la cancelación.')).toBeVisible();
    await cancel.getByLabel('Motivo de la cancelación').fill('El cliente compró en otro lado');
    await cancel.getByRole('button', { name: 'Cancelar cotización' }).click();
    await expect(cancel).toBeHidden();
    await expect(page.getByText(`Cotización ${largeFolio} cancelada.`)).toBeVisible();
    await expect(page.getByRole('main').getByText('1–1 de 1')).toBeVisible();
    await expect(row(page, largeFolio)).toHaveCount(0);

    // /canceled: the cancelled quotation with when and why; the cancelled sales on the other button.
    await page.goto('/canceled');
    await filterTo(page, 'Filtrar cancelaciones', async (drawer) => {
      await drawer.getByLabel('Folio').fill(largeFolio);
    });
    await expect(row(page, largeFolio)).toContainText('El cliente compró en otro lado');
    await page.getByRole('button', { name: 'Ventas', exact: true }).click();
    await expect(page.getByRole('button', { name: 'Ventas', exact: true })).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByText('No hay ventas canceladas.')).toBeVisible();

    // /sales: the new sale, owed in full, its order new; the totals of the range; its folio opens its page.
    await page.goto('/sales');
    await filterTo(page, 'Filtrar ventas', async (drawer) => {
      await drawer.getByLabel('Folio').fill(`V-${saleId}`);
      await drawer.getByLabel('Desde').fill(DAY);
      await drawer.getByLabel('Hasta').fill(DAY);
    });
    await expect(page.getByRole('main').getByText('1–1 de 1')).toBeVisible();
    const sale = row(page, `V-${saleId}`);
    await expect(sale).toContainText('Pendiente');
    await expect(sale).toContainText('Nuevo');
    await page.getByRole('button', { name: 'Totales' }).click();
    const totals = page.getByRole('region', { name: 'Totales' });
    await expect(totals).toContainText('Del 10/02/2027 al 10/02/2027 · 1 venta');
    const [salesDownload] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Exportar a Excel' }).click(),
    ]);
    expect(salesDownload.suggestedFilename()).toBe('Lista de Ventas.xlsx');
    const salesBook = XLSX.read(readFileSync(await salesDownload.path()), { type: 'buffer', cellDates: true });
    const salesRows = XLSX.utils.sheet_to_json<Record<string, unknown>>(salesBook.Sheets[salesBook.SheetNames[0]!]!);
    expect(salesRows).toHaveLength(1);
    expect(salesRows[0]).toMatchObject({ Folio: saleId, 'Estado de pago': 'Pendiente', Pedido: 'Nuevo' });
    expect(salesRows[0]!['Saldo']).toBe(salesRows[0]!['Total']);

    // /pedidos opens on the orders from today on; the sale is there with its order state.
    await page.goto('/pedidos');
    await expect(page.getByText('Desde hoy')).toBeVisible();
    await filterTo(page, 'Filtrar pedidos', async (drawer) => {
      await drawer.getByLabel('Folio').fill(String(saleId));
      await drawer.getByLabel('Pedido', { exact: true }).selectOption('Nuevo');
    });
    await expect(row(page, `V-${saleId}`)).toContainText('Nuevo');
    await expect(row(page, `V-${saleId}`)).toContainText('10/02/2027');

    await page.goto('/sales');
    await row(page, `V-${saleId}`)
      .getByRole('link', { name: `V-${saleId}` })
      .click();
    await expect(page).toHaveURL(new RegExp(`/sales/${saleId}$`));
  });

  test('the dispatch office opens sales and pedidos but not quotations', async ({ page }) => {
    await signIn(page, 'oficina@demo.mx');
    await page.goto('/sales');
    await expect(page.getByRole('columnheader', { name: 'Estado de pago' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Cotizaciones' })).toHaveCount(0);
    await page.goto('/quotations');
    await expect(page.getByRole('heading', { name: 'Sin permiso' })).toBeVisible();
    // A screen beside a record's address is not read as a record ('calendar' is no sale).
    await page.goto('/sales/calendar');
    await expect(page.getByRole('heading', { name: 'Sin permiso' })).toBeVisible();
    await expect(page.getByText('Esta venta no existe.')).toHaveCount(0);
  });
});

test.describe('quotations on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test('shows quotations as cards whose tap opens their menu', async ({ page }) => {
    await signIn(page, 'ventas@demo.mx');
    await page.goto('/quotations');
    await expect(page.getByRole('columnheader')).toHaveCount(0);
    const first = page.getByRole('button', { name: /^Acciones de la cotización C-\d+$/ }).first();
    const folio = ((await first.getAttribute('aria-label')) ?? '').replace('Acciones de la cotización ', '');
    await page.getByRole('button', { name: new RegExp(`^${folio} · `) }).click();
    await expect(page.getByRole('button', { name: 'Imprimir (corta)' })).toBeVisible();
    await page.getByRole('button', { name: 'Cancelar', exact: true }).click();
    await expect(page.getByRole('button', { name: 'Imprimir (corta)' })).toHaveCount(0);
  });
});
