import { sql } from 'drizzle-orm';
import type { ParsedMail } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { conversationSchema, sentMessageSchema } from '../../domain/schemas/conversations';
import { businessIdentityAnswerSchema } from '../../domain/schemas/setup';
import { startMailServer, type MailServer } from './mail-server';
import { bearer, createTestApp, loginAs, type TestApp } from './test-app';

/**
 * Mensajes by e-mail as a customer's mail program sees it, against a real SMTP server started
 * here: the business's own sender domain (set in 'Datos del negocio'), a Reply-To that brings the
 * answer back to the conversation, a subject per conversation and threading headers; and the
 * answer coming in through the inbound route, as a mail provider or the mail server's pipe posts it.
 */
const SECRET = 'clave-de-correo-entrante-de-prueba-1234';
const INBOUND = 'respuestas@verduras-garza.mx';
const NO_SENDER =
  'El negocio no tiene un sitio web del que tomar el remitente de sus correos: escríbelo en Datos del negocio (o define EMAIL_FROM en el servidor). No se envió nada.';
let t: TestApp;
let mail: MailServer;
let token: string;

beforeAll(async () => {
  mail = await startMailServer();
  t = await createTestApp({
    SMTP_URL: mail.url,
    EMAIL_POLL_MS: '50',
    EMAIL_RETRY_FIRST_MS: '50',
    EMAIL_INBOUND_SECRET: SECRET,
    EMAIL_INBOUND_ADDRESS: INBOUND,
  });
  token = await loginAs(t.app, 'admin@demo.mx');
  await setWebsite('https://www.Verduras-Garza.mx/');
});
afterAll(async () => {
  await t.close();
  await mail.close();
});

const rowsOf = <T>(query: ReturnType<typeof sql>) => t.database.db.execute(query).then((r) => (r as unknown as { rows: T[] }).rows);
let keys = 0;
const post = (url: string, payload?: object) =>
  t.app.inject({
    method: 'POST',
    url,
    headers: { ...bearer(token), 'idempotency-key': `correo-${(keys += 1)}-${Date.now()}` },
    ...(payload && { payload }),
  });
