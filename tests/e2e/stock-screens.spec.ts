import { expect, test, type Locator, type Page } from '@playwright/test';
import { formatMoment, formatMoney, formatQuantity, formatQuantityOf } from '../../domain/format';
import { apiAs, firstPageRange, openedDialog, openFromMenu, query, rowOf } from './office-screens';
import { signIn } from './support';

// the stock screens that had no browser test: 'Inventario de Mostrador', 'Inventario a
// Costo' and 'Ajustes de Inventario' (the administrator's in the demo), against the server.

interface Paged<Row, Meta = object> {
  data: Row[];
  meta: { total: number } & Meta;
}
interface PosStock {
  item_id: number;
  name: string;
  unit: string;
  ean13: string | null;
  stock: number;
  low: boolean;
}
interface CostRow {
  item_id: number;
  name: string;
  unit: string;
  stock: number;
  cost: number;
  value: number;
}
interface Movement {
  id: number;
  created_at: string;
  item_id: number;
  item_name: string;
  unit: string;
  branch_name: string;
  signed_quantity: number;
  reason: string | null;
  user_name: string | null;
}
interface Branch {
  id: number;
  name: string;
}

const bodyRows = (page: Page) =>
  page
    .getByRole('main')
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader') });
const signed = (quantity: number, unit: string) => `${quantity > 0 ? '+' : ''}${formatQuantityOf(quantity, unit)}`;

/** The cells after the row header read `cells`, in order. */
async function expectCells(row: Locator, cells: string[]) {
  for (const [index, text] of cells.entries()) await expect(row.getByRole('cell').nth(index)).toHaveText(text);
}

