import { expect, test } from '@playwright/test';
import { signIn } from './support';

test.use({ viewport: { width: 1280, height: 900 } });

test('the office creates a customer with a branch and a contact, finds it in /clients and opens its page', async ({ page }) => {
  const stamp = Date.now().toString(36).toUpperCase();
  const name = `Frutería Santa Lucía ${stamp}`;
  await signIn(page, 'oficina@demo.mx');
  await page.goto('/clients');
  await expect(page.getByRole('columnheader', { name: /Saldo vencido/ })).toBeVisible();
  await page.getByRole('link', { name: 'Nuevo cliente' }).click();

  const form = page.getByRole('form', { name: 'Nuevo cliente' });
  const general = form.getByRole('group', { name: 'Datos generales' });
  await general.getByRole('textbox', { name: 'Nombre', exact: true }).fill(name);
  await form.getByRole('textbox', { name: 'Razón social' }).fill(`Comercializadora Santa Lucía ${stamp}, S.A. de C.V.`);
  await form.getByLabel('RFC').fill('csl010203ab5');
  await form.getByLabel('Días de crédito').fill('15');
  await form.getByLabel('Dirección de entrega').fill('Av. Madero 1200, Centro, Monterrey, N.L.');
  await form.getByLabel('Referencias').fill('Portón verde');
  await form.getByLabel('Horario de entrega').fill('08:00 a 11:00');
  const branch = form.getByRole('region', { name: 'Sucursal 1' });
  await expect(branch.getByRole('textbox', { name: 'Nombre de la sucursal' })).toHaveValue('Matriz');
  await branch.getByRole('textbox', { name: 'Dirección' }).fill('Av. Madero 1200, Centro');
  await form.getByRole('button', { name: 'Agregar contacto' }).click();
  const contact = form.getByRole('region', { name: 'Contacto 1' });
  await contact.getByRole('textbox', { name: 'Nombre' }).fill('Rosa');
  await contact.getByLabel('Apellidos').fill('Elizondo');
  await contact.getByLabel('Teléfono').fill('81 1234 5678');
  await contact.getByLabel('Correo electrónico').fill('rosa@');

  // A bad e-mail is said under its field, in the product's words, and nothing typed is lost.
  await form.getByRole('button', { name: 'Guardar' }).click();
  await expect(contact.getByText('E-mail inavlido.')).toBeVisible();
  await expect(contact.getByLabel('Correo electrónico')).toBeFocused();
  await expect(general.getByRole('textbox', { name: 'Nombre', exact: true })).toHaveValue(name);
  await contact.getByLabel('Correo electrónico').fill('rosa@santalucia.mx');
  await form.getByRole('button', { name: 'Guardar' }).click();

  // Saved verified (the office entered it), the RFC in capitals, on its own page.
  await expect(page).toHaveURL(/\/clients\/client\/\d+$/);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(page.getByText(`Cliente ${name} guardado.`)).toBeVisible();
  await expect(page.getByText('CSL010203AB5')).toBeVisible();
  const branches = page.getByRole('region', { name: 'Sucursales' });
  await expect(branches.getByText('Matriz')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Contactos' }).getByRole('link', { name: 'rosa@santalucia.mx' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Saldo', exact: true }).getByText('0 ventas con saldo')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Verificar' })).toHaveCount(0);
  const customerUrl = page.url();

  // Edited: a second branch, and the credit days; the page shows both.
  await page.getByRole('link', { name: 'Editar' }).click();
  const edit = page.getByRole('form', { name: `Editar ${name}` });
  await edit.getByRole('button', { name: 'Agregar sucursal' }).click();
  const second = edit.getByRole('region', { name: 'Sucursal 2' });
  await second.getByRole('textbox', { name: 'Nombre de la sucursal' }).fill('Sucursal Cumbres');
  await second.getByRole('textbox', { name: 'Dirección' }).fill('Paseo de los Leones 2000, Cumbres');
  await edit.getByLabel('Días de crédito').fill('30');
  await edit.getByRole('button', { name: 'Guardar' }).click();
  await expect(page).toHaveURL(customerUrl);
  await expect(branches.getByText('Sucursal Cumbres')).toBeVisible();
  await expect(page.getByText('30 días de crédito')).toBeVisible();

  // The form opened at its address (a bookmark) saves the same way: back on the customer's page,
  // saying so, and the form it left is not in the history.
  await page.goto(`${customerUrl}/edit`);
  await page.getByRole('form', { name: `Editar ${name}` }).getByLabel('Días de crédito').fill('45');
  await page.getByRole('button', { name: 'Guardar' }).click();
  await expect(page).toHaveURL(customerUrl);
  await expect(page.getByText(`Cambios de ${name} guardados.`)).toBeVisible();
  await expect(page.getByText('45 días de crédito')).toBeVisible();
  await page.goBack();
  await expect(page).not.toHaveURL(/\/edit$/);
  await page.goForward();
  await expect(page).toHaveURL(customerUrl);

  // Found in /clients by part of its RFC, typed in lower case; its name opens its page.
  await page.goto('/clients');
  await page.getByRole('searchbox', { name: 'Buscar cliente' }).fill('csl0102');
  await expect(page.getByRole('row')).toHaveCount(2);
  const row = page.getByRole('row', { name: new RegExp(name) });
  await expect(row.getByRole('cell', { name: '45', exact: true })).toBeVisible();
  await row.getByRole('link', { name }).click();
  await expect(page).toHaveURL(customerUrl);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();

  // The search is kept until cleared.
  await page.goto('/clients');
  await expect(page.getByRole('searchbox', { name: 'Buscar cliente' })).toHaveValue('csl0102');
  await expect(page.getByRole('row')).toHaveCount(2);
  await page.getByRole('button', { name: 'Limpiar búsqueda' }).click();
  await expect(page.getByRole('row')).toHaveCount(16);
});

