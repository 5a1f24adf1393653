import { createHash, timingSafeEqual } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { AddressObject, ParsedMail } from 'mailparser';
import { conversationMessages } from '../../domain/messages/conversations';
import { replyText } from '../../domain/rules/email-reply';
import type { Db } from '../db/client';
import { rows } from '../db/sql-rows';
import { conversationOfAddress } from './email-channel';

/**
 * Customers' e-mail answers into their conversations (docs/decisions/016). The mail provider's
 * inbound route (or the mail server's pipe) hands over the raw message; it is read with
 * mailparser and matched, in this order, by the thread it answers (In-Reply-To and References
 * name a Message-ID the conversation keeps), by the conversation's tag in the address it was
 * sent to (respuestas+c12-…@), by the sender's address of an e-mail conversation, or by a
 * customer's contact or a lead with that address (a new conversation). A message comes in once:
 * its Message-ID is its external_id, so a provider's retry adds nothing.
 */

const text = conversationMessages;
/** What a message keeps of an answer: the text, not a newsletter pasted into a reply. */
const MAX_BODY = 10_000;
const MAX_EXTERNAL_ID = 200;

/** Whether `authorization` carries the secret: `Bearer <secret>`, or Basic with it as the password (providers put it in the URL). */
export function carriesSecret(secret: string, authorization: string | undefined): boolean {
  let given: string | null = null;
  if (authorization?.startsWith('Bearer ')) given = authorization.slice('Bearer '.length).trim();
  else if (authorization?.startsWith('Basic ')) {
    const pair = Buffer.from(authorization.slice('Basic '.length).trim(), 'base64').toString('utf8');
    given = pair.includes(':') ? pair.slice(pair.indexOf(':') + 1) : null;
  }
  if (given === null) return false;
  // Digests of equal length: the comparison takes as long whatever was sent.
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(given), digest(secret));
}

export type InboundResult =
  | { matched: true; conversation_id: number; message_id: number; duplicate: boolean }
  | { matched: false; conversation_id: null; message_id: null; duplicate: false };

function addresses(field: AddressObject | AddressObject[] | undefined): string[] {
  return (Array.isArray(field) ? field : field ? [field] : []).flatMap((object) =>
    object.value.flatMap((entry) => [entry.address ?? '', ...(entry.group ?? []).map((member) => member.address ?? '')]),
  );
}

/** Every address the message was sent to, including the envelope's as mail servers record it. */
function recipients(mail: ParsedMail): string[] {
  const envelope = ['delivered-to', 'x-original-to', 'envelope-to', 'x-envelope-to'].flatMap((name) => {
    const value = mail.headers.get(name);
    return (Array.isArray(value) ? value : [value]).filter((item): item is string => typeof item === 'string');
  });
  return [...addresses(mail.to), ...addresses(mail.cc), ...envelope].filter(Boolean);
}

function referencesOf(mail: ParsedMail): string[] {
  const references = Array.isArray(mail.references) ? mail.references : mail.references ? [mail.references] : [];
  const replyTo = mail.inReplyTo ? mail.inReplyTo.split(/\s+/) : [];
  return [...new Set([...replyTo, ...references].map((id) => id.trim()).filter((id) => /^<[^<>\s]+>$/.test(id)))];
}

