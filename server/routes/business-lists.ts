import type { FastifyInstance } from 'fastify';
import { sql, type SQL } from 'drizzle-orm';
import {
  businessList,
  isBusinessList,
  isFixedRow,
  listRowSchema,
  listRowsSchema,
  rowInputSchema,
  type BusinessListName,
  type ListRow,
  type RowInput,
} from '../../domain/business-lists';
import { businessListMessages as text } from '../../domain/messages/business-lists';
import type { Db } from '../db/client';
import { isForeignKeyViolation, rows } from '../db/sql-rows';
import { HttpError, parseInput } from '../http-errors';
import { guardedRoutes, type RouteTable } from '../http/route-table';
import { permission } from '../plugins/auth';
import { runMutation } from '../plugins/idempotency';
import { ID_TEXT } from '../http/params';

/** Where each list lives, and how a row that is no longer offered is marked there. */
const STORED: Record<BusinessListName, { table: string; offered: 'active' | 'deleted_at' }> = {
  // Trucks were soft-deleted before 'Catálogos': the same mark means 'no longer offered'.
  vehicles: { table: 'vehicles', offered: 'deleted_at' },
  branches: { table: 'branches', offered: 'active' },
  units: { table: 'units', offered: 'active' },
  categories: { table: 'categories', offered: 'active' },
  price_lists: { table: 'price_lists', offered: 'active' },
  payment_methods: { table: 'payment_methods', offered: 'active' },
  expense_types: { table: 'expense_types', offered: 'active' },
  rejections: { table: 'rejections', offered: 'active' },
  adjustments: { table: 'adjustments', offered: 'active' },
  zones: { table: 'zones', offered: 'active' },
  job_positions: { table: 'job_positions', offered: 'active' },
  funnels: { table: 'funnels', offered: 'active' },
};

const LIST_RULE = 'The list is one of domain/business-lists.ts (404 otherwise); names are unique in their list, case aside (422).';

/** What each route of this file needs (its access rule) and takes and answers (its OpenAPI entry). */
export const BUSINESS_LISTS_ROUTES = {
  'GET /api/v2/lists/:list': {
    access: permission('settings'),
    summary: 'Un catálogo del negocio (unidades, sucursales, formas de pago…), con los desactivados',
    response: listRowsSchema,
    recordRule: LIST_RULE,
  },
  'POST /api/v2/lists/:list': {
    access: permission('settings'),
    summary: 'Agregar al catálogo',
    response: listRowSchema,
    recordRule: LIST_RULE,
  },
  'PUT /api/v2/lists/:list/:id': {
    access: permission('settings'),
    summary: 'Editar un registro del catálogo (un embudo, con sus fases en orden)',
    response: listRowSchema,
    recordRule: `${LIST_RULE} The job positions the app gives behaviour to keep their name (409).`,
  },
  'POST /api/v2/lists/:list/:id/deactivate': {
    access: permission('settings'),
    summary: 'Desactivar: deja de ofrecerse y se conserva en los registros que lo usan',
    response: listRowSchema,
    status: 200,
    recordRule: `${LIST_RULE} Not the job positions the app gives behaviour to (409).`,
  },
  'POST /api/v2/lists/:list/:id/reactivate': {
    access: permission('settings'),
    summary: 'Reactivar',
    response: listRowSchema,
    status: 200,
    recordRule: LIST_RULE,
  },
  'DELETE /api/v2/lists/:list/:id': {
    access: permission('settings'),
    summary: 'Eliminar un registro que ningún otro usa (409 si está en uso: se desactiva en su lugar)',
    status: 204,
    recordRule: `${LIST_RULE} A row in use is refused (409).`,
  },
} satisfies RouteTable;

const guardedRoute = guardedRoutes(BUSINESS_LISTS_ROUTES);

function listOf(params: unknown): BusinessListName {
  const list = (params as { list?: string }).list ?? '';
  if (!isBusinessList(list)) throw new HttpError(404, text.unknownList);
  return list;
}

