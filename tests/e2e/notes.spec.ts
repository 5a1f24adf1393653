import { expect, test, type Browser, type Page } from '@playwright/test';
import { bearer, DEMO_PASSWORD, signIn, tokenOf } from './support';

/** The bell of a signed-in screen: its name says how many notes are unseen. */
const bellCount = async (page: Page) => {
  const label =
    (await page
      .getByRole('link', { name: /^Notas: / })
      .filter({ visible: true })
      .first()
      .getAttribute('aria-label')) ?? '';
  const found = /Notas: (\d+) notas? sin ver/.exec(label);
  return found ? Number(found[1]) : 0;
};

async function tabletOn(browser: Browser, baseURL: string | undefined) {
  const context = await browser.newContext({ baseURL, viewport: { width: 1024, height: 768 }, hasTouch: true });
  const page = await context.newPage();
  await signIn(page, 'almacen@demo.mx');
  await expect(page.getByRole('button', { name: 'Hoy', pressed: true })).toBeVisible();
  return { context, page };
}

test('the office writes a note on a sale mentioning the warehouse; the tablet’s bell counts it at once and the order shows it', async ({
  page,
  browser,
  baseURL,
  request,
}) => {
  test.setTimeout(90_000);
  // An order the tablet lists today: a sale made for today.
  const login = await request.post('/api/v1/user/login', { data: { email: 'ventas@demo.mx', password: DEMO_PASSWORD } });
  const { access_token: token } = (await login.json()) as { access_token: string };
  const headers = { authorization: `Bearer ${token}` };
  const [company] = ((await (await request.get('/api/v2/company_p?itemsPerPage=1', { headers })).json()) as { data: { id: number }[] })
    .data;
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Monterrey' }).format(new Date());
  const items = (await (await request.get('/api/v1/item/all', { headers })).json()) as { data: { id: number }[] };
  const created = await request.post('/api/v2/sales', {
    headers: { ...headers, 'idempotency-key': `nota-e2e-${Date.now()}` },
    data: {
      company_id: company!.id,
      company_branch_id: null,
      date: today,
      type: 'Serie A',
      note: null,
      internal_note: null,
      purchase_order: null,
      bar: false,
      items: [{ item_id: items.data[0]!.id, quantity: 3 }],
    },
  });
  expect(created.status()).toBe(201);
  const sale = ((await created.json()) as { id: number }).id;

  const tablet = await tabletOn(browser, baseURL);
  try {
    // What the bell counts before the note, as the server has it (earlier tests may have left
    // the warehouse unseen notes), and the bell showing it: until its read answers it shows 0.
    const warehouseHeaders = bearer(await tokenOf(request, 'almacen@demo.mx'));
    const unseenNow = async () =>
      (
        (await (await request.get('/api/v1/note/all', { headers: warehouseHeaders })).json()) as {
          data: { seen: boolean; archived: boolean }[];
        }
      ).data.filter((note) => !note.seen && !note.archived).length;
    const before = await unseenNow();
    await expect.poll(() => bellCount(tablet.page), { timeout: 15_000 }).toBe(before);

    await page.setViewportSize({ width: 1366, height: 850 });
    await signIn(page, 'admin@demo.mx');
    await expect(page.getByRole('navigation', { name: 'Menú' })).toBeVisible();
    await page.goto(`/sales/${sale}`);
    const notes = page.getByRole('region', { name: 'Notas' });
    await expect(notes.getByText('Aún no hay notas aquí.')).toBeVisible();
    await notes.getByRole('button', { name: 'Escribir nota' }).click();
    const dialog = page.locator('ion-modal[aria-label="Nueva nota"]');
    await dialog.getByLabel('Nota', { exact: true }).fill('El cliente pasa a las 3 por este pedido, @almacen.');
    await dialog.getByRole('button', { name: 'Enviar nota' }).click();
    await expect(page.getByText('Nota enviada.')).toBeVisible();
    await expect(notes.getByText('El cliente pasa a las 3 por este pedido, @almacen.')).toBeVisible();
    await expect(notes.getByText(/^Para: Almacén General/)).toBeVisible();

    // The tablet is told at once: its bell counts one more, without reloading.
    await expect.poll(() => bellCount(tablet.page), { timeout: 15_000 }).toBe(before + 1);
    // And the order shows the note.
    await tablet.page
      .locator('.order-card')
      .filter({ hasText: `Folio ${sale}` })
      .click();
    const detail = tablet.page.locator('ion-modal[aria-label="Detalle de Pedido"]');
    await expect(detail.getByText('El cliente pasa a las 3 por este pedido, @almacen.')).toBeVisible();

    // In the tablet's notes, the warehouse answers in the conversation; the office reads the answer on the sale.
    await tablet.page.goto('/notes');
    await tablet.page
      .getByRole('button', { name: /^El cliente pasa a las 3/ })
      .first()
      .click();
    const opened = tablet.page.locator('ion-modal').filter({ hasText: 'Responder' }).last();
    await opened.getByRole('button', { name: 'Responder' }).click();
    const reply = tablet.page.locator('ion-modal[aria-label="Responder"]');
    await reply.getByLabel('Nota', { exact: true }).fill('Listo, queda apartado.');
    await reply.getByRole('button', { name: 'Enviar nota' }).click();
    await expect(tablet.page.getByText('Nota enviada.')).toBeVisible();
    await page.reload();
    await expect(page.getByRole('region', { name: 'Notas' }).getByText('Listo, queda apartado.')).toBeVisible();
  } finally {
    await tablet.context.close();
  }
});
