import { expect, test } from '@playwright/test';
import { smtpPort } from '../../playwright.config';
import { startMailServer, type MailServer } from '../server/mail-server';
import { signIn } from './support';

test.use({ viewport: { width: 1280, height: 850 } });

// The mail server the end-to-end web server sends through, started by the test that needs it.
let mail: MailServer;
test.beforeAll(async () => {
  mail = await startMailServer(smtpPort);
});
test.afterAll(async () => {
  await mail.close();
});

test('a seller opens a conversation with a customer by e-mail, sends a message and sees it enviado', async ({ page }) => {
  await signIn(page, 'ventas@demo.mx');
  await page.goto('/messages');
  await page.getByRole('button', { name: 'Nueva conversación' }).click();
  const dialog = page.locator('ion-modal[aria-label="Nueva conversación"]');
  await dialog.getByLabel('Cliente', { exact: true }).fill('abarrotes');
  await dialog.getByRole('radio').first().check();
  await dialog.getByLabel('Canal').selectOption({ label: 'Correo' });
  await dialog.getByLabel('Número de WhatsApp o correo').fill('compras@abarrotes-prueba.mx');
  await dialog.getByRole('button', { name: 'Nueva conversación' }).click();
  await expect(dialog).toBeHidden();

  const thread = page.locator('.crm-messages__thread');
  await expect(thread).toHaveAttribute('aria-label', /^Conversación con .+ por Correo$/);
  await thread.getByLabel('Escribe un mensaje').fill('Buenos días: mañana le llevamos su pedido antes de las 9.');
  await thread.getByRole('button', { name: 'Enviar' }).click();
  const message = thread.locator('.crm-thread__message').filter({ hasText: 'mañana le llevamos su pedido antes de las 9' });
  await expect(message).toContainText('Saliente');
  // The mail server took it: the conversation shows it 'enviado' without reloading.
  await expect(message).toContainText('Estado: enviado', { timeout: 20_000 });
  const received = mail.received.find((email) => email.text?.includes('mañana le llevamos su pedido antes de las 9'));
  // Each conversation is its own thread in the customer's mail.
  expect(received?.subject).toMatch(/^Mensaje de Frutas del Norte para .+ · Conversación \d+$/);
});
