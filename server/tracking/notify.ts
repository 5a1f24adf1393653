import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'drizzle-orm';
import * as z from 'zod/mini';
import type { BusinessIdentity } from '../../domain/deployment';
import { trackingMessages as text } from '../../domain/messages/tracking';
import { etaWindow } from '../../domain/rules/eta-window';
import { senderAddress } from '../../domain/rules/sender-address';
import { whatsAppNumber } from '../../domain/rules/whatsapp-number';
import type { Db } from '../db/client';
import { rows } from '../db/sql-rows';
import { enqueueEmail } from '../email/queue';
import type { EmailSender } from '../email/sender';
import { recordMessageStatus } from '../messaging/statuses';
import type { WhatsAppConfig, WhatsAppSender, WhatsAppTemplate } from '../messaging/whatsapp';
import { currentUser } from '../plugins/auth';
import { loadMapRoutes } from '../repositories/route-map';

/**
 * The customer told about their delivery (issue 47): when the route starts, every pending stop
 * gets its tracking link (an unguessable token) and its customer a message — the first in the
 * route's order that theirs is next, the others that it is on its way; when a stop is
 * completed, the next one in the route's order is told it is next. Each once (told_started_at,
 * told_next_at), in the transaction that started the route or completed the stop, so a replayed
 * or refused request tells nobody. The messages are Mensajes' rows — a WhatsApp template in the
 * contact's conversation when WhatsApp is configured and the contact has a phone, else an
 * e-mail when they have an address, else nobody — and the channels' loops send them after
 * commit (woken when the request has answered, as Mensajes' own routes wake them).
 */

export interface CustomerNoticeOptions {
  whatsapp: WhatsAppConfig | null;
  whatsappSender: WhatsAppSender | null;
  email: EmailSender | null;
  /** EMAIL_FROM; else the business's domain, as every e-mail of the business leaves from. */
  emailFrom: string | undefined;
  emailGiveUpAfterMs: number;
  /** PUBLIC_URL: the only address a customer's link can name (a request's own host may be a proxy's or an in-process one). */
  publicUrl: string | null;
  templates: { routeStarted: string; stopNext: string; language: string };
  /** The deployment's identity, for an installation that has not given its own (the demo). */
  defaults: BusinessIdentity;
}

type Channel = 'whatsapp' | 'email';

export class CustomerNotices {
  /** The channels a request queued messages on: woken once it has answered (its transaction committed). */
  private readonly queued = new WeakMap<FastifyRequest, Set<Channel>>();
  private warnedNoPublicUrl = false;

  constructor(private readonly options: CustomerNoticeOptions) {}

  /** Wakes the loops of the channels `request` queued on: called when it has answered. */
  wakeAfter(request: FastifyRequest): void {
    const channels = this.queued.get(request);
    if (!channels) return;
    this.queued.delete(request);
    if (channels.has('whatsapp')) this.options.whatsappSender?.wake();
    if (channels.has('email')) this.options.email?.wake();
  }

  /**
   * The route started: every live pending stop gets its link, and its customer is told once.
   * The first in the route's order is next already: its customer gets that one message ('Su
   * pedido es el siguiente', which also says it is on its way) rather than two at once.
   */
  async routeStarted(tx: Db, request: FastifyRequest, shippingId: number): Promise<void> {
    await giveTrackingTokens(tx, shippingId);
    const stops = await rows<{ id: number; told_started: boolean; told_next: boolean }>(
      tx,
      sql`SELECT d.id, d.told_started_at IS NOT NULL AS told_started, d.told_next_at IS NOT NULL AS told_next
        FROM shipping_details d JOIN sales sa ON sa.id = d.sale_id
        WHERE d.shipping_id = ${shippingId} AND d.deleted_at IS NULL AND NOT d.completed AND sa.canceled_at IS NULL
        ORDER BY d.stop_order ASC NULLS LAST, d.id`,
    );
    const [first, ...rest] = stops;
    if (!first) return;
    const toldNext = first.told_next ? [] : [first.id];
    const toldStarted = (toldNext.length > 0 ? rest : stops).filter((stop) => !stop.told_started).map((stop) => stop.id);
    if (toldStarted.length > 0) await this.tell(tx, request, shippingId, toldStarted, 'started');
    if (toldNext.length > 0) await this.tell(tx, request, shippingId, toldNext, 'next');
  }