function idOf(params: unknown): number {
  const id = (params as { id?: string }).id ?? '';
  if (!ID_TEXT.test(id) || Number(id) > 2_147_483_647) throw new HttpError(404, text.notFound);
  return Number(id);
}

const offeredSql = (list: BusinessListName): SQL => (STORED[list].offered === 'active' ? sql`t.active` : sql`(t.deleted_at IS NULL)`);

function selectRows(list: BusinessListName, where: SQL): SQL {
  const { table } = STORED[list];
  const columns = sql.join(
    businessList(list).fields.map((field) => sql`t.${sql.identifier(field.key)}`),
    sql`, `,
  );
  const phases = businessList(list).phases
    ? sql`, coalesce((SELECT json_agg(json_build_object('id', p.id, 'name', p.name, 'position', p.position, 'active', p.active) ORDER BY p.active DESC, p.position)
          FROM funnel_phases p WHERE p.funnel_id = t.id), '[]'::json) AS phases`
    : sql``;
  return sql`SELECT t.id, ${columns}, ${offeredSql(list)} AS active ${phases} FROM ${sql.identifier(table)} t WHERE ${where}
    ORDER BY ${offeredSql(list)} DESC, lower(t.name), t.id`;
}

async function readRow(tx: Db, list: BusinessListName, id: number): Promise<ListRow> {
  const [row] = await rows<ListRow>(tx, selectRows(list, sql`t.id = ${id}`));
  if (!row) throw new HttpError(404, text.notFound);
  return row;
}

/** Names are unique in their list, case aside; the table is locked so two saves cannot both pass. */
async function refuseTakenName(tx: Db, list: BusinessListName, name: string, id: number | null): Promise<void> {
  const table = sql.identifier(STORED[list].table);
  await tx.execute(sql`LOCK TABLE ${table} IN SHARE ROW EXCLUSIVE MODE`);
  const taken = await rows(tx, sql`SELECT 1 FROM ${table} WHERE lower(name) = lower(${name}) AND id <> ${id ?? 0}`);
  if (taken.length > 0) throw new HttpError(422, text.nameTaken);
}

/** A funnel's phases as the form left them: kept ones renamed and reordered, new ones added, the rest no longer offered. */
async function savePhases(tx: Db, funnelId: number, phases: NonNullable<RowInput['phases']>): Promise<void> {
  const kept: number[] = [];
  for (const [index, phase] of phases.entries()) {
    const position = index + 1;
    const [updated] =
      phase.id === null
        ? []
        : await rows<{ id: number }>(
            tx,
            sql`UPDATE funnel_phases SET name = ${phase.name}, position = ${position}, active = true
                WHERE id = ${phase.id} AND funnel_id = ${funnelId} RETURNING id`,
          );
    if (updated) kept.push(updated.id);
    else {
      const [inserted] = await rows<{ id: number }>(
        tx,
        sql`INSERT INTO funnel_phases (funnel_id, name, position) VALUES (${funnelId}, ${phase.name}, ${position}) RETURNING id`,
      );
      kept.push(inserted!.id);
    }
  }
  // Leads keep their phase: one taken out of the funnel is no longer offered, not deleted.
  await tx.execute(
    sql`UPDATE funnel_phases SET active = false WHERE funnel_id = ${funnelId} AND active AND NOT (id = ANY(${`{${kept.join(',')}}`}::int[]))`,
  );
}

function fieldValues(list: BusinessListName, input: RowInput): [SQL, SQL][] {
  return businessList(list).fields.map((field) => [
    sql`${sql.identifier(field.key)}`,
    sql`${input[field.key] || (field.required ? '' : null)}`,
  ]);
}

/**
 * 'Catálogos' (permission settings): each list of domain/business-lists.ts listed with its
 * rows no longer offered, added to, edited, deactivated (it leaves the pickers, which read
 * only what is offered, and stays on the records that name it), reactivated, and deleted
 * when nothing names it. Every change is in Bitácora.
 */
