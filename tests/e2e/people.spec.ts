import { expect, test } from '@playwright/test';
import { extractText } from 'unpdf';
import { signIn } from './support';

// The screens about people and what they did.
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

test.describe('payroll', () => {
  test('the office records a receipt with the totals worked out, then prints the page four receipts to a sheet', async ({ page }) => {
    await signIn(page, 'admin@demo.mx');
    await page.goto('/payroll');
    await expect(page.getByRole('heading', { name: 'Nómina', exact: true }).first()).toBeVisible();
    await page.getByRole('button', { name: 'Nuevo recibo' }).click();
    const dialog = page.locator('ion-modal[aria-label="Recibo de nómina"]');
    await dialog.getByRole('button', { name: 'Guardar' }).click();
    await expect(dialog.getByText('Elige el empleado.')).toBeVisible();
    await expect(dialog.getByLabel('Empleado')).toBeFocused();

    await dialog.getByLabel('Empleado').selectOption({ label: 'Ricardo Salinas' });
    await expect(dialog.getByLabel('Puesto', { exact: true })).toHaveValue('Chofer Ejecutivo');
    await dialog.getByLabel('Fecha de pago').fill('2031-09-15');
    await dialog.getByLabel('Salario diario').fill('400');
    // A fortnight of the daily salary, until the fixed pay is typed.
    await expect(dialog.getByLabel('Fijos')).toHaveValue('6000');
    await dialog.getByLabel('Tiempo extra').fill('250.50');
    await dialog.getByLabel('IMSS').fill('180');
    await dialog.getByLabel('Préstamo').fill('300');
    const totals = dialog.locator('.payroll-form__totals');
    await expect(totals).toContainText('$6,250.50');
    await expect(totals).toContainText('$480.00');
    await expect(totals).toContainText('$5,770.50');
    await dialog.getByRole('button', { name: 'Guardar' }).click();
    await expect(page.getByText('Recibo de Ricardo Salinas por $5,770.50 guardado.')).toBeVisible();
    const row = page.getByRole('row').filter({ hasText: 'Ricardo Salinas' }).filter({ hasText: '15/09/2031' });
    await expect(row).toContainText('$5,770.50');

    // A second receipt for the same employee and day is refused with the server's words.
    await page.getByRole('button', { name: 'Nuevo recibo' }).click();
    await dialog.getByLabel('Empleado').selectOption({ label: 'Ricardo Salinas' });
    await dialog.getByLabel('Fecha de pago').fill('2031-09-15');
    await dialog.getByLabel('Salario diario').fill('400');
    await dialog.getByRole('button', { name: 'Guardar' }).click();
    await expect(dialog.getByRole('alert')).toHaveText('Ya existe el recibo de Ricardo Salinas del 15/09/2031.');
    await dialog.getByRole('button', { name: 'Cancelar' }).click();
    await expect(dialog).toBeHidden();

    // The page of receipts (15) printed: four slips a sheet makes four sheets.
    await expect(page.getByRole('row')).toHaveCount(16);
    const popupOpened = page.waitForEvent('popup');
    await page.getByRole('button', { name: 'Imprimir recibos' }).click();
    const popup = await popupOpened;
    await expect(popup.getByRole('button', { name: 'Descargar PDF' })).toBeVisible();
    await expect(popup.locator('.slip-sheet')).toHaveCount(4);
    await expect(popup.locator('.slip-sheet').first().locator('.slip')).toHaveCount(4);
    await popup.emulateMedia({ media: 'print' });
    const printed = await extractText(new Uint8Array(await popup.pdf({ format: 'Letter', preferCSSPageSize: true })), {
      mergePages: false,
    });
    expect(printed.totalPages).toBe(4);
    expect(printed.text[0]!.match(/Firma de conformidad/g)).toHaveLength(4);
    expect(printed.text[0]).not.toContain('Descargar PDF');
  });
});

