import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Attachment, NodemailerError, SendMailOptions, Transporter } from 'nodemailer';
import type { BusinessProfile } from '../business/profile';
import type { BusinessIdentity } from '../../domain/deployment';
import { senderAddress } from '../../domain/rules/sender-address';
import { emailMessages } from '../../domain/messages/email';
import type { Db } from '../db/client';
import { drawQuotationPdf } from '../documents/quotation-pdf';
import { loadSaleDetail } from '../repositories/sales';
import type { Env } from '../env';
import { quotationMessage } from './quotation-message';
import { cfdiAttachments } from '../cfdi/attachments';
import { conversationEmail, type InboundMailbox } from '../messaging/email-channel';
import { claimDueEmails, recordFailure, recordSent, releaseEmail, retryDelayMs, type ClaimedEmail } from './queue';

/**
 * The sending loop of one server process (design: docs/decisions/003-documents-and-email.md).
 *
 * It wakes every `pollMs`, and at once when a message is queued here, claims due rows
 * (queue.ts: one short statement, SKIP LOCKED, so several processes share the queue safely),
 * and sends each one with no transaction open: PGlite is a single connection, and a
 * transaction held across a slow mail server would stall every request of the process.
 * One drain runs at a time; a wake during a drain runs another right after it.
 */

const text = emailMessages;
/**
 * Rows claimed per statement: one. Each claim starts its row's lease, so a row claimed in a
 * batch would wait for the sends before it (up to SEND_TIMEOUT_MS each) and could outlive its
 * lease, be claimed by another process and go out twice.
 */
const BATCH = 1;
/** A send that takes longer is abandoned (and retried later) so the lease below always outlasts it. */
const SEND_TIMEOUT_MS = 2 * 60 * 1000;
/** How long a claimed row stays out of other processes' reach: a send plus drawing its PDF, with room to spare. */
const LEASE_MS = 5 * 60 * 1000;
const MAX_REASON = 500;

/** What a message says and carries, drawn when it is sent; or why it can no longer be sent (then it is 'fallido'). */
export type OutgoingContent =
  | {
      /** The business as it is when the message leaves: its name and its own address. */
      from: { name: string; address: string };
      subject: string;
      html: string;
      attachments: Attachment[];
      /** Where answers go, when the message itself decides it (a conversation's); else the row's. */
      replyTo?: string;
      /** Threading (a conversation's e-mails): this message's id and the earlier ones it follows. */
      messageId?: string;
      inReplyTo?: string;
      references?: string[];
    }
  | { refused: string };

export interface ContentFor {
  (message: ClaimedEmail): Promise<OutgoingContent>;
}

export interface EmailSenderOptions {
  db: Db;
  transport: Pick<Transporter, 'sendMail'>;
  /** The sender address as things stand (EMAIL_FROM, else the business's domain); null: there is none yet. */
  senderAddress: () => Promise<string | null>;
  contentFor: ContentFor;
  retryFirstMs: number;
  pollMs: number;
  log: FastifyBaseLogger;
}

/** A failure of ours, already worded for the sender's screen. */
class SendFailure extends Error {
  constructor(
    message: string,
    readonly permanent: boolean,
  ) {
    super(message);
  }
}

/** nodemailer codes (and the socket codes under them) that mean the mail server could not be reached or talked to. */
const UNREACHABLE =
  /^(ECONNECTION|ESOCKET|ETIMEDOUT|EDNS|ETLS|EPROXY|ECONNREFUSED|ECONNRESET|EHOSTUNREACH|ENETUNREACH|ENOTFOUND|EAI_AGAIN|EPIPE)$/;

export class EmailSender {
  readonly #options: EmailSenderOptions;
  readonly #stopping = new AbortController();
  #timer: NodeJS.Timeout | undefined;
  #draining: Promise<void> | null = null;
  #wokenWhileDraining = false;

  constructor(options: EmailSenderOptions) {
    this.#options = options;
  }

  start(): void {
    this.#timer = setInterval(() => this.wake(), this.#options.pollMs);
    // The loop alone never keeps the process alive; the server's close stops it.
    this.#timer.unref();
    this.wake();
  }

