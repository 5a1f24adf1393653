import { expect, test, type Locator, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import * as XLSX from 'xlsx';
import { signIn } from './support';

const MONTHS = ['Enero', 'Febrero', 'Marzo', 'Abril', 'Mayo', 'Junio', 'Julio', 'Agosto', 'Septiembre', 'Octubre', 'Noviembre', 'Diciembre'];

/** The value an indicator shows ('Ventas' → '$12,345.67'). */
const indicator = (page: Page, label: string) =>
  page.getByRole('region', { name: 'Indicadores del periodo' }).locator('div', { has: page.locator('dt', { hasText: new RegExp(`^${label}$`) }) }).locator('dd');

/** What a chart draws: the bars of its first series (Chartist's SVG, drawn for the eye, aria-hidden). */
const bars = (section: Locator, series: 'a' | 'b' = 'a') => section.locator(`.ct-series-${series} .ct-bar`);

/** A chart's table and its rows, as a screen reader finds them. */
const tableOf = (page: Page, title: string) => page.getByRole('region', { name: `Tabla: ${title}` }).getByRole('table');

async function expectChartAgreesWithTable(page: Page, title: string, { rows }: { rows: number }) {
  const section = page.getByRole('region', { name: title, exact: true });
  const table = tableOf(page, title);
  await expect(table.locator('tbody tr')).toHaveCount(rows);
  // A chart is drawn when the person scrolls near it.
  await section.scrollIntoViewIfNeeded();
  // Every row of the table has its bar in each series the chart draws.
  await expect(bars(section, 'a')).toHaveCount(rows);
  await expect(bars(section, 'b')).toHaveCount(rows);
  // A bar's tooltip names its row and value as the table does.
  const firstLabel = (await table.locator('tbody tr').first().getByRole('rowheader').textContent())!.trim();
  const firstSales = (await table.locator('tbody tr').first().getByRole('cell').first().textContent())!.trim();
  await expect(bars(section, 'a').first().locator('title')).toHaveText(`${firstLabel} · Ventas: ${firstSales}`);
  return table;
}

test.describe('reports on a desktop', () => {
  test.use({ viewport: { width: 1366, height: 900 } });

  test('a report’s chart and its table agree, and the table adds up to the indicators', async ({ page }) => {
    await signIn(page, 'admin@demo.mx');
    await page.goto('/reports');
    await expect(page.getByRole('heading', { name: 'Reportes', level: 1 })).toBeAttached();
    // This month by default (spec §9): one row and one bar per day of it.
    await expect(page.getByLabel('Periodo', { exact: true })).toHaveValue('thisMonth');
    const rangeText = await page.locator('.period-picker__range').textContent();
    const [, first, last] = /Del (\d\d)\/\d\d\/\d{4} al (\d\d)\/\d\d\/\d{4}/.exec(rangeText!)!;
    const days = Number(last) - Number(first) + 1;
    const table = await expectChartAgreesWithTable(page, 'Ventas y cobranza por día', { rows: days });
    const totals = table.locator('tfoot td');
    await expect(totals.nth(0)).toHaveText((await indicator(page, 'Ventas').textContent())!);
    await expect(totals.nth(1)).toHaveText((await indicator(page, 'Cobranza').textContent())!);
    await expect(indicator(page, 'Ventas')).not.toHaveText('$0.00');

    // Excel of the same rows.
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Exportar a Excel: Ventas y cobranza por día' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe('Ventas y cobranza.xlsx');
    const book = XLSX.read(readFileSync((await download.path())!));
    const sheet = XLSX.utils.sheet_to_json<Record<string, unknown>>(book.Sheets[book.SheetNames[0]!]!);
    expect(sheet).toHaveLength(days);
    expect(Object.keys(sheet[0]!)).toEqual(['Día', 'Ventas', 'Cobranza', 'Núm. de ventas']);

    // Past two months the series goes by month, named in Spanish.
    await page.getByLabel('Periodo', { exact: true }).selectOption('thisYear');
    const byMonth = await expectChartAgreesWithTable(page, 'Ventas y cobranza por mes', { rows: 12 });
    const year = new Date().getFullYear();
    await expect(byMonth.locator('tbody th')).toHaveText(MONTHS.map((month) => `${month} ${year}`));
    await expect(byMonth.locator('tfoot td').nth(0)).toHaveText((await indicator(page, 'Ventas').textContent())!);

    // A custom period that ends before it starts is refused in Spanish.
    await page.getByLabel('Periodo', { exact: true }).selectOption('custom');
    await page.getByLabel('Desde').fill(`${year}-03-10`);
    await page.getByLabel('Hasta').fill(`${year}-03-01`);
    await page.getByRole('button', { name: 'Aplicar' }).click();
    await expect(page.getByRole('alert')).toHaveText('La fecha inicial no puede ser posterior a la final.');

    // Sales by seller: one bar per seller in the table.
    const sellers = page.getByRole('region', { name: 'Ventas por vendedor', exact: true });
    const sellerRows = tableOf(page, 'Ventas por vendedor').locator('tbody tr');
    await sellers.scrollIntoViewIfNeeded();
    await expect(bars(sellers)).toHaveCount(await sellerRows.count());
  });

  test('huecos shows the customers by Spanish month with their gaps marked in words', async ({ page }) => {
    await signIn(page, 'admin@demo.mx');
    await page.goto('/huecos');
    const table = page.getByRole('table', { name: /^Huecos \d{4}$/ });
    // The sortable headers carry their arrow after the name.
    await expect(table.getByRole('columnheader')).toHaveText([/^Cliente/, ...MONTHS, /^Huecos/]);
    // Sorted by huecos, most first; the demo customers bought in the last two months only.
    await expect(table.getByRole('columnheader', { name: 'Huecos' })).toHaveAttribute('aria-sort', 'descending');
    const firstRow = table.locator('tbody tr').first();
    const gaps = Number(await firstRow.getByRole('cell').last().textContent());
    await expect(firstRow.getByRole('cell', { name: 'Hueco', exact: true })).toHaveCount(gaps);
    // Filter by name.
    const name = (await firstRow.getByRole('rowheader').textContent())!;
    await page.getByLabel('Buscar cliente').fill(name.slice(0, 8));
    await expect(table.locator('tbody tr').first().getByRole('rowheader')).toHaveText(name);
    await page.getByLabel('Buscar cliente').fill('ningún cliente se llama así');
    await expect(page.getByText('Ningún cliente coincide con la búsqueda.')).toBeVisible();
  });

  test('utilities by month: the chart draws each month of the table', async ({ page }) => {
    await signIn(page, 'admin@demo.mx');
    await page.goto('/utilities');
    const section = page.getByRole('region', { name: 'Utilidades por mes', exact: true });
    const rows = tableOf(page, 'Utilidades por mes').locator('tbody tr');
    await expect(rows).toHaveCount(12);
    await expect(tableOf(page, 'Utilidades por mes').getByRole('columnheader')).toHaveText(['Mes', 'Ventas', 'Costo de lo vendido', 'Utilidad bruta', 'Gastos', 'Utilidad neta']);
    await section.scrollIntoViewIfNeeded();
    for (const series of ['a', 'b', 'c', 'd'] as const) await expect(section.locator(`.ct-series-${series} .ct-bar`)).toHaveCount(12);
    await expect(section.getByText('usa el costo actual de cada producto', { exact: false })).toBeVisible();
  });

  test('the office records an expense, sees it by type, and deletes it', async ({ page }) => {
    await signIn(page, 'admin@demo.mx');
    await page.goto('/expenses');
    await page.getByRole('button', { name: 'Registrar gasto' }).click();
    const dialog = page.locator('ion-modal[aria-label="Registrar gasto"]');
    await dialog.getByRole('button', { name: 'Guardar' }).click();
    await expect(dialog.getByText('Elige el tipo de gasto.')).toBeVisible();
    await expect(dialog.getByLabel('Tipo de gasto')).toBeFocused();
    await dialog.getByLabel('Tipo de gasto').selectOption({ label: 'Papelería' });
    await dialog.getByLabel('Monto').fill('1,234.5');
    await dialog.getByLabel('Descripción').fill('Tóner de la impresora (e2e)');
    await dialog.getByRole('button', { name: 'Guardar' }).click();
    await expect(page.getByText('Gasto de $1,234.50 registrado.')).toBeVisible();
    await expect(dialog).toBeHidden();

    const row = page.getByRole('row').filter({ hasText: 'Tóner de la impresora (e2e)' });
    await expect(row).toContainText('$1,234.50');
    const summary = page.locator('.totals-panel');
    await expect(summary.locator('div', { has: page.locator('dt', { hasText: /^Papelería$/ }) }).locator('dd')).not.toHaveText('$0.00');

    await row.getByRole('button', { name: /^Acciones del gasto \d+$/ }).click();
    await page.locator('ion-action-sheet', { hasText: 'Papelería · $1,234.50' }).getByRole('button', { name: 'Eliminar' }).click();
    const confirm = page.locator('ion-action-sheet', { hasText: '¿Seguro que deseas eliminar el gasto "Tóner de la impresora (e2e)" de $1,234.50?' });
    await confirm.getByRole('button', { name: 'Eliminar' }).click();
    await expect(page.getByText('Gasto eliminado.')).toBeVisible();
    await expect(row).toHaveCount(0);
  });
});

test.describe('reports on a phone', () => {
  test.use({ viewport: { width: 412, height: 823 } });

  test('a chart far below is drawn when the person scrolls to it, its table is there at once', async ({ page }) => {
    await signIn(page, 'admin@demo.mx');
    await page.goto('/reports');
    const title = 'Cobranza registrada por persona';
    const section = page.getByRole('region', { name: title, exact: true });
    const rows = tableOf(page, title).locator('tbody tr');
    await expect(rows.first()).toBeAttached();
    const count = await rows.count();
    // The first chart is drawn (Chartist has loaded); three charts above this one fill more than a
    // phone's screen: its room is kept, its bars not drawn.
    await expect(page.locator('.ct-bar').first()).toBeAttached();
    await expect(bars(section)).toHaveCount(0);
    await section.scrollIntoViewIfNeeded();
    await expect(bars(section)).toHaveCount(count);
  });
});
