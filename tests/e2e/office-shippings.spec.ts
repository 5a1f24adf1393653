import { expect, test, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import * as XLSX from 'xlsx';
import { signIn } from './support';

// A day of its own, far from the demo data, so the filters below isolate this test's route.
const DAY = '2027-01-15';

const row = (page: Page, id: number) =>
  page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: `E-${id}`, exact: true }) });

/** A modal's content is slotted into its dialog: look it up from the modal element (named as its dialog). */
const modal = (page: Page, name: string) => page.locator(`ion-modal[aria-label="${name}"]`);

async function openRowMenu(page: Page, id: number) {
  await page.getByRole('button', { name: `Acciones del envío E-${id}` }).click();
}

test.describe('office shippings on a desktop', () => {
  test.use({ viewport: { width: 1366, height: 850 } });

  test('create, add two sales, edit, filter (kept after a reload), totals, export, print and delete a route', async ({ page, context }) => {
    await signIn(page, 'oficina@demo.mx');
    await page.goto('/shippings');
    await expect(page.getByRole('columnheader', { name: 'Kilometraje Inicial' })).toBeVisible();
    // This deployment opens on today's routes while no filters are kept.
    await expect(page.getByRole('button', { name: 'Filtros (1)' })).toBeVisible();
    await expect(page.getByRole('main').getByText(/^1–\d+ de \d+$/)).toBeVisible();

    // Create: the date is required.
    await page.getByRole('link', { name: 'Nuevo Envío' }).click();
    await expect(page).toHaveURL(/\/solitario$/);
    await page.getByRole('button', { name: 'Guardar' }).click();
    await expect(page.getByText('Campo requerido')).toBeVisible();
    await page.getByLabel('Chofer').selectOption({ label: 'Miguel Hernández' });
    await page.getByLabel('Vehiculo').selectOption({ index: 1 });
    await page.getByLabel('Kilometraje Inicial').fill('1000');
    await page.getByLabel('Fecha de Entrega').fill(DAY);
    await page.getByLabel('Nota', { exact: true }).fill('Ruta de prueba de oficina');
    // A save that fails says why in red, and Guardar can be pressed again.
    await context.setOffline(true);
    await page.getByRole('button', { name: 'Guardar' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Sin conexión con el servidor.' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Guardar' })).toBeEnabled();
    await context.setOffline(false);
    await page.getByRole('button', { name: 'Guardar' }).click();
    await expect(page).toHaveURL(/\/shippings\/\d+$/);
    const id = Number(page.url().split('/').pop());
    await expect(row(page, id)).toContainText('Miguel Hernández');
    await expect(row(page, id)).toContainText('15/01/2027');
    await expect(row(page, id)).toContainText('1000 kms');

    // Two dispatched sales on it, from the detail panel.
    await page.getByRole('button', { name: `Ver ventas del envío E-${id}` }).click();
    const panel = page.getByRole('region', { name: `Envios · E-${id}` });
    await expect(panel.getByText('No existen registros de envíos aún')).toBeVisible();
    const saleFolios: string[] = [];
    for (const pick of [0, 1]) {
      await panel.getByRole('button', { name: 'Agregar' }).click();
      const dialog = modal(page, 'Agregar Orden de Envío');
      await expect(dialog.getByRole('button', { name: 'Guardar' })).toBeDisabled();
      const option = dialog.getByRole('radio').nth(pick);
      const label = (await dialog.locator('label.check-list__option').nth(pick).textContent()) ?? '';
      saleFolios.push(label.split(' · ')[0]!.trim());
      await option.check();
      await dialog.getByRole('button', { name: 'Guardar' }).click();
      await expect(page.getByText('Venta agregada al envío.')).toBeVisible();
      await expect(dialog).toBeHidden();
    }
    await expect(panel.getByRole('row')).toHaveCount(3);
    for (const folio of saleFolios) await expect(panel.getByRole('rowheader', { name: new RegExp(`^${folio} · `) })).toBeVisible();
    await expect(panel.getByText('Pendiente')).toHaveCount(2);

    // Edit the final odometer reading: the route is recomputed.
    await openRowMenu(page, id);
    await page.getByRole('button', { name: 'Editar' }).click();
    const edit = modal(page, 'Editar Envío');
    await edit.getByLabel('Kilometraje Final').fill('1066');
    await edit.getByRole('button', { name: 'Guardar' }).click();
    await expect(edit).toBeHidden();
    await expect(row(page, id)).toContainText('1066 kms');
    await expect(row(page, id)).toContainText('66 kms');

    // Filter by driver and date; the filters survive a reload.
    await page.getByRole('link', { name: 'Ver todos los envíos' }).click();
    await expect(page).toHaveURL(/\/shippings$/);
    // The route's page leaves once the transition ends.
    await expect(page.getByRole('button', { name: /^Filtros/ })).toHaveCount(1);
    await page.getByRole('button', { name: /^Filtros/ }).click();
    const drawer = modal(page, 'Filtrar envíos');
    // It opens on today's range; with one date only, the range does not count.
    await drawer.getByLabel('Desde').fill(DAY);
    await drawer.getByLabel('Hasta').fill('');
    await drawer.getByRole('button', { name: 'Filtrar' }).click();
    await expect(drawer.getByText('Elige las dos fechas del rango.')).toBeVisible();
    await drawer.getByLabel('Hasta').fill(DAY);
    await drawer.getByRole('checkbox', { name: 'Miguel Hernández' }).check();
    await drawer.getByLabel('Hasta').press('Enter');
    await expect(drawer).toBeHidden();
    await expect(page.getByRole('main').getByText('1–1 de 1')).toBeVisible();
    await expect(row(page, id)).toBeVisible();
    await page.reload();
    await expect(page.getByRole('button', { name: 'Filtros (2)' })).toBeVisible();
    await expect(page.getByRole('main').getByText('1–1 de 1')).toBeVisible();
    await expect(row(page, id)).toBeVisible();

    // Totals over the filtered set: nothing delivered yet, 66 km travelled.
    await page.getByRole('button', { name: 'Totales' }).click();
    const totals = page.getByRole('region', { name: 'Totales' });
    await expect(totals).toContainText('Del 15/01/2027 al 15/01/2027 · 1 envío');
    await expect(totals.getByRole('definition').nth(0)).toHaveText('0.00 kg');
    await expect(totals.getByRole('definition').nth(2)).toHaveText('66.00 kms');
    await expect(totals.getByRole('definition').nth(3)).toHaveText('66.00 kms');

    // Export the page and read the workbook back: the same row, with real values.
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Exportar a Excel' }).click()]);
    expect(download.suggestedFilename()).toBe('Lista de Envíos.xlsx');
    const book = XLSX.read(readFileSync(await download.path()), { type: 'buffer', cellDates: true });
    const rows = XLSX.utils.sheet_to_json<Record<string, unknown>>(book.Sheets[book.SheetNames[0]!]!);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      Folio: id,
      Chofer: 'Miguel Hernández',
      'Kilometraje Inicial': 1000,
      'Kilometraje Final': 1066,
      Recorrido: 66,
      Peso: 0,
      Nota: 'Ruta de prueba de oficina',
    });
    const delivery = rows[0]!['Fecha de Entrega'] as Date;
    expect(delivery).toBeInstanceOf(Date);
    expect([delivery.getFullYear(), delivery.getMonth() + 1, delivery.getDate()]).toEqual([2027, 1, 15]);

    // Print: the manifest opens in its own window with both sales.
    await openRowMenu(page, id);
    const [popup] = await Promise.all([context.waitForEvent('page'), page.getByRole('button', { name: 'Imprimir' }).click()]);
    await expect(popup.getByRole('heading', { name: 'Detalle de Envío' })).toBeVisible();
    for (const folio of saleFolios) await expect(popup.getByText(folio, { exact: false }).first()).toBeVisible();
    await popup.close();
    // Back to the list's window, as the person does after printing.
    await page.bringToFront();

    // Delete through the sheet.
    await openRowMenu(page, id);
    await page.getByRole('button', { name: 'Eliminar' }).click();
    await expect(page.getByText('¿Seguro que deseas borrar este envío?')).toBeVisible();
    // The row menu is gone once the confirmation sheet is the only one.
    await expect(page.getByRole('button', { name: 'Eliminar' })).toHaveCount(1);
    await page.getByRole('button', { name: 'Eliminar' }).click();
    await expect(page.getByText(`Envío E-${id} borrado.`)).toBeVisible();
    await expect(page.getByText('No existen registros de envíos aún')).toBeVisible();

    // Limpiar clears what was kept.
    await page.getByRole('button', { name: 'Filtros (2)' }).click();
    await modal(page, 'Filtrar envíos').getByRole('button', { name: 'Limpiar' }).click();
    await modal(page, 'Filtrar envíos').getByRole('button', { name: 'Cerrar' }).click();
    await expect(page.getByRole('button', { name: 'Filtros (1)' })).toBeVisible();
    await expect(page.getByRole('main').getByText(/^1–\d+ de \d+$/)).toBeVisible();
  });

  test('without deleteShippings or editShippings there is no Eliminar, Editar or Nuevo Envío', async ({ page }) => {
    await signIn(page, 'consulta@demo.mx');
    await page.goto('/shippings');
    const first = page.getByRole('button', { name: /^Acciones del envío E-\d+$/ }).first();
    await first.click();
    await expect(page.getByRole('button', { name: 'Imprimir' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Eliminar' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Editar' })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Nuevo Envío' })).toHaveCount(0);
  });
});

