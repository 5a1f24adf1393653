import type { FastifyInstance } from 'fastify';
import { and, desc, eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { noteSeenPatchSchema, type Note, noteListSchema, noteSeenResponseSchema } from '../../domain/schemas/notes';
import type { Db } from '../db/client';
import { notes, users } from '../db/schema';
import { notFound, parseInput } from '../http-errors';
import { currentUser, signedIn } from '../plugins/auth';
import { runMutation } from '../plugins/idempotency';
import { idParamSchema } from '../http/params';
import { guardedRoutes, type RouteTable } from '../http/route-table';

const authors = alias(users, 'authors');

/** What each route of this file needs (its access rule) and takes and answers (its OpenAPI entry). */
export const NOTES_ROUTES = {
  'GET /api/v1/note/all': {
    access: signedIn,
    summary: 'Notas del usuario',
    response: noteListSchema,
    recordRule: 'Only the signed-in person’s notes.',
  },
  'PATCH /api/v2/notes/:id': {
    access: signedIn,
    summary: 'Marcar nota como vista',
    body: noteSeenPatchSchema,
    response: noteSeenResponseSchema,
    recordRule: 'Only the signed-in person’s notes.',
  },
} satisfies RouteTable;

const guardedRoute = guardedRoutes(NOTES_ROUTES);

/** A person's own notes: the bell counts the unseen ones (spec §2, §3 Note). */
export function noteRoutes(app: FastifyInstance, db: Db): void {
  guardedRoute(app, 'GET /api/v1/note/all', async (request) => {
    const user = currentUser(request);
    const rows = await db
      .select({
        id: notes.id,
        user_id: notes.user_id,
        title: notes.title,
        body: notes.body,
        seen: notes.seen,
        created_at: notes.created_at,
        author_name: authors.name,
        author_last: authors.last,
      })
      .from(notes)
      .leftJoin(authors, eq(authors.id, notes.author_id))
      .where(eq(notes.user_id, user.id))
      .orderBy(desc(notes.created_at), desc(notes.id));
    const data: Note[] = rows.map(({ author_name, author_last, seen, ...note }) => ({
      ...note,
      seen: seen !== 0,
      created_at: new Date(note.created_at).toISOString(),
      author: author_name === null ? null : { name: author_name, last: author_last ?? '' },
    }));
    return { data };
  });

  guardedRoute(app, 'PATCH /api/v2/notes/:id', async (request, reply) => {
    const user = currentUser(request);
    const { id } = parseInput(idParamSchema, request.params, 404);
    parseInput(noteSeenPatchSchema, request.body);
    return runMutation(db, request, reply, async (tx) => {
      const updated = await tx
        .update(notes)
        .set({ seen: 1 })
        .where(and(eq(notes.id, id), eq(notes.user_id, user.id)))
        .returning({ id: notes.id });
      if (updated.length === 0) throw notFound();
      return { status: 200, body: { id, seen: true } };
    });
  });
}