export function businessListRoutes(app: FastifyInstance, db: Db): void {
  guardedRoute(app, 'GET /api/v2/lists/:list', async (request) => {
    const list = listOf(request.params);
    return { data: await rows(db, selectRows(list, sql`TRUE`)) };
  });

  guardedRoute(app, 'POST /api/v2/lists/:list', async (request, reply) => {
    const list = listOf(request.params);
    const input = parseInput(rowInputSchema(list), request.body) as RowInput;
    return runMutation(db, request, reply, async (tx) => {
      await refuseTakenName(tx, list, input.name!, null);
      const values = fieldValues(list, input);
      const [created] = await rows<{ id: number }>(
        tx,
        sql`INSERT INTO ${sql.identifier(STORED[list].table)} (${sql.join(
          values.map(([column]) => column),
          sql`, `,
        )}) VALUES (${sql.join(
          values.map(([, value]) => value),
          sql`, `,
        )}) RETURNING id`,
      );
      if (input.phases) await savePhases(tx, created!.id, input.phases);
      return { status: 201, body: await readRow(tx, list, created!.id) };
    });
  });

  guardedRoute(app, 'PUT /api/v2/lists/:list/:id', async (request, reply) => {
    const list = listOf(request.params);
    const id = idOf(request.params);
    const input = parseInput(rowInputSchema(list), request.body) as RowInput;
    return runMutation(db, request, reply, async (tx) => {
      const before = await readRow(tx, list, id);
      if (isFixedRow(list, before.name) && input.name !== before.name) throw new HttpError(409, text.fixedRow);
      await refuseTakenName(tx, list, input.name!, id);
      const assignments = fieldValues(list, input).map(([column, value]) => sql`${column} = ${value}`);
      await tx.execute(sql`UPDATE ${sql.identifier(STORED[list].table)} SET ${sql.join(assignments, sql`, `)} WHERE id = ${id}`);
      if (input.phases) await savePhases(tx, id, input.phases);
      return { status: 200, body: await readRow(tx, list, id) };
    });
  });

  for (const offered of [false, true]) {
    const key = offered ? 'POST /api/v2/lists/:list/:id/reactivate' : 'POST /api/v2/lists/:list/:id/deactivate';
    guardedRoute(app, key, async (request, reply) => {
      const list = listOf(request.params);
      const id = idOf(request.params);
      return runMutation(db, request, reply, async (tx) => {
        const before = await readRow(tx, list, id);
        if (!offered && isFixedRow(list, before.name)) throw new HttpError(409, text.fixedRow);
        const mark =
          STORED[list].offered === 'active' ? sql`active = ${offered}` : offered ? sql`deleted_at = NULL` : sql`deleted_at = now()`;
        await tx.execute(sql`UPDATE ${sql.identifier(STORED[list].table)} SET ${mark} WHERE id = ${id}`);
        return { status: 200, body: await readRow(tx, list, id) };
      });
    });
  }

  guardedRoute(app, 'DELETE /api/v2/lists/:list/:id', async (request, reply) => {
    const list = listOf(request.params);
    const id = idOf(request.params);
    try {
      return await runMutation(db, request, reply, async (tx) => {
        const before = await readRow(tx, list, id);
        if (isFixedRow(list, before.name)) throw new HttpError(409, text.fixedRow);
        // A funnel's phases go with it, unless a lead is in one (then the funnel is in use).
        if (list === 'funnels') await tx.execute(sql`DELETE FROM funnel_phases WHERE funnel_id = ${id}`);
        await tx.execute(sql`DELETE FROM ${sql.identifier(STORED[list].table)} WHERE id = ${id}`);
        return { status: 204, body: null };
      });
    } catch (error) {
      if (isForeignKeyViolation(error)) throw new HttpError(409, text.inUse);
      throw error;
    }
  });
}
