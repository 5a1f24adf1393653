import { expect, test, type Locator, type Page } from '@playwright/test';
import { formatCalendarDate, formatMoment, formatQuantity, formatQuantityOf } from '../../domain/format';
import { currentMonth } from '../../domain/office-list';
import { monterreyDateOffset } from '../../domain/time';
import { apiAs, openFromMenu, query } from './office-screens';
import { signIn } from './support';

// the 'Producciones MF' (the administrator's in the demo): what production made and
// consumed in a period, against the server's answer.

interface Line {
  item_id: number;
  name: string;
  unit: string;
  quantity: number;
}
interface ProductionLog {
  produced: Line[];
  consumed: Line[];
  productions: {
    id: number;
    sale_id: number | null;
    company_name: string | null;
    status: string;
    started_at: string | null;
    finished_at: string | null;
    produced: Line[];
    consumed: Line[];
  }[];
}

const lineText = (lines: readonly Line[]) => lines.map((line) => `${line.name} ${formatQuantityOf(line.quantity, line.unit)}`).join(', ');

/** A section's table reads its lines: the product, then its quantity and unit. */
async function expectTotals(section: Locator, lines: Line[]) {
  if (lines.length === 0) {
    await expect(section.getByText('No hubo producción en este periodo.')).toBeVisible();
    return;
  }
  const rows = section.getByRole('row').filter({ has: section.page().getByRole('rowheader') });
  await expect(rows.getByRole('rowheader')).toHaveText(lines.map((line) => line.name));
  for (const [index, line] of lines.entries())
    await expect(rows.nth(index).getByRole('cell')).toHaveText(`${formatQuantityOf(line.quantity, line.unit)}`);
}

async function expectLog(page: Page, log: ProductionLog, range: [string, string]) {
  const count = log.productions.length === 1 ? '1 producción' : `${log.productions.length} producciones`;
  await expect(
    page.getByText(`Periodo · Del ${formatCalendarDate(range[0])} al ${formatCalendarDate(range[1])} · ${count}`, { exact: true }),
  ).toBeVisible();
  await expectTotals(page.getByRole('region', { name: 'Producido' }), log.produced);
  await expectTotals(page.getByRole('region', { name: 'Materia prima consumida' }), log.consumed);
  const productions = page.getByRole('region', { name: 'Producciones' });
  if (log.productions.length === 0) {
    await expect(productions.getByText('No hubo producción en este periodo.')).toBeVisible();
    return;
  }
  const rows = productions.getByRole('row').filter({ has: page.getByRole('rowheader') });
  await expect(rows.getByRole('rowheader')).toHaveText(log.productions.map((row) => `P-${row.id}`));
  for (const [index, row] of log.productions.entries()) {
    await expect(rows.nth(index).getByRole('cell')).toHaveText([
      row.status,
      row.sale_id === null ? 'Planeada en oficina' : `Pedido ${row.sale_id}${row.company_name ? ` · ${row.company_name}` : ''}`,
      row.started_at ? formatMoment(row.started_at) : '—',
      row.finished_at ? formatMoment(row.finished_at) : '—',
      lineText(row.consumed) || '—',
      lineText(row.produced) || '—',
    ]);
  }
}

test.describe('the production log on a desktop', () => {
  test.use({ viewport: { width: 1366, height: 900 } });

  test('Producciones MF: this month’s production, a period that must have both dates, the last 30 days with the demo’s finished production, and one opened', async ({
    page,
    request,
  }) => {
    const get = await apiAs(request, 'admin@demo.mx');
    const logOf = (range: [string, string]) =>
      get<ProductionLog>(`/api/v2/mfproductions?${query({ 'filter[date_between]': `${range[0]},${range[1]}` })}`);
    await signIn(page, 'admin@demo.mx');
    await openFromMenu(page, 'Producciones MF', '/mfproductions');

    // This month unless chosen.
    const month = currentMonth(new Date());
    await expect(page.getByLabel('Desde', { exact: true })).toHaveValue(month[0]);
    await expect(page.getByLabel('Hasta', { exact: true })).toHaveValue(month[1]);
    await expectLog(page, await logOf(month), month);

    // A period needs both of its dates.
    await page.getByLabel('Desde', { exact: true }).fill('');
    await page.getByRole('button', { name: 'Ver periodo' }).click();
    await expect(page.getByRole('alert')).toHaveText('Elige las dos fechas del periodo.');

    // The last 30 days hold the demo's production finished ten days ago: tomato made from boxes of tomato.
    const last30: [string, string] = [monterreyDateOffset(new Date(), -30), monterreyDateOffset(new Date(), 0)];
    await page.getByLabel('Desde', { exact: true }).fill(last30[0]);
    await page.getByLabel('Hasta', { exact: true }).fill(last30[1]);
    await page.getByRole('button', { name: 'Ver periodo' }).click();
    await expect(page.getByRole('alert')).toHaveCount(0);
    const log = await logOf(last30);
    const finished = log.productions.find((row) => row.status === 'Terminada')!;
    expect(finished.produced.map((line) => line.name)).toContain('Tomate saladette');
    expect(log.consumed.map((line) => line.name)).toContain('Caja de tomate saladette 20 kg');
    await expectLog(page, log, last30);

    // Its folio opens the production's page.
    await page
      .getByRole('region', { name: 'Producciones' })
      .getByRole('link', { name: `P-${finished.id}`, exact: true })
      .click();
    await expect(page).toHaveURL(new RegExp(`/productions/${finished.id}$`));
    await expect(page.getByRole('heading', { name: `Producción P-${finished.id}` })).toBeVisible();
    // Its movements: what entered by it, as the log counted it.
    const movements = page.getByRole('region', { name: 'Movimientos de inventario' });
    for (const line of finished.produced)
      await expect(
        movements.getByRole('row', { name: new RegExp(`^${line.name} Entrada Producción ${formatQuantity(line.quantity)} `) }),
      ).toBeVisible();
    // Its 'ticket MF': what was made and the raw material it took, with who made and checked it.
    const [ticket] = await Promise.all([page.waitForEvent('popup'), page.getByRole('button', { name: 'Imprimir ticket MF' }).click()]);
    await expect(ticket.getByRole('heading', { name: 'Ticket MF' })).toBeVisible();
    await expect(ticket.getByText(`Producción P-${finished.id}`)).toBeVisible();
    await expect(ticket.getByRole('rowheader', { name: 'Tomate saladette', exact: true })).toBeVisible();
    await expect(ticket.getByText('Fabricó')).toBeVisible();
  });
});