test.describe('office shippings on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test("shows routes as cards that open 'Entregas' with the route's sales and its buttons", async ({ page }) => {
    await signIn(page, 'oficina@demo.mx');
    await page.goto('/shippings');
    await expect(page.getByRole('columnheader')).toHaveCount(0);
    const folio = page.getByText(/^E-\d+$/).first();
    const id = (await folio.textContent())!;
    await folio.click();
    const dialog = modal(page, 'Entregas');
    await expect(page.getByRole('dialog', { name: 'Entregas' })).toBeVisible();
    await expect(dialog.getByText(`Entregas · ${id}`)).toBeVisible();
    await expect(dialog.getByRole('list', { name: 'Ventas de la ruta' })).toBeVisible();
    // The list sends each sale's summary; the card reads the whole route for its lines, contact and seller.
    const sales = dialog.getByRole('list', { name: 'Ventas de la ruta' });
    await expect(sales.getByText('Productos').first()).toBeVisible();
    await expect(sales.getByText(/^\d+(\.\d+)? × .+/).first()).toBeVisible();
    await expect(sales.getByText('Vendedor').first()).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Imprimir' })).toBeVisible();
    await dialog.getByRole('button', { name: 'Cerrar' }).click();
    await expect(page.getByRole('dialog', { name: 'Entregas' })).toHaveCount(0);

    // Swipe left: Editar and Eliminar; swipe right: Imprimir.
    const swipe = async (dx: number) => {
      const box = (await folio.boundingBox())!;
      await page.mouse.move(box.x + 150, box.y + box.height / 2);
      await page.mouse.down();
      for (let step = 1; step <= 6; step++) await page.mouse.move(box.x + 150 + (dx * step) / 6, box.y + box.height / 2);
      await page.mouse.up();
    };
    await expect(page.getByRole('button', { name: 'Eliminar' })).toHaveCount(0);
    await swipe(-160);
    await expect(page.getByRole('button', { name: 'Editar' }).first()).toBeVisible();
    await page.getByRole('button', { name: 'Eliminar' }).first().click();
    await expect(page.getByText('¿Seguro que deseas borrar este envío?')).toBeVisible();
    await page.getByRole('button', { name: 'Cancelar' }).click();
    await expect(page.getByText('¿Seguro que deseas borrar este envío?')).toHaveCount(0);
    await swipe(100);
    await expect(page.getByRole('button', { name: 'Imprimir' }).first()).toBeVisible();
  });
});
