import { createHmac } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { conversationSchema, sentMessageSchema } from '../../domain/schemas/conversations';
import { startMailServer, type MailServer } from './mail-server';
import { bearer, createTestApp, loginAs, type TestApp } from './test-app';

/**
 * Mensajes on both channels against servers started by the test: a real SMTP server for e-mail,
 * and a fake WhatsApp Cloud API that answers as the Graph API does; the test plays WhatsApp's
 * webhook too, signing its calls with the app secret.
 */
const APP_SECRET = 'secreto-de-la-app-de-prueba';
const VERIFY_TOKEN = 'token-de-verificacion';
let t: TestApp;
let mail: MailServer;
let graph: Server;
const sentToGraph: { path: string; authorization: string | undefined; body: { to: string; text: { body: string } } }[] = [];
/** Numbers the fake Graph API refuses (400, as for a number not on WhatsApp). */
const refused = new Set<string>();
let wamids = 0;

beforeAll(async () => {
  mail = await startMailServer();
  graph = createServer((request, response) => {
    let raw = '';
    request.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
    request.on('end', () => {
      const body = JSON.parse(raw) as { to: string; text: { body: string } };
      sentToGraph.push({ path: request.url ?? '', authorization: request.headers.authorization, body });
      if (refused.has(body.to)) {
        response
          .writeHead(400, { 'content-type': 'application/json' })
          .end(JSON.stringify({ error: { message: 'Recipient phone number not in allowed list' } }));
        return;
      }
      wamids += 1;
      response
        .writeHead(200, { 'content-type': 'application/json' })
        .end(
          JSON.stringify({ messaging_product: 'whatsapp', contacts: [{ wa_id: body.to }], messages: [{ id: `wamid.prueba${wamids}` }] }),
        );
    });
  });
  await new Promise<void>((resolve) => graph.listen(0, '127.0.0.1', resolve));
  t = await createTestApp({
    SMTP_URL: mail.url,
    EMAIL_POLL_MS: '50',
    EMAIL_RETRY_FIRST_MS: '50',
    EMAIL_GIVE_UP_AFTER_MS: '0',
    WHATSAPP_TOKEN: 'token-de-whatsapp-de-prueba',
    WHATSAPP_PHONE_NUMBER_ID: '1098765432',
    WHATSAPP_API_URL: `http://127.0.0.1:${(graph.address() as AddressInfo).port}/v21.0`,
    WHATSAPP_APP_SECRET: APP_SECRET,
    WHATSAPP_VERIFY_TOKEN: VERIFY_TOKEN,
    WHATSAPP_POLL_MS: '50',
    WHATSAPP_RETRY_FIRST_MS: '50',
  });
  await t.app.ready();
});
afterAll(async () => {
  await t.close();
  await mail.close();
  await new Promise((resolve) => graph.close(resolve));
});

const rowsOf = <T>(query: ReturnType<typeof sql>) => t.database.db.execute(query).then((r) => (r as unknown as { rows: T[] }).rows);
let keys = 0;
const post = async (url: string, payload?: object, key = `mensaje-${(keys += 1)}-${Date.now()}`) =>
  t.app.inject({
    method: 'POST',
    url,
    headers: { ...bearer(await loginAs(t.app, 'admin@demo.mx')), 'idempotency-key': key },
    ...(payload && { payload }),
  });
const statusOf = async (messageId: number) =>
  (await rowsOf<{ status: string }>(sql`SELECT status FROM message_statuses WHERE message_id = ${messageId} ORDER BY id`)).map(
    (row) => row.status,
  );
const until = async (check: () => Promise<boolean> | boolean) => {
  for (let i = 0; i < 150; i++) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('timed out');
};
const webhook = (payload: object, secret = APP_SECRET) => {
  const body = JSON.stringify(payload);
  return t.app.inject({
    method: 'POST',
    url: '/api/v2/whatsapp/webhook',
    headers: {
      'content-type': 'application/json',
      'x-hub-signature-256': `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`,
    },
    payload: body,
  });
};
const change = (value: object) => ({ object: 'whatsapp_business_account', entry: [{ id: '1', changes: [{ field: 'messages', value }] }] });
async function company(): Promise<number> {
  const [row] = await rowsOf<{ id: number }>(sql`SELECT id FROM companies WHERE deleted_at IS NULL ORDER BY id LIMIT 1`);
  return row!.id;
}

/** The customer writes to the business on WhatsApp (from `from`, as WhatsApp spells it). */
let incomingCount = 0;
const customerWrites = (from: string, body = 'Hola, ¿tienen limón?') =>
  webhook(change({ messages: [{ id: `wamid.cliente${(incomingCount += 1)}`, from, type: 'text', text: { body } }] }));
