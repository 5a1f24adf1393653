import { expect, test } from '@playwright/test';
import { signIn } from './support';

test.describe('the login screen', () => {
  test('shows the deployment panel and the form with the spec’s texts', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Iniciar sesión' })).toBeVisible();
    await expect(page.getByText('Frutas del Norte', { exact: true })).toBeVisible();
    await expect(page.getByLabel('Correo Electrónico')).toBeVisible();
    await expect(page.getByLabel('Contraseña', { exact: true })).toHaveAttribute('type', 'password');
    await expect(page.getByRole('button', { name: 'Acceder' })).toBeVisible();
    await expect(page.getByText('Versión 4.34.7')).toBeVisible();
  });

  test('asks for both fields with the product’s message', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Acceder' }).click();
    await expect(page.getByText('Contraseña requerida.')).toHaveCount(2);
    await expect(page.getByLabel('Correo Electrónico')).toHaveAttribute('aria-invalid', 'true');
  });

  test("refuses a malformed e-mail with 'E-mail inavlido.'", async ({ page }) => {
    await page.goto('/');
    await page.getByLabel('Correo Electrónico').fill('chofer.demo.mx');
    await page.getByLabel('Contraseña', { exact: true }).fill('demo1234');
    await page.getByRole('button', { name: 'Acceder' }).click();
    await expect(page.getByText('E-mail inavlido.')).toBeVisible();
    await expect(page.getByText('Contraseña requerida.')).toHaveCount(0);
  });

  test('shows and hides the password', async ({ page }) => {
    await page.goto('/');
    const password = page.getByLabel('Contraseña', { exact: true });
    await password.fill('secreta');
    await page.getByRole('button', { name: 'Mostrar contraseña' }).click();
    await expect(password).toHaveAttribute('type', 'text');
    await page.getByRole('button', { name: 'Ocultar contraseña' }).click();
    await expect(password).toHaveAttribute('type', 'password');
  });

  test('alerts on a wrong password and lets the person try again', async ({ page }) => {
    await page.goto('/');
    await page.getByLabel('Correo Electrónico').fill('ventas@demo.mx');
    await page.getByLabel('Contraseña', { exact: true }).fill('equivocada');
    await page.getByRole('button', { name: 'Acceder' }).click();
    await expect(page.getByRole('alert')).toHaveText('Usuario y/o contraseña incorrecta(s)');
    await expect(page.getByRole('button', { name: 'Acceder' })).toBeEnabled();
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  });

  test('submits with Enter and opens the shell', async ({ page }) => {
    await page.goto('/');
    await page.getByLabel('Correo Electrónico').fill('oficina@demo.mx');
    await page.getByLabel('Contraseña', { exact: true }).fill('demo1234');
    await page.getByLabel('Contraseña', { exact: true }).press('Enter');
    await expect(page.getByRole('heading', { name: 'Hola, Jorge' })).toBeVisible();
  });

  test('signs in with the e-mail typed with surrounding spaces', async ({ page }) => {
    await page.goto('/');
    await page.getByLabel('Correo Electrónico').fill('  ventas@demo.mx ');
    await page.getByLabel('Contraseña', { exact: true }).fill('demo1234');
    await page.getByRole('button', { name: 'Acceder' }).click();
    await expect(page.getByRole('heading', { name: 'Hola, Laura' })).toBeVisible();
  });

  test('is where sign-out leaves the person, with local storage cleared', async ({ page }) => {
    await signIn(page, 'ventas2@demo.mx');
    await page.getByRole('button', { name: 'Menú de usuario' }).click();
    await page.getByRole('button', { name: 'Cerrar Sesión' }).click();
    // The confirmation is an alert with the same action.
    await expect(page.getByRole('alertdialog')).toContainText('¿Seguro que deseas cerrar sesión?');
    await page.getByRole('alertdialog').getByRole('button', { name: 'Cerrar Sesión' }).click();
    await expect(page.getByRole('heading', { name: 'Iniciar sesión' })).toBeVisible();
    const keys = await page.evaluate(() => Object.keys(localStorage).filter((k) => k !== 'deployment'));
    expect(keys).toEqual([]);
  });
});
