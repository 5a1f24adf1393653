import { expect, test, type Page } from '@playwright/test';
import { formatMoney, formatQuantityOf } from '../../domain/format';
import { apiAs, firstPageRange, openedDialog, openFromMenu, query, rowOf } from './office-screens';
import { bearer, signIn, tokenOf } from './support';

// the catalogue screens that had no browser test: 'Productos en mostrador' and
// 'Materia Prima' (the administrator's in the demo), against the server's answers.

interface CounterItem {
  id: number;
  name: string;
  ean13: string | null;
  price: number;
  is_published: boolean;
  pos: boolean;
  unit: { name: string };
}
interface Recipe {
  id: number;
  name: string;
  unit: string;
  components: { component_id: number; name: string; unit: string; quantity: number }[];
}
interface Paged<Row> {
  data: Row[];
  meta: { total: number };
}

const bodyRows = (page: Page) =>
  page
    .getByRole('main')
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader') });

/** Each row of the page reads its item's name, unit, EAN-13 and counter price, and its two switches stand as the server has them. */
async function expectCounterItems(page: Page, items: CounterItem[]) {
  await expect(bodyRows(page).getByRole('rowheader')).toHaveText(items.map((item) => item.name));
  for (const item of items) {
    const row = rowOf(page, item.name);
    await expect(row.getByRole('cell').nth(0)).toHaveText(item.unit.name);
    await expect(row.getByRole('cell').nth(1)).toHaveText(item.ean13 ?? '—');
    await expect(row.getByRole('cell').nth(2)).toHaveText(formatMoney(item.price));
    await expect(row.getByRole('checkbox', { name: `Publicado: ${item.name}` })).toBeChecked({ checked: item.is_published });
    await expect(row.getByRole('checkbox', { name: `En mostrador: ${item.name}` })).toBeChecked({ checked: item.pos });
  }
}

