import { expect, test, type Page } from '@playwright/test';
import { seriousViolations, signIn } from './support';

test.use({ viewport: { width: 1280, height: 800 } });

const ITEM = 'Chile poblano';
const PROVIDER = 'Agrícola San Juan';

/** The item's stock as /inventory shows it ('123.5 kg'), as a number. */
async function stockOnInventory(page: Page): Promise<number> {
  await page.goto('/inventory');
  await page.getByLabel('Buscar producto').fill(ITEM);
  const row = page.getByRole('row', { name: new RegExp(`^${ITEM} `) });
  await expect(row).toBeVisible();
  const text = (await row.getByRole('cell').first().textContent())!;
  return Number(text.replace(/[^\d.-]/g, ''));
}

const quantityText = (value: number) => new Intl.NumberFormat('es-MX', { maximumFractionDigits: 2 }).format(value);

test('a purchase order from creation to print to reception raises the stock by what arrived', async ({ page, context }) => {
  await signIn(page, 'admin@demo.mx');
  const before = await stockOnInventory(page);

  // 'Nueva compra' asks for the provider, then opens its purchase order form.
  await page.goto('/shopping');
  await expect(page.getByRole('heading', { name: 'Compras' })).toBeAttached();
  await expect(page.getByRole('row').nth(1)).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'Nueva compra' }).click();
  const chooser = page.locator('ion-modal[aria-label="Nueva compra"]');
  await chooser.getByLabel('Elige el proveedor').selectOption({ label: PROVIDER });
  await chooser.getByRole('button', { name: 'Continuar' }).click();
  await expect(page.getByRole('heading', { name: `Nueva compra a ${PROVIDER}` })).toBeVisible();

  await page.getByLabel('Buscar producto').fill('poblano');
  await page.getByRole('button', { name: new RegExp(`^${ITEM} ·`) }).click();
  await page.getByLabel(`Cantidad de ${ITEM}`).fill('12.5');
  await page.getByLabel(`Costo unitario de ${ITEM}`).fill('40');
  await expect(page.getByText('Total: $500.00')).toBeVisible();
  await page.getByRole('button', { name: 'Guardar compra' }).click();

  // The order's page: what the server saved, pending until something arrives.
  const heading = page.getByRole('heading', { name: /^Orden de compra OC-\d+$/ });
  await expect(heading).toBeVisible();
  const folio = (await heading.textContent())!.replace('Orden de compra ', '');
  const order = page.getByRole('article');
  await expect(order.getByText('Pendiente', { exact: true })).toBeVisible();
  await expect(order.getByRole('row', { name: new RegExp(`^${ITEM} `) })).toContainText('$500.00');
  expect(await seriousViolations(page)).toEqual([]);

  // Printed with the conditions of the purchase order.
  const [printed] = await Promise.all([context.waitForEvent('page'), page.getByRole('button', { name: 'Imprimir', exact: true }).click()]);
  await expect(printed.getByRole('heading', { name: 'Orden de compra' })).toBeVisible();
  await expect(printed.getByText(folio, { exact: true })).toBeVisible();
  await expect(printed.getByText('Los precios pueden cambiar sin previo aviso.')).toBeVisible();
  await expect(printed.getByText('Los pedidos se reciben con 24 horas de anticipación, antes de las 12:00 pm.')).toBeVisible();
  await expect(printed.getByRole('button', { name: 'Descargar PDF' })).toBeVisible();
  await printed.close();
  await page.bringToFront();

  // Received in two parts: more than pending is refused, then part, then the rest.
  await page.getByRole('button', { name: 'Recibir', exact: true }).click();
  let dialog = page.locator(`ion-modal[aria-label="Recibir ${folio}"]`);
  await dialog.getByLabel(`Recibido de ${ITEM}`).fill('13');
  await dialog.getByRole('button', { name: 'Registrar recepción' }).click();
  await expect(dialog.getByText(new RegExp(`^No puedes recibir más de lo pendiente de ${ITEM}: quedan 12.5 kg.$`))).toBeVisible();
  await dialog.getByLabel(`Recibido de ${ITEM}`).fill('8');
  await dialog.getByRole('button', { name: 'Registrar recepción' }).click();
  await expect(page.getByText(`Recepción registrada. ${folio}: Parcial.`)).toBeVisible();
  await expect(dialog).toBeHidden();

  await page.getByRole('button', { name: 'Recibir', exact: true }).click();
  dialog = page.locator(`ion-modal[aria-label="Recibir ${folio}"]`);
  await expect(dialog.getByLabel(`Recibido de ${ITEM}`)).toHaveValue('4.5');
  await dialog.getByRole('button', { name: 'Registrar recepción' }).click();
  await expect(page.getByText(`Recepción registrada. ${folio}: Recibida.`)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Recibir', exact: true })).toBeHidden();

  // /inventory shows the stock raised by exactly what arrived.
  expect(await stockOnInventory(page)).toBeCloseTo(before + 12.5, 2);
  await expect(
    page
      .getByRole('row', { name: new RegExp(`^${ITEM} `) })
      .getByRole('cell')
      .first(),
  ).toHaveText(`${quantityText(before + 12.5)} kg`);
});

