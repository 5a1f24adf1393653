import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { seriousViolations } from './support';

// A server of its own, as a business installs it: production, an empty embedded database, no demo data.
const port = Number(process.env.E2E_PORT ?? 8181) + 17;
const origin = `http://localhost:${port}`;
let server: ChildProcess;
let dataDir: string;
let setupCode: string;

test.beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'frutas-first-run-'));
  server = spawn(process.execPath, ['--import', 'tsx', 'server/server.ts'], {
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
  const business = page.getByRole('form', { name: 'Datos del negocio' });
  await expect(business.getByLabel('Razón social')).toHaveValue('Abarrotes La Esperanza, S.A. de C.V.');
  await business.getByLabel('CLABE').fill('12345');
  await business.getByRole('button', { name: 'Guardar' }).click();
  await expect(business.getByText('La CLABE tiene 18 dígitos.')).toBeVisible();
  // Checked with its error shown, not while a toast fades in (axe reads a fading text's contrast mid-way).
  expect(await seriousViolations(page)).toEqual([]);
  await business.getByLabel('CLABE').fill('002010077777777771');
  await business.getByLabel('Razón social').fill('La Esperanza Comercial, S.A. de C.V.');
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
