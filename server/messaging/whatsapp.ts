import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { createHmac, timingSafeEqual } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { rows } from '../db/sql-rows';
import { ClaimLoop } from '../claim-loop';
import { conversationMessages } from '../../domain/messages/conversations';
import { recordMessageStatus, type MessageStatus } from './statuses';

/**
 * WhatsApp Business Cloud API, one of Mensajes' channels (docs/decisions/015). An outgoing message
 * waits in its row (`pending`) from the request that wrote it, so it is sent once per
 * Idempotency-Key and survives a restart; each process's loop claims due ones (SKIP LOCKED),
 * hands them to the Graph API and keeps the wamid it answers, by which the webhook's statuses
 * (sent, delivered, read, failed) and replies are matched. Off unless configured.
 */

export interface WhatsAppConfig {
  token: string;
  phoneNumberId: string;
  apiUrl: string;
  appSecret: string | null;
  verifyToken: string | null;
}

export function whatsAppConfig(env: {
  WHATSAPP_TOKEN?: string;
  WHATSAPP_PHONE_NUMBER_ID?: string;
  WHATSAPP_API_URL: string;
  WHATSAPP_APP_SECRET?: string;
  WHATSAPP_VERIFY_TOKEN?: string;
}): WhatsAppConfig | null {
  if (!env.WHATSAPP_TOKEN || !env.WHATSAPP_PHONE_NUMBER_ID) return null;
  return {
    token: env.WHATSAPP_TOKEN,
    phoneNumberId: env.WHATSAPP_PHONE_NUMBER_ID,
    apiUrl: env.WHATSAPP_API_URL.replace(/\/+$/, ''),
    appSecret: env.WHATSAPP_APP_SECRET ?? null,
    verifyToken: env.WHATSAPP_VERIFY_TOKEN ?? null,
  };
}