  /**
   * A stop of the route was completed: the next pending one, in the route's order (stop_order,
   * unordered last, then id), is told once that it is next — while the route is on the road.
   */
  async stopCompleted(tx: Db, request: FastifyRequest, shippingId: number): Promise<void> {
    const [next] = await rows<{ id: number; told_next_at: string | null }>(
      tx,
      sql`SELECT d.id, d.told_next_at FROM shipping_details d JOIN shippings s ON s.id = d.shipping_id JOIN sales sa ON sa.id = d.sale_id
        WHERE d.shipping_id = ${shippingId} AND d.deleted_at IS NULL AND NOT d.completed AND sa.canceled_at IS NULL
          AND s.deleted_at IS NULL AND s.km_capture_time_start IS NOT NULL AND s.final_km IS NULL AND s.km_capture_time IS NULL
        ORDER BY d.stop_order ASC NULLS LAST, d.id LIMIT 1`,
    );
    if (!next || next.told_next_at !== null) return;
    // A stop added after the start has no link yet.
    await giveTrackingTokens(tx, shippingId);
    await this.tell(tx, request, shippingId, [next.id], 'next');
  }

  private async tell(tx: Db, request: FastifyRequest, shippingId: number, detailIds: number[], what: 'started' | 'next'): Promise<void> {
    const { options } = this;
    if (!options.publicUrl) {
      if (!this.warnedNoPublicUrl) request.log.warn('PUBLIC_URL is not set: customers are not told about their deliveries (no link to give)');
      this.warnedNoPublicUrl = true;
      return;
    }
    const business = await businessNow(tx, options.defaults);
    const fromAddress = options.email ? senderAddress(options.emailFrom, business.website) : null;
    const canWhatsApp = options.whatsapp !== null;
    const canEmail = options.email !== null && fromAddress !== null;
    if (!canWhatsApp && !canEmail) return;

    const recipients = await recipientsOf(tx, detailIds);
    // The ETA as the map reads it, without the routing engine: its answer must not hold this transaction open.
    const [route] = await loadMapRoutes(tx, { shippingId }, null);
    const etaOf = new Map((route?.stops ?? []).map((stop) => [stop.detail_id, stop]));
    const base = options.publicUrl.replace(/\/+$/, '');
    const userId = currentUser(request).id;
    for (const recipient of recipients) {
      const phoneContact = canWhatsApp ? recipient.contacts.find((contact) => contact.phone && whatsAppNumber(contact.phone)) : undefined;
      const emailContact = canEmail ? recipient.contacts.find((contact) => contact.email && z.email().safeParse(contact.email.trim()).success) : undefined;
      const contact = phoneContact ?? emailContact;
      if (!contact) continue;
      // Claimed first: a second completion at the same moment waits on this row and then finds it told.
      // Told it is next, a customer has been told it is on its way too (no 'va en camino' after it).
      const claimed = await rows<{ id: number }>(
        tx,
        what === 'started'
          ? sql`UPDATE shipping_details SET told_started_at = now() WHERE id = ${recipient.id} AND told_started_at IS NULL RETURNING id`
          : sql`UPDATE shipping_details SET told_next_at = now(), told_started_at = coalesce(told_started_at, now())
              WHERE id = ${recipient.id} AND told_next_at IS NULL RETURNING id`,
      );
      if (claimed.length === 0) continue;
      const stop = etaOf.get(recipient.id);
      const eta = stop?.eta ? etaWindow(Date.parse(stop.eta), stop.eta_approximate) : null;
      const etaText = eta ? text.etaWindow(eta.from, eta.to) : text.etaUnknown;
      const customer = `${contact.name} ${contact.last}`.trim() || recipient.company;
      const link = `${base}/seguimiento/${recipient.tracking_token}`;
      const words = what === 'started' ? text.routeStarted : text.stopNext;
      const body = words(business.brand, customer, etaText, link);
      if (phoneContact) {
        const template: WhatsAppTemplate = {
          name: what === 'started' ? options.templates.routeStarted : options.templates.stopNext,
          language: options.templates.language,
          parameters: [business.brand, customer, etaText, link],
        };
        const conversationId = await conversationWith(tx, 'whatsapp', whatsAppNumber(phoneContact.phone!)!, recipient.company_id, phoneContact.id);
        // A template reaches the customer outside their 24 hours: no window to check, unlike free text.
        const [message] = await rows<{ id: number }>(
          tx,
          sql`INSERT INTO messages (conversation_id, direction, body, template, pending, next_attempt_at)
            VALUES (${conversationId}, 'saliente', ${body}, ${JSON.stringify(template)}::jsonb, true, now()) RETURNING id`,
        );
        await recordMessageStatus(tx, message!.id, 'pendiente');
        this.mark(request, 'whatsapp');
      } else {
        const address = emailContact!.email!.trim().toLowerCase();
        const conversationId = await conversationWith(tx, 'email', address, recipient.company_id, emailContact!.id);
        const [message] = await rows<{ id: number }>(
          tx,
          sql`INSERT INTO messages (conversation_id, direction, body) VALUES (${conversationId}, 'saliente', ${body}) RETURNING id`,
        );
        // The sender composes it when it leaves (messaging/email-channel.ts), as a conversation's message.
        await enqueueEmail(tx, {
          saleId: null,
          messageId: message!.id,
          userId,
          to: [address],
          replyTo: null,
          subject: '',
          html: '',
          giveUpAfterMs: options.emailGiveUpAfterMs,
        });
        await recordMessageStatus(tx, message!.id, 'pendiente');
        this.mark(request, 'email');
      }
    }
  }

