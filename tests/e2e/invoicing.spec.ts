import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { pacPort, smtpPort } from '../../playwright.config';
import { startFakePac, type FakePac } from '../server/fake-pac';
import { startMailServer, type MailServer } from '../server/mail-server';
import { openFromMenu } from './office-screens';
import { bearer, signIn, tokenOf } from './support';

// The administrator sets up invoicing as a user would ('Datos del negocio', then 'Facturación'
// with the PAC account and the CSD), gives a customer its fiscal data, sells to it and invoices
// the sale from its page: stamped by the PAC, its PDF downloaded, e-mailed with XML and PDF,
// and listed in /invoices. The business is the SAT's test taxpayer with its published test CSD.

const CSD_DIR = path.resolve(import.meta.dirname, '../fixtures/csd');
const ISSUER = { rfc: 'EKU9003173C9', name: 'ESCUELA KEMPER URGATE' };
/** The SAT's test receiver: a persona moral whose RFC's check digit matches. */
const RECEIVER = { rfc: 'XIA190128J61', name: 'XENON INDUSTRIAL ARTICLES', cp: '76343' };
/** A CLABE whose check digit is right: the form refuses the demo's, which is not. */
const VALID_CLABE = '002010077777777771';

// The web server stamps through PAC_URL and sends through SMTP_URL (playwright.config.ts), both on
// fixed ports: their fakes start here, after it; its queues retry until they answer.
let pac: FakePac;
let mail: MailServer;
/** The business's identity as the run's other specs know it, put back when this one ends. */
let identityBefore: { legal_name: string; tax_id: string } | undefined;

test.beforeAll(async () => {
  pac = await startFakePac({ port: pacPort });
  mail = await startMailServer(smtpPort);
});

test.afterAll(async ({ request }) => {
  await pac?.stop();
  await mail?.close();
  // Other specs read the demo's legal name (/settings) and RFC: only the CLABE stays, the demo's being invalid.
  if (identityBefore) {
    const headers = bearer(await tokenOf(request, 'admin@demo.mx'));
    const { logo_url: _logo, ...current } = (await (await request.get('/api/v2/business', { headers })).json()) as Record<string, unknown>;
    const restored = await request.put('/api/v2/business', {
      headers: { ...headers, 'idempotency-key': `invoicing-e2e-restore-${Date.now()}` },
      data: { ...current, ...identityBefore },
    });
    expect(restored.status(), await restored.text()).toBe(200);
  }
});

test.use({ viewport: { width: 1366, height: 900 } });

