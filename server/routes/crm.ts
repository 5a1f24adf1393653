import type { FastifyInstance } from 'fastify';
import { sql, type SQL } from 'drizzle-orm';
import { queryMessages } from '../../domain/messages/api';
import { crmMessages } from '../../domain/messages/crm';
import {
  activityDoneSchema,
  activityInputSchema,
  callInputSchema,
  leadInputSchema,
  leadMoveSchema,
  type ActivityInput,
  type CallInput,
  activityPageSchema,
  activityRowSchema,
  callPageSchema,
  callRowSchema,
  emailPageSchema,
  leadDetailSchema,
  leadRowSchema,
} from '../../domain/schemas/crm';
import type { Db } from '../db/client';
import { HttpError, parseInput } from '../http-errors';
import { currentUser, permission } from '../plugins/auth';
import { runMutation } from '../plugins/idempotency';
import { iso } from '../repositories/sales';
import { dateRange, idList, parseListQuery } from '../http/list-query';
import { idParamSchema } from '../http/params';
import { and, listAll, orderBy, page, rows } from '../db/sql-rows';
import { activityListSchema, callListSchema, funnelListSchema, funnelPhaseListSchema, leadPageSchema } from '../../domain/schemas/reads';
import { guardedRoutes, LIST_QUERY, type RouteTable } from '../http/route-table';

const text = crmMessages;

const LEAD_SELECT = sql`l.id, l.name, l.company_name, l.phone, l.email, l.funnel_id, f.name AS funnel, l.funnel_phase_id, p.name AS phase,
  l.origin_id, o.name AS origin, l.user_id, u.name || ' ' || u.last AS user_name, ${iso(sql`l.created_at`)} AS created_at`;
const LEAD_FROM = sql`leads l JOIN users u ON u.id = l.user_id LEFT JOIN funnels f ON f.id = l.funnel_id
  LEFT JOIN funnel_phases p ON p.id = l.funnel_phase_id LEFT JOIN origins o ON o.id = l.origin_id`;

const CALL_SELECT = sql`k.id, k.date, k.user_id, u.name || ' ' || u.last AS user_name, k.company_id, c.name AS company_name, k.lead_id,
  l.name AS lead_name, k.contact_id, ct.name AS contact_name, k.duration_minutes, k.result_id, r.name AS result, k.note, k.next_step`;
const CALL_FROM = sql`calls k JOIN users u ON u.id = k.user_id LEFT JOIN companies c ON c.id = k.company_id LEFT JOIN leads l ON l.id = k.lead_id
  LEFT JOIN contacts ct ON ct.id = k.contact_id LEFT JOIN results r ON r.id = k.result_id`;

const ACTIVITY_SELECT = sql`a.id, a.date, a.time, a.activity_type_id, t.name AS type, a.title, a.note, a.user_id, u.name || ' ' || u.last AS user_name,
  a.company_id, c.name AS company_name, a.lead_id, l.name AS lead_name, a.done, a.result_id, r.name AS result, a.next_step`;
const ACTIVITY_FROM = sql`activities a JOIN users u ON u.id = a.user_id LEFT JOIN activity_types t ON t.id = a.activity_type_id
  LEFT JOIN companies c ON c.id = a.company_id LEFT JOIN leads l ON l.id = a.lead_id LEFT JOIN results r ON r.id = a.result_id`;

const EMAIL_SELECT = sql`e.id, e.sale_id, e.subject, e."to", u.name || ' ' || u.last AS user_name, e.status, e.attempts, e.last_error,
  ${iso(sql`e.created_at`)} AS created_at, ${iso(sql`e.sent_at`)} AS sent_at`;

async function exists(tx: Db, table: string, id: number | null | undefined, message: string): Promise<void> {
  if (id === null || id === undefined) return;
  const [found] = await rows(tx, sql`SELECT 1 FROM ${sql.raw(table)} WHERE id = ${id}`);
  if (!found) throw new HttpError(422, message);
}

/** The customer or lead a call or activity is logged against, and the contact, checked to exist and belong. */
async function checkParties(tx: Db, input: CallInput | ActivityInput): Promise<void> {
  if (input.company_id) {
    const [company] = await rows(tx, sql`SELECT 1 FROM companies WHERE id = ${input.company_id} AND deleted_at IS NULL`);
    if (!company) throw new HttpError(422, text.companyNotFound);
  }
  await exists(tx, 'leads', input.lead_id, text.leadNotFound);
  if ('contact_id' in input && input.contact_id) {
    const [contact] = await rows(
      tx,
      sql`SELECT 1 FROM contacts WHERE id = ${input.contact_id} AND company_id = ${input.company_id ?? null}`,
    );
    if (!contact) throw new HttpError(422, text.contactNotFound);
  }
}

