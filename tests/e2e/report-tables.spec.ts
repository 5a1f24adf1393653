import { expect, test, type Locator, type Page } from '@playwright/test';
import { formatCalendarDate, formatMoney, formatQuantity } from '../../domain/format';
import { periodRange, type PeriodPreset } from '../../domain/reports';
import { apiAs, firstPageRange, openFromMenu, query } from './office-screens';
import { signIn } from './support';

// the two report screens that had no browser test: 'Reporte de Productos' and 'Costos'
// (both the administrator's in the demo), checked against the server's own answer.

interface ItemsPage {
  data: { item_id: number; name: string; unit: string; quantity: number; amount: number; sales_count: number; cost: number }[];
  meta: { total: number; amount: number; cost: number };
}
interface Utilities {
  data: { month: string; label: string; cost_of_goods: number; expenses: number }[];
  meta: { totals: { cost_of_goods: number; expenses: number } };
}
interface ExpenseTypes {
  data: { name: string; count: number; total: number }[];
}

const during = (range: [string, string]) => ({ 'filter[date_between]': `${range[0]},${range[1]}` });
const rangeText = (range: [string, string]) => `Del ${formatCalendarDate(range[0])} al ${formatCalendarDate(range[1])}`;
const rangeOf = (preset: PeriodPreset) => periodRange({ preset }, new Date());

/** A chart's table (the chart is drawn for the eye; its table carries the same numbers). */
const chartTable = (page: Page, title: string) => page.getByRole('region', { name: `Tabla: ${title}` }).getByRole('table');

/** Each body row of `table` reads `rows` (its header, then its cells), and its total row `totals` when given. */
async function expectTableRows(table: Locator, rows: { header: string; cells: string[] }[], totals?: string[]) {
  const expectedHeaders = [...rows.map((row) => row.header), ...(totals ? ['Total'] : [])];
  await expect(table.getByRole('rowheader')).toHaveText(expectedHeaders);
  const tableRows = table.getByRole('row');
  for (const [index, row] of rows.entries()) await expect(tableRows.nth(index + 1).getByRole('cell')).toHaveText(row.cells);
  if (totals) await expect(tableRows.last().getByRole('cell')).toHaveText(totals);
}

