import { sql } from 'drizzle-orm';
import type { ParsedMail } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEPLOYMENTS } from '../../domain/deployment';
import { formatMoney } from '../../domain/format';
import { apiMessages } from '../../domain/messages/api';
import { emailMessages } from '../../domain/messages/email';
import { loginMessages } from '../../domain/messages/login';
import { quotationsMessages } from '../../domain/messages/quotations';
import { emailMessageListSchema, emailMessageSchema, saleDetailAnswerSchema, type EmailMessage } from '../../domain/schemas/quotations';
import { quotationFolio } from '../../domain/sales';
import { escapeHtml } from '../../server/html-text';
import { startMailServer, type MailServer } from './mail-server';
import { bearer, createTestApp, loginAs, type TestApp } from './test-app';

/**
 * E-mailing a quotation against a real SMTP server started here (mail-server.ts), reading
 * what it received; it can refuse a recipient's next messages as a busy (451) or refusing
 * (550) mail server does.
 */
const rows = <T>(t: TestApp, query: ReturnType<typeof sql>) =>
  t.database.db.execute(query).then((r) => (r as unknown as { rows: T[] }).rows);

/** Demo quotations that are neither cancelled nor sold. */
async function openQuotations(t: TestApp): Promise<number[]> {
  const found = await rows<{ id: number }>(
    t,
    sql`SELECT s.id FROM sales s WHERE s.kind = 'quotation' AND s.canceled_at IS NULL AND s.deleted_at IS NULL
      AND NOT EXISTS (SELECT 1 FROM sales made WHERE made.quotation_id = s.id) ORDER BY s.id LIMIT 4`,
  );
  return found.map((r) => r.id);
}

const sendEmail = (t: TestApp, token: string, id: number, payload: object, key?: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/v2/quotations/${id}/email`,
    headers: { ...bearer(token), ...(key && { 'idempotency-key': key }) },
    payload,
  });

async function emailsOf(t: TestApp, token: string, id: number): Promise<EmailMessage[]> {
  const response = await t.app.inject({ method: 'GET', url: `/api/v2/quotations/${id}/emails`, headers: bearer(token) });
  expect(response.statusCode).toBe(200);
  return emailMessageListSchema.parse(response.json()).data;
}

/** Polls the list the way the print view does, until `done` holds for the message or the deadline passes. */
async function waitForEmail(
  t: TestApp,
  token: string,
  quotationId: number,
  emailId: number,
  done: (m: EmailMessage) => boolean,
): Promise<EmailMessage> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const message = (await emailsOf(t, token, quotationId)).find((m) => m.id === emailId);
    if (message && done(message)) return message;
    if (Date.now() > deadline) throw new Error(`e-mail ${emailId} never reached the expected state: ${JSON.stringify(message)}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('without a mail server configured', () => {
  let t: TestApp;
  let seller: string;
  beforeAll(async () => {
    t = await createTestApp();
    seller = await loginAs(t.app, 'ventas@demo.mx');
  });
  afterAll(() => t.close());

  it('says so in Spanish and queues nothing', async () => {
    const [id] = await openQuotations(t);
    const response = await sendEmail(t, seller, id!, { to: ['compras@cliente.mx'] }, 'no-smtp-key-1');
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ message: emailMessages.notConfigured });
    expect(await emailsOf(t, seller, id!)).toEqual([]);
    const [count] = await rows<{ n: number }>(t, sql`SELECT count(*)::int AS n FROM email_messages`);
    expect(count!.n).toBe(0);
  });
});