/** Which conversation an answer belongs to, or a new one with whoever wrote it; null when nobody here knows the sender. */
async function conversationFor(tx: Db, mail: ParsedMail, from: string, secret: string): Promise<number | null> {
  const references = referencesOf(mail);
  if (references.length > 0) {
    const [answered] = await rows<{ conversation_id: number }>(
      tx,
      sql`SELECT m.conversation_id FROM messages m JOIN conversations c ON c.id = m.conversation_id
        WHERE c.channel = 'email' AND m.external_id IN (${sql.join(
          references.map((id) => sql`${id}`),
          sql`, `,
        )}) ORDER BY m.id DESC LIMIT 1`,
    );
    if (answered) return answered.conversation_id;
  }
  for (const address of recipients(mail)) {
    const tagged = conversationOfAddress(secret, address);
    if (tagged === null) continue;
    const [exists] = await rows<{ id: number }>(tx, sql`SELECT id FROM conversations WHERE id = ${tagged} AND channel = 'email'`);
    if (exists) return exists.id;
  }
  if (!from) return null;
  const [known] = await rows<{ id: number }>(
    tx,
    sql`SELECT id FROM conversations WHERE channel = 'email' AND address = ${from} ORDER BY id DESC LIMIT 1`,
  );
  if (known) return known.id;
  const [opened] = await rows<{ id: number }>(
    tx,
    sql`INSERT INTO conversations (company_id, contact_id, lead_id, channel, address)
      SELECT party.company_id, party.contact_id, party.lead_id, 'email', ${from} FROM (
        SELECT ct.company_id, ct.id AS contact_id, NULL::int AS lead_id, 0 AS rank, ct.id AS ord FROM contacts ct
          JOIN companies co ON co.id = ct.company_id AND co.deleted_at IS NULL WHERE lower(trim(ct.email)) = ${from}
        UNION ALL
        SELECT NULL, NULL, l.id, 1, l.id FROM leads l WHERE lower(trim(l.email)) = ${from}
      ) party ORDER BY party.rank, party.ord LIMIT 1
      RETURNING id`,
  );
  return opened?.id ?? null;
}

export async function receiveEmail(db: Db, raw: Buffer, secret: string): Promise<InboundResult> {
  // Loaded with the first answer: most processes never receive one.
  const { simpleParser } = await import('mailparser');
  const mail = await simpleParser(raw, { skipImageLinks: true, skipTextToHtml: true, skipTextLinks: true });
  const from = (addresses(mail.from)[0] ?? '').trim().toLowerCase();
  const ownId = mail.messageId?.trim();
  // Without a usable Message-ID the message's own bytes name it: the same message sent twice is one.
  const externalId =
    ownId && ownId.length <= MAX_EXTERNAL_ID && /^<[^<>\s]+>$/.test(ownId)
      ? ownId
      : `<${createHash('sha256').update(raw).digest('hex')}@sin-message-id>`;
  const attachments = mail.attachments.filter((attachment) => attachment.contentDisposition !== 'inline');
  const written = replyText(mail.text ?? '');
  const body = [written, attachments.length > 0 ? text.attachments(attachments.map((a) => a.filename ?? a.contentType).join(', ')) : '']
    .filter(Boolean)
    .join('\n\n');
  return db.transaction(async (tx) => {
    // The same answer may arrive twice at once (a provider's retry): it is looked for before matching, and kept once by its id.
    const [seen] = await rows<{ id: number; conversation_id: number }>(
      tx,
      sql`SELECT id, conversation_id FROM messages WHERE external_id = ${externalId}`,
    );
    if (seen) return { matched: true, conversation_id: seen.conversation_id, message_id: seen.id, duplicate: true };
    const conversationId = await conversationFor(tx, mail, from, secret);
    if (conversationId === null) return { matched: false, conversation_id: null, message_id: null, duplicate: false };
    const [inserted] = await rows<{ id: number }>(
      tx,
      sql`INSERT INTO messages (conversation_id, direction, body, external_id)
        VALUES (${conversationId}, 'entrante', ${(body || text.emptyEmail).slice(0, MAX_BODY)}, ${externalId})
        ON CONFLICT (external_id) DO NOTHING RETURNING id`,
    );
    if (!inserted) {
      const [other] = await rows<{ id: number; conversation_id: number }>(
        tx,
        sql`SELECT id, conversation_id FROM messages WHERE external_id = ${externalId}`,
      );
      return { matched: true, conversation_id: other!.conversation_id, message_id: other!.id, duplicate: true };
    }
    await tx.execute(sql`INSERT INTO message_statuses (message_id, status) VALUES (${inserted.id}, 'recibido')`);
    return { matched: true, conversation_id: conversationId, message_id: inserted.id, duplicate: false };
  });
}
