import type { FastifyInstance } from 'fastify';
import { and, asc, desc, eq, ilike, sql, type SQL } from 'drizzle-orm';
import { ADMIN_USER_ID } from '../../domain/permissions';
import { newSupportTicketSchema, type SupportTicket, supportTicketPageSchema, supportTicketSchema } from '../../domain/schemas/support';
import type { Db } from '../db/client';
import { supportTickets, users } from '../db/schema';
import { parseInput } from '../http-errors';
import { currentUser, signedIn } from '../plugins/auth';
import { runMutation } from '../plugins/idempotency';
import { containsPattern, parseListQuery } from '../http/list-query';
import { guardedRoutes, LIST_QUERY, type RouteTable } from '../http/route-table';

/**
 * Support tickets (spec §7), on their own prefix (/api/support) so they can be served
 * from another host. Anyone signed in may report a problem; user 1 reads every ticket, everyone else
 * only their own (spec §6 limits 'Dirección' to its own; we limit everybody but user 1).
 */
const LIST_SPEC = { filters: ['description'], sorts: ['id', 'created_at', 'status'] } as const;

/** What each route of this file needs (its access rule) and takes and answers (its OpenAPI entry). */
export const SUPPORT_ROUTES = {
  'GET /api/support/support_tickets': {
    access: signedIn,
    summary: 'Tickets de soporte',
    response: supportTicketPageSchema,
    query: [...LIST_QUERY, 'filter[description]'],
    recordRule: 'User 1 reads every ticket; everyone else only their own.',
  },
  'POST /api/support/support_tickets': {
    access: signedIn,
    summary: 'Nuevo ticket de soporte',
    body: newSupportTicketSchema,
    response: supportTicketSchema,
  },
} satisfies RouteTable;

const guardedRoute = guardedRoutes(SUPPORT_ROUTES);

export function supportRoutes(app: FastifyInstance, db: Db): void {
  guardedRoute(
    app,
    'GET /api/support/support_tickets',
    async (request) => {
      const user = currentUser(request);
      const query = parseListQuery(request.query, LIST_SPEC);
      const conditions: SQL[] = [];
      if (user.id !== ADMIN_USER_ID) conditions.push(eq(supportTickets.user_id, user.id));
      if (query.filters.description) conditions.push(ilike(supportTickets.description, containsPattern(query.filters.description)));
      const where = conditions.length > 0 ? and(...conditions) : undefined;
      const sortColumn = { id: supportTickets.id, created_at: supportTickets.created_at, status: supportTickets.status }[
        query.sort?.field ?? 'created_at'
      ];
      const order = query.sort && !query.sort.descending ? asc(sortColumn) : desc(sortColumn);
      const [rows, [count]] = await Promise.all([
        db
          .select({ ticket: supportTickets, name: users.name, last: users.last })
          .from(supportTickets)
          .innerJoin(users, eq(users.id, supportTickets.user_id))
          .where(where)
          .orderBy(order, desc(supportTickets.id))
          .limit(query.itemsPerPage)
          .offset(query.offset),
        db
          .select({ total: sql<number>`count(*)::int` })
          .from(supportTickets)
          .where(where),
      ]);
      const data: SupportTicket[] = rows.map(({ ticket, name, last }) => ({
        id: ticket.id,
        user_id: ticket.user_id,
        user: { name, last },
        description: ticket.description,
        status: ticket.status,
        created_at: new Date(ticket.created_at).toISOString(),
      }));
      return { data, meta: { total: count?.total ?? 0 } };
    },
    { acceptsQuery: true },
  );

  guardedRoute(app, 'POST /api/support/support_tickets', async (request, reply) => {
    const user = currentUser(request);
    const { description } = parseInput(newSupportTicketSchema, request.body);
    return runMutation(db, request, reply, async (tx) => {
      const [ticket] = await tx.insert(supportTickets).values({ user_id: user.id, description }).returning();
      const body: SupportTicket = {
        id: ticket!.id,
        user_id: user.id,
        user: { name: user.name, last: user.last },
        description: ticket!.description,
        status: ticket!.status,
        created_at: new Date(ticket!.created_at).toISOString(),
      };
      return { status: 201, body };
    });
  });
}