describe('with a mail server', () => {
  let mail: MailServer;
  let t: TestApp;
  let seller: string;
  let quotationId: number;
  let otherId: number;
  beforeAll(async () => {
    mail = await startMailServer();
    t = await createTestApp({ SMTP_URL: mail.url, EMAIL_RETRY_FIRST_MS: '800', EMAIL_POLL_MS: '50' });
    seller = await loginAs(t.app, 'ventas@demo.mx');
    [quotationId, otherId] = (await openQuotations(t)) as [number, number];
  });
  afterAll(async () => {
    await t.close();
    await mail.close();
  });

  it('asks for a recipient when the quotation has no contact e-mail, and refuses a malformed address', async () => {
    // The seed leaves one customer in five without an e-mail on file: this quotation's customer, here.
    await t.database.db.execute(
      sql`UPDATE contacts SET email = NULL WHERE company_id = (SELECT company_id FROM sales WHERE id = ${quotationId})`,
    );
    const none = await sendEmail(t, seller, quotationId, {});
    expect(none.statusCode).toBe(422);
    expect(none.json()).toEqual({ message: emailMessages.noRecipient });
    const malformed = await sendEmail(t, seller, quotationId, { to: ['no es un correo'] });
    expect(malformed.statusCode).toBe(422);
    expect(malformed.json()).toEqual({ message: loginMessages.invalidEmail });
    expect(await emailsOf(t, seller, quotationId)).toEqual([]);
  });

  it('answers 404 for an unknown quotation and for a sale, and refuses a cancelled quotation', async () => {
    const unknown = await sendEmail(t, seller, 99_999_999, { to: ['compras@cliente.mx'] });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: quotationsMessages.notFound });
    const [sale] = await rows<{ id: number }>(t, sql`SELECT id FROM sales WHERE kind = 'sale' ORDER BY id LIMIT 1`);
    expect((await sendEmail(t, seller, sale!.id, { to: ['compras@cliente.mx'] })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/api/v2/quotations/${sale!.id}/emails`, headers: bearer(seller) })).statusCode).toBe(
      404,
    );

    await t.database.db.execute(sql`UPDATE sales SET canceled_at = now(), cancel_reason = 'Prueba' WHERE id = ${otherId}`);
    const canceled = await sendEmail(t, seller, otherId, { to: ['compras@cliente.mx'] });
    expect(canceled.statusCode).toBe(409);
    expect(canceled.json()).toEqual({ message: emailMessages.quotationCanceled });
    expect(await emailsOf(t, seller, otherId)).toEqual([]);
  });

  it('queues one message per Idempotency-Key and delivers it once, to the contact, with the quotation and its PDF', async () => {
    // The quotation's contact gets an e-mail: it becomes the default recipient.
    await t.database.db.execute(
      sql`UPDATE contacts SET email = 'compras@cliente.mx' WHERE id = (SELECT contact_id FROM sales WHERE id = ${quotationId})`,
    );
    const detail = saleDetailAnswerSchema.parse(
      (await t.app.inject({ method: 'GET', url: `/api/v2/sales/${quotationId}`, headers: bearer(seller) })).json(),
    ).data;

    const first = await sendEmail(t, seller, quotationId, {}, 'email-once-key-1');
    expect(first.statusCode).toBe(202);
    const queued = emailMessageSchema.parse(first.json());
    const folio = quotationFolio(quotationId);
    const subject = `Cotización ${folio} — ${DEPLOYMENTS.frutas.identity.brand}`;
    expect(queued).toMatchObject({ sale_id: quotationId, to: ['compras@cliente.mx'], subject, status: 'pendiente' });

    const again = await sendEmail(t, seller, quotationId, {}, 'email-once-key-1');
    expect(again.statusCode).toBe(202);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(emailMessageSchema.parse(again.json()).id).toBe(queued.id);

    const sent = await waitForEmail(t, seller, quotationId, queued.id, (m) => m.status === 'enviado');
    expect(sent).toMatchObject({ attempts: 1, last_error: null, next_attempt_at: null });
    expect(sent.sent_at).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect(await emailsOf(t, seller, quotationId)).toHaveLength(1);

    const delivered = mail.received.filter((m) => m.subject === subject);
    expect(delivered).toHaveLength(1);
    const [message] = delivered as [ParsedMail];
    expect(message.replyTo?.value.map((a) => a.address)).toEqual([detail.user.email]);
    expect(message.from?.value[0]?.address).toBe('cotizaciones@frutasdelnorte.mx');
    const html = String(message.html);
    expect(html).toContain(folio);
    expect(html).toContain(escapeHtml(detail.company.name));
    expect(html).toContain(escapeHtml(formatMoney(detail.total)));
    for (const item of detail.items) expect(html).toContain(escapeHtml(item.name));
    expect(html).toContain(escapeHtml(`${detail.user.name} ${detail.user.last}`));

    expect(message.attachments).toHaveLength(1);
    const [pdf] = message.attachments;
    expect(pdf!.filename).toBe(`Cotización ${folio}.pdf`);
    expect(pdf!.contentType).toBe('application/pdf');
    expect(pdf!.content.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  });

  it('keeps a message refused with 451 pending with the server’s reason, then delivers it on the retry', async () => {
    const to = 'reintento@cliente.mx';
    mail.refuse(to, 451, 1);
    const response = await sendEmail(t, seller, quotationId, { to: [to] }, 'email-retry-key-1');
    expect(response.statusCode).toBe(202);
    const { id } = emailMessageSchema.parse(response.json());

    const waiting = await waitForEmail(t, seller, quotationId, id, (m) => m.attempts === 1 && m.last_error !== null);
    expect(waiting.status).toBe('pendiente');
    expect(waiting.last_error).toMatch(/^451\b.*try again later/i);
    expect(waiting.next_attempt_at).not.toBeNull();

    const sent = await waitForEmail(t, seller, quotationId, id, (m) => m.status !== 'pendiente');
    expect(sent).toMatchObject({ status: 'enviado', attempts: 2, last_error: null });
    expect(mail.attempts.get(to)).toBe(2);
    expect(mail.received.filter((m) => m.to && !Array.isArray(m.to) && m.to.text === to)).toHaveLength(1);
  });

  it('fails a message the server refuses for good (550) at once, without retrying it', async () => {
    const to = 'no-existe@cliente.mx';
    mail.refuse(to, 550, Number.POSITIVE_INFINITY);
    const response = await sendEmail(t, seller, quotationId, { to: [to] }, 'email-refused-key-1');
    const { id } = emailMessageSchema.parse(response.json());
    const failed = await waitForEmail(t, seller, quotationId, id, (m) => m.status !== 'pendiente');
    expect(failed).toMatchObject({ status: 'fallido', attempts: 1, next_attempt_at: null });
    expect(failed.last_error).toMatch(/^550\b/);
  });

  it('lists the quotation’s messages newest first with their states', async () => {
    const list = await emailsOf(t, seller, quotationId);
    expect(list.map((m) => [m.to, m.status])).toEqual([
      [['no-existe@cliente.mx'], 'fallido'],
      [['reintento@cliente.mx'], 'enviado'],
      [['compras@cliente.mx'], 'enviado'],
    ]);
  });

  it('lets only people who quote or sell send or read them', async () => {
    const driver = await loginAs(t.app, 'chofer@demo.mx');
    const post = await sendEmail(t, driver, quotationId, { to: ['compras@cliente.mx'] });
    expect(post.statusCode).toBe(403);
    expect(post.json()).toEqual({ message: apiMessages.forbidden });
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/v2/quotations/${quotationId}/emails`, headers: bearer(driver) })).statusCode,
    ).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: `/api/v2/quotations/${quotationId}/emails` })).statusCode).toBe(401);
    expect(await emailsOf(t, seller, quotationId)).toHaveLength(3);
  });

  it('sends what the quotation says when it goes out, and not at all once it was cancelled while waiting', async () => {
    const to = 'espera@cliente.mx';
    mail.refuse(to, 451, 1);
    const response = await sendEmail(t, seller, quotationId, { to: [to] }, 'email-cancelled-key-1');
    const { id } = emailMessageSchema.parse(response.json());
    await waitForEmail(t, seller, quotationId, id, (m) => m.attempts === 1 && m.last_error !== null);
    const cancel = await t.app.inject({
      method: 'POST',
      url: `/api/v2/quotations/${quotationId}/cancel`,
      headers: bearer(seller),
      payload: { reason: 'El cliente ya no la quiere' },
    });
    expect(cancel.statusCode).toBe(200);
    const failed = await waitForEmail(t, seller, quotationId, id, (m) => m.status !== 'pendiente');
    expect(failed).toMatchObject({ status: 'fallido', attempts: 2, last_error: emailMessages.quotationCanceled });
    expect(mail.received.filter((m) => m.to && !Array.isArray(m.to) && m.to.text === to)).toEqual([]);
  });
});

