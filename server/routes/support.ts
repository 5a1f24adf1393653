import type { FastifyInstance } from 'fastify';
import { sql, type SQL } from 'drizzle-orm';
import { supportMessages } from '../../domain/messages/support';
import { ADMIN_USER_ID, hasPermission } from '../../domain/permissions';
import type { CurrentUser } from '../../domain/schemas/auth';
import {
  newSupportTicketSchema,
  supportReplySchema,
  supportTicketDetailSchema,
  type SupportTicket,
  type SupportTicketDetail,
  supportTicketPageSchema,
  supportTicketSchema,
} from '../../domain/schemas/support';
import type { Db } from '../db/client';
import { supportTicketReplies, supportTickets } from '../db/schema';
import { rows } from '../db/sql-rows';
import { HttpError, parseInput } from '../http-errors';
import { currentUser, signedIn } from '../plugins/auth';
import { runMutation } from '../plugins/idempotency';
import { containsPattern, parseListQuery } from '../http/list-query';
import { idParamSchema } from '../http/params';
import { guardedRoutes, LIST_QUERY, type RouteTable } from '../http/route-table';
import { loadCurrentUser } from '../auth/sessions';
import { sendNote } from '../repositories/notes';

const text = supportMessages;

/**
 * Support tickets (spec §7), on their own prefix (/api/support) so they can be served from
 * another host. Anyone signed in may report a problem. Each person reads their own tickets
 * only: spec §6 as written lets everyone but a 'Dirección' person read everyone's, and a
 * driver reading a seller's problems is a privacy hole. User 1 and the support permission read
 * them all, answer them, change their state and choose who takes each; the opener may add to
 * their own. Each answer or change tells the other side in their bell.
 */
const LIST_SPEC = { filters: ['description'], sorts: ['id', 'created_at', 'status'] } as const;

/** What each route of this file needs (its access rule) and takes and answers (its OpenAPI entry). */
export const SUPPORT_ROUTES = {
  'GET /api/support/support_tickets': {
    access: signedIn,
    summary: 'Tickets de soporte',
    response: supportTicketPageSchema,
    query: [...LIST_QUERY, 'filter[description]'],
    recordRule: 'Each person reads their own tickets; user 1 and the support permission read all.',
  },
  'POST /api/support/support_tickets': {
    access: signedIn,
    summary: 'Nuevo ticket de soporte',
    body: newSupportTicketSchema,
    response: supportTicketSchema,
  },
  'GET /api/support/support_tickets/:id': {
    access: signedIn,
    summary: 'Un ticket con sus respuestas y cambios de estado',
    response: supportTicketDetailSchema,
    recordRule: 'As the list: their own, or all for user 1 and the support permission (404 otherwise).',
  },
  'POST /api/support/support_tickets/:id/replies': {
    access: signedIn,
    summary: 'Responder un ticket, cambiar su estado (Abierto, En proceso, Resuelto, Cerrado) o a quién lo atiende',
    body: supportReplySchema,
    response: supportTicketDetailSchema,
    recordRule:
      'User 1 and the support permission do all; the ticket’s opener only adds an answer while it is not Cerrado; anyone else finds no ticket (404).',
  },
} satisfies RouteTable;

const guardedRoute = guardedRoutes(SUPPORT_ROUTES);

const answersTickets = (user: Pick<CurrentUser, 'id' | 'permissions'>) => user.id === ADMIN_USER_ID || hasPermission(user, 'support');

/** The tickets a person reads: their own, or all of them for those who answer tickets. */
function readable(user: CurrentUser): SQL {
  return answersTickets(user) ? sql`TRUE` : sql`t.user_id = ${user.id}`;
}

