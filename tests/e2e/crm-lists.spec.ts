import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { formatCalendarDate, formatMoment } from '../../domain/format';
import { monterreyDateOffset } from '../../domain/time';
import { smtpPort } from '../../playwright.config';
import { startMailServer, type MailServer } from '../server/mail-server';
import { apiAs, firstPageRange, openedDialog, openFromMenu, query } from './office-screens';
import { bearer, signIn, tokenOf } from './support';

// the CRM lists that had no browser test, as a seller uses them: 'Actividades' and 'Correos'.

interface Activity {
  id: number;
  date: string;
  time: string | null;
  type: string | null;
  title: string;
  user_name: string;
  company_name: string | null;
  lead_name: string | null;
  done: boolean;
  next_step: string | null;
}
interface Email {
  id: number;
  sale_id: number;
  subject: string;
  to: string[];
  user_name: string;
  status: 'pendiente' | 'enviado' | 'fallido';
  attempts: number;
  last_error: string | null;
  created_at: string;
}
interface Paged<Row> {
  data: Row[];
  meta: { total: number };
}

/** The list's body rows: those headed by a row header (the header row has column headers only). */
const bodyRows = (page: Page) =>
  page
    .getByRole('main')
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader') });

/** The filter drawer: opened from 'Filtros', one choice made in it, applied with 'Filtrar'. */
async function filterBy(page: Page, drawerName: string, field: string, option: string) {
  await page.getByRole('button', { name: /^Filtros/ }).click();
  const drawer = await openedDialog(page, drawerName);
  await drawer.getByRole('combobox', { name: field, exact: true }).selectOption({ label: option });
  await drawer.getByRole('button', { name: 'Filtrar', exact: true }).click();
  await expect(page.getByRole('dialog', { name: drawerName })).toBeHidden();
  await expect(page.getByRole('button', { name: 'Filtros (1)' })).toBeVisible();
}

/** An activity's row as the table reads it: date, time, type, subject, whom, who is responsible, state, next step. */
async function expectActivityRow(row: Locator, activity: Activity) {
  await expect(row.getByRole('rowheader')).toHaveText(formatCalendarDate(activity.date));
  const cells = row.getByRole('cell');
  const expected = [
    activity.time ?? '—',
    activity.type ?? '—',
    activity.title,
    activity.company_name ?? activity.lead_name ?? '—',
    activity.user_name,
    activity.done ? 'Hecha' : 'Pendiente',
    activity.next_step ?? '—',
  ];
  for (const [index, text] of expected.entries()) await expect(cells.nth(index)).toHaveText(text);
}