const listConditions = (filters: Partial<Record<string, string>>, alias: string, fields: readonly string[]): SQL[] => {
  const conditions: SQL[] = [];
  const range = dateRange(filters.date_between);
  if (range) conditions.push(sql`${sql.raw(alias)}.date BETWEEN ${range[0]} AND ${range[1]}`);
  for (const field of fields) {
    const ids = idList(filters[field], field);
    if (ids) conditions.push(sql`${sql.raw(`${alias}.${field}`)} IN ${ids}`);
  }
  return conditions;
};

/** What each route of this file needs (its access rule) and takes and answers (its OpenAPI entry). */
export const CRM_ROUTES = {
  'GET /api/v1/calendar/all': {
    access: permission('activities'),
    summary: 'Calendario de actividades',
    response: activityListSchema,
  },
  'GET /api/v1/activity/all': {
    access: permission('activities'),
    summary: 'Actividades',
    response: activityListSchema,
  },
  'GET /api/v1/call/all': {
    access: permission('calls'),
    summary: 'Llamadas',
    response: callListSchema,
    screen: '/calls',
  },
  'GET /api/v2/funnels': {
    access: permission('leads'),
    summary: 'Embudos',
    response: funnelListSchema,
    screen: '/leads',
  },
  'GET /api/v2/funnel_phases': {
    access: permission('leads'),
    summary: 'Fases de embudo',
    response: funnelPhaseListSchema,
    screen: '/leads',
  },
  'GET /api/v2/leads': {
    access: permission('leads'),
    summary: 'Prospectos',
    response: leadPageSchema,
    screen: '/leads',
  },
  'GET /api/v2/leads/:id': {
    access: permission('leads'),
    summary: 'Prospecto con sus cambios de fase, actividades y llamadas',
    response: leadDetailSchema,
    screen: '/leads',
  },
  'POST /api/v2/leads': {
    access: permission('leads'),
    summary: 'Registrar prospecto',
    body: leadInputSchema,
    response: leadRowSchema,
    screen: '/leads',
  },
  'POST /api/v2/leads/:id/move': {
    access: permission('leads'),
    summary: 'Mover prospecto a otra fase de su embudo',
    body: leadMoveSchema,
    response: leadRowSchema,
    screen: '/leads',
  },
  'GET /api/v2/calls': {
    access: permission('calls', 'leads', 'companies'),
    summary: 'Llamadas (paginado); sort date',
    response: callPageSchema,
    query: [...LIST_QUERY, 'filter[date_between]', 'filter[company_id]', 'filter[lead_id]', 'filter[user_id]'],
    screen: '/calls',
  },
  'POST /api/v2/calls': {
    access: permission('calls'),
    summary: 'Registrar llamada a un cliente o prospecto, con resultado y siguiente paso',
    body: callInputSchema,
    response: callRowSchema,
    screen: '/calls',
  },
  'GET /api/v2/activities': {
    access: permission('activities', 'leads', 'companies'),
    summary: 'Actividades (paginado); sort date',
    response: activityPageSchema,
    query: [...LIST_QUERY, 'filter[date_between]', 'filter[company_id]', 'filter[lead_id]', 'filter[user_id]', 'filter[done]'],
  },
  'POST /api/v2/activities': {
    access: permission('activities'),
    summary: 'Registrar actividad con un cliente o prospecto',
    body: activityInputSchema,
    response: activityRowSchema,
  },
  'PATCH /api/v2/activities/:id': {
    access: permission('activities'),
    summary: 'Marcar actividad hecha (con su resultado) o pendiente',
    body: activityDoneSchema,
    response: activityRowSchema,
  },
  /** /mail: the quotations the app has e-mailed, with their state. */
  'GET /api/v2/emails': {
    access: permission('quotations'),
    summary: 'Correos enviados desde la aplicación y su estado; sort created_at',
    response: emailPageSchema,
    query: [...LIST_QUERY, 'filter[date_between]', 'filter[status]', 'filter[sale_id]'],
  },
} satisfies RouteTable;

const guardedRoute = guardedRoutes(CRM_ROUTES);