const until = async <T>(check: () => T | undefined | Promise<T | undefined>): Promise<T> => {
  for (let i = 0; i < 200; i++) {
    const found = await check();
    if (found) return found;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('timed out');
};

/** 'Datos del negocio': the business changes its website. */
async function setWebsite(website: string): Promise<void> {
  const current = businessIdentityAnswerSchema.parse(
    (await t.app.inject({ method: 'GET', url: '/api/v2/business', headers: bearer(token) })).json(),
  );
  const { logo_url: _logo, ...fields } = current;
  const saved = await t.app.inject({
    method: 'PUT',
    url: '/api/v2/business',
    headers: { ...bearer(token), 'idempotency-key': `negocio-${(keys += 1)}` },
    payload: { ...fields, brand: 'Verduras Garza', clabe: '032180000118359719', website },
  });
  expect(saved.statusCode, saved.body).toBe(200);
}

async function openConversation(address: string): Promise<number> {
  const [company] = await rowsOf<{ id: number }>(sql`SELECT id FROM companies WHERE deleted_at IS NULL ORDER BY id LIMIT 1`);
  const opened = await post('/api/v2/conversations', { company_id: company!.id, channel: 'email', address });
  return conversationSchema.parse(opened.json()).data.id;
}

/** Sends `body` in the conversation and waits for the mail server to take it. */
async function send(conversationId: number, body: string): Promise<ParsedMail> {
  const sent = await post(`/api/v2/conversations/${conversationId}/messages`, { body });
  expect(sent.statusCode, sent.body).toBe(201);
  sentMessageSchema.parse(sent.json());
  return until(() => mail.received.find((email) => email.text?.includes(body)));
}

const inbound = (raw: string, authorization = `Bearer ${SECRET}`, contentType = 'message/rfc822', url = '/api/v2/email/inbound') =>
  t.app.inject({ method: 'POST', url, headers: { authorization, 'content-type': contentType }, payload: raw });

/** A customer's answer as their mail program writes it. */
function answer(headers: Record<string, string>, text: string): string {
  return [
    ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`),
    'MIME-Version: 1.0',
    'Date: Sun, 29 Nov 2026 10:00:00 -0600',
    'Content-Type: text/plain; charset=utf-8',
    'Content-Transfer-Encoding: 8bit',
    '',
    text,
  ].join('\r\n');
}

const bodiesOf = async (conversationId: number) =>
  (await t.app.inject({ method: 'GET', url: `/api/v1/message/all/${conversationId}`, headers: bearer(token) })).json<{
    data: { direction: string; body: string }[];
  }>().data;

describe("a conversation's e-mails", () => {
  it("leave from the business's own domain, answered at the conversation's address, each conversation its own thread", async () => {
    const first = await openConversation('compras@cliente-a.mx');
    const second = await openConversation('compras@cliente-b.mx');
    const a1 = await send(first, 'Le enviamos la lista de precios de esta semana.');
    expect(a1.from?.value[0]).toEqual({ address: 'cotizaciones@verduras-garza.mx', name: 'Verduras Garza' });
    // The answer comes back to this conversation: the inbound mailbox, tagged with it.
    expect(a1.replyTo?.value.map((entry) => entry.address)).toEqual([
      expect.stringMatching(new RegExp(`^respuestas\\+c${first}-[0-9a-f]{16}@verduras-garza\\.mx$`)),
    ]);
    expect(a1.subject).toMatch(new RegExp(`^Mensaje de Verduras Garza para .+ · Conversación ${first}$`));
    expect(a1.messageId).toMatch(/^<m\d+\.[0-9a-f]+@verduras-garza\.mx>$/);
    expect(a1.inReplyTo).toBeUndefined();

    const a2 = await send(first, 'Olvidé decirle: el limón bajó de precio.');
    expect(a2.subject).toBe(`Re: ${a1.subject}`);
    expect(a2.inReplyTo).toBe(a1.messageId);
    expect(a2.references).toBe(a1.messageId);
    expect(a2.messageId).not.toBe(a1.messageId);

    const b1 = await send(second, 'Buenos días, ¿le preparamos su pedido de siempre?');
    expect(b1.subject).toMatch(new RegExp(`· Conversación ${second}$`));
    expect(b1.subject).not.toBe(a1.subject);
    expect(b1.inReplyTo).toBeUndefined();
    expect(b1.replyTo?.value[0]?.address).toMatch(new RegExp(`^respuestas\\+c${second}-`));
  });

  it('bring the answer into its conversation once, matched by the thread it answers or by the address it was sent to', async () => {
    const conversation = await openConversation('ventas@cliente-c.mx');
    const ours = await send(conversation, '¿Le confirmo 20 kg de limón para el lunes?');
    const reply = answer(
      {
        From: 'Ana López <ventas@cliente-c.mx>',
        To: ours.replyTo!.text,
        Subject: `Re: ${ours.subject}`,
        'Message-ID': '<respuesta-1@cliente-c.mx>',
        'In-Reply-To': ours.messageId!,
        References: ours.messageId!,
      },
      'Sí, y 5 kg de naranja.\r\nGracias\r\n\r\nEl dom, 29 nov 2026 a las 9:00, Verduras Garza <cotizaciones@verduras-garza.mx> escribió:\r\n> ¿Le confirmo 20 kg de limón para el lunes?',
    );
    const received = await inbound(reply);
    expect(received.statusCode, received.body).toBe(200);
    expect(received.json()).toMatchObject({ matched: true, conversation_id: conversation, duplicate: false });
    // The provider sends it again: nothing more.
    const again = await inbound(reply);
    expect(again.json()).toMatchObject({ matched: true, conversation_id: conversation, duplicate: true });
    expect(await rowsOf(sql`SELECT 1 FROM messages WHERE external_id = '<respuesta-1@cliente-c.mx>'`)).toHaveLength(1);
    expect((await bodiesOf(conversation)).at(-1)).toMatchObject({ direction: 'entrante', body: 'Sí, y 5 kg de naranja.\nGracias' });

    // A colleague writes from another address, with no thread headers, to the conversation's address
    // (as SendGrid's Inbound Parse posts it: the raw message in the form's email field).
    const boundary = '----formulario-de-prueba';
    const forwarded = answer(
      { From: 'pagos@cliente-c.mx', To: ours.replyTo!.text, Subject: 'Pedido del lunes', 'Message-ID': '<pagos-1@cliente-c.mx>' },
      'También mándenos la factura, por favor.',
    );
    const form = [`--${boundary}`, 'Content-Disposition: form-data; name="email"', '', forwarded, `--${boundary}--`, ''].join('\r\n');
    const posted = await inbound(form, `Bearer ${SECRET}`, `multipart/form-data; boundary=${boundary}`);
    expect(posted.statusCode, posted.body).toBe(200);
    expect(posted.json()).toMatchObject({ matched: true, conversation_id: conversation, duplicate: false });
    expect((await bodiesOf(conversation)).at(-1)).toMatchObject({ direction: 'entrante', body: 'También mándenos la factura, por favor.' });
    // The same message from Mailgun's route (body-mime, at an address ending in 'mime') is the one already kept.
    const mailgun = [`--${boundary}`, 'Content-Disposition: form-data; name="body-mime"', '', forwarded, `--${boundary}--`, ''].join(
      '\r\n',
    );
    const repeated = await inbound(mailgun, `Bearer ${SECRET}`, `multipart/form-data; boundary=${boundary}`, '/api/v2/email/inbound?mime');
    expect(repeated.json()).toMatchObject({ matched: true, conversation_id: conversation, duplicate: true });

    // Our next e-mail follows the customer's latest in the thread.
    const next = await send(conversation, 'Con gusto, va con la factura.');
    expect(next.inReplyTo).toBe('<pagos-1@cliente-c.mx>');
    expect(next.references).toEqual([ours.messageId, '<respuesta-1@cliente-c.mx>', '<pagos-1@cliente-c.mx>']);
  });

  it('take an answer only with the secret, and no tag nobody issued', async () => {
    const conversation = await openConversation('compras@cliente-d.mx');
    const forged = answer(
      { From: 'alguien@otro.mx', To: `respuestas+c${conversation}-0000000000000000@verduras-garza.mx`, 'Message-ID': '<falso-1@otro.mx>' },
      'Cambien la cuenta de depósito.',
    );
    expect((await inbound(forged, 'Bearer otra-clave-que-no-es-la-del-servidor')).statusCode).toBe(401);
    expect((await inbound(forged, '')).statusCode).toBe(401);
    expect((await inbound(forged, 'Bearer otra-clave-que-no-es-la-del-servidor')).json().message).toBe(
      'El aviso de correo entrante no trae la clave de este servidor.',
    );
    expect(await rowsOf(sql`SELECT 1 FROM messages WHERE external_id = '<falso-1@otro.mx>'`)).toHaveLength(0);
    // With the secret (as the password of a provider's https://usuario:clave@… address) but a tag this server never made:
    // a stranger's message reaches no conversation.
    const basic = `Basic ${Buffer.from(`correo:${SECRET}`).toString('base64')}`;
    const unknown = await inbound(forged, basic);
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json()).toMatchObject({ matched: false });
    expect(await rowsOf(sql`SELECT 1 FROM messages WHERE external_id = '<falso-1@otro.mx>'`)).toHaveLength(0);
  });
});

describe('without a domain of its own', () => {
  it('sends nothing, and says how to give one', async () => {
    const conversation = await openConversation('compras@cliente-e.mx');
    await setWebsite('');
    try {
      const refused = await post(`/api/v2/conversations/${conversation}/messages`, { body: 'Hola' });
      expect(refused.statusCode).toBe(409);
      expect(refused.json().message).toBe(NO_SENDER);
      const [quotation] = await rowsOf<{ id: number }>(
        sql`SELECT id FROM sales WHERE kind = 'quotation' AND canceled_at IS NULL AND deleted_at IS NULL ORDER BY id LIMIT 1`,
      );
      const quoted = await post(`/api/v2/quotations/${quotation!.id}/email`, { to: ['compras@cliente-e.mx'] });
      expect(quoted.statusCode).toBe(409);
      expect(quoted.json().message).toBe(NO_SENDER);
      expect(await rowsOf(sql`SELECT 1 FROM email_messages WHERE "to" @> '["compras@cliente-e.mx"]'::jsonb`)).toHaveLength(0);
    } finally {
      await setWebsite('www.verduras-garza.mx');
    }
  });
});
