import { sql } from 'drizzle-orm';
import type { BusinessIdentity } from '../../domain/deployment';
import { conversationMessages } from '../../domain/messages/conversations';
import type { Db } from '../db/client';
import { rows } from '../db/sql-rows';
import { escapeHtml } from '../html-text';

/** A conversation's message as the e-mail that carries it: the text, signed by who wrote it and the business. */
export async function conversationEmail(db: Db, messageId: number, identity: BusinessIdentity): Promise<{ subject: string; html: string }> {
  const [message] = await rows<{ body: string; author: string | null }>(
    db,
    sql`SELECT m.body, u.name || ' ' || u.last AS author FROM messages m LEFT JOIN users u ON u.id = m.user_id WHERE m.id = ${messageId}`,
  );
  const body = message?.body ?? '';
  const paragraphs = body
    .split(/\n{2,}/)
    .map((paragraph) => `<p>${escapeHtml(paragraph).replace(/\n/g, '<br>')}</p>`)
    .join('');
  const signature = [message?.author, identity.brand, identity.phone, identity.website].filter(Boolean).map((line) => escapeHtml(line!));
  return {
    subject: conversationMessages.emailSubject(identity.brand),
    html: `<div style="font-family:Arial,sans-serif;font-size:14px;color:#222">${paragraphs}<p style="color:#555">${signature.join('<br>')}</p></div>`,
  };
}
