import { readFileSync } from 'node:fs';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { extractText } from 'unpdf';
import { monterreyDateOffset } from '../../domain/time';
import { smtpPort } from '../../playwright.config';
import { startMailServer, type MailServer } from '../server/mail-server';
import { DEMO_PASSWORD, signIn } from './support';

// A seller quotes, prints, downloads and e-mails the quotation, sells it; the warehouse
// tablet gets the order, a route delivers it, and the sale's page follows it to 'Entregado'.

/** The customer: a demo company whose contact has an e-mail address, so the quotation goes to it by default. */
const COMPANY = 'Hotel Ancira Centro';
/** A delivery driver's evidence: a small PDF, as the driver's phone uploads it. */
const EVIDENCE = Buffer.from('%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n');

// The web server sends through this SMTP server (playwright.config.ts SMTP_URL); it retries
// until the server is up, so starting it here, after the web server, is in time.
let mail: MailServer;
test.beforeAll(async () => {
  mail = await startMailServer(smtpPort);
});
test.afterAll(async () => {
  await mail.close();
});

async function api(request: APIRequestContext, email: string) {
  const login = await request.post('/api/v1/user/login', { data: { email, password: DEMO_PASSWORD } });
  expect(login.status()).toBe(200);
  const { access_token: token } = (await login.json()) as { access_token: string };
  return { authorization: `Bearer ${token}` };
}

test.use({ viewport: { width: 1366, height: 850 } });

