import { expect, test } from '@playwright/test';
import { signIn } from './support';

// Issue 15: the screens about people and what they did.
test.describe('the activity log', () => {
  test('shows who recorded an expense, from which device, with the values, and opens them by keyboard', async ({ page }) => {
    await signIn(page, 'admin@demo.mx');
    await page.goto('/expenses');
    await page.getByRole('button', { name: 'Registrar gasto' }).click();
    const dialog = page.locator('ion-modal[aria-label="Registrar gasto"]');
    await dialog.getByLabel('Tipo de gasto').selectOption({ label: 'Papelería' });
    await dialog.getByLabel('Monto').fill('310');
    await dialog.getByLabel('Descripción').fill('Hojas membretadas (bitácora e2e)');
    await dialog.getByRole('button', { name: 'Guardar' }).click();
    await expect(page.getByText('Gasto de $310.00 registrado.')).toBeVisible();

    await page.goto('/activity-log');
    await expect(page.getByRole('heading', { name: 'Bitácora', exact: true }).first()).toBeVisible();
    await page.getByRole('button', { name: /^Filtros/ }).click();
    await page.getByLabel('Registro', { exact: true }).selectOption({ label: 'Gasto' });
    await page.getByLabel('Acción', { exact: true }).selectOption({ label: 'Creó' });
    await page.getByRole('button', { name: 'Filtrar' }).click();
    // The drawer gives the focus back to 'Filtros' as it leaves: wait for it before moving the focus.
    await expect(page.getByRole('button', { name: 'Filtrar' })).toBeHidden();

    const row = page.getByRole('row').filter({ hasText: 'Creó' }).first();
    await expect(row).toContainText('Gasto');
    // The browser's own description: the project emulates Playwright's 'Desktop Chrome' (on Windows).
    await expect(row).toContainText('Chrome · Windows');
    const toggle = row.getByRole('button', { name: /^(Ver|Ocultar) cambios del registro \d+ de la bitácora$/ });
    await toggle.focus();
    await page.keyboard.press('Enter');
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const changes = page.locator('.log-changes__table');
    await expect(changes.getByRole('row', { name: /description/ })).toContainText('Hojas membretadas (bitácora e2e)');
    await expect(changes.getByRole('row', { name: /amount/ })).toContainText('310');
    await expect(page.getByText(/^POST \/api\/v2\/expenses · /)).toBeVisible();
  });
});
