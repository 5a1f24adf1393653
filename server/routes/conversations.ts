import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import * as z from 'zod/mini';
import { conversationMessages } from '../../domain/messages/conversations';
import { emailMessages } from '../../domain/messages/email';
import {
  conversationInputSchema,
  conversationSchema,
  outgoingMessageSchema,
  sentMessageSchema,
  type MessageChannel,
} from '../../domain/schemas/conversations';
import type { Db } from '../db/client';
import { rows } from '../db/sql-rows';
import type { EmailSender } from '../email/sender';
import { enqueueEmail } from '../email/queue';
import { HttpError, parseInput } from '../http-errors';
import { idParamSchema } from '../http/params';
import { guardedRoutes, type RouteTable } from '../http/route-table';
import { currentUser, everyone, permission } from '../plugins/auth';
import { runMutation } from '../plugins/idempotency';
import { recordMessageStatus } from '../messaging/statuses';
import { validSignature, WHATSAPP_STATUS, type WhatsAppConfig, type WhatsAppSender } from '../messaging/whatsapp';
import { carriesSecret, receiveEmail } from '../messaging/email-inbound';
import { whatsAppNumber } from '../../domain/rules/whatsapp-number';

const text = conversationMessages;

/** What each route of this file needs (its access rule) and takes and answers (its OpenAPI entry). */
export const CONVERSATIONS_ROUTES = {
  'POST /api/v2/conversations': {
    access: permission('messages'),
    summary: 'Abrir (o reabrir) la conversación con un cliente o un prospecto por WhatsApp o correo',
    body: conversationInputSchema,
    response: conversationSchema,
    screen: '/messages',
  },
  'POST /api/v2/conversations/:id/messages': {
    access: permission('messages'),
    summary:
      'Enviar un mensaje en una conversación (una vez por Idempotency-Key; su estado: pendiente, enviado, entregado, leído o fallido)',
    body: outgoingMessageSchema,
    response: sentMessageSchema,
    screen: '/messages',
  },
  'POST /api/v2/messages/:id/retry': {
    access: permission('messages'),
    summary: 'Reintentar un mensaje que no salió',
    response: sentMessageSchema,
    screen: '/messages',
  },
  /** WhatsApp's subscription check: answers the challenge when the verify token matches. */
  'GET /api/v2/whatsapp/webhook': {
    access: everyone,
    summary: 'Verificación del webhook de WhatsApp (hub.challenge)',
    query: ['hub.mode', 'hub.verify_token', 'hub.challenge'],
  },
  'POST /api/v2/whatsapp/webhook': {
    access: everyone,
    summary: 'Avisos de WhatsApp: mensajes recibidos y estados (firmados con X-Hub-Signature-256)',
    recordRule: 'Refused (401) unless signed with the app secret.',
  },
  /** A customer's e-mail answer, as the raw message (a mail provider's inbound route, or the mail server's pipe). */
  'POST /api/v2/email/inbound': {
    access: everyone,
    summary:
      'Correo entrante: la respuesta de un cliente (el mensaje MIME completo, o el campo email / body-mime de un formulario) llega a su conversación, una vez',
    recordRule: 'Refused (401) unless it carries EMAIL_INBOUND_SECRET (Bearer, or the password of Basic).',
    // Mailgun posts the raw message only to an address ending in 'mime': `?mime` is that ending, and means nothing here.
    query: ['mime'],
  },
} satisfies RouteTable;

const guardedRoute = guardedRoutes(CONVERSATIONS_ROUTES);

const emailAddress = z.email();

/**
 * The conversation's address in every spelling a stored row may have: conversations opened before
 * numbers were normalised keep a Mexican mobile as 52 1 + 10 digits.
 */
function sameAddress(column: 'address' | 'c.address', channel: string, address: string) {
  const spellings = channel === 'whatsapp' && /^52\d{10}$/.test(address) ? [address, `521${address.slice(2)}`] : [address];
  return sql`${sql.raw(column)} IN (${sql.join(
    spellings.map((spelling) => sql`${spelling}`),
    sql`, `,
  )})`;
}

