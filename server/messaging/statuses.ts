import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { rows } from '../db/sql-rows';

/** A message's states as its conversation shows them (spec §7 message_status): in this order, never back. */
export const MESSAGE_STATUSES = ['pendiente', 'enviado', 'entregado', 'leído', 'fallido'] as const;
export type MessageStatus = (typeof MESSAGE_STATUSES)[number];

/**
 * Records that a message reached `status`, once: a channel that reports the same state twice
 * (WhatsApp retries its webhook) or late (delivered after read) adds nothing.
 */
export async function recordMessageStatus(tx: Db, messageId: number, status: MessageStatus): Promise<void> {
  const [last] = await rows<{ status: string }>(
    tx,
    sql`SELECT status FROM message_statuses WHERE message_id = ${messageId} ORDER BY id DESC LIMIT 1`,
  );
  const rank = (value: string | undefined) => (value === undefined ? -1 : MESSAGE_STATUSES.indexOf(value as MessageStatus));
  // A retried message starts again from 'pendiente' after 'fallido'.
  const retried = status === 'pendiente' && last?.status === 'fallido';
  if (!retried && rank(last?.status) >= rank(status)) return;
  await tx.execute(sql`INSERT INTO message_statuses (message_id, status) VALUES (${messageId}, ${status})`);
}