test('a list opened at its address starts without Ionic, and its first step elsewhere hands over to the app', async ({ page }) => {
  await signIn(page, 'admin@demo.mx');
  await page.goto('/invoices');
  await expect(page.getByRole('heading', { name: 'Facturas', exact: true }).first()).toBeVisible();
  await expect(page.locator('ion-app')).toHaveCount(0);
  await page.getByRole('navigation', { name: 'Menú' }).getByRole('link', { name: 'Nómina', exact: true }).click();
  await expect(page).toHaveURL(/\/payroll$/);
  await expect(page.getByRole('heading', { name: 'Nómina', exact: true }).first()).toBeVisible();
  await expect(page.locator('ion-app')).toHaveCount(1);
  // The browser's back returns to the list, now inside the app.
  await page.goBack();
  await expect(page).toHaveURL(/\/invoices$/);
  await expect(page.getByRole('heading', { name: 'Facturas', exact: true }).first()).toBeVisible();
});

test('invoices: the invoiced sales with their CFDI use, filtered by it, each opening its sale', async ({ page }) => {
  await signIn(page, 'admin@demo.mx');
  await page.goto('/invoices');
  await expect(page.getByRole('heading', { name: 'Facturas', exact: true }).first()).toBeVisible();
  // The hand-typed invoice numbers are one switch away from the fiscal documents (CFDI).
  await page.getByRole('button', { name: 'Ventas facturadas' }).click();
  await expect(page.getByRole('columnheader', { name: 'Uso CFDI' })).toBeVisible();
  await page.getByRole('button', { name: /^Filtros/ }).click();
  await page.getByLabel('Uso CFDI', { exact: true }).selectOption({ label: 'G01 Adquisición de mercancías' });
  await page.getByRole('button', { name: 'Filtrar' }).click();
  await expect(page.getByRole('button', { name: 'Filtrar' })).toBeHidden();
  const rows = page.getByRole('row').filter({ has: page.getByRole('link', { name: /^V-\d+$/ }) });
  await expect(rows.first()).toBeVisible();
  const cfdiColumn = await rows.evaluateAll((trs) => trs.map((tr) => tr.children[5]?.textContent));
  expect(new Set(cfdiColumn)).toEqual(new Set(['G01 Adquisición de mercancías']));
  const sale = (await rows.first().getByRole('link').textContent())!;
  await rows.first().getByRole('link').click();
  await expect(page).toHaveURL(new RegExp(`/sales/${sale.slice(2)}$`));
});