test.describe('catalogue lists on a desktop', () => {
  test.use({ viewport: { width: 1366, height: 900 } });

  test('Productos en mostrador: the items as the point of sale reads them, those at the counter, one found by name and taken off the counter and back', async ({
    page,
    request,
  }) => {
    const get = await apiAs(request, 'admin@demo.mx');
    const counter = (filters: Record<string, string | number> = {}) =>
      get<Paged<CounterItem>>(`/api/v2/item/pos?${query({ ...filters, page: 1, itemsPerPage: 15 })}`);
    await signIn(page, 'admin@demo.mx');
    await openFromMenu(page, 'Productos en mostrador', '/products-pos');
    await expect(page.getByText('Lo que esté publicado y en mostrador es lo que vende el punto de venta.')).toBeVisible();

    // Every item, 15 a page.
    const all = await counter();
    await expect(page.getByRole('button', { name: 'Todos', exact: true })).toHaveAttribute('aria-pressed', 'true');
    await expect(firstPageRange(page, all.meta.total)).toBeVisible();
    await expectCounterItems(page, all.data);

    // Only those at the counter.
    await page.getByRole('group', { name: 'Mostrar' }).getByRole('button', { name: 'En mostrador' }).click();
    await expect(page.getByRole('button', { name: 'En mostrador', exact: true })).toHaveAttribute('aria-pressed', 'true');
    const atCounter = await counter({ 'filter[pos]': 1 });
    expect(atCounter.meta.total).toBeGreaterThan(0);
    expect(atCounter.meta.total).toBeLessThan(all.meta.total);
    await expect(firstPageRange(page, atCounter.meta.total)).toBeVisible();
    await expectCounterItems(page, atCounter.data);

    // One of them found by its name.
    const target = atCounter.data.at(-1)!;
    await page.getByRole('search').getByLabel('Buscar producto por nombre').fill(target.name);
    const found = await counter({ 'filter[name]': target.name, 'filter[pos]': 1 });
    await expect(firstPageRange(page, found.meta.total)).toBeVisible();
    await expectCounterItems(page, found.data);

    // Off the counter: it leaves this list and shows among those out of it, from where it goes back.
    // (Should a step fail, the item is put back at the counter for the tests that sell it.)
    try {
      const switchOf = () => rowOf(page, target.name).getByRole('checkbox', { name: `En mostrador: ${target.name}` });
      // The switch follows the server's answer: it is clicked, not unchecked at once.
      await switchOf().click();
      await expect(page.getByText(`${target.name} actualizado.`)).toBeVisible();
      await expect(rowOf(page, target.name)).toHaveCount(0);
      await page.getByRole('group', { name: 'Mostrar' }).getByRole('button', { name: 'Fuera del mostrador' }).click();
      await expect(switchOf()).not.toBeChecked();
      expect((await counter({ 'filter[name]': target.name, 'filter[pos]': 0 })).data.map((item) => item.id)).toContain(target.id);
      await switchOf().click();
      await expect(page.getByText(`${target.name} actualizado.`)).toBeVisible();
      await expect(rowOf(page, target.name)).toHaveCount(0);
      await page.getByRole('group', { name: 'Mostrar' }).getByRole('button', { name: 'Todos', exact: true }).click();
      await expect(switchOf()).toBeChecked();
      expect((await counter({ 'filter[name]': target.name, 'filter[pos]': 1 })).data.map((item) => item.id)).toContain(target.id);
    } finally {
      const back = await request.patch(`/api/v2/items/${target.id}`, {
        headers: bearer(await tokenOf(request, 'admin@demo.mx')),
        data: { pos: true },
      });
      expect(back.status()).toBe(200);
    }
  });

  test('Materia Prima: each recipe with its raw material per unit, found by product, a new recipe refused without its product, and a recipe opened to edit', async ({
    page,
    request,
  }) => {
    const get = await apiAs(request, 'admin@demo.mx');
    await signIn(page, 'admin@demo.mx');
    await openFromMenu(page, 'Materia Prima', '/raw-material');

    // The recipes as the server has them: the demo's tomato, made from boxes of tomato.
    const recipes = await get<Paged<Recipe>>(`/api/v2/recipes?${query({ page: 1, itemsPerPage: 15 })}`);
    expect(recipes.meta.total).toBeGreaterThan(0);
    await expect(firstPageRange(page, recipes.meta.total)).toBeVisible();
    await expect(bodyRows(page).getByRole('rowheader')).toHaveText(recipes.data.map((recipe) => recipe.name));
    for (const recipe of recipes.data) {
      const row = rowOf(page, recipe.name);
      await expect(row.getByRole('cell').first()).toHaveText(recipe.unit);
      await expect(row.getByRole('listitem')).toHaveText(
        recipe.components.map((component) => `${component.name}: ${formatQuantityOf(component.quantity, component.unit)}`),
      );
    }

    // Found by a part of the product's name.
    const recipe = recipes.data[0]!;
    const part = recipe.name.slice(0, Math.max(4, Math.ceil(recipe.name.length / 2)));
    await page.getByRole('search').getByLabel('Buscar receta por producto').fill(part);
    const found = await get<Paged<Recipe>>(`/api/v2/recipes?${query({ 'filter[name]': part, page: 1, itemsPerPage: 15 })}`);
    await expect(firstPageRange(page, found.meta.total)).toBeVisible();
    await expect(bodyRows(page).getByRole('rowheader')).toHaveText(found.data.map((row) => row.name));
    await page.getByRole('search').getByLabel('Buscar receta por producto').fill('ningún producto se llama así');
    await expect(page.getByText('Ningún producto tiene receta todavía.')).toBeVisible();
    await page.getByRole('button', { name: 'Limpiar búsqueda' }).click();
    await expect(firstPageRange(page, recipes.meta.total)).toBeVisible();

    // 'Nueva receta' needs its product first.
    await page.getByRole('button', { name: 'Nueva receta' }).click();
    const add = await openedDialog(page, 'Nueva receta');
    await add.getByRole('button', { name: 'Guardar', exact: true }).click();
    await expect(add.getByRole('alert')).toHaveText('Elige el producto.');
    await expect(add.getByRole('combobox', { name: 'Producto', exact: true })).toBeFocused();
    await add.getByRole('button', { name: 'Cancelar', exact: true }).click();
    await expect(page.getByRole('dialog', { name: 'Nueva receta' })).toBeHidden();

    // A recipe opened from its menu brings its raw material and quantity to edit.
    await page.getByRole('button', { name: `Editar la receta de ${recipe.name}` }).click();
    const menu = await openedDialog(page, recipe.name);
    await menu.getByRole('button', { name: 'Editar receta', exact: true }).click();
    // The menu's sheet leaves as the form opens: its own 'Cancelar' is gone before the form's is pressed.
    await expect(page.getByRole('dialog', { name: recipe.name, exact: true })).toBeHidden();
    const edit = await openedDialog(page, `Receta de ${recipe.name}`);
    await expect(edit.getByRole('combobox', { name: 'Materia prima', exact: true })).toHaveCount(recipe.components.length);
    for (const [index, component] of recipe.components.entries()) {
      await expect(edit.getByRole('combobox', { name: 'Materia prima', exact: true }).nth(index)).toHaveValue(
        String(component.component_id),
      );
      await expect(edit.getByRole('textbox', { name: 'Cantidad por unidad', exact: true }).nth(index)).toHaveValue(
        String(component.quantity),
      );
    }
    await edit.getByRole('button', { name: 'Cancelar', exact: true }).click();
    await expect(page.getByRole('dialog', { name: `Receta de ${recipe.name}` })).toBeHidden();
  });
});
