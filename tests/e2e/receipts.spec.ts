import { expect, test } from '@playwright/test';
import { openFromMenu } from './office-screens';
import { signIn } from './support';

// '/receipts' (spec §2): the office finds a payment's receipt and reprints it or downloads its PDF.
test.describe('Recibos on a desktop', () => {
  test.use({ viewport: { width: 1366, height: 900 } });

  test('lists the receipts, reprints one in its print view and downloads its PDF', async ({ page }) => {
    await signIn(page, 'oficina@demo.mx');
    await openFromMenu(page, 'Recibos', '/receipts');
    const menu = page.getByRole('button', { name: /^Acciones del recibo / }).first();
    const folio = ((await menu.getAttribute('aria-label')) ?? '').replace('Acciones del recibo ', '');
    expect(folio).toMatch(/\S/);

    await menu.click();
    const [receipt] = await Promise.all([page.waitForEvent('popup'), page.getByRole('button', { name: 'Imprimir recibo' }).click()]);
    await expect(receipt.getByRole('heading', { name: /Recibo de pago/ })).toBeVisible();
    await expect(receipt.getByText(folio, { exact: true })).toBeVisible();

    await menu.click();
    const [pdf] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Descargar PDF' }).click()]);
    expect(pdf.suggestedFilename()).toBe(`Recibo ${folio}.pdf`);
  });
});