test('a seller quotes, prints, downloads and e-mails the quotation, sells it to the warehouse tablet and sees it delivered', async ({
  page,
  context,
  browser,
  baseURL,
  request,
}) => {
  // Two devices, a print window, an e-mail and a delivery in one flow.
  test.setTimeout(180_000);
  // A new quotation is scheduled for tomorrow and valid for 15 days.
  const tomorrow = monterreyDateOffset(new Date(), 1);
  const validUntil = monterreyDateOffset(new Date(), 15);

  const tablet = await (
    await browser.newContext({
      baseURL,
      locale: 'es-MX',
      timezoneId: 'America/Monterrey',
      viewport: { width: 1024, height: 768 },
      hasTouch: true,
    })
  ).newPage();

  try {
    await test.step("the warehouse tablet is open on tomorrow's orders", async () => {
      await signIn(tablet, 'almacen@demo.mx');
      await tablet.getByRole('button', { name: 'Mañana' }).click();
      await expect(tablet.getByRole('button', { name: 'Mañana' })).toHaveAttribute('aria-pressed', 'true');
    });

    let folio = '';
    let contactEmail = '';
    let mango = '';
    await test.step('the seller quotes: customer, contact, items, validity and a note', async () => {
      await signIn(page, 'ventas@demo.mx');
      await page.goto('/quotations');
      await page.getByRole('link', { name: 'Nueva cotización' }).click();
      await expect(page).toHaveURL(/\/quotations\/new$/);
      await expect(page.getByRole('form', { name: 'Nueva cotización' })).toBeVisible();

      await page.getByLabel('Buscar empresa o cliente').fill('Ancira');
      await page.getByRole('button', { name: new RegExp(`^${COMPANY}`) }).click();
      await expect(page.getByLabel('Sucursal')).toBeVisible();
      // The contact with an e-mail address: the quotation is sent to it by default.
      const contact = page.getByLabel('Contacto', { exact: true });
      const withEmail = contact.locator('option').filter({ hasText: '@' }).first();
      await expect(withEmail).toBeAttached();
      const option = (await withEmail.textContent())!;
      contactEmail = option.split(' · ')[1]!.trim();
      await contact.selectOption({ label: option });

      await page.getByLabel('Buscar producto').fill('mango');
      const addMango = page.getByRole('button', { name: /^Agregar Mango/ }).first();
      mango = ((await addMango.getAttribute('aria-label')) ?? '').replace('Agregar ', '');
      await addMango.click();
      await page.getByLabel(`Cantidad de ${mango}`).fill('12');
      await page.getByLabel(`Cantidad de ${mango}`).press('Enter');
      await expect(page.getByLabel(`Cantidad de ${mango}`)).toHaveValue('12');

      await expect(page.getByLabel('Serie')).toHaveValue('Serie A');
      await expect(page.getByLabel('Fecha programada')).toHaveValue(tomorrow);
      await expect(page.getByLabel('Vigencia')).toHaveValue(validUntil);
      await page.getByLabel('Nota', { exact: true }).fill('Entregar por el andén de cocina.');

      await page.getByRole('button', { name: 'Guardar', exact: true }).click();
      await expect(page).toHaveURL(/\/quotations$/);
      const saved = page.getByText(/^Cotización C-\d+ guardada\.$/);
      await expect(saved).toBeVisible();
      folio = /C-\d+/.exec((await saved.textContent())!)![0];
    });

    const popup = await test.step("'Imprimir' on the saved toast opens the quotation's print window", async () => {
      const [win] = await Promise.all([context.waitForEvent('page'), page.getByRole('button', { name: 'Imprimir', exact: true }).click()]);
      // Its title is the file name the browser offers for 'Guardar como PDF'.
      await expect(win).toHaveTitle(`Cotización ${folio}`);
      await expect(win.getByRole('heading', { name: 'Cotización', exact: true })).toBeVisible();
      await expect(win.getByText(folio, { exact: true })).toBeVisible();
      await expect(win.getByText(COMPANY).first()).toBeVisible();
      await expect(win.getByRole('cell', { name: mango })).toBeVisible();
      await expect(win.getByText('Entregar por el andén de cocina.')).toBeVisible();
      return win;
    });

    await test.step("'Descargar PDF' saves 'Cotización C-n.pdf', a real PDF with the quotation's text", async () => {
      const [download] = await Promise.all([popup.waitForEvent('download'), popup.getByRole('button', { name: 'Descargar PDF' }).click()]);
      expect(download.suggestedFilename()).toBe(`Cotización ${folio}.pdf`);
      const bytes = readFileSync(await download.path());
      expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      const { text } = await extractText(new Uint8Array(bytes), { mergePages: true });
      const words = text.replace(/\s+/g, ' ');
      expect(words).toContain(folio);
      expect(words).toContain(COMPANY);
      expect(words).toContain(mango);
      await expect(popup.getByRole('button', { name: 'Descargar PDF' })).toBeEnabled();
    });

    await test.step("'Enviar por correo' queues it to the contact: 'Pendiente', then 'Enviado'", async () => {
      await popup.getByRole('button', { name: 'Enviar por correo' }).click();
      await expect(popup.getByLabel('Destinatarios')).toHaveValue(contactEmail);
      await popup.getByRole('button', { name: 'Enviar', exact: true }).click();
      await expect(popup.getByRole('status').filter({ hasText: 'El correo quedó en cola de envío.' })).toBeVisible();
      await expect(popup.getByRole('heading', { name: 'Envíos por correo' })).toBeVisible();
      await expect(popup.getByText(`${contactEmail}: Pendiente`)).toBeVisible();
      // The view reads the queue again every few seconds while a message is pending.
      await expect(popup.getByText(`${contactEmail}: Enviado`)).toBeVisible({ timeout: 20_000 });
    });

    await test.step('the mail server received one message: the folio in its subject, the PDF attached', async () => {
      await expect.poll(() => mail.received.filter((m) => m.subject?.includes(folio)).length).toBe(1);
      const message = mail.received.find((m) => m.subject?.includes(folio))!;
      expect(message.subject).toBe(`Cotización ${folio} — Frutas del Norte`);
      const to = Array.isArray(message.to) ? message.to.flatMap((a) => a.value) : (message.to?.value ?? []);
      expect(to.map((a) => a.address)).toEqual([contactEmail]);
      expect(message.replyTo?.value.map((a) => a.address)).toEqual(['ventas@demo.mx']);
      expect(String(message.html)).toContain(COMPANY);
      expect(message.attachments).toHaveLength(1);
      const [pdf] = message.attachments;
      expect(pdf!.filename).toBe(`Cotización ${folio}.pdf`);
      expect(pdf!.contentType).toBe('application/pdf');
      const { text } = await extractText(new Uint8Array(pdf!.content), { mergePages: true });
      expect(text.replace(/\s+/g, ' ')).toContain(folio);
    });

    await test.step('on paper the buttons are hidden; Imprimir closes the window and clears the stored quotation', async () => {
      await popup.emulateMedia({ media: 'print' });
      await expect(popup.getByRole('button', { name: 'Descargar PDF' })).toBeHidden();
      await expect(popup.getByRole('heading', { name: 'Cotización', exact: true })).toBeVisible();
      await popup.emulateMedia({ media: 'screen' });
      // Headless Chromium's print dialog never returns (it stalls the browser): the person's
      // printing is played by a dialog that closes a moment later, once the click is done.
      await popup.evaluate(() => {
        window.print = () => void window.setTimeout(() => window.dispatchEvent(new Event('afterprint')), 300);
      });
      await Promise.all([popup.waitForEvent('close'), popup.getByRole('button', { name: 'Imprimir', exact: true }).click()]);
      await page.bringToFront();
      expect(await page.evaluate(() => localStorage.getItem('print'))).toBeNull();
    });

    let sale = 0;
    await test.step("'Convertir en venta' from the list; the toast leads to the sale's page", async () => {
      await page.getByRole('button', { name: `Acciones de la cotización ${folio}` }).click();
      await page.getByRole('button', { name: 'Convertir en venta' }).click();
      await expect(page.getByText(`¿Convertir la cotización ${folio} en venta? Se creará su pedido por surtir.`)).toBeVisible();
      // The row menu is gone once the confirmation is the only sheet.
      await expect(page.getByRole('button', { name: 'Convertir en venta' })).toHaveCount(1);
      await page.getByRole('button', { name: 'Convertir en venta' }).click();
      const converted = page.getByText(new RegExp(`^Cotización ${folio} convertida en la venta (\\d+)\\.$`));
      await expect(converted).toBeVisible();
      sale = Number(/venta (\d+)\./.exec((await converted.textContent())!)![1]);
      await page.getByRole('button', { name: 'Ver venta' }).click();
      await expect(page).toHaveURL(new RegExp(`/sales/${sale}$`));
      await expect(page.getByRole('heading', { name: `Venta ${sale}`, level: 1 })).toBeVisible();
      // Role queries skip the list's page, which Ionic keeps hidden behind this one.
      const summary = page.getByRole('region', { name: 'Datos de la venta' });
      await expect(summary.getByRole('definition').filter({ hasText: new RegExp(`^${folio}$`) })).toBeVisible();
      await expect(summary.getByRole('definition').filter({ hasText: COMPANY })).toBeVisible();
      await expect(page.getByRole('region', { name: 'Pago' })).toContainText('Estado del pedidoNuevo');
      await expect(page.getByRole('region', { name: 'Entregas' })).toContainText('Todavía no está en una ruta de reparto.');
    });

    await test.step('the warehouse tablet shows the new order among tomorrow’s, and fills it', async () => {
      const card = tablet.getByRole('button', { name: new RegExp(`^Folio ${sale}\\b`) });
      await expect(card).toBeVisible();
      await expect(card).toContainText(COMPANY);
      await card.click();
      await expect(tablet.getByText(`Detalle de Pedido · Folio ${sale}`)).toBeVisible();
      await expect(tablet.getByRole('rowheader', { name: mango })).toBeVisible();
      await expect(tablet.getByText('Entregar por el andén de cocina.')).toBeVisible();
      await tablet.getByRole('button', { name: 'surtido' }).click();
      await tablet.getByRole('button', { name: 'Aceptar' }).click();
      await expect(tablet.getByText('Pedido surtido.')).toBeVisible();
      await expect(card).toHaveCount(0);
      await expect(tablet.getByRole('button', { name: /^Sincronización: / }).filter({ visible: true })).toHaveAccessibleName(
        /Todo sincronizado/,
        {
          timeout: 20_000,
        },
      );
    });

    let shipping = 0;
    let evidence = '';
    await test.step('the office puts it on a route and the driver delivers it with evidence', async () => {
      const office = await api(request, 'oficina@demo.mx');
      const driver = await api(request, 'chofer@demo.mx');
      const me = (await (await request.get('/api/v1/user/current', { headers: driver })).json()) as { id: number };
      const route = await request.post('/api/v1/shipping/create', { headers: office, data: { date: tomorrow, driver_id: me.id } });
      expect(route.status()).toBe(201);
      shipping = ((await route.json()) as { id: number }).id;
      const added = await request.post('/api/v1/shipping_detail/create', {
        headers: office,
        data: { sale_id: sale, shipping_id: shipping },
      });
      expect(added.status()).toBe(201);
      const detail = ((await added.json()) as { id: number }).id;

      const upload = await request.post('/api/v1/shipping_detail/files/', {
        headers: driver,
        multipart: { file: { name: 'evidencia.pdf', mimeType: 'application/pdf', buffer: EVIDENCE } },
      });
      expect(upload.status()).toBe(201);
      evidence = ((await upload.json()) as { file: string }).file;
      const delivered = await request.patch(`/api/v2/shipping_details/${detail}`, {
        headers: driver,
        data: { completed: true, is_delivered: true, pdf: evidence },
      });
      expect(delivered.status()).toBe(200);
    });

    await test.step("the sale's page shows it filled and delivered, with the evidence link", async () => {
      await page.reload();
      await expect(page.getByRole('heading', { name: `Venta ${sale}`, level: 1 })).toBeVisible();
      await expect(page.getByRole('region', { name: 'Pago' })).toContainText('Estado del pedidoSurtido');
      const deliveries = page.getByRole('region', { name: 'Entregas' });
      // A seller does not open the shippings screens: the route is named, not linked.
      await expect(deliveries.getByText(`Envío E-${shipping}`, { exact: true })).toBeVisible();
      await expect(deliveries.getByRole('link', { name: `Envío E-${shipping}` })).toHaveCount(0);
      await expect(deliveries.getByText('Entregado', { exact: true })).toBeVisible();
      const link = deliveries.getByRole('link', { name: evidence });
      await expect(link).toBeVisible();
      const file = await request.get((await link.getAttribute('href'))!);
      expect(file.status()).toBe(200);
      expect(Buffer.from(await file.body()).equals(EVIDENCE)).toBe(true);
    });
  } finally {
    await tablet.context().close();
  }
});
