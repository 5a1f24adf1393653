import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { readSheet } from 'read-excel-file/node';
import { formatMoney } from '../../domain/format';
import { openFromMenu } from './office-screens';
import { signIn } from './support';

// 'Importar': the office brings its customers and what they owe in from its files, sees every
// error before anything is written, and then finds them where it works every day.

const csv = (lines: string[]) => Buffer.from(`${lines.join('\r\n')}\r\n`, 'utf8');
const HEADER = 'Nombre,Razón social,RFC,Días de crédito,Sucursal,Dirección de sucursal,Contacto,Correo del contacto';

test.describe('Importar on a desktop', () => {
  test.use({ viewport: { width: 1366, height: 900 } });

  test('the office downloads the template, sees two bad rows, imports the corrected file and finds the customer, its branch and its balance', async ({
    page,
  }) => {
    await signIn(page, 'admin@demo.mx');
    await openFromMenu(page, 'Importar', '/import');
    await expect(page.getByRole('button', { name: 'Clientes', pressed: true })).toBeVisible();

    // The template: its columns in 'Datos', explained in 'Instrucciones'.
    const [template] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Descargar plantilla' }).click(),
    ]);
    expect(template.suggestedFilename()).toBe('Plantilla Clientes.xlsx');
    const header = (await readSheet(await readFile((await template.path())!)))[0];
    expect(header).toEqual(
      expect.arrayContaining(['Nombre', 'Razón social', 'RFC', 'Días de crédito', 'Sucursal', 'Dirección de sucursal']),
    );

    const good =
      'Verdulería Importada,Verdulería Importada SA de CV,VIM050607AB2,20,Bodega Norte,Av. Abastos 12 Monterrey,Rosa,rosa@vim.mx';
    const bad = csv([HEADER, good, 'Dulcería Prueba,Dulcería Prueba SA,XX,5,,,,', 'Cremería Prueba,Cremería Prueba SA,,treinta,,,,']);
    const file = page.getByLabel('Elegir archivo');
    await file.setInputFiles({ name: 'clientes.csv', mimeType: 'text/csv', buffer: bad });
    await expect(page.getByRole('heading', { name: '2 errores: corríjalos y vuelva a elegir el archivo' })).toBeVisible();
    const errors = page.getByRole('table');
    await expect(errors.getByRole('row', { name: /^3 RFC RFC inválido/ })).toBeVisible();
    await expect(errors.getByRole('row', { name: '4 Días de crédito No es un número (use 1234.50 o 1,234.50).' })).toBeVisible();
    await expect(page.getByRole('button', { name: /^Importar \d+ filas$/ })).toHaveCount(0);

    // The corrected file is checked, then imported.
    const corrected = csv([
      HEADER,
      good,
      'Dulcería Prueba,Dulcería Prueba SA,DPR010101AA5,5,,,,',
      'Cremería Prueba,Cremería Prueba SA,,30,,,,',
    ]);
    await file.setInputFiles({ name: 'clientes-corregido.csv', mimeType: 'text/csv', buffer: corrected });
    await expect(page.getByText('El archivo está correcto. Nada se ha guardado todavía.')).toBeVisible();
    await expect(page.getByRole('definition').first()).toHaveText('3');
    await page.getByRole('button', { name: 'Importar 3 filas' }).click();
    await expect(page.getByRole('heading', { name: 'Importación terminada.' })).toBeVisible();
    await expect(page.getByText('Se importó clientes-corregido.csv.')).toBeVisible();

    // What the customer owes, from the previous system.
    await page.getByRole('button', { name: 'Saldos iniciales' }).click();
    await page
      .getByLabel('Elegir archivo')
      .setInputFiles({
        name: 'saldos.csv',
        mimeType: 'text/csv',
        buffer: csv(['Cliente;Folio;Fecha;Vencimiento;Importe', 'VIM050607AB2;A-901;01/10/2026;31/10/2026;"4,321.50"']),
      });
    await expect(page.getByText('El archivo está correcto. Nada se ha guardado todavía.')).toBeVisible();
    await expect(page.getByText(formatMoney(4321.5))).toBeVisible();
    await page.getByRole('button', { name: 'Importar 1 filas' }).click();
    await expect(page.getByRole('heading', { name: 'Importación terminada.' })).toBeVisible();

    // The customer and its branch in Clientes.
    await page.goto('/clients');
    await page.getByRole('searchbox', { name: 'Buscar cliente' }).fill('VIM050607');
    const row = page.getByRole('row', { name: /Verdulería Importada/ });
    await expect(row.getByRole('cell', { name: '20', exact: true })).toBeVisible();
    await row.getByRole('link', { name: 'Verdulería Importada' }).click();
    await expect(page.getByText('Av. Abastos 12 Monterrey')).toBeVisible();
    const customerUrl = page.url();
    const companyId = /\/clients\/client\/(\d+)/.exec(customerUrl)![1];

    // Its balance in Saldos Vencidos, and in a new payment's open sales.
    await page.goto('/balances');
    await expect(page.getByRole('row', { name: /Verdulería Importada/ })).toContainText(formatMoney(4321.5));
    await page.goto(`/new-collections/${companyId}`);
    const form = page.getByRole('form', { name: 'Nueva Cobranza: Verdulería Importada' });
    await expect(form.getByRole('region', { name: 'Cliente' })).toContainText(`Debe ${formatMoney(4321.5)} en 1 venta`);
  });
});
