import { expect, test } from '@playwright/test';
import { bearer, signIn, tokenOf } from './support';
import { formatQuantityOf } from '../../domain/format';

test.use({ viewport: { width: 1280, height: 800 } });

test('a merma and a transfer show in their lists and in the inventory report', async ({ page, request }) => {
  // An item with stock to spare in the main branch, so neither is refused for lack of stock.
  const token = await tokenOf(request, 'admin@demo.mx');
  const branches = (await (await request.get('/api/v2/branches', { headers: bearer(token) })).json()) as {
    data: { id: number; name: string }[];
  };
  const [main] = branches.data;
  const stock = (await (
    await request.get(`/api/v2/inventory/cost?filter[branch_id]=${main!.id}&sort=name&itemsPerPage=100`, { headers: bearer(token) })
  ).json()) as {
    data: { name: string; unit: string; stock: number }[];
  };
  const item = stock.data.find((row) => row.stock >= 20)!;

  await signIn(page, 'admin@demo.mx');

  // Waste, refused above the stock, then recorded.
  await page.goto('/mermas');
  await page.getByRole('button', { name: 'Registrar merma' }).click();
  const mermaDialog = page.locator('ion-modal[aria-label="Registrar merma"]');
  await mermaDialog.getByLabel('Producto').selectOption({ label: `${item.name} (${item.unit})` });
  await mermaDialog.getByLabel('Sucursal').selectOption({ label: main!.name });
  await mermaDialog.getByLabel('Cantidad').fill('100000');
  await mermaDialog.getByLabel('Motivo', { exact: true }).selectOption('Otro');
  await mermaDialog.getByRole('button', { name: 'Guardar' }).click();
  await expect(mermaDialog.getByText('Describe el motivo de la merma.')).toBeVisible();
  await mermaDialog.getByLabel('Describe el motivo').fill('Prueba de merma');
  await mermaDialog.getByRole('button', { name: 'Guardar' }).click();
  await expect(mermaDialog.getByRole('alert')).toContainText(`No hay suficiente existencia de ${item.name} en ${main!.name}`);
  await mermaDialog.getByLabel('Cantidad').fill('1.5');
  await mermaDialog.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText(new RegExp(`^Merma registrada\\. Existencia de ${item.name}: `))).toBeVisible();
  const mermaRow = page.getByRole('row').filter({ hasText: 'Otro: Prueba de merma' });
  await expect(mermaRow).toContainText(item.name);
  await expect(mermaRow).toContainText(`-${formatQuantityOf(1.5, item.unit)}`);

  // A transfer to the second branch.
  await page.goto('/inventory-transfer');
  await page.getByRole('button', { name: 'Nuevo traspaso' }).click();
  const transferDialog = page.locator('ion-modal[aria-label="Nuevo traspaso"]');
  await transferDialog.getByLabel('Desde la sucursal').selectOption({ label: main!.name });
  await transferDialog.getByLabel('Hacia la sucursal').selectOption({ label: main!.name });
  await transferDialog.getByLabel('Producto 1', { exact: true }).selectOption({ label: `${item.name} (${item.unit})` });
  await transferDialog.getByLabel('Cantidad del producto 1').fill('2');
  await transferDialog.getByRole('button', { name: 'Guardar' }).click();
  await expect(transferDialog.getByText('El origen y el destino deben ser sucursales distintas.')).toBeVisible();
  await transferDialog.getByLabel('Hacia la sucursal').selectOption({ label: 'Bodega Guadalupe' });
  await transferDialog.getByLabel('Nota').fill('Traspaso de prueba');
  await transferDialog.getByRole('button', { name: 'Guardar' }).click();
  const saved = page.getByText(/^Traspaso T-\d+ registrado\.$/);
  await expect(saved).toBeVisible();
  const folio = (await saved.textContent())!.match(/T-\d+/)![0];
  const transferRow = page.getByRole('row').filter({ hasText: folio });
  await expect(transferRow).toContainText('Bodega Guadalupe');
  await expect(transferRow).toContainText('Traspaso de prueba');
  await transferRow.getByRole('button', { name: `Ver productos del traspaso ${folio}` }).click();
  await expect(page.getByRole('row', { name: new RegExp(`^${item.name} ${formatQuantityOf(2, item.unit)}$`) })).toBeVisible();

  // Both in the report's detail, then the item's card with its running balance.
  await page.goto('/inventory-reports');
  await page.getByRole('button', { name: 'Detalle' }).click();
  await expect(page.getByRole('button', { name: 'Detalle' })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByRole('row').filter({ hasText: 'Otro: Prueba de merma' })).toContainText('Merma');
  const transferMoves = page.getByRole('row').filter({ hasText: 'Traspaso de prueba' });
  await expect(transferMoves).toHaveCount(2);
  await expect(transferMoves.filter({ hasText: 'Bodega Guadalupe' })).toContainText(`+${formatQuantityOf(2, item.unit)}`);
  await expect(transferMoves.filter({ hasText: main!.name })).toContainText(`-${formatQuantityOf(2, item.unit)}`);

  // The detail narrowed to a source; the view and the filters are kept across a visit, and Limpiar keeps the view.
  await page.getByRole('button', { name: 'Filtros (1)' }).click();
  // The drawer is an Ionic modal: its fields are found from the page once it is open.
  const drawer = page.getByRole('dialog', { name: 'Filtrar reporte' });
  await expect(drawer).toBeVisible();
  await page.getByRole('combobox', { name: 'Origen', exact: true }).selectOption({ label: 'Merma' });
  await page.getByRole('button', { name: 'Filtrar', exact: true }).click();
  await expect(drawer).toBeHidden();
  await expect(transferMoves).toHaveCount(0);
  await expect(page.getByRole('row').filter({ hasText: 'Otro: Prueba de merma' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('button', { name: 'Detalle' })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByRole('button', { name: 'Filtros (2)' })).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: 'Otro: Prueba de merma' })).toBeVisible();
  await expect(transferMoves).toHaveCount(0);
  await page.getByRole('button', { name: 'Filtros (2)' }).click();
  await expect(drawer).toBeVisible();
  await page.getByRole('button', { name: 'Limpiar', exact: true }).click();
  await page.getByRole('button', { name: 'Cerrar', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Detalle' })).toHaveAttribute('aria-pressed', 'true');
  await expect(transferMoves).toHaveCount(2);

  await page.getByRole('button', { name: 'Por tarjeta' }).click();
  await page.getByRole('link', { name: item.name, exact: true }).click();
  await expect(page).toHaveURL(/\/inventory-reports\/\d+\?from=/);
  await expect(page.getByRole('heading', { name: `Tarjeta de ${item.name}`, level: 1 })).toBeAttached();
  await expect(page.getByRole('region', { name: 'Resumen del periodo' })).toContainText('Final');
  await expect(page.getByRole('columnheader', { name: 'Saldo' })).toBeVisible();
});
