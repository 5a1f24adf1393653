import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMailServer, type MailServer } from './mail-server';
import { createTestApp, type TestApp } from './test-app';
import { rejectStop, routeWithStops, rowsOf, startRoute, tokenOf, until } from './tracking-route';

/**
 * The customer told about their delivery (issue 47), through Mensajes' channels against servers
 * the test starts: a fake WhatsApp Cloud API (as conversations.test.ts's) and a real SMTP server.
 */
const PUBLIC_URL = 'https://ventas.ejemplo.mx';
let t: TestApp;
let mail: MailServer;
let graph: Server;
interface GraphCall {
  to: string;
  type: string;
  text?: { body: string };
  template?: { name: string; language: { code: string }; components: { type: string; parameters: { type: string; text: string }[] }[] };
}
const sentToGraph: GraphCall[] = [];
let wamids = 0;

beforeAll(async () => {
  mail = await startMailServer();
  graph = createServer((request, response) => {
    let raw = '';
    request.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
    request.on('end', () => {
      const body = JSON.parse(raw) as GraphCall;
      sentToGraph.push(body);
      wamids += 1;
      response
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify({ messaging_product: 'whatsapp', messages: [{ id: `wamid.seguimiento${wamids}` }] }));
    });
  });
  await new Promise<void>((resolve) => graph.listen(0, '127.0.0.1', resolve));
  t = await createTestApp({
    PUBLIC_URL,
    SMTP_URL: mail.url,
    EMAIL_FROM: 'avisos@ejemplo.mx',
    EMAIL_POLL_MS: '50',
    EMAIL_RETRY_FIRST_MS: '50',
    WHATSAPP_TOKEN: 'token-de-whatsapp-de-prueba',
    WHATSAPP_PHONE_NUMBER_ID: '1098765432',
    WHATSAPP_API_URL: `http://127.0.0.1:${(graph.address() as AddressInfo).port}/v21.0`,
    WHATSAPP_POLL_MS: '50',
    WHATSAPP_RETRY_FIRST_MS: '50',
    WHATSAPP_TEMPLATE_ROUTE_STARTED: 'pedido_en_camino',
    WHATSAPP_TEMPLATE_STOP_NEXT: 'pedido_siguiente',
  });
});
afterAll(async () => {
  await t.close();
  await mail.close();
  await new Promise((resolve) => graph.close(resolve));
});

const callsTo = (phone: string) => sentToGraph.filter((call) => call.to === `52${phone}`);
const mailsTo = (address: string) => mail.received.filter((message) => message.to && JSON.stringify(message.to).includes(address));
const bodyParameters = (call: GraphCall) => call.template!.components[0]!.parameters.map((parameter) => parameter.text);

