import { expect, test } from '@playwright/test';
import { seriousViolations, signIn } from './support';

// What a business sets up for itself in the product: its lists and its roles.
test.describe("'Catálogos' and 'Roles'", () => {
  test('a payment method added, then deactivated: it leaves the expense form and stays in the catalogue', async ({ page }) => {
    await signIn(page, 'admin@demo.mx');
    await page.goto('/catalogues');
    await page.getByRole('link', { name: 'Formas de pago' }).click();
    await page.getByRole('button', { name: 'Nueva forma de pago' }).click();
    const dialog = page.locator('ion-modal[aria-label="Nueva forma de pago"]');
    await dialog.getByRole('button', { name: 'Guardar' }).click();
    await expect(dialog.getByText('Requerido.')).toBeVisible();
    await dialog.getByLabel('Nombre').fill('Vales de despensa');
    await dialog.getByRole('button', { name: 'Guardar' }).click();
    await expect(page.getByText('Vales de despensa guardado.')).toBeVisible();
    const row = page.getByRole('row').filter({ hasText: 'Vales de despensa' });
    await expect(row).toContainText('Activo');

    await page.goto('/expenses');
    await page.getByRole('button', { name: 'Registrar gasto' }).click();
    const expense = page.locator('ion-modal[aria-label="Registrar gasto"]');
    await expect(expense.getByLabel('Forma de pago').locator('option', { hasText: 'Vales de despensa' })).toHaveCount(1);
    await expense.getByRole('button', { name: 'Cancelar' }).click();

    await page.goto('/catalogues/payment_methods');
    await page.getByRole('button', { name: 'Acciones de Vales de despensa' }).click();
    await page.locator('ion-action-sheet').getByRole('button', { name: 'Desactivar' }).click();
    await expect(page.getByText('Vales de despensa desactivado: ya no se ofrece.')).toBeVisible();
    await expect(page.getByRole('row').filter({ hasText: 'Vales de despensa' })).toHaveCount(0);
    await page.getByLabel('Mostrar desactivados').check();
    await expect(page.getByRole('row').filter({ hasText: 'Vales de despensa' })).toContainText('Desactivado');

    await page.goto('/expenses');
    await page.getByRole('button', { name: 'Registrar gasto' }).click();
    await expect(expense.getByLabel('Forma de pago').locator('option', { hasText: 'Vales de despensa' })).toHaveCount(0);
  });

  test("a role made with some permissions shows them grouped in Spanish, and what the role gives is fixed on a person's form", async ({
    page,
  }) => {
    await signIn(page, 'admin@demo.mx');
    await page.goto('/roles');
    await page.getByRole('button', { name: 'Nuevo rol' }).click();
    const dialog = page.locator('ion-modal[aria-label="Nuevo rol"]');
    await dialog.getByLabel('Nombre del rol').fill('Cobranza foránea');
    await dialog.getByRole('group', { name: 'Cobranza y finanzas' }).getByRole('checkbox', { name: 'Cobranza', exact: true }).check();
    await dialog.getByRole('checkbox', { name: 'Saldos vencidos' }).check();
    expect(await seriousViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Guardar' }).click();
    await expect(page.getByText('Rol Cobranza foránea guardado.')).toBeVisible();
    await expect(page.getByRole('listitem').filter({ hasText: 'Cobranza foránea' })).toContainText('2 permisos · 0 personas');

    await page.goto('/users/new');
    const form = page.getByRole('form', { name: 'Nuevo usuario' });
    await form.getByLabel('Rol', { exact: true }).selectOption({ label: 'Cobranza foránea' });
    await expect(form.getByRole('checkbox', { name: 'Saldos vencidos · por su rol' })).toBeDisabled();
    await expect(form.getByRole('checkbox', { name: 'Gastos', exact: true })).toBeEnabled();
  });
});
