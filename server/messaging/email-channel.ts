import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { BusinessIdentity } from '../../domain/deployment';
import { conversationMessages } from '../../domain/messages/conversations';
import type { Db } from '../db/client';
import { rows } from '../db/sql-rows';
import { escapeHtml } from '../html-text';

/**
 * A conversation's message as the e-mail that carries it (docs/decisions/016): the text signed by
 * who wrote it and the business, one subject per conversation, and threaded — each e-mail has its
 * own Message-ID, kept as the message's external_id, and names the conversation's earlier ones in
 * In-Reply-To and References, so the customer's mail program shows one thread and their answer
 * names the message it answers.
 */

/** Where customers' answers come in (EMAIL_INBOUND_ADDRESS, guarded by EMAIL_INBOUND_SECRET); null: answers go to the seller. */
export interface InboundMailbox {
  address: string | null;
  secret: string;
}

export interface ConversationEmail {
  subject: string;
  html: string;
  replyTo: string | undefined;
  messageId: string;
  inReplyTo: string | undefined;
  references: string[];
}

/** Earlier Message-IDs named in References: the first (the thread's root) and the latest ones, as mail programs trim them. */
const MAX_REFERENCES = 20;

/** A tag only this installation can make for conversation `id`: the reply address carries it and the inbound route checks it. */
function conversationTag(secret: string, id: number): string {
  return `c${id}-${createHmac('sha256', secret).update(`conversation:${id}`).digest('hex').slice(0, 16)}`;
}

/** The conversation's own reply address: the inbound mailbox with the conversation's tag after a '+'. */
export function replyAddress(inbound: InboundMailbox, conversationId: number): string | null {
  if (!inbound.address) return null;
  const at = inbound.address.lastIndexOf('@');
  return `${inbound.address.slice(0, at)}+${conversationTag(inbound.secret, conversationId)}@${inbound.address.slice(at + 1)}`;
}

/** The conversation an address's tag names, when the tag is genuine. */
export function conversationOfAddress(secret: string, address: string): number | null {
  const tag = /\+(c(\d{1,9})-[0-9a-f]{16})@/i.exec(address);
  if (!tag) return null;
  const id = Number(tag[2]);
  const expected = Buffer.from(conversationTag(secret, id));
  const given = Buffer.from(tag[1]!.toLowerCase());
  return given.length === expected.length && timingSafeEqual(given, expected) ? id : null;
}

export async function conversationEmail(
  db: Db,
  messageId: number,
  identity: BusinessIdentity,
  sender: { address: string; inbound: InboundMailbox | null },
): Promise<ConversationEmail> {
  const [message] = await rows<{
    body: string;
    author: string | null;
    author_email: string | null;
    conversation_id: number;
    external_id: string | null;
    party: string | null;
  }>(
    db,
    sql`SELECT m.body, u.name || ' ' || u.last AS author, u.email AS author_email, m.conversation_id, m.external_id,
        coalesce(co.name, l.name) AS party
      FROM messages m JOIN conversations c ON c.id = m.conversation_id
      LEFT JOIN users u ON u.id = m.user_id LEFT JOIN companies co ON co.id = c.company_id LEFT JOIN leads l ON l.id = c.lead_id
      WHERE m.id = ${messageId}`,
  );
  if (!message) throw new Error(`message ${messageId} not found`);
  // The conversation's e-mails before this one, each by its Message-ID (ours or the customer's).
  const earlier = (
    await rows<{ external_id: string }>(
      db,
      sql`SELECT external_id FROM messages
        WHERE conversation_id = ${message.conversation_id} AND id < ${messageId} AND external_id LIKE '<%>' ORDER BY id`,
    )
  ).map((row) => row.external_id);
  const references = earlier.length > MAX_REFERENCES ? [earlier[0]!, ...earlier.slice(-(MAX_REFERENCES - 1))] : earlier;
  // Made once and kept before the first attempt: a retry is the same e-mail, not a new one in the thread.
  const domain = sender.address.slice(sender.address.lastIndexOf('@') + 1);
  const proposed = `<m${messageId}.${randomBytes(9).toString('hex')}@${domain}>`;
  const [kept] = await rows<{ external_id: string }>(
    db,
    sql`UPDATE messages SET external_id = coalesce(external_id, ${proposed}) WHERE id = ${messageId} RETURNING external_id`,
  );

  const paragraphs = message.body
    .split(/\n{2,}/)
    .map((paragraph) => `<p>${escapeHtml(paragraph).replace(/\n/g, '<br>')}</p>`)
    .join('');
  const signature = [message.author, identity.brand, identity.phone, identity.website].filter(Boolean).map((line) => escapeHtml(line!));
  const subject = conversationMessages.emailSubject(identity.brand, message.party ?? '', message.conversation_id);
  return {
    subject: earlier.length > 0 ? `Re: ${subject}` : subject,
    html: `<div style="font-family:Arial,sans-serif;font-size:14px;color:#222">${paragraphs}<p style="color:#555">${signature.join('<br>')}</p></div>`,
    // Answers reach the conversation when an inbound mailbox is set up, else the seller who wrote.
    replyTo: (sender.inbound && replyAddress(sender.inbound, message.conversation_id)) ?? message.author_email ?? undefined,
    messageId: kept!.external_id,
    inReplyTo: earlier.at(-1),
    references,
  };
}