const iso = (column: SQL) => sql`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
const TICKET_SELECT = sql`t.id, t.user_id, json_build_object('name', o.name, 'last', o.last) AS user, t.description, t.status,
  ${iso(sql`t.created_at`)} AS created_at,
  CASE WHEN a.id IS NULL THEN NULL ELSE json_build_object('id', a.id, 'name', a.name, 'last', a.last) END AS assigned_to,
  (SELECT count(*)::int FROM support_ticket_replies r WHERE r.ticket_id = t.id AND r.body IS NOT NULL) AS replies`;
const TICKET_FROM = sql`support_tickets t JOIN users o ON o.id = t.user_id LEFT JOIN users a ON a.id = t.assigned_to_user_id`;

async function loadTicket(db: Db, id: number, user: CurrentUser): Promise<SupportTicketDetail> {
  const [ticket] = await rows<SupportTicket>(db, sql`SELECT ${TICKET_SELECT} FROM ${TICKET_FROM} WHERE t.id = ${id} AND ${readable(user)}`);
  if (!ticket) throw new HttpError(404, text.notFound);
  const answers = await rows<SupportTicketDetail['answers'][number]>(
    db,
    sql`SELECT r.id, json_build_object('id', u.id, 'name', u.name, 'last', u.last) AS user, r.body, r.status,
        CASE WHEN a.id IS NULL THEN NULL ELSE json_build_object('id', a.id, 'name', a.name, 'last', a.last) END AS assigned_to,
        ${iso(sql`r.created_at`)} AS created_at
      FROM support_ticket_replies r JOIN users u ON u.id = r.user_id LEFT JOIN users a ON a.id = r.assigned_to_user_id
      WHERE r.ticket_id = ${id} ORDER BY r.id`,
  );
  return { ...ticket, answers };
}

export function supportRoutes(app: FastifyInstance, db: Db): void {
  guardedRoute(
    app,
    'GET /api/support/support_tickets',
    async (request) => {
      const user = currentUser(request);
      const query = parseListQuery(request.query, LIST_SPEC);
      const conditions: SQL[] = [readable(user)];
      if (query.filters.description) conditions.push(sql`t.description ILIKE ${containsPattern(query.filters.description)}`);
      const where = sql.join(conditions, sql` AND `);
      const column = { id: sql`t.id`, created_at: sql`t.created_at`, status: sql`t.status` }[query.sort?.field ?? 'created_at'];
      const direction = query.sort && !query.sort.descending ? sql`ASC` : sql`DESC`;
      const [data, [count]] = await Promise.all([
        rows<SupportTicket>(
          db,
          sql`SELECT ${TICKET_SELECT} FROM ${TICKET_FROM} WHERE ${where} ORDER BY ${column} ${direction}, t.id DESC
            LIMIT ${query.itemsPerPage} OFFSET ${query.offset}`,
        ),
        rows<{ total: number }>(db, sql`SELECT count(*)::int AS total FROM support_tickets t WHERE ${where}`),
      ]);
      return { data, meta: { total: count?.total ?? 0 } };
    },
    { acceptsQuery: true },
  );

  guardedRoute(app, 'POST /api/support/support_tickets', async (request, reply) => {
    const user = currentUser(request);
    const { description } = parseInput(newSupportTicketSchema, request.body);
    return runMutation(db, request, reply, async (tx) => {
      const [ticket] = await tx.insert(supportTickets).values({ user_id: user.id, description }).returning({ id: supportTickets.id });
      const { answers: _answers, ...created } = await loadTicket(tx, ticket!.id, user);
      return { status: 201, body: created };
    });
  });

  guardedRoute(app, 'GET /api/support/support_tickets/:id', async (request) => {
    const { id } = parseInput(idParamSchema, request.params, 404);
    return { data: await loadTicket(db, id, currentUser(request)) };
  });

  guardedRoute(app, 'POST /api/support/support_tickets/:id/replies', async (request, reply) => {
    const user = currentUser(request);
    const { id } = parseInput(idParamSchema, request.params, 404);
    const body = parseInput(supportReplySchema, request.body);
    return runMutation(db, request, reply, async (tx) => {
      const [ticket] = await rows<{ user_id: number; status: string; assigned_to_user_id: number | null }>(
        tx,
        sql`SELECT t.user_id, t.status, t.assigned_to_user_id FROM support_tickets t WHERE t.id = ${id} AND ${readable(user)} FOR UPDATE`,
      );
      if (!ticket) throw new HttpError(404, text.notFound);
      const answerer = answersTickets(user);
      const opener = ticket.user_id === user.id;
      if (!answerer && (!opener || body.status !== undefined || body.assigned_to_user_id !== undefined))
        throw new HttpError(403, text.onlyAnswerers);
      if (!answerer && ticket.status === 'Cerrado') throw new HttpError(409, text.closed);
      if (body.assigned_to_user_id) {
        const assignee = await loadCurrentUser(tx, body.assigned_to_user_id);
        if (!assignee || !answersTickets(assignee)) throw new HttpError(422, text.notAnAnswerer);
      }
      const status = body.status !== undefined && body.status !== ticket.status ? body.status : null;
      const assigned =
        body.assigned_to_user_id !== undefined && body.assigned_to_user_id !== ticket.assigned_to_user_id
          ? body.assigned_to_user_id
          : undefined;
      await tx.insert(supportTicketReplies).values({
        ticket_id: id,
        user_id: user.id,
        body: body.body || null,
        status,
        assigned_to_user_id: assigned ?? null,
      });
      await tx.execute(
        sql`UPDATE support_tickets SET status = coalesce(${status}, status),
          assigned_to_user_id = ${assigned === undefined ? sql`assigned_to_user_id` : sql`${assigned}`}, updated_at = now() WHERE id = ${id}`,
      );
      // The other side hears of it in their bell: the opener of an answer or a new state, the one
      // who takes it of the opener's words (else user 1), a new assignee of the ticket.
      const record = { type: 'ticket' as const, id };
      const title = text.noteTitle(id);
      if (answerer && !opener) {
        const lines = [body.body ? text.noteAnswer(id, body.body) : null, status ? text.noteStatus(id, status) : null].filter(Boolean);
        if (lines.length > 0)
          await sendNote(tx, { authorId: user.id, recipients: new Set([ticket.user_id]), title, body: lines.join('\n'), record });
      } else if (body.body) {
        await sendNote(tx, {
          authorId: user.id,
          recipients: new Set([ticket.assigned_to_user_id ?? ADMIN_USER_ID]),
          title,
          body: text.noteFromOpener(id, body.body),
          record,
        });
      }
      if (assigned) await sendNote(tx, { authorId: user.id, recipients: new Set([assigned]), title, body: text.noteAssigned(id), record });
      return { status: 201, body: { data: await loadTicket(tx, id, user) } };
    });
  });
}