test('providers: a new one with its data checked, its page, a payment above the balance refused, and the purchases report', async ({
  page,
}) => {
  await signIn(page, 'admin@demo.mx');
  await page.goto('/providers');
  await expect(page.getByRole('link', { name: PROVIDER, exact: true })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  await page.getByRole('button', { name: 'Nuevo proveedor' }).click();
  const form = page.locator('ion-modal[aria-label="Nuevo proveedor"]');
  await form.getByRole('button', { name: 'Guardar' }).click();
  await expect(form.getByText('Escribe el nombre del proveedor.')).toBeVisible();
  await expect(form.getByLabel('Nombre')).toBeFocused();
  await form.getByLabel('Nombre').fill('Frutas Finas del Bajío');
  await form.getByLabel('RFC').fill('ffb0102');
  await form.getByRole('button', { name: 'Guardar' }).click();
  await expect(form.getByText('El RFC debe tener 12 o 13 letras y números, por ejemplo ABC010203XY4.')).toBeVisible();
  await form.getByLabel('RFC').fill('ffb010203ab1');
  await form.getByLabel('Días de crédito').fill('10');
  await form.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('Proveedor Frutas Finas del Bajío guardado.')).toBeVisible();

  await page.getByRole('searchbox', { name: 'Nombre' }).fill('Bajío');
  await page.getByRole('link', { name: 'Frutas Finas del Bajío', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Frutas Finas del Bajío', level: 1 })).toBeVisible();
  const provider = page.getByRole('article');
  await expect(provider.getByText('FFB010203AB1')).toBeVisible();
  await expect(provider.getByText('10 días')).toBeVisible();
  await expect(provider.getByText('Este proveedor no tiene órdenes de compra.')).toBeVisible();
  await expect(provider.getByRole('button', { name: 'Registrar pago' })).toBeDisabled();

  // A payment is never more than what is owed: the server says how much that is.
  await page.goto('/provider-payments');
  await expect(page.getByRole('row').nth(1)).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'Registrar pago' }).click();
  const payment = page.locator('ion-modal[aria-label="Registrar pago a proveedor"]');
  await payment.getByLabel('Proveedor', { exact: true }).selectOption({ label: PROVIDER });
  await expect(payment.getByText(/^Saldo por pagar: \$/)).toBeVisible();
  await payment.getByLabel('Monto').fill('99,999,999');
  await payment.getByRole('button', { name: 'Guardar pago' }).click();
  await expect(payment.getByText(/^El pago excede lo que se debe al proveedor: el saldo es \$[\d,]+\.\d{2}\.$/)).toBeVisible();
  await payment.getByLabel('Monto').fill('1.50');
  await payment.getByLabel('Referencia').fill('TRF-E2E-1');
  await payment.getByRole('button', { name: 'Guardar pago' }).click();
  await expect(page.getByText(`Pago de $1.50 a ${PROVIDER} registrado.`)).toBeVisible();
  await expect(page.getByRole('row', { name: /TRF-E2E-1/ })).toBeVisible();

  // This month's purchases by provider and by item, as the server added them.
  await page.goto('/shopping-report');
  await expect(page.getByRole('heading', { name: 'Por proveedor' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Por producto' })).toBeVisible();
  await expect(page.getByText(/^Del .+ al .+ · Total: \$/)).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});
