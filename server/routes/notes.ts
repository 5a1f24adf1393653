import type { FastifyInstance } from 'fastify';
import { sql, type SQL } from 'drizzle-orm';
import { notesMessages } from '../../domain/messages/notes';
import {
  NOTE_RECORD_TYPES,
  noteRecordPath,
  noteInputSchema,
  noteListSchema,
  noteSeenPatchSchema,
  noteSeenResponseSchema,
  noteSentSchema,
  noteThreadSchema,
  type Note,
  type NoteRecord,
} from '../../domain/schemas/notes';
import type { Db } from '../db/client';
import { rows } from '../db/sql-rows';
import { sendNote } from '../repositories/notes';
import { enqueuePush } from '../push/push';
import { pushMessages } from '../../domain/messages/push';
import { HttpError, notFound, parseInput } from '../http-errors';
import { idParamSchema } from '../http/params';
import { guardedRoutes, type RouteTable } from '../http/route-table';
import { currentUser, signedIn } from '../plugins/auth';
import { onlyRoutesOf, readableRoutes } from '../auth/record-rules';
import { hasPermission, type Permission } from '../../domain/permissions';
import type { CurrentUser } from '../../domain/schemas/auth';
import { runMutation } from '../plugins/idempotency';
import * as z from 'zod/mini';

const text = notesMessages;

/** What each route of this file needs (its access rule) and takes and answers (its OpenAPI entry). */
export const NOTES_ROUTES = {
  'GET /api/v1/note/all': {
    access: signedIn,
    summary: 'Notas del usuario (las recibidas, con su conversación y lo que tratan)',
    response: noteListSchema,
    recordRule: 'Only the signed-in person’s notes.',
  },
  'POST /api/v2/notes': {
    access: signedIn,
    summary: 'Escribir una nota a personas, a un rol o a quien mencione con @usuario; sobre una venta, un cliente o un envío; o responder',
    body: noteInputSchema,
    response: noteSentSchema,
    recordRule:
      'A reply only in a conversation the person takes part in; about a record only one the person may read (403 alike whether it exists or not).',
  },
  'PATCH /api/v2/notes/:id': {
    access: signedIn,
    summary: 'Marcar nota como vista, archivarla o sacarla del archivo',
    body: noteSeenPatchSchema,
    response: noteSeenResponseSchema,
    recordRule: 'Only the signed-in person’s notes.',
  },
  'GET /api/v2/notes/thread/:thread': {
    access: signedIn,
    summary: 'Una conversación: cada nota una vez, con quién la escribió y a quiénes fue',
    response: noteThreadSchema,
    recordRule: 'Only the notes the person wrote or received.',
  },
  'GET /api/v2/notes/record/:type/:id': {
    access: signedIn,
    summary: 'Las notas sobre una venta (sale), un cliente (company), un envío (shipping) o un ticket de soporte (ticket)',
    response: noteThreadSchema,
    recordRule: 'Only the notes the person wrote or received.',
  },
} satisfies RouteTable;

const guardedRoute = guardedRoutes(NOTES_ROUTES);

const threadParamSchema = z.object({ thread: z.string().check(z.regex(/^[\w-]{1,40}$/)) });
const recordParamSchema = z.object({
  type: z.enum(NOTE_RECORD_TYPES),
  id: z.pipe(z.string().check(z.regex(/^\d{1,9}$/)), z.transform(Number)),
});

/** A mention is '@' and the user of a person's e-mail (ending in a letter or digit: '@almacen.' ends a sentence), not inside a word or an address. */
const MENTION = /(?:^|[^\w.@])@([a-z0-9](?:[a-z0-9._-]{0,62}[a-z0-9])?)/gi;

