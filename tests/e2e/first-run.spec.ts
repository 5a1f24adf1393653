import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { extractText } from 'unpdf';
import { SERVER_NODE_FLAGS, serverBundle } from '../../scripts/build-server.mjs';
import { seriousViolations } from './support';

// A server of its own, as a business installs it: compiled, production, an empty embedded database, no demo data.
const port = Number(process.env.E2E_PORT ?? 8181) + 17;
const origin = `http://localhost:${port}`;
let server: ChildProcess;
let dataDir: string;
let setupCode: string;

test.beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'frutas-first-run-'));
  // The compiled server, as `npm start` runs it: its first start unpacks the database it carries.
  execFileSync(process.execPath, ['scripts/build-server.mjs'], { stdio: 'inherit' });
  server = spawn(process.execPath, [...SERVER_NODE_FLAGS, serverBundle], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      DATA_DIR: dataDir,
      WEB_DIR: process.env.E2E_WEB_DIR ?? 'dist',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  // The code is in the server's log, where only whoever runs the server can read it.
  setupCode = await new Promise<string>((resolve, reject) => {
    let log = '';
    const timer = setTimeout(() => reject(new Error(`no setup code in the log: ${log}`)), 120_000);
    server.stdout!.on('data', (chunk: Buffer) => {
      log += chunk.toString();
      const found = /Código de configuración inicial: ([0-9A-Z]{4}-[0-9A-Z]{4})/.exec(log);
      if (found) {
        clearTimeout(timer);
        resolve(found[1]!);
      }
    });
  });
});

test.afterAll(async () => {
  server?.kill('SIGTERM');
  await new Promise((resolve) => server?.once('exit', resolve));
  rmSync(dataDir, { recursive: true, force: true });
});