test('the administrator sets up invoicing, invoices a sale from its page, downloads its PDF, the customer gets it by e-mail and /invoices lists it', async ({
  page,
  request,
}) => {
  test.setTimeout(150_000);
  const stamp = Date.now().toString(36).toUpperCase();
  const customer = `Xenon Industrial ${stamp}`;
  const contactEmail = `compras.${stamp.toLowerCase()}@xenon.mx`;
  {
    const headers = bearer(await tokenOf(request, 'admin@demo.mx'));
    const business = (await (await request.get('/api/v2/business', { headers })).json()) as { legal_name: string; tax_id: string };
    identityBefore = { legal_name: business.legal_name, tax_id: business.tax_id };
  }

  await signIn(page, 'admin@demo.mx');

  await test.step("'Datos del negocio' gets the RFC and legal name of the CSD's taxpayer", async () => {
    await page.goto('/business');
    const form = page.getByRole('form', { name: 'Datos del negocio' });
    await form.getByLabel('RFC', { exact: true }).fill(ISSUER.rfc);
    await form.getByLabel('Razón social').fill(ISSUER.name);
    await form.getByLabel('CLABE').fill(VALID_CLABE);
    await form.getByRole('button', { name: 'Guardar' }).click();
    await expect(page.getByText('Datos del negocio guardados.')).toBeVisible();
  });

  await test.step("'Facturación': régimen, lugar de expedición, the PAC account and the CSD make it 'Listo para facturar'", async () => {
    await page.getByRole('link', { name: 'Facturación: régimen fiscal, CSD, cuenta del PAC y series' }).click();
    await expect(page).toHaveURL(/\/business\/fiscal$/);
    await expect(page.getByRole('region', { name: 'Falta para poder facturar' })).toBeVisible();
    await expect(page.getByText('No hay un CSD cargado.')).toBeVisible();
    await expect(page.getByText(/^Proveedor configurado en el servidor: /)).toBeVisible();

    const setup = page.getByRole('form', { name: 'Datos fiscales del negocio' });
    await setup.getByLabel('Régimen fiscal').selectOption('601');
    await setup.getByLabel('Lugar de expedición (código postal)').fill('42501');
    await setup.getByLabel('Usuario del PAC').fill(pac.user);
    await setup.getByLabel('Contraseña del PAC').fill(pac.password);
    await setup.getByRole('button', { name: 'Guardar' }).click();
    await expect(page.getByText('Configuración de facturación guardada.')).toBeVisible();
    await expect(setup.getByText('Contraseña guardada. Escriba otra solo para cambiarla.')).toBeVisible();

    const csd = page.getByRole('form', { name: 'Certificado de sello digital (CSD)' });
    await csd.getByLabel('Certificado (.cer)').setInputFiles(path.join(CSD_DIR, `${ISSUER.rfc}.cer`));
    await csd.getByLabel('Llave privada (.key)').setInputFiles(path.join(CSD_DIR, `${ISSUER.rfc}.key`));
    await csd.getByLabel('Contraseña de la llave privada').fill('12345678a');
    await csd.getByRole('button', { name: 'Cargar CSD' }).click();
    await expect(page.getByText('CSD cargado.')).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: 'Listo para facturar' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Falta para poder facturar' })).toHaveCount(0);
    await expect(page.getByText('No. de certificado')).toBeVisible();
  });

  await test.step('a customer gets its fiscal data through the customer form, and a contact with an e-mail', async () => {
    await page.goto('/clients');
    await page.getByRole('link', { name: 'Nuevo cliente' }).click();
    const form = page.getByRole('form', { name: 'Nuevo cliente' });
    await form.getByRole('group', { name: 'Datos generales' }).getByRole('textbox', { name: 'Nombre', exact: true }).fill(customer);
    await form.getByRole('textbox', { name: 'Razón social' }).fill(RECEIVER.name);
    await form.getByLabel('RFC').fill(RECEIVER.rfc);
    const fiscal = form.getByRole('group', { name: 'Datos fiscales' });
    await fiscal.getByLabel('Régimen fiscal').selectOption('601');
    await fiscal.getByLabel('CP fiscal').fill(RECEIVER.cp);
    // The usos the régimen admits, each named by its SAT key first.
    const uso = fiscal.getByLabel('Uso de CFDI');
    const g01 = uso.locator('option').filter({ hasText: /^G01 / });
    await expect(g01).toHaveCount(1);
    await uso.selectOption({ label: (await g01.textContent())! });
    await form.getByLabel('Dirección de entrega').fill('Av. Industrial 100, Querétaro, Qro.');
    await form.getByRole('region', { name: 'Sucursal 1' }).getByRole('textbox', { name: 'Dirección' }).fill('Av. Industrial 100');
    await form.getByRole('button', { name: 'Agregar contacto' }).click();
    const contact = form.getByRole('region', { name: 'Contacto 1' });
    await contact.getByRole('textbox', { name: 'Nombre' }).fill('Compras');
    await contact.getByLabel('Apellidos').fill('Xenon');
    await contact.getByLabel('Teléfono').fill('442 123 4567');
    await contact.getByLabel('Correo electrónico').fill(contactEmail);
    await form.getByRole('button', { name: 'Guardar' }).click();
    await expect(page).toHaveURL(/\/clients\/client\/\d+$/);
    await expect(page.getByText(`Cliente ${customer} guardado.`)).toBeVisible();
    await expect(page.getByText(RECEIVER.rfc)).toBeVisible();
  });

  let saleId = 0;
  await test.step("a Serie A sale to that customer through 'Nueva Venta'", async () => {
    await page.goto('/new-sales');
    await page.getByLabel('Buscar empresa o cliente').fill(customer);
    await page.getByRole('button', { name: new RegExp(`^${customer}`) }).click();
    await expect(page.getByLabel('Sucursal')).toBeVisible();
    await page.getByLabel('Buscar producto').fill('Aguacate Hass');
    const add = page.getByRole('button', { name: /^Agregar Aguacate Hass/ }).first();
    const product = ((await add.getAttribute('aria-label')) ?? '').replace('Agregar ', '');
    await add.click();
    await page.getByLabel(`Cantidad de ${product}`).fill('5');
    await page.getByLabel(`Cantidad de ${product}`).press('Enter');
    await expect(page.getByLabel(`Cantidad de ${product}`)).toHaveValue('5');
    await expect(page.getByLabel('Serie')).toHaveValue('Serie A');
    await page.getByRole('button', { name: 'Guardar venta' }).click();
    const saved = page.getByText(/^Venta \d+ guardada/);
    await expect(saved).toBeVisible();
    saleId = Number(/Venta (\d+)/.exec((await saved.textContent())!)![1]);
  });

  let folio = '';
  let uuid = '';
  const panel = page.getByRole('region', { name: 'Facturación' });
  await test.step("'Facturar' with 'Enviar al cliente por correo': the panel shows 'Timbrado' and the folio fiscal the PAC stamped", async () => {
    await page.goto(`/sales/${saleId}`);
    await expect(panel.getByText('La venta no tiene comprobantes fiscales.')).toBeVisible();
    await panel.getByLabel('Enviar al cliente por correo').check();
    await panel.getByRole('button', { name: 'Facturar', exact: true }).click();
    const requested = page.getByText(/^Factura \S+ solicitada: se timbra en unos segundos\.$/);
    await expect(requested).toBeVisible();
    folio = /^Factura (\S+) solicitada/.exec((await requested.textContent())!)![1]!;
    // The panel reads the sale's documents again every 2 s while one is being stamped.
    await expect(panel.getByText('Timbrado', { exact: true })).toBeVisible({ timeout: 15_000 });
    const shown = panel.getByRole('term').filter({ hasText: 'Folio fiscal' }).locator('xpath=following-sibling::dd[1]');
    await expect(shown).toHaveText(/^[0-9A-F]{8}(-[0-9A-F]{4}){3}-[0-9A-F]{12}$/i);
    uuid = (await shown.textContent())!.trim();
    // What the PAC stamped: one document, this sale's invoice to this receiver, under that UUID.
    const stamped = pac.documents().filter((document) => document.rfcReceptor === RECEIVER.rfc);
    expect(stamped).toHaveLength(1);
    expect(stamped[0]!.uuid.toUpperCase()).toBe(uuid.toUpperCase());
    expect(`${stamped[0]!.serie}-${stamped[0]!.folio}`).toBe(folio);
    expect(stamped[0]).toMatchObject({ rfcEmisor: ISSUER.rfc, tipoDeComprobante: 'I', state: 'vigente' });
    expect(pac.stamps.get(stamped[0]!.uuid)).toBe(1);
    // Invoiced once: 'Facturar' is no longer offered.
    await expect(panel.getByRole('button', { name: 'Facturar', exact: true })).toHaveCount(0);
  });

  await test.step("'Descargar PDF' saves the invoice's PDF", async () => {
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      panel.getByRole('button', { name: `Descargar PDF: Factura ${folio}` }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(new RegExp(`^Factura ${folio}.*\\.pdf$`));
    const bytes = readFileSync(await download.path());
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(bytes.length).toBeGreaterThan(5_000);
  });

  await test.step('the customer gets it by e-mail with its XML and PDF attached', async () => {
    await expect.poll(() => mail.received.filter((m) => m.subject?.includes(`Factura ${folio} `)).length, { timeout: 20_000 }).toBe(1);
    const message = mail.received.find((m) => m.subject?.includes(`Factura ${folio} `))!;
    const to = Array.isArray(message.to) ? message.to.flatMap((a) => a.value) : (message.to?.value ?? []);
    expect(to.map((a) => a.address)).toContain(contactEmail);
    expect(String(message.text ?? message.html)).toContain(uuid);
    const xml = message.attachments.find((a) => a.filename?.endsWith('.xml'));
    const pdf = message.attachments.find((a) => a.filename?.endsWith('.pdf'));
    expect(xml, 'the XML attached').toBeDefined();
    expect(pdf, 'the PDF attached').toBeDefined();
    expect(xml!.content.toString('utf8')).toContain(`UUID="${uuid}"`);
    expect(pdf!.content.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  });

  await test.step("/invoices lists it under 'Comprobantes' with its UUID", async () => {
    await openFromMenu(page, 'Facturas', '/invoices');
    await expect(page.getByRole('group', { name: 'Ver' }).getByRole('button', { name: 'Comprobantes' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    const row = page.getByRole('row').filter({ hasText: uuid });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText(folio);
    await expect(row).toContainText(RECEIVER.rfc);
    await expect(row).toContainText('Timbrado');
    await expect(row.getByRole('link', { name: `V-${saleId}` })).toBeVisible();
  });
});