test.describe('stock screens on a desktop', () => {
  test.use({ viewport: { width: 1366, height: 900 } });

  test('Inventario de Mostrador: the counter items’ stock with the low ones marked and counted, only the low ones, and one branch', async ({
    page,
    request,
  }) => {
    const get = await apiAs(request, 'admin@demo.mx');
    const stock = (filters: Record<string, string | number> = {}) =>
      get<Paged<PosStock, { low: number }>>(`/api/v2/inventory/pos?${query({ ...filters, page: 1, itemsPerPage: 15 })}`);
    await signIn(page, 'admin@demo.mx');
    await openFromMenu(page, 'Inventario de Mostrador', '/inventory-pos');

    async function expectStock(answer: Paged<PosStock, { low: number }>) {
      const { total, low } = answer.meta;
      await expect(page.getByRole('status').filter({ hasText: 'Existencia baja (10 o menos)' })).toHaveText(
        `${low === 1 ? '1 producto con existencia baja' : `${low} productos con existencia baja`} · Existencia baja (10 o menos)`,
      );
      await expect(firstPageRange(page, total)).toBeVisible();
      if (total === 0) {
        await expect(page.getByText('Ningún producto de mostrador coincide.')).toBeVisible();
        return;
      }
      await expect(bodyRows(page).getByRole('rowheader')).toHaveText(answer.data.map((row) => row.name));
      for (const row of answer.data)
        await expectCells(rowOf(page, row.name), [row.ean13 ?? '—', `${formatQuantityOf(row.stock, row.unit)}${row.low ? ' Baja' : ''}`]);
    }

    // Every branch: the counter's items, those at 10 or less marked 'Baja'.
    const all = await stock();
    expect(all.meta.total).toBeGreaterThan(0);
    await expectStock(all);

    // Only the low ones: as many as the count above said.
    await page.getByLabel('Solo existencia baja').check();
    const low = await stock({ 'filter[low]': 1 });
    expect(low.meta.total).toBe(all.meta.low);
    await expectStock(low);
    for (const row of low.data) expect(row.low).toBe(true);
    await page.getByLabel('Solo existencia baja').uncheck();
    await expectStock(all);

    // The second branch of the demo, which holds only what was transferred to it.
    const branches = await get<{ data: Branch[] }>('/api/v2/branches');
    const second = branches.data[1]!;
    await page.getByLabel('Sucursal', { exact: true }).selectOption({ label: second.name });
    const inBranch = await stock({ 'filter[branch_id]': second.id });
    await expectStock(inBranch);
  });

  test('Inventario a Costo: each item’s stock at its cost with the total value, by name and branch, sorted by value', async ({
    page,
    request,
  }) => {
    const get = await apiAs(request, 'admin@demo.mx');
    const atCost = (filters: Record<string, string | number> = {}) =>
      get<Paged<CostRow, { value: number }>>(`/api/v2/inventory/cost?${query({ ...filters, page: 1, itemsPerPage: 15 })}`);
    await signIn(page, 'admin@demo.mx');
    await openFromMenu(page, 'Inventario a Costo', '/inventory-cost');

    async function expectValued(answer: Paged<CostRow, { value: number }>) {
      const { total, value } = answer.meta;
      await expect(page.getByRole('status').filter({ hasText: 'Valor total:' })).toHaveText(
        `Valor total: ${formatMoney(value)} en ${total === 1 ? '1 producto' : `${total} productos`}`,
      );
      await expect(firstPageRange(page, total)).toBeVisible();
      await expect(bodyRows(page).getByRole('rowheader')).toHaveText(answer.data.map((row) => row.name));
      for (const row of answer.data)
        await expectCells(rowOf(page, row.name), [row.unit, formatQuantity(row.stock), formatMoney(row.cost), formatMoney(row.value)]);
    }

    // Every item of every branch, the most valuable first.
    const all = await atCost();
    expect(all.meta.value).toBeGreaterThan(0);
    await expectValued(all);

    // 'Valor' sorts on the server: the least valuable first, then the most.
    await page.getByRole('button', { name: 'Valor', exact: true }).click();
    await expect(page.getByRole('columnheader', { name: /^Valor/ })).toHaveAttribute('aria-sort', 'ascending');
    await expectValued(await atCost({ sort: 'value' }));
    await page.getByRole('button', { name: /^Valor/ }).click();
    await expect(page.getByRole('columnheader', { name: /^Valor/ })).toHaveAttribute('aria-sort', 'descending');
    await expectValued(await atCost({ sort: '-value' }));

    // A name narrows the items and their total value.
    const name = all.data[0]!.name;
    await page.getByLabel('Buscar producto', { exact: true }).fill(name);
    const named = await atCost({ 'filter[name]': name, sort: '-value' });
    await expectValued(named);
    expect(named.meta.total).toBeLessThan(all.meta.total);
    await page.getByLabel('Buscar producto', { exact: true }).fill('');

    // One branch: its own stock and value.
    const branches = await get<{ data: Branch[] }>('/api/v2/branches');
    const second = branches.data[1]!;
    await page.getByLabel('Sucursal', { exact: true }).selectOption({ label: second.name });
    const inBranch = await atCost({ 'filter[branch_id]': second.id, sort: '-value' });
    expect(inBranch.meta.value).toBeLessThan(all.meta.value);
    await expectValued(inBranch);
  });

  test('Ajustes de Inventario: the adjustments newest first, a new one refused until complete then saved with the stock it leaves, and one product’s', async ({
    page,
    request,
  }) => {
    const get = await apiAs(request, 'admin@demo.mx');
    const adjustments = (filters: Record<string, string | number> = {}) =>
      get<Paged<Movement>>(`/api/v2/adjustments?${query({ ...filters, page: 1, itemsPerPage: 15 })}`);
    await signIn(page, 'admin@demo.mx');
    await openFromMenu(page, 'Ajustes de Inventario', '/adjustments');

    async function expectAdjustments(answer: Paged<Movement>) {
      await expect(firstPageRange(page, answer.meta.total)).toBeVisible();
      await expect(bodyRows(page)).toHaveCount(answer.data.length);
      for (const [index, row] of answer.data.entries()) {
        await expect(bodyRows(page).nth(index).getByRole('rowheader')).toHaveText(formatMoment(row.created_at));
        await expectCells(bodyRows(page).nth(index), [
          row.item_name,
          row.branch_name,
          signed(row.signed_quantity, row.unit),
          row.reason ?? '—',
          row.user_name ?? '—',
        ]);
      }
    }

    const before = await adjustments();
    expect(before.meta.total).toBeGreaterThan(0);
    await expectAdjustments(before);

    // The item to adjust: one with stock to spare in the main warehouse, read at cost (its stock there).
    const branches = await get<{ data: Branch[] }>('/api/v2/branches');
    const main = branches.data[0]!;
    const candidates = await get<Paged<CostRow>>(
      `/api/v2/inventory/cost?${query({ 'filter[branch_id]': main.id, sort: 'name', page: 1, itemsPerPage: 50 })}`,
    );
    const item = candidates.data.find((row) => row.stock >= 20 && !row.name.startsWith('Tomate'))!;
    // Its own words, so that this run's adjustment is told from another run's.
    const reason = `Error de captura (prueba e2e ${Date.now()})`;

    // 'Registrar ajuste' tells what is missing, in the form, before anything is sent.
    await page.getByRole('button', { name: 'Registrar ajuste' }).click();
    const form = await openedDialog(page, 'Registrar ajuste');
    const save = form.getByRole('button', { name: 'Guardar', exact: true });
    await save.click();
    await expect(form.getByText('Elige el producto.')).toBeVisible();
    await expect(form.getByText('Captura la cantidad.')).toBeVisible();
    await expect(form.getByText('Escribe el motivo.')).toBeVisible();
    await form.getByRole('combobox', { name: 'Producto', exact: true }).selectOption({ label: `${item.name} (${item.unit})` });
    await form.getByRole('combobox', { name: 'Sucursal', exact: true }).selectOption({ label: main.name });
    await form.getByRole('textbox', { name: 'Cantidad', exact: true }).fill('0');
    await form.getByRole('combobox', { name: 'Motivo', exact: true }).fill(reason);
    await save.click();
    await expect(form.getByText('La cantidad no puede ser cero.')).toBeVisible();
    await form.getByRole('textbox', { name: 'Cantidad', exact: true }).fill('-1.5');
    await save.click();
    await expect(
      page.getByText(`Ajuste guardado. Existencia de ${item.name}: ${formatQuantityOf(item.stock - 1.5, item.unit)}.`),
    ).toBeVisible();
    await expect(page.getByRole('dialog', { name: 'Registrar ajuste' })).toBeHidden();

    // The server has it (the demo's own adjustments of today may be timed later), and the list shows the server's page.
    const after = await adjustments();
    expect(after.meta.total).toBe(before.meta.total + 1);
    await expectAdjustments(after);

    // That product's adjustments only (the drawer's 'Producto'): the new one among them.
    await page.getByRole('button', { name: /^Filtros/ }).click();
    const drawer = await openedDialog(page, 'Filtrar ajustes');
    await drawer.getByRole('combobox', { name: 'Producto', exact: true }).selectOption({ label: item.name });
    await drawer.getByRole('button', { name: 'Filtrar', exact: true }).click();
    await expect(page.getByRole('dialog', { name: 'Filtrar ajustes' })).toBeHidden();
    await expect(page.getByRole('button', { name: 'Filtros (1)' })).toBeVisible();
    const ofItem = await adjustments({ 'filter[item_id]': item.item_id });
    const mine = ofItem.data.find((row) => row.reason === reason)!;
    expect(mine).toMatchObject({ signed_quantity: -1.5, branch_name: main.name, user_name: 'Alejandra Garza Treviño' });
    for (const row of ofItem.data) expect(row.item_id).toBe(item.item_id);
    await expectAdjustments(ofItem);
    await expect(bodyRows(page).filter({ hasText: reason })).toContainText(`-${formatQuantityOf(1.5, item.unit)}`);
  });
});