/**
 * WhatsApp's customer-service window: free text reaches a customer only within 24 hours of their
 * last message (outside it, only an approved template), so a message WhatsApp would refuse is not
 * taken at all. Any conversation at that number counts: it is one phone.
 */
async function withinWhatsAppWindow(tx: Db, address: string): Promise<boolean> {
  const [open] = await rows<{ open: boolean }>(
    tx,
    sql`SELECT EXISTS (SELECT 1 FROM messages m JOIN conversations c ON c.id = m.conversation_id
      WHERE c.channel = 'whatsapp' AND ${sameAddress('c.address', 'whatsapp', whatsAppNumber(address) ?? address)}
        AND m.direction = 'entrante' AND m.created_at > now() - interval '24 hours') AS open`,
  );
  return open?.open === true;
}

/** The largest raw e-mail taken: answers with attachments (only their names are kept). */
const MAX_INBOUND_EMAIL_BYTES = 25 * 1024 * 1024;

function addressFor(channel: MessageChannel, value: string | null | undefined): string {
  if (!value?.trim()) throw new HttpError(422, text.noAddress);
  if (channel === 'whatsapp') {
    const number = whatsAppNumber(value);
    if (!number) throw new HttpError(422, text.badPhone);
    return number;
  }
  if (!emailAddress.safeParse(value.trim()).success) throw new HttpError(422, text.badEmail);
  return value.trim().toLowerCase();
}

const MESSAGE_ANSWER = sql`m.id, m.conversation_id, m.direction, m.body,
  coalesce((SELECT s.status FROM message_statuses s WHERE s.message_id = m.id ORDER BY s.id DESC LIMIT 1), 'pendiente') AS status`;

const webhookSchema = z.object({
  entry: z._default(
    z.array(
      z.object({
        changes: z._default(
          z.array(
            z.object({
              value: z.object({
                messages: z._default(
                  z.array(
                    z.object({
                      id: z.string(),
                      from: z.string(),
                      type: z.optional(z.string()),
                      text: z.optional(z.object({ body: z.string() })),
                    }),
                  ),
                  [],
                ),
                statuses: z._default(
                  z.array(
                    z.object({
                      id: z.string(),
                      status: z.string(),
                      // Why a message failed: 131047 (outside the 24 hours) is the common case.
                      errors: z.optional(
                        z.array(
                          z.object({
                            code: z.optional(z.number()),
                            title: z.optional(z.string()),
                            message: z.optional(z.string()),
                            error_data: z.optional(z.object({ details: z.optional(z.string()) })),
                          }),
                        ),
                      ),
                    }),
                  ),
                  [],
                ),
              }),
            }),
          ),
          [],
        ),
      }),
    ),
    [],
  ),
});