  private mark(request: FastifyRequest, channel: Channel): void {
    const channels = this.queued.get(request) ?? new Set<Channel>();
    channels.add(channel);
    this.queued.set(request, channels);
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    customerNotices: CustomerNotices;
  }
}

/** Makes the app's notices reachable from any route (`request.server.customerNotices`), and wakes the channels after each answer. */
export function registerCustomerNotices(app: FastifyInstance, options: CustomerNoticeOptions): CustomerNotices {
  const notices = new CustomerNotices(options);
  app.decorate('customerNotices', notices);
  app.addHook('onResponse', async (request) => notices.wakeAfter(request));
  return notices;
}

/** In the route-start request's transaction: tells each pending stop's customer that the route started. */
export function tellRouteStarted(tx: Db, request: FastifyRequest, shippingId: number): Promise<void> {
  return request.server.customerNotices.routeStarted(tx, request, shippingId);
}

/** In the stop-completing request's transaction: tells the next stop's customer that theirs is next. */
export function tellNextStop(tx: Db, request: FastifyRequest, shippingId: number): Promise<void> {
  return request.server.customerNotices.stopCompleted(tx, request, shippingId);
}

/** A tracking token: 32 random bytes, base64url (43 characters). */
export function newTrackingToken(): string {
  return randomBytes(32).toString('base64url');
}

/** A token for every live pending stop of the route that has none (a stop keeps its token: links already sent stay good). */
async function giveTrackingTokens(tx: Db, shippingId: number): Promise<void> {
  const missing = await rows<{ id: number }>(
    tx,
    sql`SELECT id FROM shipping_details
      WHERE shipping_id = ${shippingId} AND deleted_at IS NULL AND NOT completed AND tracking_token IS NULL ORDER BY id`,
  );
  for (const { id } of missing) {
    await tx.execute(sql`UPDATE shipping_details SET tracking_token = ${newTrackingToken()} WHERE id = ${id} AND tracking_token IS NULL`);
  }
}

/** The business's name and website as they stand, read in the transaction (a read beside it would wait for it on PGlite). */
async function businessNow(tx: Db, defaults: BusinessIdentity): Promise<{ brand: string; website: string }> {
  const [row] = await rows<{ brand: string; website: string }>(tx, sql`SELECT brand, website FROM business_identity WHERE id = 1`);
  return row ?? { brand: defaults.brand, website: defaults.website };
}

interface Contact {
  id: number;
  name: string;
  last: string;
  phone: string | null;
  email: string | null;
}

/** Each stop's customer and their contacts: the sale's own contact first, then the customer's others by id. */
async function recipientsOf(
  tx: Db,
  detailIds: number[],
): Promise<{ id: number; company_id: number; company: string; tracking_token: string; contacts: Contact[] }[]> {
  return rows(
    tx,
    sql`SELECT d.id, co.id AS company_id, co.name AS company, d.tracking_token,
        coalesce((SELECT json_agg(json_build_object('id', ct.id, 'name', ct.name, 'last', ct.last, 'phone', ct.phone, 'email', ct.email)
            ORDER BY (ct.id = s.contact_id) IS TRUE DESC, ct.id)
          FROM contacts ct WHERE ct.company_id = co.id), '[]'::json) AS contacts
      FROM shipping_details d JOIN sales s ON s.id = d.sale_id JOIN companies co ON co.id = coalesce(d.company_id, s.company_id)
      WHERE d.id IN (${sql.join(
        detailIds.map((id) => sql`${id}`),
        sql`, `,
      )}) AND d.tracking_token IS NOT NULL
      ORDER BY d.id`,
  );
}

/**
 * The customer's conversation on the channel at that address, else a new one, as Mensajes
 * opens them: one per channel, address and customer. A Mexican mobile stored before numbers were
 * normalised (52 1 + 10 digits) is the same phone.
 */
async function conversationWith(tx: Db, channel: Channel, address: string, companyId: number, contactId: number): Promise<number> {
  const spellings = channel === 'whatsapp' && /^52\d{10}$/.test(address) ? [address, `521${address.slice(2)}`] : [address];
  const [existing] = await rows<{ id: number }>(
    tx,
    sql`SELECT id FROM conversations WHERE channel = ${channel} AND address IN (${sql.join(
      spellings.map((spelling) => sql`${spelling}`),
      sql`, `,
    )}) AND coalesce(company_id, 0) = ${companyId} AND lead_id IS NULL ORDER BY id LIMIT 1`,
  );
  if (existing) return existing.id;
  const [created] = await rows<{ id: number }>(
    tx,
    sql`INSERT INTO conversations (company_id, contact_id, channel, address) VALUES (${companyId}, ${contactId}, ${channel}, ${address}) RETURNING id`,
  );
  return created!.id;
}