  /** Where e-mail would come from now; null while the business has no domain to send from (nothing is queued then). */
  senderAddress(): Promise<string | null> {
    return this.#options.senderAddress();
  }

  /** Looks for due messages now (call it after the transaction that queued one has committed). */
  wake(): void {
    if (this.#stopping.signal.aborted) return;
    if (this.#draining) {
      this.#wokenWhileDraining = true;
      return;
    }
    this.#draining = this.#drain()
      .catch((error: unknown) => this.#options.log.error({ err: error }, 'e-mail queue: could not read or update the queue'))
      .finally(() => {
        this.#draining = null;
        if (this.#wokenWhileDraining) {
          this.#wokenWhileDraining = false;
          this.wake();
        }
      });
  }

  /** Stops polling, cuts short a send in progress (it is recorded and retried later) and waits for the drain to end. */
  async stop(): Promise<void> {
    clearInterval(this.#timer);
    this.#stopping.abort();
    await this.#draining;
  }

  async #drain(): Promise<void> {
    const { db } = this.#options;
    for (;;) {
      const batch = await claimDueEmails(db, BATCH, LEASE_MS);
      for (const message of batch) {
        // Claimed but not yet tried when the server stops: handed back at once, not after the lease.
        if (this.#stopping.signal.aborted) await releaseEmail(db, message);
        else await this.#deliver(message);
      }
      if (batch.length < BATCH || this.#stopping.signal.aborted) return;
    }
  }

  async #deliver(message: ClaimedEmail): Promise<void> {
    const { db, transport, contentFor, retryFirstMs, log } = this.#options;
    try {
      const content = await contentFor(message).catch((error: unknown) => {
        log.error({ err: error, emailId: message.id }, 'e-mail queue: could not draw the message');
        throw new SendFailure(text.attachmentFailed, false);
      });
      if ('refused' in content) throw new SendFailure(content.refused, true);
      const info = await transport.sendMail({
        from: content.from,
        to: message.to,
        replyTo: content.replyTo ?? message.reply_to ?? undefined,
        subject: content.subject,
        html: content.html,
        attachments: content.attachments,
        messageId: content.messageId,
        inReplyTo: content.inReplyTo,
        references: content.references,
        signal: AbortSignal.any([this.#stopping.signal, AbortSignal.timeout(SEND_TIMEOUT_MS)]),
      });
      const rejected = (info.rejected ?? []).map(String);
      await recordSent(db, message, rejected.length > 0 ? clip(text.someRejected(rejected.join(', '))) : null);
      log.info({ emailId: message.id, attempts: message.attempts }, 'e-mail sent');
    } catch (error) {
      const failure = this.#describe(error);
      await recordFailure(db, message, { ...failure, delayMs: retryDelayMs(message.attempts, retryFirstMs) });
      log.warn(
        { emailId: message.id, attempts: message.attempts, reason: failure.reason, permanent: failure.permanent },
        'e-mail not sent',
      );
    }
  }

  /** What went wrong, in words fit for the sender's screen: the mail server's own reply when it gave one, never a stack. */
  #describe(error: unknown): { reason: string; permanent: boolean } {
    if (error instanceof SendFailure) return { reason: error.message, permanent: error.permanent };
    const failure = (error ?? {}) as NodemailerError;
    if (failure.code === 'EABORT' || failure.name === 'AbortError') {
      return { reason: this.#stopping.signal.aborted ? text.interrupted : text.unreachable('ETIMEDOUT'), permanent: false };
    }
    const reply = failure.response ?? failure.rejectedErrors?.find((e) => e.response)?.response;
    const replyCode = failure.responseCode ?? failure.rejectedErrors?.find((e) => e.responseCode)?.responseCode;
    if (reply?.trim()) {
      // A permanent refusal (5xx but 503, nodemailer's `permanent`) of this message would be
      // refused again: it fails now rather than for 24 hours. A refused sign-in (EAUTH) is the
      // server's configuration, not the message's fault: it keeps being retried, so messages
      // queued meanwhile go out once an operator fixes SMTP_URL and restarts.
      const permanent =
        failure.code !== 'EAUTH' && (failure.permanent ?? (replyCode !== undefined && replyCode >= 500 && replyCode !== 503));
      return { reason: clip(reply), permanent };
    }
    const code = failure.originalCode ?? failure.code;
    if (code && (UNREACHABLE.test(code) || UNREACHABLE.test(failure.code ?? '')))
      return { reason: text.unreachable(code), permanent: false };
    // Anything else is ours or the library's: its details go to the log, the screen gets its code.
    this.#options.log.error({ err: error }, 'e-mail queue: unexpected failure while sending');
    return { reason: text.failed(failure.code ?? '—'), permanent: false };
  }
}

function clip(reason: string): string {
  const line = reason.replace(/\s+/g, ' ').trim();
  return line.length > MAX_REASON ? `${line.slice(0, MAX_REASON - 1)}…` : line;
}

/**
 * Starts the sender of this process when SMTP_URL is set (null otherwise), and stops it
 * before the app closes its database. Messages carry the quotation's PDF, drawn when sent.
 */
export function startEmailSender(app: FastifyInstance, db: Db, env: Env, business: BusinessProfile): EmailSender | null {
  if (!env.SMTP_URL) return null;
  // One transport for the process: it holds the parsed URL and credentials; connections open per
  // message. The mail library is loaded with the first message, not by every process at start.
  const smtpUrl = env.SMTP_URL;
  let opened: Promise<Transporter> | null = null;
  const transport: EmailSenderOptions['transport'] = {
    sendMail: async (mail: SendMailOptions) => {
      opened ??= import('nodemailer').then(({ createTransport }) =>
        createTransport({ url: smtpUrl, connectionTimeout: 30_000, greetingTimeout: 30_000, socketTimeout: 60_000 }),
      );
      return (await opened).sendMail(mail);
    },
  };
  // The business's own domain unless the installation names a sender: never the demo's or another business's.
  const senderAddressOf = (identity: BusinessIdentity) => senderAddress(env.EMAIL_FROM, identity.website);
  const inbound: InboundMailbox | null = env.EMAIL_INBOUND_SECRET
    ? { secret: env.EMAIL_INBOUND_SECRET, address: env.EMAIL_INBOUND_ADDRESS ?? null }
    : null;
  const sender = new EmailSender({
    db,
    transport,
    senderAddress: async () => senderAddressOf((await business.current()).identity),
    // The body and the PDF come from one read of the quotation at sending time, so they agree
    // with each other and with the quotation as it is now, even if it was edited while queued.
    contentFor: async (message) => {
      // The business as it is when the message leaves (set up or changed since it was queued).
      const deployment = await business.current();
      const address = senderAddressOf(deployment.identity);
      if (!address) return { refused: emailMessages.noSender };
      const from = { name: deployment.identity.brand, address };
      // A CFDI (invoicing): the words written when it was queued, its XML and its PDF as stamped.
      if (message.cfdi_document_id !== null) {
        const attachments = await cfdiAttachments(db, message.cfdi_document_id, deployment.identity);
        if (!attachments) return { refused: emailMessages.cfdiGone };
        return { subject: message.subject, html: message.html, from, attachments };
      }
      // A conversation's message (Mensajes): its text, threaded with the conversation's other e-mails.
      if (message.sale_id === null) {
        const email = await conversationEmail(db, message.message_id!, deployment.identity, { address, inbound });
        return { ...email, from, attachments: [] };
      }
      const quotation = await loadSaleDetail(db, message.sale_id);
      if (!quotation) return { refused: emailMessages.quotationGone };
      if (quotation.canceled_at) return { refused: emailMessages.quotationCanceled };
      const { subject, html } = quotationMessage(quotation, deployment.identity);
      const pdf = await drawQuotationPdf(quotation, deployment);
      return {
        subject,
        html,
        from,
        attachments: [{ filename: pdf.filename, content: Buffer.from(pdf.bytes), contentType: 'application/pdf' }],
      };
    },
    retryFirstMs: env.EMAIL_RETRY_FIRST_MS,
    pollMs: env.EMAIL_POLL_MS,
    log: app.log,
  });
  // preClose, not onClose: the drain must finish while the database is still open.
  app.addHook('preClose', async () => sender.stop());
  app.addHook('onReady', async () => sender.start());
  return sender;
}