test('an empty installation is set up in the browser: a wrong code refused, the business and its administrator taken, then signed in', async ({
  page,
}) => {
  await page.goto(`${origin}/clients`);
  const form = page.getByRole('form', { name: 'Configuración inicial' });
  await expect(form).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  await form.getByLabel('Código de configuración').fill('AAAA-AAAA');
  await form.getByLabel('Nombre comercial').fill('Abarrotes La Esperanza');
  await form.getByLabel('Razón social').fill('Abarrotes La Esperanza, S.A. de C.V.');
  await form.getByLabel('RFC').fill('ALE150601KP3');
  await form.getByLabel('Domicilio fiscal').fill('Av. Morones Prieto 2110, Monterrey, N.L.');
  await form.getByLabel('Teléfono').fill('81 8000 1234');
  await form.getByLabel('Banco').fill('Banorte');
  await form.getByLabel('Cuenta', { exact: true }).fill('0412345678');
  // One digit off: the check digit says so before anything is sent.
  await form.getByLabel('CLABE').fill('032180000118359710');
  const admin = form.getByRole('group', { name: 'Administrador' });
  await admin.getByLabel('Nombre', { exact: true }).fill('Lucía');
  await admin.getByLabel('Apellidos').fill('Garza');
  await admin.getByLabel('Correo electrónico').fill('lucia@laesperanza.mx');
  await admin.getByLabel('Contraseña').fill('una-clave-larga');
  await form.getByRole('button', { name: 'Configurar y entrar' }).click();
  await expect(form.getByText('CLABE inválida: el dígito de control no corresponde. Revisa los 18 dígitos.')).toBeVisible();
  await expect(form.getByLabel('CLABE')).toBeFocused();

  await form.getByLabel('CLABE').fill('032180000118359719');
  await form.getByRole('button', { name: 'Configurar y entrar' }).click();
  await expect(form.getByText('El código de configuración no es válido. Cópialo del registro del servidor.')).toBeVisible();
  await expect(form.getByLabel('Código de configuración')).toBeFocused();

  await form.getByLabel('Código de configuración').fill(setupCode);
  await form.getByRole('button', { name: 'Configurar y entrar' }).click();
  // In, as the administrator, under the business's own name.
  await expect(form).toBeHidden();
  await expect(page.locator('.top-bar__title').first()).toBeVisible();
  await expect(page).toHaveTitle('Abarrotes La Esperanza');

  // 'Datos del negocio' changes what every document prints; a bad CLABE is said under its field.
  await page.goto(`${origin}/business`);
  // Installed to the home screen it shows its own icon (no logo given: the neutral mark), not the demo's.
  const icon = await page.evaluate(async () => {
    const manifest = (await (await fetch('/manifest.webmanifest')).json()) as { icons: { src: string }[] };
    const image = new Image();
    image.src = manifest.icons[0]!.src;
    await image.decode();
    const canvas = document.createElement('canvas');
    canvas.width = image.naturalWidth;
    canvas.height = image.naturalHeight;
    const context = canvas.getContext('2d')!;
    context.drawImage(image, 0, 0);
    return {
      src: manifest.icons[0]!.src,
      touchIcon: document.querySelector('link[rel="apple-touch-icon"]')?.getAttribute('href'),
      width: image.naturalWidth,
      // Left of the house, on the mark's slate square.
      pixel: [...context.getImageData(40, 116, 1, 1).data],
    };
  });
  expect(icon.src).toMatch(/^\/brand\/icon\/192\.png\?v=\d+$/);
  expect(icon).toMatchObject({ touchIcon: icon.src, width: 192, pixel: [0x37, 0x47, 0x4f, 255] });
  const business = page.getByRole('form', { name: 'Datos del negocio' });
  await expect(business.getByLabel('Razón social')).toHaveValue('Abarrotes La Esperanza, S.A. de C.V.');
  await business.getByLabel('CLABE').fill('12345');
  await business.getByRole('button', { name: 'Guardar' }).click();
  await expect(business.getByText('La CLABE tiene 18 dígitos.')).toBeVisible();
  // Checked with its error shown, not while a toast fades in (axe reads a fading text's contrast mid-way).
  expect(await seriousViolations(page)).toEqual([]);
  await business.getByLabel('CLABE').fill('002010077777777771');
  await business.getByLabel('Razón social').fill('La Esperanza Comercial, S.A. de C.V.');
  // The quotation's terms are hers too: they start as the product's.
  await expect(business.getByLabel('Entrega sin costo en compras mayores a (más IVA)')).toHaveValue('2000');
  await expect(business.getByLabel('Condiciones', { exact: true })).toHaveValue(/^Las maniobras adicionales/);
  await business.getByLabel('Entrega sin costo en compras mayores a (más IVA)').fill('1500');
  await business.getByLabel('Condiciones', { exact: true }).fill('Pedidos después de las 14:00 se entregan al día siguiente.');
  await business.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('Datos del negocio guardados.')).toBeVisible();
  await page.reload();
  await expect(page.getByRole('form', { name: 'Datos del negocio' }).getByLabel('Razón social')).toHaveValue(
    'La Esperanza Comercial, S.A. de C.V.',
  );

  // Her own password, changed in Ajustes: the current one is asked for first.
  await page.goto(`${origin}/settings`);
  const password = page.getByRole('form', { name: 'Cambiar contraseña' });
  await password.getByLabel('Contraseña actual').fill('no-es-esta-clave');
  await password.getByLabel('Contraseña nueva', { exact: true }).fill('otra-clave-larga');
  await password.getByLabel('Repite la contraseña nueva').fill('otra-clave-larga');
  await password.getByRole('button', { name: 'Cambiar contraseña' }).click();
  await expect(password.getByText('La contraseña actual no es correcta.')).toBeVisible();
  await password.getByLabel('Contraseña actual').fill('una-clave-larga');
  await password.getByRole('button', { name: 'Cambiar contraseña' }).click();
  await expect(page.getByText('Contraseña cambiada. Las sesiones abiertas en otros dispositivos se cerraron.')).toBeVisible();

  // Signed out, the login shows the business, and the setup never again.
  await page.evaluate(() => localStorage.clear());
  await page.goto(`${origin}/`);
  await expect(page.getByRole('heading', { name: 'Iniciar sesión' })).toBeVisible();
  await expect(page.getByRole('complementary', { name: 'Abarrotes La Esperanza' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  await expect(page.getByRole('form', { name: 'Configuración inicial' })).toHaveCount(0);
  await page.getByLabel('Correo Electrónico').fill('lucia@laesperanza.mx');
  await page.getByLabel('Contraseña', { exact: true }).fill('otra-clave-larga');
  await page.getByRole('button', { name: 'Acceder' }).click();
  await expect(page.locator('.top-bar__title').first()).toBeVisible();
});

/** Signs in with a temporary password and picks one's own, as a new person does the first time. */
async function firstSignIn(page: Page, email: string, temporary: string, own: string): Promise<void> {
  await page.goto(`${origin}/`);
  await page.getByLabel('Correo Electrónico').fill(email);
  await page.getByLabel('Contraseña', { exact: true }).fill(temporary);
  await page.getByRole('button', { name: 'Acceder' }).click();
  await expect(page.getByRole('heading', { name: 'Cambia tu contraseña' })).toBeVisible();
  const form = page.getByRole('form', { name: 'Cambiar contraseña' });
  await form.getByLabel('Contraseña actual').fill(temporary);
  await form.getByLabel('Contraseña nueva', { exact: true }).fill(own);
  await form.getByLabel('Repite la contraseña nueva').fill(own);
  await form.getByRole('button', { name: 'Cambiar contraseña' }).click();
  await expect(page.getByRole('heading', { name: /^Hola, / })).toBeVisible();
}

/** 'Nuevo usuario' filled and saved; answers the temporary password the dialog shows once. */
async function createPerson(
  page: Page,
  person: { name: string; last: string; email: string; role: string; jobPosition?: string },
): Promise<string> {
  await page.goto(`${origin}/users`);
  await page.getByRole('link', { name: 'Nuevo usuario' }).click();
  const form = page.getByRole('form', { name: 'Nuevo usuario' });
  await form.getByLabel('Nombre', { exact: true }).fill(person.name);
  await form.getByLabel('Apellidos').fill(person.last);
  await form.getByLabel('Correo electrónico').fill(person.email);
  await form.getByLabel('Rol', { exact: true }).selectOption({ label: person.role });
  if (person.jobPosition) await form.getByLabel('Puesto', { exact: true }).selectOption({ label: person.jobPosition });
  await form.getByRole('button', { name: 'Guardar' }).click();
  const shown = page.locator('ion-modal[aria-label="Contraseña temporal"]');
  await expect(shown.getByText(`Entrega esta contraseña temporal a ${person.name} ${person.last}.`, { exact: false })).toBeVisible();
  const password = (await shown.locator('code').textContent())!.trim();
  expect(password).toMatch(/^[A-Za-z0-9]{12}$/);
  await shown.getByRole('button', { name: 'Cerrar' }).last().click();
  await expect(page.getByRole('row').filter({ hasText: person.email })).toBeVisible();
  return password;
}

test("the administrator makes a seller and a driver from roles; the driver starts on a phone with no menu; the seller's quotation carries the business; deactivated, she is signed out", async ({
  page,
  browser,
  request,
}) => {
  await page.goto(`${origin}/`);
  await page.getByLabel('Correo Electrónico').fill('lucia@laesperanza.mx');
  await page.getByLabel('Contraseña', { exact: true }).fill('otra-clave-larga');
  await page.getByRole('button', { name: 'Acceder' }).click();
  await expect(page.getByRole('heading', { name: /^Hola, / })).toBeVisible();

  await page.goto(`${origin}/users/new`);
  const form = page.getByRole('form', { name: 'Nuevo usuario' });
  await form.getByRole('button', { name: 'Guardar' }).click();
  await expect(form.getByText('Requerido.').first()).toBeVisible();
  await expect(form.getByLabel('Nombre', { exact: true })).toBeFocused();
  // What the Ventas role gives shows ticked and fixed.
  await form.getByLabel('Rol', { exact: true }).selectOption({ label: 'Ventas' });
  await expect(form.getByRole('checkbox', { name: /Cotizaciones · por su rol/ })).toBeChecked();
  await expect(form.getByRole('checkbox', { name: /Cotizaciones · por su rol/ })).toBeDisabled();
  expect(await seriousViolations(page)).toEqual([]);

  const sellerPassword = await createPerson(page, { name: 'Sofía', last: 'Treviño', email: 'sofia@laesperanza.mx', role: 'Ventas' });
  const driverPassword = await createPerson(page, {
    name: 'Ramón',
    last: 'Leal',
    email: 'ramon@laesperanza.mx',
    role: 'Chofer Repartidor',
    jobPosition: 'Chofer Repartidor',
  });
  // Checked without the toast of the last one (axe reads a fading text's contrast mid-way).
  await page.reload();
  await expect(page.getByRole('row').filter({ hasText: 'ramon@laesperanza.mx' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  const phone = await browser.newContext({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });
  const driver = await phone.newPage();
  await firstSignIn(driver, 'ramon@laesperanza.mx', driverPassword, 'ramon-reparte-2026');
  await expect(driver.getByRole('button', { name: 'Abrir o cerrar el menú' })).toHaveCount(0);
  await expect(driver.getByRole('navigation', { name: 'Menú' })).toHaveCount(0);
  await phone.close();

  const desk = await browser.newContext();
  const seller = await desk.newPage();
  await firstSignIn(seller, 'sofia@laesperanza.mx', sellerPassword, 'sofia-vende-2026');

  // Her first quotation prints the business as 'Datos del negocio' holds it. The unit comes from
  // 'Catálogos'; the product and the customer are made through the API, as their screens are tested elsewhere.
  await page.goto(`${origin}/catalogues/units`);
  await page.getByRole('button', { name: 'Nueva unidad de medida' }).click();
  const unitDialog = page.locator('ion-modal[aria-label="Nueva unidad de medida"]');
  await unitDialog.getByLabel('Nombre').fill('Kilo');
  await unitDialog.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('Kilo guardado.')).toBeVisible();
  const tokenOf = async (email: string, password: string) =>
    (await (await request.post(`${origin}/api/v1/user/login`, { data: { email, password } })).json()).access_token as string;
  const adminAuth = { authorization: `Bearer ${await tokenOf('lucia@laesperanza.mx', 'otra-clave-larga')}` };
  const units = (await (await request.get(`${origin}/api/v1/unit/all`, { headers: adminAuth })).json()).data as {
    id: number;
    name: string;
  }[];
  const item = await request.post(`${origin}/api/v2/items`, {
    headers: adminAuth,
    data: { name: 'Jitomate saladette', unit_id: units.find((unit) => unit.name === 'Kilo')!.id, price: 28, cost: 17, weight: 1 },
  });
  expect(item.status()).toBe(201);
  const company = await request.post(`${origin}/api/v2/companies`, {
    headers: adminAuth,
    data: { name: 'Cocina Lupita', razon_social: 'Cocina Lupita, S.A. de C.V.' },
  });
  expect(company.status()).toBe(201);
  const sellerAuth = { authorization: `Bearer ${await tokenOf('sofia@laesperanza.mx', 'sofia-vende-2026')}` };
  const today = new Date().toISOString().slice(0, 10);
  const quotation = await request.post(`${origin}/api/v2/quotations`, {
    headers: sellerAuth,
    data: {
      company_id: (await company.json()).data.id,
      company_branch_id: null,
      contact_id: null,
      date: today,
      due_date: today,
      type: 'Serie A',
      note: null,
      internal_note: null,
      purchase_order: null,
      items: [{ item_id: (await item.json()).id, quantity: 3 }],
    },
  });
  expect(quotation.status(), await quotation.text()).toBe(201);
  const quotationId = (await quotation.json()).data.id as number;
  const pdf = await seller.request.get(`${origin}/api/v2/quotations/${quotationId}/pdf`, { headers: sellerAuth });
  expect(pdf.status()).toBe(200);
  const { text } = await extractText(new Uint8Array(await pdf.body()), { mergePages: true });
  const printed = text.replace(/\s+/g, ' ');
  expect(printed).toContain('La Esperanza Comercial, S.A. de C.V.');
  expect(printed).toContain('ALE150601KP3');
  expect(printed).toContain('002010077777777771');
  expect(printed).toContain('Entrega sin costo en el área metropolitana en compras mayores a $1,500.00 más IVA.');
  expect(printed).toContain('Pedidos después de las 14:00 se entregan al día siguiente.');
  expect(printed).not.toContain('Los precios pueden cambiar sin previo aviso.');

  await page.goto(`${origin}/users`);
  await page.getByRole('button', { name: 'Acciones de Sofía Treviño' }).click();
  await page.locator('ion-action-sheet', { hasText: 'Acciones de Sofía Treviño' }).getByRole('button', { name: 'Desactivar' }).click();
  await page.locator('ion-action-sheet', { hasText: '¿Desactivar a Sofía Treviño?' }).getByRole('button', { name: 'Desactivar' }).click();
  await expect(page.getByText('Sofía Treviño desactivado.')).toBeVisible();

  // Her next request is refused, and she is back at the login, told why when she tries again.
  await seller.goto(`${origin}/quotations`);
  await expect(seller.getByRole('heading', { name: 'Iniciar sesión' })).toBeVisible();
  await seller.getByLabel('Correo Electrónico').fill('sofia@laesperanza.mx');
  await seller.getByLabel('Contraseña', { exact: true }).fill('sofia-vende-2026');
  await seller.getByRole('button', { name: 'Acceder' }).click();
  await expect(seller.getByText('Tu cuenta está desactivada. Pide a quien administra los usuarios que la reactive.')).toBeVisible();
  await desk.close();
});