describe('when the retry window closes', () => {
  let mail: MailServer;
  let refusing: TestApp;
  let unreachable: TestApp;
  beforeAll(async () => {
    mail = await startMailServer();
    // A window of 0 ms: the first failure is already past it.
    const limits = { EMAIL_GIVE_UP_AFTER_MS: '0', EMAIL_RETRY_FIRST_MS: '50', EMAIL_POLL_MS: '50' };
    // A port nobody listens on: the address of a mail server that was just closed.
    const closed = await startMailServer();
    await closed.close();
    [refusing, unreachable] = await Promise.all([
      createTestApp({ SMTP_URL: mail.url, ...limits }),
      createTestApp({ SMTP_URL: closed.url, ...limits }),
    ]);
  });
  afterAll(async () => {
    await Promise.all([refusing.close(), unreachable.close()]);
    await mail.close();
  });

  it('marks a message the server keeps refusing as fallido with the reason, and tries no more', async () => {
    const seller = await loginAs(refusing.app, 'ventas@demo.mx');
    const [id] = await openQuotations(refusing);
    const to = 'siempre-ocupado@cliente.mx';
    mail.refuse(to, 451, Number.POSITIVE_INFINITY);
    const response = await sendEmail(refusing, seller, id!, { to: [to] }, 'email-give-up-key-1');
    expect(response.statusCode).toBe(202);
    const { id: emailId } = emailMessageSchema.parse(response.json());

    const failed = await waitForEmail(refusing, seller, id!, emailId, (m) => m.status !== 'pendiente');
    expect(failed).toMatchObject({ status: 'fallido', attempts: 1, sent_at: null, next_attempt_at: null });
    expect(failed.last_error).toMatch(/^451\b/);
    // Several polls later nothing was tried again.
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(mail.attempts.get(to)).toBe(1);
    expect((await emailsOf(refusing, seller, id!)).find((m) => m.id === emailId)).toMatchObject({ status: 'fallido', attempts: 1 });
  });

  it('gives the reason in Spanish when the mail server cannot be reached', async () => {
    const seller = await loginAs(unreachable.app, 'ventas@demo.mx');
    const [id] = await openQuotations(unreachable);
    const response = await sendEmail(unreachable, seller, id!, { to: ['compras@cliente.mx'] });
    const { id: emailId } = emailMessageSchema.parse(response.json());
    const failed = await waitForEmail(unreachable, seller, id!, emailId, (m) => m.status !== 'pendiente');
    expect(failed.status).toBe('fallido');
    expect(failed.last_error).toBe(emailMessages.unreachable('ECONNREFUSED'));
  });
});
