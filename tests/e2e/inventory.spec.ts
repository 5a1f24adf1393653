import { expect, test } from '@playwright/test';
import { signIn } from './support';

test.use({ viewport: { width: 1280, height: 800 } });

test("stock per item, its movements, and an 'Ajuste Manual' that moves it", async ({ page }) => {
  await signIn(page, 'admin@demo.mx');
  await page.goto('/inventory');
  await page.getByLabel('Buscar producto').fill('Tomate saladette');
  const row = page.getByRole('row', { name: /^Tomate saladette / });
  await expect(row).toBeVisible();
  const stockText = (await row.getByRole('cell').first().textContent())!;
  const before = Number(stockText.replace(/[^\d.-]/g, ''));

  await page.getByRole('button', { name: 'Ver movimientos de Tomate saladette' }).click();
  const dialog = page.locator('ion-modal[aria-label="Movimientos de Tomate saladette"]');
  await dialog.getByLabel('Ajuste Manual').fill('0');
  await dialog.getByRole('button', { name: 'Guardar ajuste' }).click();
  await expect(dialog.getByText('El ajuste no puede ser cero.')).toBeVisible();
  await dialog.getByLabel('Ajuste Manual').fill('5');
  await dialog.getByRole('button', { name: 'Guardar ajuste' }).click();
  const expected = new Intl.NumberFormat('es-MX', { maximumFractionDigits: 2 }).format(before + 5);
  await expect(dialog.getByText(`Ajuste guardado. Existencia: ${expected} kg.`)).toBeVisible();
  await expect(dialog.getByRole('row').nth(1)).toContainText('Ajuste Manual');
  await dialog.getByRole('button', { name: 'Cerrar' }).click();
  await expect(row.getByRole('cell').first()).toHaveText(`${expected} kg`);
});