/** Whether `signature` (X-Hub-Signature-256: 'sha256=<hex>') is the app secret's HMAC of exactly these bytes. */
export function validSignature(appSecret: string, raw: Buffer, signature: string | undefined): boolean {
  if (!signature?.startsWith('sha256=')) return false;
  const expected = createHmac('sha256', appSecret).update(raw).digest();
  const given = Buffer.from(signature.slice('sha256='.length), 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** WhatsApp's statuses in Mensajes' words. */
export const WHATSAPP_STATUS: Record<string, MessageStatus> = { sent: 'enviado', delivered: 'entregado', read: 'leído', failed: 'fallido' };

const MAX_ATTEMPTS = 5;
const LEASE_SECONDS = 60;
const SEND_TIMEOUT_MS = 20_000;

/** An approved template and its body's parameters, in order (messages.template). */
export interface WhatsAppTemplate {
  name: string;
  language: string;
  parameters: string[];
}

interface ClaimedMessage {
  id: number;
  address: string;
  body: string;
  template: WhatsAppTemplate | null;
  attempts: number;
}

/**
 * What the Graph API is asked to send: a template when the message carries one (the business
 * writes first, outside the customer's 24 hours, so only an approved template reaches them),
 * else the text. A template's parameter may not hold new lines, tabs or runs of spaces: WhatsApp
 * refuses the whole message for them, so they are folded to one space.
 */
export function graphMessage(message: Pick<ClaimedMessage, 'address' | 'body' | 'template'>): Record<string, unknown> {
  const base = { messaging_product: 'whatsapp', to: message.address };
  if (!message.template) return { ...base, type: 'text', text: { preview_url: false, body: message.body } };
  const { name, language, parameters } = message.template;
  return {
    ...base,
    type: 'template',
    template: {
      name,
      language: { code: language },
      components: [
        { type: 'body', parameters: parameters.map((text) => ({ type: 'text', text: text.replace(/\s+/g, ' ').trim() || '-' })) },
      ],
    },
  };
}

export class WhatsAppSender {
  private readonly loop: ClaimLoop<ClaimedMessage>;

  constructor(private readonly options: { db: Db; config: WhatsAppConfig; pollMs: number; retryFirstMs: number; log: FastifyBaseLogger }) {
    this.loop = new ClaimLoop({
      name: 'whatsapp',
      claim: () =>
        rows<ClaimedMessage>(
          options.db,
          sql`UPDATE messages m SET attempts = m.attempts + 1, next_attempt_at = now() + ${LEASE_SECONDS} * interval '1 second'
            FROM conversations c
            WHERE m.id IN (SELECT id FROM messages WHERE pending AND next_attempt_at <= now() ORDER BY id LIMIT 10 FOR UPDATE SKIP LOCKED)
              AND c.id = m.conversation_id
            RETURNING m.id, c.address, m.body, m.template, m.attempts`,
        ),
      handle: (message) => this.send(message),
      pollMs: options.pollMs,
      log: options.log,
    });
  }

  start(): void {
    this.loop.start();
  }

  /** A message was queued: look now (after the request's transaction has committed). */
  wake(): void {
    this.loop.wake();
  }

  stop(): Promise<void> {
    return this.loop.stop();
  }

  private async send(message: ClaimedMessage): Promise<void> {
    const { db, config } = this.options;
    try {
      const answer = await fetch(`${config.apiUrl}/${config.phoneNumberId}/messages`, {
        method: 'POST',
        headers: { authorization: `Bearer ${config.token}`, 'content-type': 'application/json' },
        body: JSON.stringify(graphMessage(message)),
        signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
        redirect: 'error',
      });
      const payload = (await answer.json().catch(() => null)) as {
        messages?: { id?: string }[];
        error?: { message?: string; code?: number; error_data?: { details?: string } };
      } | null;
      const wamid = payload?.messages?.[0]?.id;
      if (!answer.ok || !wamid) {
        const error = payload?.error;
        // The Graph API's refusal in the words the webhook's failures get: a known code in Spanish, then its own.
        const reason = error?.message
          ? conversationMessages.whatsappFailure(error.code, error.message, error.error_data?.details)
          : `WhatsApp respondió ${answer.status}`;
        throw Object.assign(new Error(reason), { status: answer.status });
      }
      await db.transaction(async (tx) => {
        await tx.execute(sql`UPDATE messages SET pending = false, external_id = ${wamid}, last_error = NULL WHERE id = ${message.id}`);
        await recordMessageStatus(tx, message.id, 'enviado');
      });
    } catch (error) {
      const status = (error as { status?: number }).status;
      const reason = (error instanceof Error ? error.message : String(error)).slice(0, 300);
      // A refusal of the request itself (bad number, not allowed) will not change by trying again.
      const final = message.attempts >= MAX_ATTEMPTS || (status !== undefined && status >= 400 && status < 500 && status !== 429);
      await db.transaction(async (tx) => {
        if (final) {
          await tx.execute(sql`UPDATE messages SET pending = false, last_error = ${reason} WHERE id = ${message.id}`);
          await recordMessageStatus(tx, message.id, 'fallido');
        } else {
          const delayMs = this.options.retryFirstMs * 2 ** (message.attempts - 1);
          await tx.execute(
            sql`UPDATE messages SET last_error = ${reason}, next_attempt_at = now() + ${delayMs} * interval '1 millisecond' WHERE id = ${message.id}`,
          );
        }
      });
    }
  }
}

export function startWhatsAppSender(
  app: FastifyInstance,
  db: Db,
  config: WhatsAppConfig | null,
  env: { WHATSAPP_POLL_MS: number; WHATSAPP_RETRY_FIRST_MS: number },
): WhatsAppSender | null {
  if (!config) return null;
  const sender = new WhatsAppSender({ db, config, pollMs: env.WHATSAPP_POLL_MS, retryFirstMs: env.WHATSAPP_RETRY_FIRST_MS, log: app.log });
  app.addHook('preClose', async () => sender.stop());
  app.addHook('onReady', async () => sender.start());
  return sender;
}
