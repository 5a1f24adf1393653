import type { FastifyInstance } from 'fastify';
import { sql, type SQL } from 'drizzle-orm';
import { isLogAction, isLoggedEntity } from '../../domain/activity-log';
import { queryMessages } from '../../domain/messages/api';
import type { Db } from '../db/client';
import { HttpError } from '../http-errors';
import { iso } from '../repositories/sales';
import { dateRange, idList, parseListQuery } from '../http/list-query';
import { and, listAll, orderBy, page } from '../db/sql-rows';
import { activityLogPageSchema } from '../../domain/schemas/activity-log';
import { logListSchema } from '../../domain/schemas/reads';
import { permission } from '../plugins/auth';
import { guardedRoutes, LIST_QUERY, type RouteTable } from '../http/route-table';

const LOG_SELECT = sql`l.id, ${iso(sql`l.created_at`)} AS created_at, l.user_id, u.name || ' ' || u.last AS user_name, l.action, l.entity, l.entity_id,
  l.route, l.device, l.ip, l.request_id, l.before, l.after`;
const LOG_FROM = sql`logs l LEFT JOIN users u ON u.id = l.user_id`;
const LOG_SORTS = { created_at: 'l.created_at' };

/** A filter holding one of a fixed set of words; anything else is a bad request, not an empty page. */
function oneOf(value: string | undefined, field: string, accepts: (value: string) => boolean): string | undefined {
  if (value === undefined || value === '') return undefined;
  if (!accepts(value)) throw new HttpError(400, queryMessages.unknownFilter(`${field}=${value.slice(0, 40)}`));
  return value;
}

/** What each route of this file needs (its access rule) and takes and answers (its OpenAPI entry). */
export const ACTIVITY_LOG_ROUTES = {
  'GET /api/v1/log/all': {
    access: permission('activityLog'),
    summary: 'Bitácora',
    response: logListSchema,
  },
  /** The activity log: read only, no route writes it (the database does). */
  'GET /api/v2/logs': {
    access: permission('activityLog'),
    summary: 'Bitácora: cada cambio hecho por la API (quién, cuándo, qué, antes y después, desde qué dispositivo); sort created_at',
    response: activityLogPageSchema,
    query: [...LIST_QUERY, 'filter[date_between]', 'filter[user_id]', 'filter[entity]', 'filter[entity_id]', 'filter[action]'],
  },
} satisfies RouteTable;

const guardedRoute = guardedRoutes(ACTIVITY_LOG_ROUTES);

/**
 * The activity log (spec §2 /activity-log, §6 'activityLog'): every change made
 * through the API, newest first, paged, by Monterrey day, person, entity (with its id) and
 * kind of change. The rows are written by the database in each change's own transaction
 * (migration 0013); there is no route that writes or edits them.
 */
export function activityLogRoutes(app: FastifyInstance, db: Db): void {
  guardedRoute(
    app,
    'GET /api/v2/logs',
    async (request) => {
      const query = parseListQuery(request.query, {
        filters: ['date_between', 'user_id', 'entity', 'entity_id', 'action'],
        sorts: Object.keys(LOG_SORTS),
      });
      const conditions: SQL[] = [];
      const range = dateRange(query.filters.date_between);
      // Bounds on the timestamp itself, so the index on created_at serves the range.
      if (range) {
        conditions.push(sql`l.created_at >= (${range[0]}::date::timestamp AT TIME ZONE 'America/Monterrey')`);
        conditions.push(sql`l.created_at < ((${range[1]}::date + 1)::timestamp AT TIME ZONE 'America/Monterrey')`);
      }
      const users = idList(query.filters.user_id, 'user_id');
      if (users) conditions.push(sql`l.user_id IN ${users}`);
      const entity = oneOf(query.filters.entity, 'entity', isLoggedEntity);
      if (entity) conditions.push(sql`l.entity = ${entity}`);
      const entityIds = idList(query.filters.entity_id, 'entity_id');
      if (entityIds) conditions.push(sql`l.entity_id IN ${entityIds}`);
      const action = oneOf(query.filters.action, 'action', isLogAction);
      if (action) conditions.push(sql`l.action = ${action}`);
      return page(db, LOG_SELECT, LOG_FROM, and(conditions), orderBy(query, LOG_SORTS, 'l.created_at DESC, l.id DESC'), query);
    },
    { acceptsQuery: true },
  );

  guardedRoute(
    app,
    'GET /api/v1/log/all',
    listAll(
      db,
      sql`SELECT l.id, l.user_id, u.name, u.last, l.action, l.entity, l.entity_id, l.created_at FROM logs l LEFT JOIN users u ON u.id = l.user_id ORDER BY l.created_at DESC, l.id DESC`,
    ),
  );
}