/**
 * The CRM (spec §2 /leads, /leads/{id}, /calls, /activities, /calendar, /mail; §6
 * leads, calls, activities): a lead's page with its moves between phases (read from the
 * activity log), its calls and activities; creating a lead and moving it to another phase of
 * its funnel; calls and activities listed and logged against a customer or a lead with their
 * result and next step, an activity marked done; and the e-mails the app has sent. Every
 * write is idempotent. The deployment that hides /leads, /calls or /messages (spec §6) also
 * answers their routes 404 (each route's `screen` above).
 */
export function crmRoutes(app: FastifyInstance, db: Db): void {
  guardedRoute(app, 'GET /api/v2/leads/:id', async (request) => {
    const { id } = parseInput(idParamSchema, request.params, 404);
    const [lead] = await rows<Record<string, unknown>>(db, sql`SELECT ${LEAD_SELECT} FROM ${LEAD_FROM} WHERE l.id = ${id}`);
    if (!lead) throw new HttpError(404, text.leadNotFound);
    const [moves, activities, calls] = await Promise.all([
      rows(
        db,
        sql`SELECT ${iso(sql`g.created_at`)} AS at, u.name || ' ' || u.last AS user_name, fp.name AS from_phase, tp.name AS to_phase
          FROM logs g LEFT JOIN users u ON u.id = g.user_id
          LEFT JOIN funnel_phases fp ON fp.id = (g.before ->> 'funnel_phase_id')::int
          LEFT JOIN funnel_phases tp ON tp.id = (g.after ->> 'funnel_phase_id')::int
          WHERE g.entity = 'leads' AND g.entity_id = ${id} AND g.after ? 'funnel_phase_id'
          ORDER BY g.created_at, g.id`,
      ),
      rows(
        db,
        sql`SELECT ${ACTIVITY_SELECT} FROM ${ACTIVITY_FROM} WHERE a.lead_id = ${id} ORDER BY a.date DESC, a.time DESC NULLS LAST, a.id DESC`,
      ),
      rows(db, sql`SELECT ${CALL_SELECT} FROM ${CALL_FROM} WHERE k.lead_id = ${id} ORDER BY k.date DESC, k.id DESC`),
    ]);
    return { data: { ...lead, moves, activities, calls } };
  });

  guardedRoute(app, 'POST /api/v2/leads', async (request, reply) => {
    const user = currentUser(request);
    const input = parseInput(leadInputSchema, request.body);
    return runMutation(db, request, reply, async (tx) => {
      const [phase] = await rows<{ funnel_id: number }>(tx, sql`SELECT funnel_id FROM funnel_phases WHERE id = ${input.funnel_phase_id}`);
      if (!phase) throw new HttpError(422, text.phaseNotFound);
      await exists(tx, 'origins', input.origin_id, text.originNotFound);
      const [created] = await rows<{ id: number }>(
        tx,
        sql`INSERT INTO leads (name, company_name, phone, email, funnel_id, funnel_phase_id, origin_id, user_id)
            VALUES (${input.name}, ${input.company_name || null}, ${input.phone || null}, ${input.email || null}, ${phase.funnel_id},
              ${input.funnel_phase_id}, ${input.origin_id ?? null}, ${user.id}) RETURNING id`,
      );
      const [lead] = await rows(tx, sql`SELECT ${LEAD_SELECT} FROM ${LEAD_FROM} WHERE l.id = ${created!.id}`);
      return { status: 201, body: lead };
    });
  });

  /** A move to a phase of the lead's own funnel; moving it where it already is changes (and logs) nothing. */
  guardedRoute(app, 'POST /api/v2/leads/:id/move', async (request, reply) => {
    const { id } = parseInput(idParamSchema, request.params, 404);
    const { funnel_phase_id } = parseInput(leadMoveSchema, request.body);
    return runMutation(db, request, reply, async (tx) => {
      const [lead] = await rows<{ funnel_id: number | null; funnel_phase_id: number | null }>(
        tx,
        sql`SELECT funnel_id, funnel_phase_id FROM leads WHERE id = ${id} FOR UPDATE`,
      );
      if (!lead) throw new HttpError(404, text.leadNotFound);
      const [phase] = await rows<{ funnel_id: number }>(tx, sql`SELECT funnel_id FROM funnel_phases WHERE id = ${funnel_phase_id}`);
      if (!phase || (lead.funnel_id !== null && phase.funnel_id !== lead.funnel_id)) throw new HttpError(422, text.phaseNotFound);
      if (lead.funnel_phase_id !== funnel_phase_id) {
        await tx.execute(
          sql`UPDATE leads SET funnel_phase_id = ${funnel_phase_id}, funnel_id = ${phase.funnel_id}, updated_at = now() WHERE id = ${id}`,
        );
      }
      const [moved] = await rows(tx, sql`SELECT ${LEAD_SELECT} FROM ${LEAD_FROM} WHERE l.id = ${id}`);
      return { status: 200, body: moved };
    });
  });

  guardedRoute(
    app,
    'GET /api/v2/calls',
    async (request) => {
      const query = parseListQuery(request.query, { filters: ['date_between', 'company_id', 'lead_id', 'user_id'], sorts: ['date'] });
      const conditions = listConditions(query.filters, 'k', ['company_id', 'lead_id', 'user_id']);
      return page(db, CALL_SELECT, CALL_FROM, and(conditions), orderBy(query, { date: 'k.date' }, 'k.date DESC, k.id DESC'), query);
    },
    { acceptsQuery: true },
  );

  guardedRoute(app, 'POST /api/v2/calls', async (request, reply) => {
    const user = currentUser(request);
    const input = parseInput(callInputSchema, request.body);
    return runMutation(db, request, reply, async (tx) => {
      await checkParties(tx, input);
      await exists(tx, 'results', input.result_id, text.resultNotFound);
      const [created] = await rows<{ id: number }>(
        tx,
        sql`INSERT INTO calls (user_id, company_id, lead_id, contact_id, date, duration_minutes, result_id, note, next_step)
            VALUES (${user.id}, ${input.company_id ?? null}, ${input.lead_id ?? null}, ${input.contact_id ?? null}, ${input.date},
              ${input.duration_minutes}, ${input.result_id}, ${input.note || null}, ${input.next_step || null}) RETURNING id`,
      );
      const [call] = await rows(tx, sql`SELECT ${CALL_SELECT} FROM ${CALL_FROM} WHERE k.id = ${created!.id}`);
      return { status: 201, body: call };
    });
  });

  guardedRoute(
    app,
    'GET /api/v2/activities',
    async (request) => {
      const query = parseListQuery(request.query, {
        filters: ['date_between', 'company_id', 'lead_id', 'user_id', 'done'],
        sorts: ['date'],
      });
      const conditions = listConditions(query.filters, 'a', ['company_id', 'lead_id', 'user_id']);
      const done = query.filters.done;
      if (done !== undefined && done !== '') {
        if (done !== '0' && done !== '1') throw new HttpError(400, queryMessages.unknownFilter(`done=${done.slice(0, 10)}`));
        conditions.push(sql`a.done = ${done === '1'}`);
      }
      return page(
        db,
        ACTIVITY_SELECT,
        ACTIVITY_FROM,
        and(conditions),
        orderBy(query, { date: 'a.date' }, 'a.date ASC, a.time ASC NULLS LAST, a.id'),
        query,
      );
    },
    { acceptsQuery: true },
  );

  guardedRoute(app, 'POST /api/v2/activities', async (request, reply) => {
    const user = currentUser(request);
    const input = parseInput(activityInputSchema, request.body);
    return runMutation(db, request, reply, async (tx) => {
      await checkParties(tx, input);
      await exists(tx, 'activity_types', input.activity_type_id, text.typeNotFound);
      const [created] = await rows<{ id: number }>(
        tx,
        sql`INSERT INTO activities (activity_type_id, user_id, company_id, lead_id, title, note, date, time, next_step)
            VALUES (${input.activity_type_id}, ${user.id}, ${input.company_id ?? null}, ${input.lead_id ?? null}, ${input.title},
              ${input.note || null}, ${input.date}, ${input.time || null}, ${input.next_step || null}) RETURNING id`,
      );
      const [activity] = await rows(tx, sql`SELECT ${ACTIVITY_SELECT} FROM ${ACTIVITY_FROM} WHERE a.id = ${created!.id}`);
      return { status: 201, body: activity };
    });
  });

  guardedRoute(app, 'PATCH /api/v2/activities/:id', async (request, reply) => {
    const { id } = parseInput(idParamSchema, request.params, 404);
    const input = parseInput(activityDoneSchema, request.body);
    return runMutation(db, request, reply, async (tx) => {
      await exists(tx, 'results', input.result_id, text.resultNotFound);
      const updated = await rows<{ id: number }>(
        tx,
        sql`UPDATE activities SET done = ${input.done}, result_id = COALESCE(${input.result_id ?? null}::int, result_id) WHERE id = ${id} RETURNING id`,
      );
      if (updated.length === 0) throw new HttpError(404, text.activityNotFound);
      const [activity] = await rows(tx, sql`SELECT ${ACTIVITY_SELECT} FROM ${ACTIVITY_FROM} WHERE a.id = ${id}`);
      return { status: 200, body: activity };
    });
  });

  guardedRoute(
    app,
    'GET /api/v2/emails',
    async (request) => {
      const query = parseListQuery(request.query, { filters: ['date_between', 'status', 'sale_id'], sorts: ['created_at'] });
      const conditions: SQL[] = [];
      const range = dateRange(query.filters.date_between);
      if (range)
        conditions.push(sql`(e.created_at AT TIME ZONE 'America/Monterrey')::date BETWEEN ${range[0]}::date AND ${range[1]}::date`);
      const status = query.filters.status;
      if (status) {
        if (!['pendiente', 'enviado', 'fallido'].includes(status))
          throw new HttpError(400, queryMessages.unknownFilter(`status=${status.slice(0, 20)}`));
        conditions.push(sql`e.status = ${status}`);
      }
      const sales = idList(query.filters.sale_id, 'sale_id');
      if (sales) conditions.push(sql`e.sale_id IN ${sales}`);
      return page(
        db,
        EMAIL_SELECT,
        sql`email_messages e JOIN users u ON u.id = e.user_id`,
        and(conditions),
        orderBy(query, { created_at: 'e.created_at' }, 'e.created_at DESC, e.id DESC'),
        query,
      );
    },
    { acceptsQuery: true },
  );

  const activityQuery = sql`SELECT a.id, a.activity_type_id, t.name AS type, a.user_id, a.company_id, c.name AS company_name, a.lead_id, a.title, a.note, a.date, a.time, a.done, a.result_id
    FROM activities a LEFT JOIN activity_types t ON t.id = a.activity_type_id LEFT JOIN companies c ON c.id = a.company_id ORDER BY a.date DESC, a.time DESC NULLS LAST`;
  guardedRoute(app, 'GET /api/v1/calendar/all', listAll(db, activityQuery));
  guardedRoute(app, 'GET /api/v1/activity/all', listAll(db, activityQuery));
  guardedRoute(
    app,
    'GET /api/v1/call/all',
    listAll(
      db,
      sql`SELECT k.id, k.user_id, k.company_id, c.name AS company_name, k.contact_id, k.date, k.duration_minutes, k.note, k.result_id, r.name AS result FROM calls k LEFT JOIN companies c ON c.id = k.company_id LEFT JOIN results r ON r.id = k.result_id ORDER BY k.date DESC, k.id DESC`,
    ),
  );
  guardedRoute(app, 'GET /api/v2/funnels', async () => ({
    data: await rows(db, sql`SELECT id, name FROM funnels WHERE active ORDER BY name`),
  }));
  guardedRoute(
    app,
    'GET /api/v2/funnel_phases',
    async (request) => {
      const query = parseListQuery(request.query, { filters: ['funnel_id'], sorts: [] });
      const funnels = idList(query.filters.funnel_id, 'funnel_id');
      return {
        data: await rows(
          db,
          // A phase taken out of its funnel stays while leads are in it, so they do not vanish from the board.
          sql`SELECT id, funnel_id, name, position FROM funnel_phases p
              WHERE ${funnels ? sql`funnel_id IN ${funnels}` : sql`TRUE`} AND (p.active OR EXISTS (SELECT 1 FROM leads l WHERE l.funnel_phase_id = p.id))
              ORDER BY funnel_id, position`,
        ),
      };
    },
    { acceptsQuery: true },
  );
  guardedRoute(
    app,
    'GET /api/v2/leads',
    async (request) => {
      const query = parseListQuery(request.query, {
        filters: ['funnel_id', 'funnel_phase_id', 'user_id'],
        sorts: ['id', 'created_at', 'name'],
      });
      const conditions: SQL[] = [];
      for (const field of ['funnel_id', 'funnel_phase_id', 'user_id'] as const) {
        const ids = idList(query.filters[field], field);
        if (ids) conditions.push(sql`l.${sql.raw(field)} IN ${ids}`);
      }
      return page(
        db,
        sql`l.id, l.name, l.company_name, l.phone, l.email, l.funnel_id, l.funnel_phase_id, p.name AS phase, l.origin_id, l.user_id, l.created_at`,
        sql`leads l LEFT JOIN funnel_phases p ON p.id = l.funnel_phase_id`,
        and(conditions),
        orderBy(query, { id: 'l.id', created_at: 'l.created_at', name: 'l.name' }, 'l.id DESC'),
        query,
      );
    },
    { acceptsQuery: true },
  );
}
