import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import type { BusinessProfile } from '../business/profile';
import { emailMessages } from '../../domain/messages/email';
import { quotationsMessages } from '../../domain/messages/quotations';
import { quotationEmailRequestSchema, type SaleDetail, emailMessageListSchema, emailMessageSchema } from '../../domain/schemas/quotations';
import type { Db } from '../db/client';
import { quotationMessage } from '../email/quotation-message';
import { enqueueEmail, listEmails } from '../email/queue';
import type { EmailSender } from '../email/sender';
import { HttpError, parseInput } from '../http-errors';
import { currentUser, permission } from '../plugins/auth';
import { runMutation } from '../plugins/idempotency';
import { loadSaleDetail } from '../repositories/sales';
import { idParamSchema } from '../http/params';
import { rows } from '../db/sql-rows';
import { guardedRoutes, type RouteTable } from '../http/route-table';

/**
 * E-mailing a quotation: the request only queues one message (queue.ts), in
 * the transaction of its Idempotency-Key, and answers 202; the sender (sender.ts) delivers it
 * with the PDF attached. Without SMTP_URL there is no sender, and nothing is queued.
 */

export interface QuotationEmailOptions {
  business: BusinessProfile;
  /** Null when SMTP_URL is not set. */
  sender: EmailSender | null;
  giveUpAfterMs: number;
}

async function loadQuotation(db: Db, id: number): Promise<SaleDetail> {
  const quotation = await loadSaleDetail(db, id);
  if (!quotation || quotation.kind !== 'quotation') throw new HttpError(404, quotationsMessages.notFound);
  return quotation;
}

/** The quotation's contact, else the company's first contact with an e-mail. */
async function defaultRecipients(db: Db, quotation: SaleDetail): Promise<string[]> {
  const own = quotation.contact?.email?.trim();
  if (own) return [own];
  const [first] = await rows<{ email: string }>(
    db,
    sql`SELECT trim(email) AS email FROM contacts
      WHERE company_id = ${quotation.company.id} AND email IS NOT NULL AND trim(email) <> '' ORDER BY id LIMIT 1`,
  );
  return first ? [first.email] : [];
}

/** What each route of this file needs (its access rule) and takes and answers (its OpenAPI entry). */
export const QUOTATION_EMAIL_ROUTES = {
  /** Queues one message per Idempotency-Key (202); without SMTP_URL, or a domain to send from: 409 and nothing queued. */
  'POST /api/v2/quotations/:id/email': {
    access: permission('quotations', 'sales'),
    summary: 'Enviar cotización por correo (se encola un mensaje por Idempotency-Key, con el PDF adjunto; sin SMTP_URL: 409)',
    body: quotationEmailRequestSchema,
    response: emailMessageSchema,
    status: 202,
  },
  'GET /api/v2/quotations/:id/emails': {
    access: permission('quotations', 'sales'),
    summary: 'Correos de la cotización y su estado (pendiente, enviado, fallido)',
    response: emailMessageListSchema,
  },
} satisfies RouteTable;

const guardedRoute = guardedRoutes(QUOTATION_EMAIL_ROUTES);

export function quotationEmailRoutes(app: FastifyInstance, db: Db, { business, sender, giveUpAfterMs }: QuotationEmailOptions): void {
  guardedRoute(app, 'POST /api/v2/quotations/:id/email', async (request, reply) => {
    const { id } = parseInput(idParamSchema, request.params, 404);
    const body = parseInput(quotationEmailRequestSchema, request.body ?? {});
    // 409, not 503: the request is fine and the server is healthy; this installation has no
    // mail server to send through (and 5xx is kept for our own failures).
    if (!sender) throw new HttpError(409, emailMessages.notConfigured);
    // Nothing is queued that could only leave from another business's domain.
    if (!(await sender.senderAddress())) throw new HttpError(409, emailMessages.noSender);
    const user = currentUser(request);
    // Read before the transaction: on the embedded database a read beside an open transaction waits for it.
    const { identity } = await business.current();
    const answered = await runMutation(db, request, reply, async (tx) => {
      const quotation = await loadQuotation(tx, id);
      if (quotation.canceled_at) throw new HttpError(409, emailMessages.quotationCanceled);
      const to = [...new Set(body.to ?? (await defaultRecipients(tx, quotation)))];
      if (to.length === 0) throw new HttpError(422, emailMessages.noRecipient);
      const { subject, html, replyTo } = quotationMessage(quotation, identity);
      const message = await enqueueEmail(tx, { saleId: id, userId: user.id, to, replyTo, subject, html, giveUpAfterMs });
      return { status: 202, body: message };
    });
    // The row is committed now: this process sends it without waiting for its next poll.
    sender.wake();
    return answered;
  });

  guardedRoute(app, 'GET /api/v2/quotations/:id/emails', async (request) => {
    const { id } = parseInput(idParamSchema, request.params, 404);
    const [quotation] = await rows<{ kind: string }>(db, sql`SELECT kind FROM sales WHERE id = ${id} AND deleted_at IS NULL`);
    if (quotation?.kind !== 'quotation') throw new HttpError(404, quotationsMessages.notFound);
    return { data: await listEmails(db, id) };
  });
}
