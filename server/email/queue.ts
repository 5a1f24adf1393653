import { sql, type SQL } from 'drizzle-orm';
import { emailMessages } from '../../domain/messages/email';
import type { EmailMessage } from '../../domain/schemas/quotations';
import type { Db } from '../db/client';
import { rows } from '../db/sql-rows';
import { pushMessages } from '../../domain/messages/push';
import { quotationFolio } from '../../domain/sales';
import { enqueuePush } from '../push/push';
import { recordMessageStatus } from '../messaging/statuses';

/**
 * The outgoing e-mail queue (table email_messages), shared by every server process:
 *
 * - `enqueueEmail` inserts one 'pendiente' row inside the caller's transaction, so the row and
 *   the request's Idempotency-Key commit together (one message per request, never two).
 * - `claimDueEmails` takes due rows in one statement (its own short transaction) with
 *   FOR UPDATE SKIP LOCKED — two processes never take the same row — and leases them: their
 *   next attempt moves `leaseMs` ahead, so a process that dies mid-send leaves the row to be
 *   picked up again once the lease runs out. The lease must outlast one send (see sender.ts).
 * - `recordSent` / `recordFailure` close an attempt (`releaseEmail` hands back one never tried). They only touch the row while it still
 *   carries the attempt number this process claimed, so a late answer never overwrites a newer
 *   attempt's state.
 *
 * Times come from the database clock (now()), the one clock every process agrees on.
 */