test('a seller creates a counter customer from the new-sale cart and the office verifies it on /unverified_clients', async ({ browser }) => {
  const name = `Fonda Doña Tere ${Date.now().toString(36).toUpperCase()}`;
  const options = { locale: 'es-MX', timezoneId: 'America/Monterrey', viewport: { width: 1280, height: 900 } };

  const counter = await (await browser.newContext(options)).newPage();
  await signIn(counter, 'ventas@demo.mx');
  await counter.goto('/new-sales');
  await counter.getByLabel('Buscar empresa o cliente').fill(name);
  await counter.getByRole('button', { name: 'Nuevo cliente' }).click();
  await expect(counter.getByRole('dialog', { name: 'Nuevo cliente' })).toBeVisible();
  // The modal's content is slotted into its dialog: look it up from the modal element.
  const dialog = counter.locator('ion-modal[aria-label="Nuevo cliente"]');
  // What was typed in the search is the new customer's name.
  await expect(dialog.getByRole('textbox', { name: 'Nombre', exact: true })).toHaveValue(name);
  await dialog.getByRole('button', { name: 'Guardar y elegir' }).click();
  await expect(dialog.getByText('Campo requerido')).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Razón social' }).fill('Teresa Garza Cantú');
  await dialog.getByLabel('Nombre del contacto').fill('Tere');
  await dialog.getByLabel('Teléfono').fill('81 5555 1234');
  await dialog.getByRole('button', { name: 'Guardar y elegir' }).click();
  await expect(dialog).toBeHidden();
  // Chosen for the sale at once.
  await expect(counter.locator('.chosen-company strong')).toHaveText(name);
  await expect(counter.getByLabel('Sucursal')).toBeVisible();

  const office = await (await browser.newContext(options)).newPage();
  await signIn(office, 'oficina@demo.mx');
  await office.goto('/unverified_clients');
  const row = office.getByRole('row', { name: new RegExp(name) });
  await expect(row).toContainText('Laura Villarreal');
  await row.getByRole('button', { name: `Verificar ${name}` }).click();
  await office.locator('ion-action-sheet').getByRole('button', { name: 'Verificar' }).click();
  await expect(office.getByText(`Cliente ${name} verificado.`)).toBeVisible();
  await expect(row).toHaveCount(0);

  // Its page no longer offers 'Verificar', and the list of all customers no longer marks it.
  await office.goto('/clients');
  await office.getByRole('searchbox', { name: 'Buscar cliente' }).fill(name);
  const listed = office.getByRole('row', { name: new RegExp(name) });
  await expect(listed).toBeVisible();
  await expect(listed.getByText('Sin verificar')).toHaveCount(0);
  await listed.getByRole('link', { name }).click();
  await expect(office.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(office.getByRole('region', { name: 'Contactos' }).getByText('Tere')).toBeVisible();
  await expect(office.getByRole('button', { name: 'Verificar' })).toHaveCount(0);
});
