import { expect, type Page } from '@playwright/test';

export const DEMO_PASSWORD = 'demo1234';

export async function signIn(page: Page, email: string, password = DEMO_PASSWORD): Promise<void> {
  await page.goto('/');
  await page.getByLabel('Correo Electrónico').fill(email);
  await page.getByLabel('Contraseña', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Acceder' }).click();
  // Everyone lands on a greeting, except the warehouse operator: on the orders to fill.
  await expect(page.getByRole('heading', { name: /^Hola, / }).or(page.getByRole('group', { name: 'Fechas' }))).toBeVisible();
}

export async function openUserMenu(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Menú de usuario' }).click();
  await expect(page.getByRole('button', { name: 'Cerrar Sesión' })).toBeVisible();
}