test.describe('the CRM', () => {
  test('a seller moves a lead across phases by keyboard, sees the move on its page, and logs a call there', async ({ page }) => {
    await signIn(page, 'ventas@demo.mx');
    await page.goto('/leads');
    const PHASES = ['Contacto', 'Cotización', 'Negociación', 'Cierre'];
    const column = (phase: string) => page.getByRole('region', { name: new RegExp(`^${phase} `) });
    const card = page.locator('.crm-card').first();
    await expect(card).toBeVisible();
    const name = (await card.getByRole('link').textContent())!.trim();
    const label = (await card.getAttribute('aria-label'))!;
    const start = PHASES.indexOf(label.slice(label.lastIndexOf(', ') + 2));
    const [key, back, to] =
      start < PHASES.length - 1 ? ['ArrowRight', 'ArrowLeft', PHASES[start + 1]!] : ['ArrowLeft', 'ArrowRight', PHASES[start - 1]!];
    expect(start).toBeGreaterThanOrEqual(0);
    await card.focus();
    await page.keyboard.press(key);
    await expect(page.getByText(`${name} pasó a ${to}.`)).toBeVisible();
    const moved = column(to).getByRole('listitem', { name: `${name}, ${to}` });
    // The focus follows the card into its new column.
    await expect(moved).toBeFocused();
    // And back with the other arrow.
    await page.keyboard.press(back);
    await expect(column(PHASES[start]!).getByRole('listitem', { name: `${name}, ${PHASES[start]}` })).toBeFocused();

    await column(PHASES[start]!).getByRole('link', { name }).click();
    await expect(page.getByRole('heading', { name: 'Historial de fases' })).toBeVisible();
    await expect(page.getByText(`De ${PHASES[start]} a ${to}`)).toBeVisible();
    await expect(page.getByText(`De ${to} a ${PHASES[start]}`)).toBeVisible();

    await page.getByRole('button', { name: 'Registrar llamada' }).click();
    const dialog = page.locator('ion-modal[aria-label="Registrar llamada"]');
    await expect(dialog.getByText(`Con ${name}`)).toBeVisible();
    await dialog.getByRole('button', { name: 'Guardar' }).click();
    await expect(dialog.getByText('La duración debe ser de 0 a 600 minutos.')).toBeVisible();
    await dialog.getByLabel('Duración (minutos)').fill('6');
    await dialog.getByLabel('Resultado').selectOption({ label: 'Interesado' });
    await dialog.getByLabel('Siguiente paso').fill('Enviar lista de precios (e2e)');
    await dialog.getByRole('button', { name: 'Guardar' }).click();
    await expect(page.getByText('Llamada registrada.')).toBeVisible();
    await expect(page.getByRole('region', { name: 'Llamadas' })).toContainText('Siguiente paso: Enviar lista de precios (e2e)');

    await page.goto('/calls');
    await expect(page.getByRole('row').filter({ hasText: 'Enviar lista de precios (e2e)' })).toContainText(name);
  });

  test('the calendar shows activities beside scheduled sales, and messages open a conversation', async ({ page }) => {
    await signIn(page, 'ventas@demo.mx');
    await page.goto('/calendar');
    await expect(page.getByRole('button', { name: 'Hoy' })).toBeVisible();
    await expect(page.locator('.crm-calendar__activity').first()).toBeVisible();
    await expect(page.locator('.crm-calendar__sale').first()).toBeVisible();

    await page.goto('/messages');
    // The oldest conversation is the demo's (tests open newer ones).
    await page.getByRole('navigation', { name: 'Conversaciones' }).getByRole('button').last().click();
    await expect(page.locator('.crm-thread__message').first()).toBeVisible();
    await expect(page.locator('.crm-thread')).toContainText(/Estado: (leído|recibido)/);
  });
});

test('caja: the counter’s day, cash put in, and the day’s cut with the difference, printed', async ({ page }) => {
  await signIn(page, 'ventas2@demo.mx');
  await page.getByRole('link', { name: 'Caja' }).first().click();
  await expect(page.getByRole('heading', { name: 'Corte del día' })).toBeVisible();
  const cut = page.getByRole('region', { name: 'Corte del día' });
  const expectedBefore = (await cut.locator('dd').first().textContent())!;

  await page.getByLabel('Monto').fill('0');
  await page.getByRole('button', { name: 'Registrar entrada o salida' }).click();
  await expect(page.getByText('El monto debe ser mayor que cero.')).toBeVisible();
  await page.getByLabel('Monto').fill('500');
  await page.getByLabel('Motivo').fill('Fondo de caja (e2e)');
  await page.getByRole('button', { name: 'Registrar entrada o salida' }).click();
  await expect(page.getByText('Entrada de $500.00 registrada.')).toBeVisible();
  const expected = Number(expectedBefore.replace(/[$,]/g, '')) + 500;
  const money = (n: number) => `$${n.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
  await expect(cut.locator('dd').first()).toHaveText(money(expected));

  await page.getByLabel('Efectivo contado').fill(String(expected - 10));
  await expect(cut.getByText('Faltante $10.00')).toBeVisible();
  await page.getByRole('button', { name: 'Hacer corte' }).click();
  await expect(page.getByText('Corte registrado.')).toBeVisible();
  await expect(cut.getByText(/^Corte hecho a las \d\d:\d\d\.$/)).toBeVisible();
  // After the cut the drawer takes no more movements today.
  await expect(page.getByRole('button', { name: 'Registrar entrada o salida' })).toHaveCount(0);

  const popupOpened = page.waitForEvent('popup');
  await page.getByRole('button', { name: 'Imprimir corte' }).click();
  const popup = await popupOpened;
  await expect(popup.getByRole('heading', { name: 'Corte de caja' })).toBeVisible();
  await expect(popup.getByText('Faltante $10.00')).toBeVisible();
  await expect(popup.getByText('Fondo de caja (e2e)')).toBeVisible();
});