test.describe('CRM lists on a desktop', () => {
  test.use({ viewport: { width: 1366, height: 900 } });

  test('Actividades: a seller reads the activities in date order, narrows them to the pending ones and finds what each offers', async ({
    page,
    request,
  }) => {
    const get = await apiAs(request, 'ventas@demo.mx');
    await signIn(page, 'ventas@demo.mx');
    await openFromMenu(page, 'Actividades', '/activities');

    // Every activity, oldest first, 15 a page: the demo's visits, calls and follow-ups.
    const all = await get<Paged<Activity>>(`/api/v2/activities?${query({ page: 1, itemsPerPage: 15 })}`);
    expect(all.meta.total).toBeGreaterThan(15);
    await expect(firstPageRange(page, all.meta.total)).toBeVisible();
    await expect(bodyRows(page)).toHaveCount(15);
    for (const [index, activity] of all.data.entries()) await expectActivityRow(bodyRows(page).nth(index), activity);

    // Only the pending ones (the drawer's 'Estado').
    await filterBy(page, 'Filtrar actividades', 'Estado', 'Pendiente');
    const pending = await get<Paged<Activity>>(`/api/v2/activities?${query({ 'filter[done]': 0, page: 1, itemsPerPage: 15 })}`);
    expect(pending.meta.total).toBeLessThan(all.meta.total);
    await expect(firstPageRange(page, pending.meta.total)).toBeVisible();
    for (const [index, activity] of pending.data.entries()) await expectActivityRow(bodyRows(page).nth(index), activity);

    // A pending activity's menu offers to mark it done (and nothing is changed by leaving it).
    const first = pending.data[0]!;
    await bodyRows(page)
      .first()
      .getByRole('button', { name: `Acciones de la actividad ${first.title}` })
      .click();
    const header = `${formatCalendarDate(first.date)} · ${first.title}`;
    const sheet = await openedDialog(page, header);
    await expect(sheet.getByRole('button', { name: 'Marcar hecha', exact: true })).toBeVisible();
    await expect(sheet.getByRole('button', { name: 'Marcar pendiente', exact: true })).toHaveCount(0);
    await sheet.getByRole('button', { name: 'Cancelar', exact: true }).click();
    await expect(page.getByRole('dialog', { name: header })).toBeHidden();
    await expect(firstPageRange(page, pending.meta.total)).toBeVisible();
  });

  test.describe('Correos', () => {
    // The web server sends through this SMTP server (playwright.config.ts SMTP_URL).
    let mail: MailServer;
    test.beforeAll(async () => {
      mail = await startMailServer(smtpPort);
    });
    test.afterAll(async () => {
      await mail.close();
    });

    /** A seller's quotation for a demo customer, e-mailed twice: to an address the mail server takes and to one it refuses. */
    async function emailedQuotation(request: APIRequestContext): Promise<{ id: number; taken: string; refused: string }> {
      const headers = bearer(await tokenOf(request, 'ventas@demo.mx'));
      const companies = (await (await request.get('/api/v1/company/all', { headers })).json()) as { data: { id: number }[] };
      const items = (await (await request.get('/api/v1/item/all', { headers })).json()) as {
        data: { id: number; is_published: boolean }[];
      };
      const created = await request.post('/api/v2/quotations', {
        headers,
        data: {
          company_id: companies.data[1]!.id,
          company_branch_id: null,
          contact_id: null,
          date: monterreyDateOffset(new Date(), 0),
          due_date: monterreyDateOffset(new Date(), 15),
          type: 'Serie A',
          note: null,
          internal_note: null,
          purchase_order: null,
          items: [{ item_id: items.data.find((item) => item.is_published)!.id, quantity: 3 }],
        },
      });
      expect(created.status()).toBe(201);
      const id = ((await created.json()) as { data: { id: number } }).data.id;
      const taken = `compras.q${id}@restaurante-demo.mx`;
      const refused = `no-existe.q${id}@restaurante-demo.mx`;
      mail.refuse(refused, 550, 1);
      for (const to of [taken, refused]) {
        const sent = await request.post(`/api/v2/quotations/${id}/email`, { headers, data: { to: [to] } });
        expect(sent.status()).toBe(202);
      }
      return { id, taken, refused };
    }

    test('a seller finds the quotations e-mailed, sent or refused with the reason, narrows them by state and opens one', async ({
      page,
      request,
    }) => {
      const { id, taken, refused } = await emailedQuotation(request);
      const get = await apiAs(request, 'ventas@demo.mx');
      // The queue delivers one and gives up on the other (a 550 is final): wait for both answers.
      await expect
        .poll(async () => {
          const mine = await get<Paged<Email>>(`/api/v2/emails?${query({ 'filter[sale_id]': id })}`);
          return mine.data.map((row) => `${row.to.join(', ')} ${row.status}`).sort();
        })
        .toEqual([`${taken} enviado`, `${refused} fallido`].sort());

      await signIn(page, 'ventas@demo.mx');
      await openFromMenu(page, 'Correos', '/mail');
      const all = await get<Paged<Email>>(`/api/v2/emails?${query({ page: 1, itemsPerPage: 15 })}`);
      await expect(firstPageRange(page, all.meta.total)).toBeVisible();
      // Newest first: the two just sent head the list, each with its creation time, subject, recipient, sender and state.
      await expect(bodyRows(page).first().getByRole('rowheader')).toHaveText(formatMoment(all.data[0]!.created_at));
      for (const email of all.data.filter((row) => row.sale_id === id)) {
        const row = bodyRows(page).filter({ hasText: email.to[0]! });
        await expect(row.getByRole('rowheader')).toHaveText(formatMoment(email.created_at));
        await expect(row.getByRole('cell')).toHaveText([
          email.subject,
          email.to.join(', '),
          'Laura Villarreal',
          email.status === 'enviado' ? 'Enviado' : 'Fallido',
          String(email.attempts),
          email.status === 'enviado' ? '—' : email.last_error!,
        ]);
      }

      // Only the failed ones: the refused address is there with the mail server's reason.
      await filterBy(page, 'Filtrar correos', 'Estado', 'Fallido');
      const failed = await get<Paged<Email>>(`/api/v2/emails?${query({ 'filter[status]': 'fallido', page: 1, itemsPerPage: 15 })}`);
      await expect(firstPageRange(page, failed.meta.total)).toBeVisible();
      await expect(bodyRows(page)).toHaveCount(failed.data.length);
      await expect(bodyRows(page).filter({ hasText: taken })).toHaveCount(0);
      const refusedRow = bodyRows(page).filter({ hasText: refused });
      await expect(refusedRow).toContainText('Fallido');
      await expect(refusedRow).toContainText(failed.data.find((row) => row.to.includes(refused))!.last_error!);

      // The subject opens the quotation it carried.
      await refusedRow.getByRole('link', { name: `Cotización C-${id}` }).click();
      await expect(page).toHaveURL(new RegExp(`/quotations/${id}$`));
      await expect(page.getByRole('form', { name: `Editar cotización C-${id}` })).toBeVisible();
    });
  });
});