const OUTSIDE_WINDOW =
  'WhatsApp solo deja escribir texto libre en las 24 horas siguientes al último mensaje del cliente, y este no ha escrito en ese plazo: fuera de él hace falta una plantilla aprobada. Pídele que te escriba o usa el correo.';

describe('WhatsApp', () => {
  it('sends once per Idempotency-Key, follows its statuses and receives the answer in the same conversation', async () => {
    const opened = await post('/api/v2/conversations', { company_id: await company(), channel: 'whatsapp', address: '81 1234 5678' });
    expect(opened.statusCode, opened.body).toBe(201);
    const conversation = conversationSchema.parse(opened.json()).data;
    expect(conversation.address).toBe('528112345678');
    // The customer writes first (WhatsApp spells their Mexican mobile with the old 1): the same conversation.
    expect((await customerWrites('5218112345678', 'Buenos días, ¿a qué hora llega mi pedido?')).statusCode).toBe(200);
    const [opening] = await rowsOf<{ conversation_id: number }>(
      sql`SELECT conversation_id FROM messages WHERE external_id = ${`wamid.cliente${incomingCount}`}`,
    );
    expect(opening!.conversation_id).toBe(conversation.id);
    const body = { body: 'Buenos días, su pedido sale hoy a las 10.' };
    const first = await post(`/api/v2/conversations/${conversation.id}/messages`, body, 'whatsapp-una-vez');
    const again = await post(`/api/v2/conversations/${conversation.id}/messages`, body, 'whatsapp-una-vez');
    expect(first.statusCode).toBe(201);
    expect(again.json()).toEqual(first.json());
    const message = sentMessageSchema.parse(first.json()).data;
    expect(message.status).toBe('pendiente');
    await until(async () => (await statusOf(message.id)).includes('enviado'));
    const calls = sentToGraph.filter((call) => call.body.text.body === body.body);
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({
      path: '/v21.0/1098765432/messages',
      authorization: 'Bearer token-de-whatsapp-de-prueba',
      body: { to: '528112345678' },
    });
    const wamid = (await rowsOf<{ external_id: string }>(sql`SELECT external_id FROM messages WHERE id = ${message.id}`))[0]!.external_id;

    // WhatsApp tells: delivered, read (and delivered again, late): the statuses go forward once.
    expect(
      (
        await webhook(
          change({
            statuses: [
              { id: wamid, status: 'delivered' },
              { id: wamid, status: 'read' },
              { id: wamid, status: 'delivered' },
            ],
          }),
        )
      ).statusCode,
    ).toBe(200);
    expect(await statusOf(message.id)).toEqual(['pendiente', 'enviado', 'entregado', 'leído']);

    // The customer answers (written 52 1 …, then 52 …); the same notice twice is one message.
    const reply = change({
      messages: [{ id: 'wamid.entrante1', from: '5218112345678', type: 'text', text: { body: '¡Gracias! ¿Me traen también limones?' } }],
    });
    await webhook(reply);
    await webhook(reply);
    const incoming = await rowsOf<{ conversation_id: number; direction: string }>(
      sql`SELECT conversation_id, direction FROM messages WHERE external_id = 'wamid.entrante1'`,
    );
    expect(incoming).toEqual([{ conversation_id: conversation.id, direction: 'entrante' }]);
    const read = await t.app.inject({
      method: 'GET',
      url: `/api/v1/message/all/${conversation.id}`,
      headers: bearer(await loginAs(t.app, 'admin@demo.mx')),
    });
    expect(read.json<{ data: { body: string }[] }>().data.map((m) => m.body)).toEqual([
      'Buenos días, ¿a qué hora llega mi pedido?',
      body.body,
      '¡Gracias! ¿Me traen también limones?',
    ]);
    await customerWrites('528112345678', 'Y dos cajas de naranja.');
    expect(
      await rowsOf(sql`SELECT id FROM conversations WHERE channel = 'whatsapp' AND address IN ('528112345678', '5218112345678')`),
    ).toHaveLength(1);
  });

  it('finds the conversation a number was kept in with its 1 after 52, and opens no second one', async () => {
    // A conversation stored before numbers were normalised.
    const [kept] = await rowsOf<{ id: number }>(
      sql`INSERT INTO conversations (company_id, channel, address) VALUES (${await company()}, 'whatsapp', '5218111112222') RETURNING id`,
    );
    await customerWrites('528111112222', 'Hola de nuevo');
    const [incoming] = await rowsOf<{ conversation_id: number }>(
      sql`SELECT conversation_id FROM messages WHERE external_id = ${`wamid.cliente${incomingCount}`}`,
    );
    expect(incoming!.conversation_id).toBe(kept!.id);
    const reopened = await post('/api/v2/conversations', {
      company_id: await company(),
      channel: 'whatsapp',
      address: '+52 1 81 1111 2222',
    });
    expect(reopened.statusCode).toBe(200);
    expect(conversationSchema.parse(reopened.json()).data.id).toBe(kept!.id);
  });

  it('refuses free text outside the 24 hours after the customer last wrote, and says why', async () => {
    const conversation = conversationSchema.parse(
      (await post('/api/v2/conversations', { company_id: await company(), channel: 'whatsapp', address: '8122223333' })).json(),
    ).data;
    const before = sentToGraph.length;
    // Nobody has written yet: WhatsApp would refuse it (131047), so it is not taken.
    const unanswered = await post(`/api/v2/conversations/${conversation.id}/messages`, { body: '¿Le interesa nuestra lista de precios?' });
    expect(unanswered.statusCode).toBe(409);
    expect(unanswered.json().message).toBe(OUTSIDE_WINDOW);
    await customerWrites('528122223333', 'Sí, mándela.');
    // Twenty-five hours later, the window has closed again.
    await t.database.db.execute(
      sql`UPDATE messages SET created_at = now() - interval '25 hours' WHERE external_id = ${`wamid.cliente${incomingCount}`}`,
    );
    const late = await post(`/api/v2/conversations/${conversation.id}/messages`, { body: 'Aquí está la lista.' });
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe(OUTSIDE_WINDOW);
    expect(await rowsOf(sql`SELECT 1 FROM messages WHERE conversation_id = ${conversation.id} AND direction = 'saliente'`)).toHaveLength(0);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(sentToGraph.length).toBe(before);
  });

  it("keeps the reason of a message WhatsApp reports failed, and the conversation shows it beside 'fallido'", async () => {
    const conversation = conversationSchema.parse(
      (await post('/api/v2/conversations', { company_id: await company(), channel: 'whatsapp', address: '8133334444' })).json(),
    ).data;
    await customerWrites('5218133334444');
    const message = sentMessageSchema.parse(
      (await post(`/api/v2/conversations/${conversation.id}/messages`, { body: 'Le confirmo su pedido.' })).json(),
    ).data;
    await until(async () => (await statusOf(message.id)).includes('enviado'));
    const [sent] = await rowsOf<{ external_id: string }>(sql`SELECT external_id FROM messages WHERE id = ${message.id}`);
    const failed = await webhook(
      change({
        statuses: [
          {
            id: sent!.external_id,
            status: 'failed',
            timestamp: '1764400000',
            recipient_id: '528133334444',
            errors: [
              {
                code: 131047,
                title: 'Re-engagement message',
                message: 'Re-engagement message',
                error_data: {
                  details: 'Message failed to send because more than 24 hours have passed since the customer last replied to this number.',
                },
                href: 'https://developers.facebook.com/docs/whatsapp/cloud-api/support/error-codes/',
              },
            ],
          },
        ],
      }),
    );
    expect(failed.statusCode).toBe(200);
    expect(await statusOf(message.id)).toEqual(['pendiente', 'enviado', 'fallido']);
    const read = await t.app.inject({
      method: 'GET',
      url: `/api/v1/message/all/${conversation.id}`,
      headers: bearer(await loginAs(t.app, 'admin@demo.mx')),
    });
    const shown = read.json<{ data: { id: number; last_error: string | null }[] }>().data.find((m) => m.id === message.id);
    expect(shown?.last_error).toBe(
      'Pasaron más de 24 horas desde el último mensaje del cliente: WhatsApp solo entrega una plantilla aprobada hasta que vuelva a escribir. (WhatsApp 131047: Re-engagement message)',
    );
  });

  it('refuses a webhook call not signed with the app secret, and verifies the subscription with its token', async () => {
    const forged = await webhook(
      change({ messages: [{ id: 'wamid.falso', from: '528100000000', text: { body: 'hola' } }] }),
      'otro-secreto',
    );
    expect(forged.statusCode).toBe(401);
    expect(await rowsOf(sql`SELECT 1 FROM messages WHERE external_id = 'wamid.falso'`)).toHaveLength(0);
    const unsigned = await t.app.inject({
      method: 'POST',
      url: '/api/v2/whatsapp/webhook',
      headers: { 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(unsigned.statusCode).toBe(401);
    const verify = await t.app.inject({
      method: 'GET',
      url: `/api/v2/whatsapp/webhook?hub.mode=subscribe&hub.verify_token=${VERIFY_TOKEN}&hub.challenge=12345`,
    });
    expect(verify.statusCode).toBe(200);
    expect(verify.body).toBe('12345');
    const wrong = await t.app.inject({
      method: 'GET',
      url: '/api/v2/whatsapp/webhook?hub.mode=subscribe&hub.verify_token=otro&hub.challenge=1',
    });
    expect(wrong.statusCode).toBe(403);
  });

  it('shows a refused message as fallido with the reason, and sends it when retried', async () => {
    refused.add('528187654321');
    const conversation = conversationSchema.parse(
      (await post('/api/v2/conversations', { company_id: await company(), channel: 'whatsapp', address: '8187654321' })).json(),
    ).data;
    await customerWrites('528187654321');
    const message = sentMessageSchema.parse(
      (await post(`/api/v2/conversations/${conversation.id}/messages`, { body: 'Hola' })).json(),
    ).data;
    await until(async () => (await statusOf(message.id)).at(-1) === 'fallido');
    const [row] = await rowsOf<{ last_error: string }>(sql`SELECT last_error FROM messages WHERE id = ${message.id}`);
    expect(row!.last_error).toBe('Recipient phone number not in allowed list');
    refused.delete('528187654321');
    const retried = await post(`/api/v2/messages/${message.id}/retry`);
    expect(retried.statusCode, retried.body).toBe(200);
    await until(async () => (await statusOf(message.id)).at(-1) === 'enviado');
    expect(await statusOf(message.id)).toEqual(['pendiente', 'fallido', 'pendiente', 'enviado']);
    // Only a message that did not go out is retried.
    expect((await post(`/api/v2/messages/${message.id}/retry`)).statusCode).toBe(409);
  });
});

describe('e-mail', () => {
  it('sends through the e-mail queue to a real mail server; a refusal is fallido and a retry sends it', async () => {
    const conversation = conversationSchema.parse(
      (await post('/api/v2/conversations', { company_id: await company(), channel: 'email', address: 'Compras@Cliente.mx' })).json(),
    ).data;
    expect(conversation.address).toBe('compras@cliente.mx');
    const message = sentMessageSchema.parse(
      (
        await post(`/api/v2/conversations/${conversation.id}/messages`, {
          body: 'Le enviamos la lista de precios de esta semana.\n\nSaludos.',
        })
      ).json(),
    ).data;
    await until(async () => (await statusOf(message.id)).includes('enviado'));
    const received = mail.received.find((email) => email.text?.includes('Le enviamos la lista de precios de esta semana.'))!;
    expect(received.subject).toMatch(/^Mensaje de Frutas del Norte para .+ · Conversación \d+$/);
    expect(received.to && 'text' in received.to ? received.to.text : '').toBe('compras@cliente.mx');
    // No inbound mailbox on this server: the answer goes to the seller who wrote.
    expect(received.replyTo?.value.map((entry) => entry.address)).toEqual(['admin@demo.mx']);

    mail.refuse('rechaza@cliente.mx', 550, 1);
    const refusedConversation = conversationSchema.parse(
      (await post('/api/v2/conversations', { company_id: await company(), channel: 'email', address: 'rechaza@cliente.mx' })).json(),
    ).data;
    const failed = sentMessageSchema.parse(
      (await post(`/api/v2/conversations/${refusedConversation.id}/messages`, { body: 'Hola' })).json(),
    ).data;
    await until(async () => (await statusOf(failed.id)).at(-1) === 'fallido');
    // Two retries at once: one is taken, the other refused, and one e-mail leaves.
    const retries = await Promise.all([post(`/api/v2/messages/${failed.id}/retry`), post(`/api/v2/messages/${failed.id}/retry`)]);
    expect(retries.map((retry) => retry.statusCode).sort()).toEqual([200, 409]);
    await until(async () => (await statusOf(failed.id)).at(-1) === 'enviado');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await rowsOf(sql`SELECT 1 FROM email_messages WHERE message_id = ${failed.id}`)).toHaveLength(2);
  });

  it('refuses a bad address and a channel this server has not configured', async () => {
    const badEmail = await post('/api/v2/conversations', { company_id: await company(), channel: 'email', address: 'no-es-correo' });
    expect(badEmail.json().message).toBe('E-mail inavlido.');
    const badPhone = await post('/api/v2/conversations', { company_id: await company(), channel: 'whatsapp', address: '123' });
    expect(badPhone.json().message).toBe('Escribe el número de WhatsApp con lada: 10 dígitos, o con el código del país.');
    const plain = await createTestApp();
    try {
      const token = await loginAs(plain.app, 'admin@demo.mx');
      const opened = await plain.app.inject({
        method: 'POST',
        url: '/api/v2/conversations',
        headers: { ...bearer(token), 'idempotency-key': 'sin-whatsapp-1' },
        payload: { company_id: await company(), channel: 'whatsapp', address: '8112345678' },
      });
      const id = opened.json<{ data: { id: number } }>().data.id;
      const sent = await plain.app.inject({
        method: 'POST',
        url: `/api/v2/conversations/${id}/messages`,
        headers: { ...bearer(token), 'idempotency-key': 'sin-whatsapp-2' },
        payload: { body: 'Hola' },
      });
      expect(sent.statusCode).toBe(409);
      expect(sent.json().message).toBe('WhatsApp no está configurado en este servidor.');
    } finally {
      await plain.close();
    }
  });
});