describe('when a route starts', () => {
  it('gives each stop its link and tells each customer once — the first in order that theirs is next, the others that it is on its way: WhatsApp by template, e-mail without a phone, nobody without either', async () => {
    const { shippingId, stops } = await routeWithStops(t, ['whatsapp', 'email', 'nobody']);
    const [onWhatsApp, byEmail, unreachable] = stops as [(typeof stops)[0], (typeof stops)[0], (typeof stops)[0]];
    const started = await startRoute(t, shippingId);
    expect(started.statusCode, started.body).toBe(200);

    const tokens = await Promise.all(stops.map((stop) => tokenOf(t, stop.detailId)));
    for (const token of tokens) expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(new Set(tokens).size).toBe(3);

    await until(() => callsTo(onWhatsApp.phone!).length > 0 && mailsTo(byEmail.email!).length > 0);
    const [call] = callsTo(onWhatsApp.phone!);
    // The first stop in the route's order (none set: by id) is next already: one message saying so, not two.
    expect(callsTo(onWhatsApp.phone!)).toHaveLength(1);
    expect(call).toMatchObject({ type: 'template', template: { name: 'pedido_siguiente', language: { code: 'es_MX' } } });
    const link = `${PUBLIC_URL}/seguimiento/${tokens[0]}`;
    const parameters = bodyParameters(call!);
    expect(parameters).toHaveLength(4);
    expect(parameters[1]).toContain('Cliente');
    expect(parameters[3]).toBe(link);
    // The conversation shows the same words, in Spanish, on the customer's WhatsApp conversation.
    const [shown] = await rowsOf<{ body: string; channel: string; company_id: number }>(
      t,
      sql`SELECT m.body, c.channel, c.company_id FROM messages m JOIN conversations c ON c.id = m.conversation_id
        WHERE c.address = ${`52${onWhatsApp.phone}`} ORDER BY m.id`,
    );
    expect(shown).toMatchObject({ channel: 'whatsapp', company_id: onWhatsApp.companyId });
    expect(shown!.body).toContain('Su pedido es el siguiente');
    expect(shown!.body).toContain(link);

    const [email] = mailsTo(byEmail.email!);
    expect(email!.text).toContain('Su pedido va en camino');
    expect(email!.text).toContain(`${PUBLIC_URL}/seguimiento/${tokens[1]}`);

    const told = await rowsOf<{ id: number; told: boolean; next: boolean }>(
      t,
      sql`SELECT id, told_started_at IS NOT NULL AS told, told_next_at IS NOT NULL AS next FROM shipping_details WHERE shipping_id = ${shippingId} ORDER BY id`,
    );
    expect(told).toEqual([
      { id: onWhatsApp.detailId, told: true, next: true },
      { id: byEmail.detailId, told: true, next: false },
      { id: unreachable.detailId, told: false, next: false },
    ]);
    // Nobody to tell is no error, and no message.
    const [conversations] = await rowsOf<{ count: number }>(
      t,
      sql`SELECT count(*)::int AS count FROM messages m JOIN conversations c ON c.id = m.conversation_id
        WHERE c.company_id = ${unreachable.companyId} AND m.body LIKE '%Su pedido%'`,
    );
    expect(conversations!.count).toBe(0);
  });

  it('tells nobody twice: the same start replayed, from a second phone, or again by the office', async () => {
    const { shippingId, stops } = await routeWithStops(t, ['whatsapp', 'email']);
    const key = `inicio-${shippingId}`;
    expect((await startRoute(t, shippingId, key)).statusCode).toBe(200);
    expect((await startRoute(t, shippingId, key)).statusCode).toBe(200);
    expect((await startRoute(t, shippingId)).statusCode).toBe(200);
    await until(() => callsTo(stops[0]!.phone!).length > 0 && mailsTo(stops[1]!.email!).length > 0);
    // Time for a second message to go out, were there one.
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(callsTo(stops[0]!.phone!)).toHaveLength(1);
    expect(mailsTo(stops[1]!.email!)).toHaveLength(1);
    const [messages] = await rowsOf<{ count: number }>(
      t,
      sql`SELECT count(*)::int AS count FROM messages m JOIN conversations c ON c.id = m.conversation_id
        WHERE c.company_id IN (${stops[0]!.companyId}, ${stops[1]!.companyId}) AND m.body LIKE '%Su pedido%'`,
    );
    expect(messages!.count).toBe(2);
  });
});

describe('when a stop is completed', () => {
  it('tells the next stop in the route’s order, once, that theirs is next', async () => {
    const { shippingId, stops } = await routeWithStops(t, ['email', 'whatsapp', 'whatsapp']);
    const [first, second, third] = stops as [(typeof stops)[0], (typeof stops)[0], (typeof stops)[0]];
    // The office's order puts the third first, then the first; the second has no place in it (last).
    await t.database.db.execute(sql`UPDATE shipping_details SET stop_order = 1 WHERE id = ${third.detailId}`);
    await t.database.db.execute(sql`UPDATE shipping_details SET stop_order = 2 WHERE id = ${first.detailId}`);
    expect((await startRoute(t, shippingId)).statusCode).toBe(200);
    await until(() => callsTo(second.phone!).length === 1 && callsTo(third.phone!).length === 1);
    // The first in the office's order is told at the start that theirs is next; the others that it is on its way.
    expect([callsTo(third.phone!)[0]!.template!.name, callsTo(second.phone!)[0]!.template!.name]).toEqual(['pedido_siguiente', 'pedido_en_camino']);
    await until(() => mailsTo(first.email!).length === 1);
    expect(mailsTo(first.email!)[0]!.text).toContain('Su pedido va en camino');

    // The first in order is done: the next is `first` (by e-mail).
    expect((await rejectStop(t, third.detailId)).statusCode).toBe(200);
    await until(() => mailsTo(first.email!).some((message) => (message.text ?? '').includes('Su pedido es el siguiente')));
    // Then `first` is done: `second` (unordered, last) is next, by its WhatsApp template.
    expect((await rejectStop(t, first.detailId)).statusCode).toBe(200);
    await until(() => callsTo(second.phone!).length === 2);
    const next = callsTo(second.phone!)[1]!;
    expect(next.template!.name).toBe('pedido_siguiente');
    expect(bodyParameters(next)[3]).toBe(`${PUBLIC_URL}/seguimiento/${await tokenOf(t, second.detailId)}`);
    const [shown] = await rowsOf<{ body: string }>(
      t,
      sql`SELECT m.body FROM messages m JOIN conversations c ON c.id = m.conversation_id
        WHERE c.address = ${`52${second.phone}`} ORDER BY m.id DESC LIMIT 1`,
    );
    expect(shown!.body).toContain('Su pedido es el siguiente');
    // Nobody is told twice, nor is a completed stop told it is next.
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(callsTo(third.phone!)).toHaveLength(1);
    expect(callsTo(second.phone!)).toHaveLength(2);
    expect(mailsTo(first.email!)).toHaveLength(2);
  });
});