const iso = (column: SQL) => sql`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
/**
 * Who reads each kind of record a note may be about: the permissions of the screens that show
 * one (a sale on its page, in the lists of sales, orders and collections; a customer on theirs;
 * a route in the routes). Every signed-in person reads their own support tickets.
 */
const RECORD_READERS: Record<NoteRecord['type'], readonly Permission[] | null> = {
  sale: ['sales', 'quotations', 'scheduled_sales', 'pedidos', 'cancelations', 'collections', 'balances', 'orders', 'orders_ready'],
  company: ['companies'],
  shipping: ['shippings', 'shipping_details'],
  ticket: null,
};

/**
 * The record a note is about, if it exists, and whether this person reads that one: a driver
 * only the routes they drive (auth/record-rules.ts), and only support reads others' tickets.
 */
const RECORD_FOUND: Record<NoteRecord['type'], (id: number, user: CurrentUser) => SQL> = {
  sale: (id) => sql`SELECT TRUE AS readable FROM sales WHERE id = ${id} AND deleted_at IS NULL`,
  company: (id) => sql`SELECT TRUE AS readable FROM companies WHERE id = ${id} AND deleted_at IS NULL`,
  shipping: (id, user) =>
    sql`SELECT ${readableRoutes(user, sql`driver_id`)} AS readable FROM shippings WHERE id = ${id} AND deleted_at IS NULL`,
  ticket: (id, user) =>
    sql`SELECT ${hasPermission(user, 'support') ? sql`TRUE` : sql`user_id = ${user.id}`} AS readable FROM support_tickets WHERE id = ${id}`,
};

/** Whether this person reads only some records of the kind, so that one they may not read looks like one that does not exist. */
const NARROWED: Record<NoteRecord['type'], (user: CurrentUser) => boolean> = {
  sale: () => false,
  company: () => false,
  shipping: (user) => onlyRoutesOf(user) !== null,
  ticket: (user) => !hasPermission(user, 'support'),
};

/**
 * A note about a record is written only by someone who may read it, checked before whether it
 * exists: the answer (403) is the same for one that does not, so nobody learns what exists
 * by writing about it. Only those who read every record of the kind hear that it does not.
 */
async function refuseUnreadable(tx: Db, user: CurrentUser, record: NoteRecord): Promise<void> {
  const readers = RECORD_READERS[record.type];
  if (readers && !readers.some((name) => hasPermission(user, name))) throw new HttpError(403, text.recordNotReadable);
  const [found] = await rows<{ readable: boolean }>(tx, RECORD_FOUND[record.type](record.id, user));
  if (found?.readable === false || (!found && NARROWED[record.type](user))) throw new HttpError(403, text.recordNotReadable);
  if (!found) throw new HttpError(422, text.unknownRecord);
}

/** Notes that `where` picks, each sent note once, among those the person wrote or received, oldest first. */
async function sentNotes(db: Db, userId: number, where: SQL) {
  return rows<z.infer<typeof noteThreadSchema>['data'][number]>(
    db,
    sql`WITH n AS (SELECT notes.*, coalesce(sent_id, 'n' || id) AS sent, coalesce(thread_id, 'n' || id) AS thread FROM notes)
      SELECT n.sent AS sent_id, n.thread AS thread_id, n.title, n.body, ${iso(sql`n.created_at`)} AS created_at,
        CASE WHEN n.record_type IS NULL THEN NULL ELSE json_build_object('type', n.record_type, 'id', n.record_id) END AS record,
        CASE WHEN a.id IS NULL THEN NULL ELSE json_build_object('id', a.id, 'name', a.name, 'last', a.last) END AS author,
        json_agg(json_build_object('id', r.id, 'name', r.name, 'last', r.last) ORDER BY r.name, r.last) AS recipients
      FROM n LEFT JOIN users a ON a.id = n.author_id JOIN users r ON r.id = n.user_id
      WHERE ${where} AND n.sent IN (SELECT coalesce(sent_id, 'n' || id) FROM notes WHERE user_id = ${userId} OR author_id = ${userId})
      GROUP BY n.sent, n.thread, n.title, n.body, n.created_at, n.record_type, n.record_id, a.id, a.name, a.last
      ORDER BY n.created_at, n.sent LIMIT 500`,
  );
}

/** A person's notes (spec §3 Note): the bell counts the unseen ones, live (note.created). */
export function noteRoutes(app: FastifyInstance, db: Db): void {
  guardedRoute(app, 'GET /api/v1/note/all', async (request) => {
    const user = currentUser(request);
    const data = await rows<Note>(
      db,
      sql`SELECT n.id, n.user_id, n.title, n.body, n.seen <> 0 AS seen, ${iso(sql`n.created_at`)} AS created_at,
          coalesce(n.thread_id, 'n' || n.id) AS thread_id, n.archived, n.mentioned,
          CASE WHEN n.record_type IS NULL THEN NULL ELSE json_build_object('type', n.record_type, 'id', n.record_id) END AS record,
          CASE WHEN a.id IS NULL THEN NULL ELSE json_build_object('name', a.name, 'last', a.last) END AS author
        FROM notes n LEFT JOIN users a ON a.id = n.author_id
        WHERE n.user_id = ${user.id} ORDER BY n.created_at DESC, n.id DESC`,
    );
    return { data };
  });

  guardedRoute(app, 'POST /api/v2/notes', async (request, reply) => {
    const user = currentUser(request);
    const body = parseInput(noteInputSchema, request.body);
    return runMutation(db, request, reply, async (tx) => {
      const recipients = new Set<number>();
      if (body.user_ids.length > 0) {
        const found = await rows<{ id: number }>(
          tx,
          sql`SELECT id FROM users WHERE active AND id IN (${sql.join(
            body.user_ids.map((id) => sql`${id}`),
            sql`, `,
          )})`,
        );
        if (found.length !== new Set(body.user_ids).size) throw new HttpError(422, text.unknownPeople);
        for (const row of found) recipients.add(row.id);
      }
      if (body.role_ids.length > 0) {
        const roleList = sql.join(
          body.role_ids.map((id) => sql`${id}`),
          sql`, `,
        );
        const roles = await rows<{ id: number }>(tx, sql`SELECT id FROM roles WHERE id IN (${roleList})`);
        if (roles.length !== new Set(body.role_ids).size) throw new HttpError(422, text.unknownRole);
        for (const row of await rows<{ id: number }>(tx, sql`SELECT id FROM users WHERE active AND role_id IN (${roleList})`))
          recipients.add(row.id);
      }
      const handles = [...body.body.matchAll(MENTION)].map((match) => match[1]!.toLowerCase());
      const mentioned = new Set<number>();
      if (handles.length > 0) {
        const found = await rows<{ id: number }>(
          tx,
          sql`SELECT id FROM users WHERE active AND lower(split_part(email, '@', 1)) IN (${sql.join(
            handles.map((handle) => sql`${handle}`),
            sql`, `,
          )})`,
        );
        for (const row of found) {
          mentioned.add(row.id);
          recipients.add(row.id);
        }
      }
      // What the writer names must be theirs to read; a reply's record comes with the conversation they take part in.
      if (body.record) await refuseUnreadable(tx, user, body.record);
      let record = body.record ?? null;
      let title = body.title || null;
      if (body.thread_id) {
        // A reply goes to everyone in the conversation, about what it is about.
        const thread = await rows<{
          user_id: number;
          author_id: number | null;
          title: string;
          record_type: string | null;
          record_id: number | null;
        }>(tx, sql`SELECT user_id, author_id, title, record_type, record_id FROM notes WHERE thread_id = ${body.thread_id} ORDER BY id`);
        if (!thread.some((row) => row.user_id === user.id || row.author_id === user.id)) throw new HttpError(404, text.threadNotFound);
        for (const row of thread) {
          recipients.add(row.user_id);
          if (row.author_id !== null) recipients.add(row.author_id);
        }
        const first = thread[0]!;
        title ??= text.replyPrefix(first.title);
        if (!record && first.record_type !== null) record = { type: first.record_type as NoteRecord['type'], id: first.record_id! };
      }
      const sent = await sendNote(tx, {
        authorId: user.id,
        recipients,
        title: title ?? body.body.split('\n')[0]!,
        body: body.body,
        record,
        threadId: body.thread_id ?? null,
        mentioned,
      });
      if (!sent) throw new HttpError(422, text.noRecipients);
      // Whoever the note @mentions hears of it on their phone.
      const mentionedPeople = sent.recipients.filter((id) => mentioned.has(id));
      if (mentionedPeople.length > 0)
        await enqueuePush(tx, mentionedPeople, {
          title: pushMessages.mentioned(`${user.name} ${user.last}`),
          body: body.body.slice(0, 300),
          url: record ? noteRecordPath(record) : '/notes',
          tag: `nota-${sent.threadId}`,
        });
      return {
        status: 201,
        body: {
          data: {
            sent_id: sent.sentId,
            thread_id: sent.threadId,
            recipients: sent.recipients.length,
            mentioned: sent.recipients.filter((id) => mentioned.has(id)).length,
          },
        },
      };
    });
  });

  guardedRoute(app, 'PATCH /api/v2/notes/:id', async (request, reply) => {
    const user = currentUser(request);
    const { id } = parseInput(idParamSchema, request.params, 404);
    const body = parseInput(noteSeenPatchSchema, request.body);
    return runMutation(db, request, reply, async (tx) => {
      const [updated] = await rows<{ id: number; seen: number; archived: boolean }>(
        tx,
        sql`UPDATE notes SET seen = CASE WHEN ${body.seen === true} THEN 1 ELSE seen END,
            archived = coalesce(${body.archived ?? null}::boolean, archived)
          WHERE id = ${id} AND user_id = ${user.id} RETURNING id, seen, archived`,
      );
      if (!updated) throw notFound();
      return { status: 200, body: { id, seen: updated.seen !== 0, archived: updated.archived } };
    });
  });

  guardedRoute(app, 'GET /api/v2/notes/thread/:thread', async (request) => {
    const { thread } = parseInput(threadParamSchema, request.params, 404);
    return { data: await sentNotes(db, currentUser(request).id, sql`n.thread = ${thread}`) };
  });

  guardedRoute(app, 'GET /api/v2/notes/record/:type/:id', async (request) => {
    const record = parseInput(recordParamSchema, request.params, 404);
    return { data: await sentNotes(db, currentUser(request).id, sql`n.record_type = ${record.type} AND n.record_id = ${record.id}`) };
  });
}