test.describe('report tables on a desktop', () => {
  test.use({ viewport: { width: 1366, height: 900 } });

  test('Reporte de Productos: the items sold in the period as the server adds them up, a wider period, and the sort by name', async ({
    page,
    request,
  }) => {
    const get = await apiAs(request, 'admin@demo.mx');
    await signIn(page, 'admin@demo.mx');
    await openFromMenu(page, 'Reporte de Productos', '/items-report');
    await expect(page.getByRole('heading', { name: 'Reporte de Productos', level: 1 })).toBeAttached();
    // The items list: the one table with a 'Costo' column (the chart's table has none).
    const list = page
      .getByRole('main')
      .getByRole('table')
      .filter({ has: page.getByRole('columnheader', { name: /^Costo/ }) });

    /** The screen shows the period's totals, its first page of items and the top ten's chart table as the server answers them. */
    async function expectPeriod(range: [string, string], sort?: string) {
      await expect(page.getByText(rangeText(range), { exact: true })).toBeVisible();
      const items = await get<ItemsPage>(
        `/api/v2/report/items?${query({ ...during(range), ...(sort && { sort }), page: 1, itemsPerPage: 15 })}`,
      );
      const { total, amount } = items.meta;
      await expect(
        page.getByText(`Importe del periodo: ${formatMoney(amount)} · ${total === 1 ? '1 producto' : `${total} productos`}`),
      ).toBeVisible();
      await expect(firstPageRange(page, total)).toBeVisible();
      if (total === 0) {
        await expect(page.getByText('No se vendieron productos en el periodo.')).toBeVisible();
        return items;
      }
      await expectTableRows(
        list,
        items.data.map((row) => ({
          header: row.name,
          cells: [row.unit, formatQuantity(row.quantity), formatMoney(row.amount), String(row.sales_count), formatMoney(row.cost)],
        })),
      );
      if (!sort) {
        // The chart of the ten that sold the most, its table beside it.
        const top = await get<ItemsPage>(`/api/v2/report/items?${query({ ...during(range), sort: '-amount', itemsPerPage: 10 })}`);
        await expectTableRows(
          chartTable(page, 'Los 10 productos más vendidos (importe)'),
          top.data.map((row) => ({
            header: `${row.name} (${row.unit})`,
            cells: [formatMoney(row.amount), formatQuantity(row.quantity), String(row.sales_count)],
          })),
        );
      }
      return items;
    }

    // This month by default (spec §9), by amount.
    await expect(page.getByLabel('Periodo', { exact: true })).toHaveValue('thisMonth');
    await expectPeriod(rangeOf('thisMonth'));

    // The last 90 days hold every demo sale so far: more than a page of items.
    await page.getByLabel('Periodo', { exact: true }).selectOption({ label: 'Últimos 90 días' });
    const last90 = rangeOf('last90');
    const byAmount = await expectPeriod(last90);
    expect(byAmount.meta.total).toBeGreaterThan(15);

    // 'Producto' sorts the list by name on the server, from A.
    await list.getByRole('button', { name: 'Producto', exact: true }).click();
    await expect(list.getByRole('columnheader', { name: /^Producto/ })).toHaveAttribute('aria-sort', 'ascending');
    await expectPeriod(last90, 'name');
  });

  test('Costos: the cost of the goods sold and the expenses by month, the costliest items and the expenses by type, for the year and last month', async ({
    page,
    request,
  }) => {
    const get = await apiAs(request, 'admin@demo.mx');
    await signIn(page, 'admin@demo.mx');
    await openFromMenu(page, 'Costos', '/costs');
    await expect(page.getByRole('heading', { name: 'Costos', level: 1 })).toBeAttached();

    async function expectCosts(range: [string, string]) {
      await expect(page.getByText(rangeText(range), { exact: true })).toBeVisible();
      const utilities = await get<Utilities>(`/api/v2/report/utilities?${query(during(range))}`);
      await expectTableRows(
        chartTable(page, 'Costo de lo vendido y gastos por mes'),
        utilities.data.map((month) => ({ header: month.label, cells: [formatMoney(month.cost_of_goods), formatMoney(month.expenses)] })),
        [formatMoney(utilities.meta.totals.cost_of_goods), formatMoney(utilities.meta.totals.expenses)],
      );

      const costliest = await get<ItemsPage>(`/api/v2/report/items?${query({ ...during(range), sort: '-cost', itemsPerPage: 10 })}`);
      await expectTableRows(
        chartTable(page, 'Productos con mayor costo de lo vendido'),
        costliest.data.map((row) => ({
          header: `${row.name} (${row.unit})`,
          cells: [formatMoney(row.cost), formatQuantity(row.quantity)],
        })),
      );

      const types = (await get<ExpenseTypes>(`/api/v2/expenses-summary?${query(during(range))}`)).data.filter((type) => type.count > 0);
      const cents = types.reduce((sum, type) => sum + Math.round(type.total * 100), 0);
      await expectTableRows(
        chartTable(page, 'Gastos por tipo'),
        types.map((type) => ({ header: type.name, cells: [formatMoney(type.total), String(type.count)] })),
        [formatMoney(cents / 100), String(types.reduce((sum, type) => sum + type.count, 0))],
      );
      return { utilities };
    }

    // This year by default: one row per month of it.
    await expect(page.getByLabel('Periodo', { exact: true })).toHaveValue('thisYear');
    const year = await expectCosts(rangeOf('thisYear'));
    expect(year.utilities.data).toHaveLength(12);

    // Last month: one month's row.
    await page.getByLabel('Periodo', { exact: true }).selectOption({ label: 'Mes anterior' });
    const lastMonth = await expectCosts(rangeOf('lastMonth'));
    expect(lastMonth.utilities.data).toHaveLength(1);
  });
});
