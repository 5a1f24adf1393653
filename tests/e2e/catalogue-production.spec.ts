import { expect, test, type Page } from '@playwright/test';
import { seriousViolations, signIn } from './support';

test.use({ viewport: { width: 1280, height: 800 } });

/** The EAN-13 of twelve digits with its check digit. */
function ean13(twelve: string): string {
  const sum = [...twelve].reduce((total, digit, index) => total + Number(digit) * (index % 2 === 0 ? 1 : 3), 0);
  return `${twelve}${(10 - (sum % 10)) % 10}`;
}

const quantity = (value: number) => new Intl.NumberFormat('es-MX', { maximumFractionDigits: 2 }).format(value);

/** An item's stock as /inventory shows it. */
async function inventoryStock(page: Page, name: string): Promise<number> {
  await page.goto('/inventory');
  await page.getByLabel('Buscar producto').fill(name);
  const cell = page
    .getByRole('row', { name: new RegExp(`^${name} `) })
    .getByRole('cell')
    .first();
  await expect(cell).toBeVisible();
  return Number((await cell.textContent())!.replace(/[^\d.-]/g, ''));
}

test('a product created with its EAN-13 and opening stock, then a production planned, started and finished moves stock', async ({
  page,
}) => {
  await signIn(page, 'admin@demo.mx');

  // The catalogue: a new product with an opening stock.
  await page.goto('/products');
  await page.getByRole('button', { name: 'Nuevo producto' }).click();
  const form = page.locator('ion-modal[aria-label="Nuevo producto"]');
  await form.getByLabel('Nombre', { exact: true }).fill('Salsa verde de la casa');
  await form.getByLabel('Unidad', { exact: true }).selectOption({ label: 'kg' });
  await form.getByLabel('Código EAN-13').fill('7501234567890');
  await form.getByLabel('Precio de lista').fill('85.50');
  await form.getByLabel('Costo', { exact: true }).fill('40');
  await form.getByLabel('Existencia inicial').fill('12.5');
  await form.getByRole('button', { name: 'Guardar' }).click();
  await expect(
    form.getByText('El código EAN-13 no es válido: deben ser 13 dígitos y el último debe ser el dígito verificador.'),
  ).toBeVisible();
  const code = ean13('750999123456');
  await form.getByLabel('Código EAN-13').fill(code);
  await form.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('Producto Salsa verde de la casa guardado.')).toBeVisible();
  await page.getByRole('search').getByLabel('Buscar producto por nombre').fill('Salsa verde');
  const row = page.getByRole('row', { name: /^Salsa verde de la casa / });
  await expect(row).toContainText(code);
  await expect(row).toContainText('$85.50');
  await expect(row).toContainText('12.5 kg');
  expect(await seriousViolations(page)).toEqual([]);

  // Production: tomato made from boxes of tomato (the demo's recipe, 0.05 box per kilo).
  const tomatoBefore = await inventoryStock(page, 'Tomate saladette');
  const boxBefore = await inventoryStock(page, 'Caja de tomate saladette 20 kg');
  await page.goto('/production');
  await page.getByRole('button', { name: 'Nueva producción' }).click();
  const plan = page.locator('ion-modal[aria-label="Nueva producción"]');
  await plan.getByLabel('Producto', { exact: true }).selectOption({ label: 'Tomate saladette (kg)' });
  await plan.getByLabel('Cantidad').fill('10');
  await plan.getByLabel('Nota').fill('Para los pedidos del lunes');
  await plan.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByRole('heading', { name: /^Producción P-\d+$/ })).toBeVisible();
  const needs = page.getByRole('region', { name: 'Materia prima por receta' });
  await expect(needs.getByRole('row', { name: /^Caja de tomate saladette 20 kg / })).toContainText('0.5 cajas');

  await page.getByRole('button', { name: 'Iniciar', exact: true }).click();
  await page.locator('ion-action-sheet').getByRole('button', { name: 'Iniciar' }).click();
  await expect(page.getByText('Producción iniciada: salió la materia prima.')).toBeVisible();
  await expect(page.getByRole('article').getByText('En proceso', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Terminar', exact: true }).click();
  await page.locator('ion-action-sheet').getByRole('button', { name: 'Terminar' }).click();
  await expect(page.getByText('Producción terminada: los productos entraron a inventario.')).toBeVisible();
  await expect(page.getByRole('article').getByText('Terminada', { exact: true })).toBeVisible();
  const movements = page.getByRole('region', { name: 'Movimientos de inventario' });
  await expect(movements.getByRole('row', { name: /^Tomate saladette Entrada Producción 10 / })).toBeVisible();
  await expect(movements.getByRole('row', { name: /^Caja de tomate saladette 20 kg Salida Producción -0.5 / })).toBeVisible();
  // Finished is final: neither button is offered any more.
  await expect(page.getByRole('button', { name: 'Terminar', exact: true })).toHaveCount(0);
  expect(await seriousViolations(page)).toEqual([]);

  // /inventory: the product raised by what was produced, the raw material lowered by the recipe.
  expect(quantity(await inventoryStock(page, 'Tomate saladette'))).toBe(quantity(tomatoBefore + 10));
  expect(quantity(await inventoryStock(page, 'Caja de tomate saladette 20 kg'))).toBe(quantity(boxBefore - 0.5));
});
