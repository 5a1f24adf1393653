import * as z from 'zod/mini';
import { notesMessages } from '../messages/notes';

const text = notesMessages;
const id = z.int().check(z.positive(), z.maximum(2_147_483_647));

/** What a note can be about: its page shows the notes written on it (a support ticket's are the support desk's). */
export const NOTE_RECORD_TYPES = ['sale', 'company', 'shipping', 'ticket'] as const;
export type NoteRecordType = (typeof NOTE_RECORD_TYPES)[number];
export const noteRecordSchema = z.object({ type: z.enum(NOTE_RECORD_TYPES), id });
export type NoteRecord = z.infer<typeof noteRecordSchema>;

/** The page of what a note is about: where the note and a notice of it lead. */
export function noteRecordPath(record: NoteRecord): string {
  switch (record.type) {
    case 'sale':
      return `/sales/${record.id}`;
    case 'company':
      return `/clients/client/${record.id}`;
    case 'shipping':
      return `/shippings/${record.id}`;
    case 'ticket':
      return `/support?ticket=${record.id}`;
  }
}

export const noteSchema = z.object({
  id: z.int(),
  user_id: z.int(),
  author: z.nullable(z.object({ name: z.string(), last: z.string() })),
  title: z.string(),
  body: z.string(),
  seen: z.boolean(),
  created_at: z.string(),
  /** Absent from notes a device kept from before notes had threads. */
  thread_id: z.optional(z.string()),
  record: z.optional(z.nullable(noteRecordSchema)),
  archived: z.optional(z.boolean()),
  mentioned: z.optional(z.boolean()),
});
export type Note = z.infer<typeof noteSchema>;

export const noteListSchema = z.object({ data: z.array(noteSchema) });

/** PATCH /api/v2/notes/{id}: seen, or archived (and back). */
export const noteSeenPatchSchema = z.strictObject({ seen: z.optional(z.literal(true)), archived: z.optional(z.boolean()) });
export const noteSeenResponseSchema = z.object({ id: z.int(), seen: z.boolean(), archived: z.optional(z.boolean()) });

/**
 * POST /api/v2/notes: to people, to everyone with a role, and to whoever the body @mentions (by
 * the user of their e-mail: @almacen); a reply names its thread and goes to everyone in it.
 */
export const noteInputSchema = z.object({
  title: z.optional(z.nullable(z.string().check(z.trim(), z.maxLength(200, text.titleTooLong)))),
  body: z.string({ error: text.bodyRequired }).check(z.trim(), z.minLength(1, text.bodyRequired), z.maxLength(2000, text.bodyTooLong)),
  user_ids: z._default(z.array(id).check(z.maxLength(100)), []),
  role_ids: z._default(z.array(id).check(z.maxLength(20)), []),
  record: z.optional(z.nullable(noteRecordSchema)),
  thread_id: z.optional(z.nullable(z.string().check(z.maxLength(40)))),
});
export type NoteInput = z.input<typeof noteInputSchema>;
export const noteSentSchema = z.object({
  data: z.object({ sent_id: z.string(), thread_id: z.string(), recipients: z.int(), mentioned: z.int() }),
});

/** A thread or a record's notes as the person sees them: each note once, whoever else it went to. */
export const noteThreadSchema = z.object({
  data: z.array(
    z.object({
      sent_id: z.string(),
      thread_id: z.string(),
      author: z.nullable(z.object({ id: z.int(), name: z.string(), last: z.string() })),
      title: z.string(),
      body: z.string(),
      created_at: z.string(),
      record: z.nullable(noteRecordSchema),
      recipients: z.array(z.object({ id: z.int(), name: z.string(), last: z.string() })),
    }),
  ),
});
export type NoteThread = z.infer<typeof noteThreadSchema>['data'];
