import { randomUUID } from 'node:crypto';
import type { NoteRecord } from '../../domain/schemas/notes';
import type { Db } from '../db/client';
import { notes } from '../db/schema';
import { publishEvent } from '../events/bus';

export interface OutgoingNote {
  authorId: number | null;
  recipients: ReadonlySet<number>;
  title: string;
  body: string;
  record: NoteRecord | null;
  /** The conversation it answers; a new one when absent. */
  threadId?: string | null;
  mentioned?: ReadonlySet<number>;
}

/**
 * Writes a note: a row for each person it goes to (the author excepted), and tells their bells
 * (note.created) when `tx` commits. Answers its ids; null when it goes to no one.
 */
export async function sendNote(tx: Db, note: OutgoingNote): Promise<{ sentId: string; threadId: string; recipients: number[] } | null> {
  const recipients = [...note.recipients].filter((id) => id !== note.authorId);
  if (recipients.length === 0) return null;
  const sentId = randomUUID();
  const threadId = note.threadId ?? sentId;
  await tx.insert(notes).values(
    recipients.map((recipient) => ({
      user_id: recipient,
      author_id: note.authorId,
      title: note.title.slice(0, 200),
      body: note.body,
      sent_id: sentId,
      thread_id: threadId,
      record_type: note.record?.type ?? null,
      record_id: note.record?.id ?? null,
      mentioned: note.mentioned?.has(recipient) ?? false,
    })),
  );
  await publishEvent(tx, { type: 'note.created', user_ids: recipients });
  return { sentId, threadId, recipients };
}