const iso = (column: SQL) => sql`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
const millis = (ms: number) => sql`(${ms}::float8 * interval '1 millisecond')`;

/** Longest wait between two attempts, however many have failed. */
export const MAX_RETRY_DELAY_MS = 60 * 60 * 1000;

/** Wait after the `attempts`-th failed attempt: the first retry after `firstMs`, then doubling, capped. */
export function retryDelayMs(attempts: number, firstMs: number): number {
  return Math.min(firstMs * 2 ** Math.max(attempts - 1, 0), Math.max(MAX_RETRY_DELAY_MS, firstMs));
}

/** The row as the API shows it; the next attempt only while one is still to come. */
const PUBLIC_COLUMNS = sql`id, sale_id, "to", subject, status, attempts, last_error,
  ${iso(sql`created_at`)} AS created_at, ${iso(sql`sent_at`)} AS sent_at,
  CASE WHEN status = 'pendiente' THEN ${iso(sql`next_attempt_at`)} END AS next_attempt_at`;

export interface NewEmail {
  /** The quotation it carries; null for a conversation's message (`messageId`). */
  saleId: number | null;
  messageId?: number;
  /** The CFDI it carries (its XML and PDF attached when sent). */
  cfdiDocumentId?: number;
  userId: number;
  to: string[];
  replyTo: string | null;
  subject: string;
  html: string;
  giveUpAfterMs: number;
}

export async function enqueueEmail(tx: Db, email: NewEmail): Promise<EmailMessage> {
  const [row] = await rows<EmailMessage>(
    tx,
    sql`INSERT INTO email_messages (sale_id, message_id, cfdi_document_id, user_id, "to", reply_to, subject, html, give_up_at)
      VALUES (${email.saleId}, ${email.messageId ?? null}, ${email.cfdiDocumentId ?? null}, ${email.userId}, ${JSON.stringify(email.to)}::jsonb, ${email.replyTo}, ${email.subject}, ${email.html},
        now() + ${millis(email.giveUpAfterMs)})
      RETURNING ${PUBLIC_COLUMNS}`,
  );
  return row!;
}

/** The messages of one quotation, newest first. */
export function listEmails(db: Db, saleId: number): Promise<EmailMessage[]> {
  return rows<EmailMessage>(db, sql`SELECT ${PUBLIC_COLUMNS} FROM email_messages WHERE sale_id = ${saleId} ORDER BY id DESC`);
}

export interface ClaimedEmail {
  id: number;
  /** The quotation it carries, or null for a conversation's message. */
  sale_id: number | null;
  message_id: number | null;
  cfdi_document_id: number | null;
  to: string[];
  reply_to: string | null;
  subject: string;
  html: string;
  /** This attempt's number (counted when claimed, so an attempt cut short by a crash still counts). */
  attempts: number;
}

export async function claimDueEmails(db: Db, limit: number, leaseMs: number): Promise<ClaimedEmail[]> {
  // A row tried but never answered (its process died mid-attempt) would otherwise be claimed
  // again every lease for ever: once its window and one more lease have passed, it has failed.
  await db.execute(
    sql`UPDATE email_messages SET status = 'fallido', last_error = coalesce(last_error, ${emailMessages.abandoned})
      WHERE status = 'pendiente' AND attempts > 0 AND now() > give_up_at + ${millis(leaseMs)} AND next_attempt_at <= now()`,
  );
  return rows<ClaimedEmail>(
    db,
    sql`UPDATE email_messages SET attempts = attempts + 1, next_attempt_at = now() + ${millis(leaseMs)}
      WHERE id IN (
        SELECT id FROM email_messages WHERE status = 'pendiente' AND next_attempt_at <= now()
        ORDER BY id LIMIT ${limit} FOR UPDATE SKIP LOCKED)
      RETURNING id, sale_id, message_id, cfdi_document_id, "to", reply_to, subject, html, attempts`,
  );
}

/** The mail server accepted it. `note`: recipients it refused while accepting the others. */
export async function recordSent(db: Db, claimed: ClaimedEmail, note: string | null): Promise<void> {
  await db.transaction(async (tx) => {
    const [sent] = await rows<{ message_id: number | null }>(
      tx,
      sql`UPDATE email_messages SET status = 'enviado', sent_at = now(), last_error = ${note}
        WHERE id = ${claimed.id} AND attempts = ${claimed.attempts} AND status = 'pendiente' RETURNING message_id`,
    );
    // A conversation's message: the mail server took it ('enviado' is all e-mail tells).
    if (sent?.message_id != null) await recordMessageStatus(tx, sent.message_id, 'enviado');
  });
}

/**
 * The attempt failed. A permanent refusal, or a failure once the retry window has closed, is
 * final ('fallido'); otherwise the next attempt waits `delayMs`, but never past the end of
 * the window, so the last attempt happens when the window closes.
 */
export async function recordFailure(
  db: Db,
  claimed: ClaimedEmail,
  failure: { reason: string; permanent: boolean; delayMs: number },
): Promise<void> {
  await db.transaction(async (tx) => {
    const [closed] = await rows<{ status: string; user_id: number; message_id: number | null }>(
      tx,
      sql`UPDATE email_messages SET last_error = ${failure.reason},
          status = CASE WHEN ${failure.permanent}::boolean OR now() >= give_up_at THEN 'fallido' ELSE 'pendiente' END,
          next_attempt_at = LEAST(now() + ${millis(failure.delayMs)}, give_up_at)
        WHERE id = ${claimed.id} AND attempts = ${claimed.attempts} AND status = 'pendiente'
        RETURNING status, user_id, message_id`,
    );
    if (closed?.status === 'fallido' && closed.message_id !== null) {
      await recordMessageStatus(tx, closed.message_id, 'fallido');
      return;
    }
    // The seller hears on their phone that their quotation did not go out.
    if (closed?.status === 'fallido' && claimed.sale_id !== null)
      await enqueuePush(tx, [closed.user_id], {
        title: pushMessages.emailFailed(quotationFolio(claimed.sale_id)),
        body: pushMessages.emailFailedBody(failure.reason.slice(0, 200)),
        url: `/quotations/${claimed.sale_id}`,
        tag: `correo-${claimed.id}`,
      });
  });
}

/** Hands back a claimed row that was never tried: due again now, its attempt not counted. */
export async function releaseEmail(db: Db, claimed: ClaimedEmail): Promise<void> {
  await db.execute(
    sql`UPDATE email_messages SET attempts = attempts - 1, next_attempt_at = now()
      WHERE id = ${claimed.id} AND attempts = ${claimed.attempts} AND status = 'pendiente'`,
  );
}