export function conversationRoutes(
  app: FastifyInstance,
  db: Db,
  channels: {
    whatsapp: WhatsAppConfig | null;
    whatsappSender: WhatsAppSender | null;
    email: EmailSender | null;
    emailGiveUpAfterMs: number;
    /** EMAIL_INBOUND_SECRET: without it no e-mail comes in. */
    emailInboundSecret: string | null;
  },
): void {
  guardedRoute(app, 'POST /api/v2/conversations', async (request, reply) => {
    const body = parseInput(conversationInputSchema, request.body);
    return runMutation(db, request, reply, async (tx) => {
      // The other side: a customer's contact (or the customer's first contact), or a lead.
      const [party] = await rows<{
        company_id: number | null;
        contact_id: number | null;
        lead_id: number | null;
        phone: string | null;
        email: string | null;
      }>(
        tx,
        body.lead_id
          ? sql`SELECT NULL::int AS company_id, NULL::int AS contact_id, l.id AS lead_id, l.phone, l.email FROM leads l WHERE l.id = ${body.lead_id}`
          : sql`SELECT c.id AS company_id, ct.id AS contact_id, NULL::int AS lead_id, ct.phone, ct.email
              FROM companies c LEFT JOIN contacts ct ON ct.company_id = c.id AND (${body.contact_id ?? null}::int IS NULL OR ct.id = ${body.contact_id ?? null})
              WHERE c.id = ${body.company_id ?? 0} AND c.deleted_at IS NULL ORDER BY ct.id LIMIT 1`,
      );
      if (!party) throw new HttpError(422, text.customerNotFound);
      const address = addressFor(body.channel, body.address || (body.channel === 'whatsapp' ? party.phone : party.email));
      const [existing] = await rows<{ id: number }>(
        tx,
        sql`SELECT id FROM conversations WHERE channel = ${body.channel} AND ${sameAddress('address', body.channel, address)}
          AND coalesce(company_id, 0) = ${party.company_id ?? 0} AND coalesce(lead_id, 0) = ${party.lead_id ?? 0} ORDER BY id LIMIT 1`,
      );
      const [conversation] = existing
        ? await rows<{ id: number }>(tx, sql`SELECT id FROM conversations WHERE id = ${existing.id}`)
        : await rows<{ id: number }>(
            tx,
            sql`INSERT INTO conversations (company_id, contact_id, lead_id, channel, address)
              VALUES (${party.company_id}, ${party.contact_id}, ${party.lead_id}, ${body.channel}, ${address}) RETURNING id`,
          );
      const [answer] = await rows<z.infer<typeof conversationSchema>['data']>(
        tx,
        sql`SELECT id, company_id, lead_id, contact_id, channel, address FROM conversations WHERE id = ${conversation!.id}`,
      );
      return { status: existing ? 200 : 201, body: { data: answer } };
    });
  });

  /**
   * Hands a message to its conversation's channel: the WhatsApp loop, or the e-mail queue.
   * `emailSender`: the address e-mail would leave from, read before the transaction.
   */
  const queueOnChannel = async (
    tx: Db,
    messageId: number,
    conversation: { channel: string; address: string | null },
    userId: number,
    emailSender: string | null,
  ) => {
    if (conversation.channel === 'whatsapp') {
      if (!channels.whatsapp) throw new HttpError(409, text.whatsappOff);
      if (!(await withinWhatsAppWindow(tx, conversation.address ?? ''))) throw new HttpError(409, text.outsideWindow);
      await tx.execute(sql`UPDATE messages SET pending = true, next_attempt_at = now(), last_error = NULL WHERE id = ${messageId}`);
    } else {
      if (!channels.email) throw new HttpError(409, text.emailOff);
      if (!emailSender) throw new HttpError(409, emailMessages.noSender);
      await enqueueEmail(tx, {
        saleId: null,
        messageId,
        userId,
        to: [conversation.address ?? ''],
        // The sender composes it when it leaves, Reply-To and threading included (messaging/email-channel.ts).
        replyTo: null,
        subject: '',
        html: '',
        giveUpAfterMs: channels.emailGiveUpAfterMs,
      });
    }
    await recordMessageStatus(tx, messageId, 'pendiente');
  };
  const wake = (channel: string) => (channel === 'whatsapp' ? channels.whatsappSender?.wake() : channels.email?.wake());
  // Read before the transaction: on the embedded database a read beside an open transaction waits for it.
  const emailSenderAddress = async () => (channels.email ? channels.email.senderAddress() : null);

  guardedRoute(app, 'POST /api/v2/conversations/:id/messages', async (request, reply) => {
    const { id } = parseInput(idParamSchema, request.params, 404);
    const body = parseInput(outgoingMessageSchema, request.body);
    const user = currentUser(request);
    const emailSender = await emailSenderAddress();
    let channel = '';
    const answer = await runMutation(db, request, reply, async (tx) => {
      const [conversation] = await rows<{ channel: string; address: string | null }>(
        tx,
        sql`SELECT channel, address FROM conversations WHERE id = ${id}`,
      );
      if (!conversation) throw new HttpError(404, text.conversationNotFound);
      if (!conversation.address) throw new HttpError(422, text.noAddress);
      channel = conversation.channel;
      const [message] = await rows<{ id: number }>(
        tx,
        sql`INSERT INTO messages (conversation_id, user_id, direction, body) VALUES (${id}, ${user.id}, 'saliente', ${body.body}) RETURNING id`,
      );
      await queueOnChannel(tx, message!.id, conversation, user.id, emailSender);
      const [sent] = await rows(tx, sql`SELECT ${MESSAGE_ANSWER} FROM messages m WHERE m.id = ${message!.id}`);
      return { status: 201, body: { data: sent } };
    });
    if (channel) wake(channel);
    return answer;
  });

  guardedRoute(app, 'POST /api/v2/messages/:id/retry', async (request, reply) => {
    const { id } = parseInput(idParamSchema, request.params, 404);
    const user = currentUser(request);
    const emailSender = await emailSenderAddress();
    let channel = '';
    const answer = await runMutation(db, request, reply, async (tx) => {
      const [message] = await rows<{ direction: string; channel: string; address: string | null }>(
        tx,
        sql`SELECT m.direction, c.channel, c.address FROM messages m JOIN conversations c ON c.id = m.conversation_id
          WHERE m.id = ${id} FOR UPDATE OF m`,
      );
      if (!message) throw new HttpError(404, text.conversationNotFound);
      // Its state is read once the lock is held, in its own statement: two retries at once send it once.
      const [last] = await rows<{ status: string }>(
        tx,
        sql`SELECT status FROM message_statuses WHERE message_id = ${id} ORDER BY id DESC LIMIT 1`,
      );
      if (message.direction !== 'saliente' || last?.status !== 'fallido') throw new HttpError(409, text.onlyFailed);
      channel = message.channel;
      await tx.execute(sql`UPDATE messages SET attempts = 0 WHERE id = ${id}`);
      await queueOnChannel(tx, id, message, user.id, emailSender);
      const [sent] = await rows(tx, sql`SELECT ${MESSAGE_ANSWER} FROM messages m WHERE m.id = ${id}`);
      return { status: 200, body: { data: sent } };
    });
    if (channel) wake(channel);
    return answer;
  });

  guardedRoute(
    app,
    'GET /api/v2/whatsapp/webhook',
    async (request, reply) => {
      const query = request.query as Record<string, string | undefined>;
      const config = channels.whatsapp;
      if (!config?.verifyToken || query['hub.mode'] !== 'subscribe' || query['hub.verify_token'] !== config.verifyToken)
        throw new HttpError(403, text.badSignature);
      return reply.type('text/plain').send(String(query['hub.challenge'] ?? '').slice(0, 200));
    },
    { acceptsQuery: true },
  );

  // The signature is over the exact bytes WhatsApp sent: this route reads its body raw.
  void app.register(async (raw) => {
    raw.removeContentTypeParser('application/json');
    raw.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit: 1024 * 1024 }, (_request, body, done) => done(null, body));
    guardedRoute(raw, 'POST /api/v2/whatsapp/webhook', async (request, reply) => {
      const config = channels.whatsapp;
      const bytes = request.body as Buffer | undefined;
      if (
        !config?.appSecret ||
        !Buffer.isBuffer(bytes) ||
        !validSignature(config.appSecret, bytes, request.headers['x-hub-signature-256'] as string | undefined)
      )
        throw new HttpError(401, text.badSignature);
      let parsed: unknown;
      try {
        parsed = JSON.parse(bytes.toString('utf8'));
      } catch {
        throw new HttpError(400, text.badSignature);
      }
      const notice = parseInput(webhookSchema, parsed, 400);
      await db.transaction(async (tx) => {
        for (const change of notice.entry.flatMap((entry) => entry.changes)) {
          for (const incoming of change.value.messages) {
            // 52 1 + 10 digits and 52 + 10 digits are one Mexican phone: one conversation.
            const from = whatsAppNumber(incoming.from) ?? incoming.from;
            // The conversation at that number, else a new one with the customer whose contact has it.
            let [conversation] = await rows<{ id: number }>(
              tx,
              sql`SELECT id FROM conversations WHERE channel = 'whatsapp' AND ${sameAddress('address', 'whatsapp', from)} ORDER BY id LIMIT 1`,
            );
            if (!conversation) {
              [conversation] = await rows<{ id: number }>(
                tx,
                sql`INSERT INTO conversations (company_id, contact_id, channel, address)
                  SELECT ct.company_id, ct.id, 'whatsapp', ${from} FROM (SELECT 1) one
                  LEFT JOIN contacts ct ON right(regexp_replace(coalesce(ct.phone, ''), '\\D', '', 'g'), 10) = right(${from}, 10)
                  ORDER BY ct.id LIMIT 1 RETURNING id`,
              );
            }
            // A notice WhatsApp sends again adds nothing (its wamid is kept once).
            const inserted = await rows<{ id: number }>(
              tx,
              sql`INSERT INTO messages (conversation_id, direction, body, external_id)
                VALUES (${conversation!.id}, 'entrante', ${incoming.text?.body ?? `[${incoming.type ?? 'mensaje'}]`}, ${incoming.id})
                ON CONFLICT (external_id) DO NOTHING RETURNING id`,
            );
            if (inserted[0])
              await tx.execute(sql`INSERT INTO message_statuses (message_id, status) VALUES (${inserted[0].id}, 'recibido')`);
          }
          for (const status of change.value.statuses) {
            const state = WHATSAPP_STATUS[status.status];
            if (!state) continue;
            const [message] = await rows<{ id: number }>(tx, sql`SELECT id FROM messages WHERE external_id = ${status.id}`);
            if (!message) continue;
            const [error] = status.errors ?? [];
            // The reason stays with the message, for the seller to read beside 'fallido'.
            if (state === 'fallido' && error) {
              const reason = text.whatsappFailure(error.code, error.title, error.error_data?.details ?? error.message);
              await tx.execute(sql`UPDATE messages SET pending = false, last_error = ${reason.slice(0, 500)} WHERE id = ${message.id}`);
            }
            await recordMessageStatus(tx, message.id, state);
          }
        }
      });
      return reply.code(200).send({ ok: true });
    });
  });

  // A mail provider posts the raw message as it arrived; the mail server's pipe (curl --data-binary) too.
  void app.register(async (raw) => {
    for (const type of ['message/rfc822', 'application/octet-stream', 'text/plain']) {
      if (raw.hasContentTypeParser(type)) raw.removeContentTypeParser(type);
      raw.addContentTypeParser(type, { parseAs: 'buffer', bodyLimit: MAX_INBOUND_EMAIL_BYTES }, (_request, body, done) => done(null, body));
    }
    // Refused before a byte of the body is read: a stranger cannot make the server buffer 25 MB.
    raw.addHook('onRequest', async (request) => {
      const secret = channels.emailInboundSecret;
      if (!secret || !carriesSecret(secret, request.headers.authorization)) throw new HttpError(401, text.badInboundSecret);
    });
    guardedRoute(
      raw,
      'POST /api/v2/email/inbound',
      async (request, reply) => {
        // The onRequest hook above let through only a request carrying the secret.
        const secret = channels.emailInboundSecret!;
        let message: Buffer | null = Buffer.isBuffer(request.body) ? request.body : null;
        // SendGrid's Inbound Parse ('POST the raw, full MIME message') sends it as the field email; Mailgun's …/mime route as body-mime.
        if (request.isMultipart()) {
          try {
            for await (const part of request.parts({ limits: { fieldSize: MAX_INBOUND_EMAIL_BYTES, fileSize: MAX_INBOUND_EMAIL_BYTES } })) {
              const wanted = part.fieldname === 'email' || part.fieldname === 'body-mime';
              if (part.type === 'file') {
                if (wanted && !message) message = await part.toBuffer();
                else part.file.resume();
              } else if (wanted && !message && typeof part.value === 'string') message = Buffer.from(part.value, 'utf8');
            }
          } catch {
            throw new HttpError(400, text.badInboundMessage);
          }
        }
        if (!message || message.length === 0) throw new HttpError(422, text.badInboundMessage);
        const received = await receiveEmail(db, message, secret);
        if (!received.matched) request.log.info('inbound e-mail from an address no conversation, customer or lead has: not kept');
        // 200 even when nobody here knows the sender: the provider would only send it again.
        return reply.code(200).send(received);
      },
      { bodyLimit: MAX_INBOUND_EMAIL_BYTES, acceptsQuery: true },
    );
  });
}
