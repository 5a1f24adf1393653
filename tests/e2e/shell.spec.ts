import { expect, test, type Locator, type Page } from '@playwright/test';
import { openUserMenu, signIn } from './support';

const sideMenu = (page: Page) => page.getByRole('navigation', { name: 'Menú' });

/** Visible on the Ionic page in front: a page left behind or still entering is only transparent. */
async function expectShownPage(content: Locator): Promise<void> {
  await expect(content).toBeVisible();
  const ionPage = content.page().locator('.ion-page').filter({ has: content });
  await expect(ionPage.last()).not.toHaveClass(/ion-page-(hidden|invisible)/);
  await expect(ionPage.last()).toHaveCSS('opacity', '1');
}

async function expectMenuLinks(page: Page, names: string[]): Promise<void> {
  await expect(sideMenu(page).getByRole('link')).toHaveCount(names.length);
  for (const name of names) await expect(sideMenu(page).getByRole('link', { name, exact: true })).toBeVisible();
}

test.describe('the shell on a desktop', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('gives the administrator the menu, the version and Settings in the user menu', async ({ page }) => {
    await signIn(page, 'admin@demo.mx');
    await expectMenuLinks(page, [
      'Inicio',
      'Reportes',
      'Reporte de Productos',
      'Huecos',
      'Pedidos',
      'Pedidos por Surtir',
      'Pedidos Surtidos',
      'Envíos',
      'Mapa',
      'Clientes',
      'Clientes sin verificar',
      'Nueva Venta',
      'Ventas',
      'Pedidos Programados',
      'Nueva Cobranza',
      'Cobranza',
      'Recibos',
      'Cotizaciones',
      'Saldos Vencidos',
      'Cancelaciones',
      'Gastos',
      // Purchasing.
      'Compras',
      'Reporte de Compras',
      'Proveedores',
      'Pagos a Proveedores',
      // The catalogue and production.
      'Producción',
      'Producciones MF',
      'Productos',
      'Productos en mostrador',
      'Materia Prima',
      'Inventario',
      // The shelf count and its review.
      'Inventario Físico',
      // Stock at the counter and at cost, adjustments, waste, transfers and the report.
      'Inventario de Mostrador',
      'Inventario a Costo',
      'Ajustes de Inventario',
      'Traspasos',
      'Mermas',
      'Reportes de Inventario',
      'Utilidades',
      'Costos',
      'Notas',
      // The business's own identity, printed on every document, its fiscal setup, and the people who sign in.
      'Datos del negocio',
      'Facturación',
      'Usuarios',
      'Catálogos',
      // The CRM, payroll, invoices and the activity log.
      'Calendario',
      'Actividades',
      'Llamadas',
      'Mensajes',
      'Prospectos',
      'Correos',
      'Nómina',
      'Facturas',
      'Bitácora',
      // Customers, products, stock and balances from the business's files.
      'Importar',
    ]);
    await expect(page.getByText('Versión 4.34.7')).toBeVisible();
    await openUserMenu(page);
    await expect(page.getByRole('button', { name: 'Soporte' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Ajustes' })).toBeVisible();
    await page.getByRole('button', { name: 'Ajustes' }).click();
    await expect(page).toHaveURL(/\/settings$/);
    await expect(page.getByText('admin@demo.mx')).toBeVisible();
    await expect(page.getByText('Frutas del Norte Distribuidora, S.A. de C.V.')).toBeVisible();
    // Notices on this device: offered, off until the person allows them.
    const notices = page.getByRole('region', { name: 'Avisos en este dispositivo' });
    await expect(notices.getByText('Desactivados')).toBeVisible();
    await expect(notices.getByRole('button', { name: 'Activar avisos' })).toBeVisible();
  });

  test('gives office staff a menu of what their permissions open, and no Support', async ({ page }) => {
    await signIn(page, 'oficina@demo.mx');
    await expectMenuLinks(page, [
      'Inicio',
      'Reportes',
      'Pedidos',
      'Pedidos Surtidos',
      'Envíos',
      'Mapa',
      'Clientes',
      'Clientes sin verificar',
      'Nueva Venta',
      'Ventas',
      'Nueva Cobranza',
      'Cobranza',
      'Recibos',
      'Saldos Vencidos',
      // Customers (companies) and opening balances (collections).
      'Importar',
      'Notas',
    ]);
    await openUserMenu(page);
    await expect(page.getByRole('button', { name: 'Ajustes' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Soporte' })).toHaveCount(0);
  });

  test('lets the administrator report a problem in Soporte and find it', async ({ page }) => {
    await signIn(page, 'admin@demo.mx');
    await openUserMenu(page);
    await page.getByRole('button', { name: 'Soporte' }).click();
    await expect(page).toHaveURL(/\/support$/);
    await page.getByRole('button', { name: 'Enviar' }).click();
    await expect(page.getByText('Describe el problema.')).toBeVisible();
    await page.getByRole('textbox', { name: 'Descripción', exact: true }).fill('El lector de códigos no reconoce la caja de fresa.');
    await page.getByRole('button', { name: 'Enviar' }).click();
    await expect(page.getByText('Ticket enviado.')).toBeVisible();
    await page.getByRole('searchbox', { name: 'Buscar en descripción' }).fill('caja de fresa');
    const ticket = page.getByRole('button', { name: /El lector de códigos no reconoce la caja de fresa\./ });
    await expect(ticket).toBeVisible();
    await expect(page.getByText('1–1 de 1')).toBeVisible();
    // Opened, the administrator answers it and takes it 'En proceso'.
    await ticket.click();
    await page.getByLabel('Respuesta', { exact: true }).fill('Lo revisamos con el proveedor del lector.');
    await page.getByLabel('Cambiar estado').selectOption('En proceso');
    await page.getByRole('button', { name: 'Enviar respuesta' }).click();
    await expect(page.getByText('Respuesta enviada.')).toBeVisible();
    await expect(page.getByText('Estado: En proceso', { exact: true })).toBeVisible();
    await expect(page.getByText('Lo revisamos con el proveedor del lector.')).toBeVisible();
  });

  test('links Soporte in the user menu only for those who answer; anyone reports a problem from Ajustes', async ({ page }) => {
    await signIn(page, 'oficina@demo.mx');
    await page.getByRole('button', { name: 'Menú de usuario' }).click();
    await expect(page.getByRole('button', { name: 'Ajustes' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Soporte' })).toHaveCount(0);
    await page.goto('/settings');
    await page.getByRole('link', { name: 'Reportar un problema a soporte' }).click();
    await expect(page).toHaveURL(/\/support$/);
    await page.getByRole('textbox', { name: 'Descripción', exact: true }).fill('No aparece el botón de imprimir el manifiesto.');
    await page.getByRole('button', { name: 'Enviar' }).click();
    await expect(page.getByText('Ticket enviado.')).toBeVisible();
  });

  test('answers an unknown path with a Spanish not-found page', async ({ page }) => {
    await signIn(page, 'oficina@demo.mx');
    await page.goto('/esta-ruta-no-existe');
    await expect(page.getByRole('heading', { name: 'Página no encontrada' })).toBeVisible();
    await page.getByRole('link', { name: 'Volver al inicio' }).click();
    await expect(page.getByRole('heading', { name: 'Hola, Jorge' })).toBeVisible();
  });

  test('counts unseen notes on the bell; a note opens in a dialog, is seen as it opens, and can be archived', async ({ page }) => {
    await signIn(page, 'ventas@demo.mx');
    // Ionic keeps the previous page in the document, hidden: only the visible bell counts.
    const bell = page.getByRole('link', { name: /^Notas: \d+ notas? sin ver$/ }).filter({ visible: true });
    // The demo gives everyone unseen notes; the count shows once they have loaded.
    await expect(bell).toHaveAttribute('aria-label', /^Notas: [1-9]\d* notas? sin ver$/);
    const before = Number(/(\d+)/.exec((await bell.getAttribute('aria-label')) ?? '')?.[1]);
    await bell.click();
    await expect(page).toHaveURL(/\/notes$/);
    await page.getByRole('button', { name: /^Cliente con adeudo/ }).click();
    // The modal's content is slotted into its dialog: look it up from the page.
    await expect(page.getByRole('dialog')).toBeVisible();
    await expect(page.getByText('Abarrotes Doña Lupita: cobrar saldo vencido antes de surtir.').last()).toBeVisible();
    await page.getByRole('button', { name: 'Archivar' }).click();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(page.getByText('Nota archivada.')).toBeVisible();
    // Opening it saw it: the bell counts one less.
    await expect(bell).toHaveAttribute('aria-label', `Notas: ${before - 1 === 1 ? '1 nota sin ver' : `${before - 1} notas sin ver`}`);
    await page.getByRole('button', { name: 'Archivadas' }).click();
    await expect(page.getByRole('button', { name: /^Cliente con adeudo/ })).toBeVisible();
  });
});

test.describe('the shell on a phone', () => {
  test.use({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });

  test('gives a delivery driver no side menu, but Settings and sign-out', async ({ page }) => {
    await signIn(page, 'chofer@demo.mx');
    await expect(page.getByRole('button', { name: 'Abrir o cerrar el menú' })).toHaveCount(0);
    await expect(sideMenu(page)).toHaveCount(0);
    // Inicio where the driver already is: nothing moves, and history does not grow.
    const entries = await page.evaluate(() => history.length);
    await page.getByRole('link', { name: 'Inicio' }).click();
    await expect(page.getByRole('heading', { name: 'Mis rutas' })).toBeVisible();
    expect(await page.evaluate(() => history.length)).toBe(entries);
    await openUserMenu(page);
    await expect(page.getByRole('button', { name: 'Cerrar Sesión' })).toBeVisible();
    // From the driver's light start to Ajustes in the full app, and back to the routes.
    await page.getByRole('button', { name: 'Ajustes' }).click();
    await expect(page).toHaveURL(/\/settings$/);
    await expect(page.getByRole('heading', { name: 'Perfil' })).toBeVisible();
    await expect(page.getByText('chofer@demo.mx')).toBeVisible();
    await page.goBack();
    await expect(page).toHaveURL(/\/$/);
    await expectShownPage(page.getByRole('heading', { name: 'Mis rutas' }));
    // The bell leaves for the notes the same way, and back returns to the routes.
    await page.goto('/');
    await page.getByRole('link', { name: /^Notas: / }).click();
    await expect(page).toHaveURL(/\/notes$/);
    await expectShownPage(page.getByRole('banner').getByText('Notas', { exact: true }));
    await page.goBack();
    await expectShownPage(page.getByRole('heading', { name: 'Mis rutas' }));
  });

  test('gives the warehouse operator neither a menu nor Settings', async ({ page }) => {
    await signIn(page, 'almacen@demo.mx');
    await expect(page.getByRole('button', { name: 'Abrir o cerrar el menú' })).toHaveCount(0);
    await expect(sideMenu(page)).toHaveCount(0);
    await openUserMenu(page);
    await expect(page.getByRole('button', { name: 'Ajustes' })).toHaveCount(0);
    await page.getByRole('button', { name: 'Cancelar' }).click();
    await page.goto('/settings');
    await expect(page.getByRole('heading', { name: 'Sin permiso' })).toBeVisible();
  });

  test('lets the warehouse operator report a problem from Soporte in the user menu', async ({ page }) => {
    await signIn(page, 'almacen@demo.mx');
    await openUserMenu(page);
    await page.getByRole('button', { name: 'Soporte' }).click();
    await expect(page).toHaveURL(/\/support$/);
    await page.getByRole('textbox', { name: 'Descripción', exact: true }).fill('La báscula del andén 2 no imprime la etiqueta.');
    await page.getByRole('button', { name: 'Enviar' }).click();
    await expect(page.getByText('Ticket enviado.')).toBeVisible();
  });

  test('gives a delivery driver Soporte in the user menu of their routes', async ({ page }) => {
    await signIn(page, 'chofer@demo.mx');
    await expect(page.getByRole('heading', { name: 'Mis rutas' })).toBeVisible();
    await openUserMenu(page);
    await page.getByRole('button', { name: 'Soporte' }).click();
    await expect(page).toHaveURL(/\/support$/);
    await expect(page.getByRole('textbox', { name: 'Descripción', exact: true })).toBeVisible();
  });

  test('opens the menu as a drawer for office staff', async ({ page }) => {
    await signIn(page, 'ventas@demo.mx');
    await expect(sideMenu(page)).toBeHidden();
    await page.getByRole('button', { name: 'Abrir o cerrar el menú' }).click();
    await expect(sideMenu(page)).toBeVisible();
    await sideMenu(page).getByRole('link', { name: 'Notas' }).click();
    await expect(page).toHaveURL(/\/notes$/);
    // A screen loaded on the way is shown, not left transparent behind the transition.
    await expectShownPage(page.getByRole('banner').getByText('Notas', { exact: true }));
  });
});
