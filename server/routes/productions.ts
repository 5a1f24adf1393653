import type { FastifyInstance } from 'fastify';
import { and as andWhere, eq, isNull, sql, type SQL } from 'drizzle-orm';
import { queryMessages } from '../../domain/messages/api';
import { productionMessages } from '../../domain/messages/production';
import {
  isProductionStatus,
  needsByComponent,
  pendingEntries,
  rawMaterialNeeds,
  shortage,
  type ProducedLine,
  type RecipeLine,
} from '../../domain/production';
import {
  productionInputSchema,
  productionLogSchema,
  productionPageSchema as productionOrderPageSchema,
  productionSchema,
} from '../../domain/schemas/production';
import { currentMonth } from '../../domain/office-list';
import type { Db } from '../db/client';
import { productionDetails, productions } from '../db/schema';
import { HttpError, parseInput } from '../http-errors';
import { currentUser, permission } from '../plugins/auth';
import { runMutation } from '../plugins/idempotency';
import { MAX_MOVEMENT_QUANTITY, recordMovements, signedQuantity, stockOf } from '../repositories/inventory';
import { iso } from '../repositories/sales';
import { dateRange, idList, parseListQuery } from '../http/list-query';
import { idParamSchema } from '../http/params';
import { and, listAll, orderBy, page, rows } from '../db/sql-rows';
import { productionDetailListSchema, productionListSchema, productionPageSchema } from '../../domain/schemas/reads';
import { guardedRoutes, LIST_QUERY, type RouteTable } from '../http/route-table';

const text = productionMessages;

const PRODUCTION_SELECT = sql`p.id, p.sale_id, c.name AS company_name, p.status, p.planned_date, p.note,
  ${iso(sql`p.created_at`)} AS created_at,
  CASE WHEN p.started_at IS NULL THEN NULL ELSE ${iso(sql`p.started_at`)} END AS started_at,
  CASE WHEN p.finished_at IS NULL THEN NULL ELSE ${iso(sql`p.finished_at`)} END AS finished_at,
  (SELECT coalesce(json_agg(json_build_object('item_id', d.item_id, 'name', i.name, 'unit', u.name, 'quantity', d.quantity::float8) ORDER BY d.id), '[]')
     FROM production_details d JOIN items i ON i.id = d.item_id JOIN units u ON u.id = i.unit_id WHERE d.production_id = p.id) AS items`;
const PRODUCTION_FROM = sql`productions p LEFT JOIN sales s ON s.id = p.sale_id LEFT JOIN companies c ON c.id = s.company_id`;
const PRODUCTION_SORTS = { id: 'p.id', planned_date: 'p.planned_date', created_at: 'p.created_at' };

/** A production's day: its planned date, else the day it was created (Monterrey). */
const PRODUCTION_DAY = sql`coalesce(p.planned_date::date, (p.created_at AT TIME ZONE 'America/Monterrey')::date)`;

interface ProductionHead {
  id: number;
  sale_id: number | null;
  status: string;
}

/** The production, locked for this transaction: starting or finishing it happens once, one after another. */
async function lockProduction(tx: Db, id: number): Promise<ProductionHead> {
  const [production] = await tx
    .select({ id: productions.id, sale_id: productions.sale_id, status: productions.status })
    .from(productions)
    .where(andWhere(eq(productions.id, id), isNull(productions.deleted_at)))
    .for('update');
  if (!production) throw new HttpError(404, text.notFound);
  return production;
}

async function productLines(tx: Db, productionId: number): Promise<(ProducedLine & { name: string; cost: number })[]> {
  return rows(
    tx,
    sql`SELECT d.item_id, i.name, i.cost::float8 AS cost, sum(d.quantity)::float8 AS quantity FROM production_details d JOIN items i ON i.id = d.item_id
        WHERE d.production_id = ${productionId} GROUP BY d.item_id, i.name, i.cost ORDER BY min(d.id)`,
  );
}

async function recipesOf(tx: Db, itemIds: number[]): Promise<(RecipeLine & { cost: number })[]> {
  if (itemIds.length === 0) return [];
  return rows(
    tx,
    sql`SELECT c.item_id, c.component_id, c.quantity::float8 AS quantity, i.cost::float8 AS cost FROM item_components c JOIN items i ON i.id = c.component_id
        WHERE c.item_id IN ${itemIds} ORDER BY c.item_id, c.component_id`,
  );
}

/** What has moved for this production, per item and type. */
async function movedFor(tx: Db, productionId: number, type: 'Entrada Producción' | 'Salida Producción'): Promise<Map<number, number>> {
  const moved = await rows<{ item_id: number; quantity: number }>(
    tx,
    sql`SELECT item_id, sum(quantity)::float8 AS quantity FROM inventory_movements WHERE production_id = ${productionId} AND type = ${type} GROUP BY item_id`,
  );
  return new Map(moved.map((row) => [row.item_id, row.quantity]));
}

/** One production as its page shows it: products, raw material needed against stock, movements. */
async function productionView(db: Db, id: number) {
  const [head] = await rows<
    Record<string, unknown> & { items: { item_id: number; name: string; unit: string; quantity: number }[]; status: string }
  >(
    db,
    sql`SELECT ${PRODUCTION_SELECT}, CASE WHEN cu.id IS NULL THEN NULL ELSE cu.name || ' ' || cu.last END AS created_by
        FROM ${PRODUCTION_FROM} LEFT JOIN users cu ON cu.id = p.created_by_user_id WHERE p.id = ${id} AND p.deleted_at IS NULL`,
  );
  if (!head) throw new HttpError(404, text.notFound);
  const lines = await productLines(db, id);
  const recipes = await recipesOf(
    db,
    lines.map((line) => line.item_id),
  );
  const entered = await movedFor(db, id, 'Entrada Producción');
  const consumed = await movedFor(db, id, 'Salida Producción');
  const required = needsByComponent(rawMaterialNeeds(lines, recipes));
  const componentIds = [...new Set([...required.keys(), ...consumed.keys()])];
  const stock = await stockOf(db, componentIds);
  const names = componentIds.length
    ? await rows<{ id: number; name: string; unit: string }>(
        db,
        sql`SELECT i.id, i.name, u.name AS unit FROM items i JOIN units u ON u.id = i.unit_id WHERE i.id IN ${componentIds}`,
      )
    : [];
  const needs = componentIds
    .map((componentId) => {
      const named = names.find((row) => row.id === componentId);
      const need = required.get(componentId) ?? 0;
      const used = consumed.get(componentId) ?? 0;
      const onHand = stock.get(componentId) ?? 0;
      // What still has to leave stock (none once started) against what there is.
      return {
        component_id: componentId,
        name: named?.name ?? '',
        unit: named?.unit ?? '',
        required: need,
        consumed: used,
        stock: onHand,
        shortage: head.status === 'Planeada' ? shortage(need, onHand) : 0,
      };
    })
    .sort((a, b) => a.name.localeCompare(b.name, 'es-MX'));
  const movements = await rows(
    db,
    sql`SELECT m.id, m.item_id, i.name AS item_name, m.type, m.quantity::float8 AS quantity, (${signedQuantity})::float8 AS signed_quantity,
          ${iso(sql`m.created_at`)} AS created_at, CASE WHEN u.id IS NULL THEN NULL ELSE u.name || ' ' || u.last END AS user_name
        FROM inventory_movements m JOIN items i ON i.id = m.item_id LEFT JOIN users u ON u.id = m.created_by_user_id
        WHERE m.production_id = ${id} ORDER BY m.id`,
  );
  return {
    ...head,
    items: head.items.map((item) => ({ ...item, entered: entered.get(item.item_id) ?? 0 })),
    needs,
    movements,
  };
}

/** What each route of this file needs (its access rule) and takes and answers (its OpenAPI entry). */
export const PRODUCTIONS_ROUTES = {
  'GET /api/v1/production/all': {
    access: permission('productions'),
    summary: 'Producciones',
    response: productionListSchema,
  },
  'GET /api/v1/production_detail/all': {
    access: permission('productions'),
    summary: 'Detalle de producciones',
    response: productionDetailListSchema,
  },
  'GET /api/v2/productioms': {
    access: permission('productions'),
    summary: 'Producciones (ruta tal cual la usa el producto)',
    response: productionPageSchema,
  },
  'GET /api/v2/productions': {
    access: permission('productions'),
    summary: 'Órdenes de producción; filter[status]=Planeada|En proceso|Terminada; sort id|planned_date|created_at',
    response: productionOrderPageSchema,
    query: [...LIST_QUERY, 'filter[status]', 'filter[sale_id]', 'filter[date_between]'],
    screen: '/production',
  },
  'GET /api/v2/productions/:id': {
    access: permission('productions'),
    summary: 'Una producción: productos, materia prima por receta contra existencia, movimientos',
    response: productionSchema,
    screen: '/productions/:id',
  },
  /** 'Planeada', from products that have a recipe. */
  'POST /api/v2/productions': {
    access: permission('productions'),
    summary: 'Planear producción (Planeada)',
    body: productionInputSchema,
    response: productionSchema,
    screen: '/production',
  },
  /** Once (the row is locked): 'Salida Producción' of the raw material by recipe. */
  'POST /api/v2/productions/:id/start': {
    access: permission('productions'),
    summary: "Iniciar: 'Salida Producción' de la materia prima por receta (una vez)",
    response: productionSchema,
    status: 200,
    screen: '/productions/:id',
  },
  /** Once (the row is locked): 'Entrada Producción' of what has not entered for it yet. */
  'POST /api/v2/productions/:id/finish': {
    access: permission('productions'),
    summary: "Terminar: 'Entrada Producción' de lo que aún no entra (una vez)",
    response: productionSchema,
    status: 200,
    screen: '/productions/:id',
  },
  'GET /api/v2/mfproductions': {
    access: permission('productions'),
    summary: 'Producciones MF: lo consumido y producido en un periodo',
    response: productionLogSchema,
    query: ['filter[date_between]'],
    screen: '/mfproductions',
  },
} satisfies RouteTable;

const guardedRoute = guardedRoutes(PRODUCTIONS_ROUTES);

/**
 * Production orders (spec §2 /production, /productions/{id}, /mfproductions): planned
 * in the office from products with a recipe; 'Iniciar' takes the raw material out of stock by
 * recipe, 'Terminar' puts the products in. The warehouse's 'comenzar producción'
 * (orders.ts) creates one already 'En proceso' that moved both at once: it lists here too,
 * and finishing it enters nothing twice.
 */
export function productionRoutes(app: FastifyInstance, db: Db): void {
  guardedRoute(
    app,
    'GET /api/v2/productions',
    async (request) => {
      const query = parseListQuery(request.query, { filters: ['status', 'sale_id', 'date_between'], sorts: Object.keys(PRODUCTION_SORTS) });
      const conditions: SQL[] = [sql`p.deleted_at IS NULL`];
      if (query.filters.status !== undefined && query.filters.status !== '') {
        if (!isProductionStatus(query.filters.status))
          throw new HttpError(400, queryMessages.unknownFilter(`status=${query.filters.status.slice(0, 20)}`));
        conditions.push(sql`p.status = ${query.filters.status}`);
      }
      const saleIds = idList(query.filters.sale_id, 'sale_id');
      if (saleIds) conditions.push(sql`p.sale_id IN ${saleIds}`);
      const range = dateRange(query.filters.date_between);
      if (range) conditions.push(sql`${PRODUCTION_DAY} BETWEEN ${range[0]}::date AND ${range[1]}::date`);
      return page(db, PRODUCTION_SELECT, PRODUCTION_FROM, and(conditions), orderBy(query, PRODUCTION_SORTS, 'p.id DESC'), query);
    },
    { acceptsQuery: true },
  );

  guardedRoute(app, 'GET /api/v2/productions/:id', async (request) => {
    const { id } = parseInput(idParamSchema, request.params, 404);
    return productionView(db, id);
  });

  guardedRoute(app, 'POST /api/v2/productions', async (request, reply) => {
    const user = currentUser(request);
    const input = parseInput(productionInputSchema, request.body);
    return runMutation(db, request, reply, async (tx) => {
      const ids = input.items.map((line) => line.item_id);
      const found = await rows<{ id: number; name: string; has_recipe: boolean }>(
        tx,
        sql`SELECT i.id, i.name, EXISTS (SELECT 1 FROM item_components c WHERE c.item_id = i.id) AS has_recipe FROM items i WHERE i.id IN ${ids} AND i.deleted_at IS NULL`,
      );
      if (found.length !== ids.length) throw new HttpError(422, text.itemNotFound);
      const withoutRecipe = found.find((item) => !item.has_recipe);
      if (withoutRecipe) throw new HttpError(422, text.noRecipe(withoutRecipe.name));
      const [created] = await tx
        .insert(productions)
        .values({ status: 'Planeada', planned_date: input.planned_date, note: input.note, created_by_user_id: user.id })
        .returning({ id: productions.id });
      await tx
        .insert(productionDetails)
        .values(input.items.map((line) => ({ production_id: created!.id, item_id: line.item_id, quantity: line.quantity })));
      return { status: 201, body: await productionView(tx, created!.id) };
    });
  });

  guardedRoute(app, 'POST /api/v2/productions/:id/start', async (request, reply) => {
    const { id } = parseInput(idParamSchema, request.params, 404);
    const user = currentUser(request);
    return runMutation(db, request, reply, async (tx) => {
      const production = await lockProduction(tx, id);
      if (production.status === 'En proceso') throw new HttpError(422, text.alreadyStarted);
      if (production.status === 'Terminada') throw new HttpError(422, text.alreadyFinished);
      const lines = await productLines(tx, id);
      const recipes = await recipesOf(
        tx,
        lines.map((line) => line.item_id),
      );
      const cost = new Map(recipes.map((recipe) => [recipe.component_id, recipe.cost]));
      const product = new Map(lines.map((line) => [line.item_id, line.name]));
      // One 'Salida Producción' per product and raw material: recipe quantity × quantity produced.
      const needs = rawMaterialNeeds(lines, recipes);
      // A movement's quantity is numeric(12, 2): a recipe typo times a large run is refused, not overflowed.
      if (needs.some((need) => need.quantity >= MAX_MOVEMENT_QUANTITY)) throw new HttpError(422, text.needTooLarge);
      await recordMovements(
        tx,
        needs.map((need) => ({
          item_id: need.component_id,
          type: 'Salida Producción',
          quantity: need.quantity,
          source: 'produccion',
          production_id: id,
          reason: product.get(need.item_id)?.slice(0, 300) ?? null,
          unit_cost: cost.get(need.component_id) ?? null,
        })),
        user.id,
      );
      const now = new Date().toISOString();
      await tx.update(productions).set({ status: 'En proceso', started_at: now, updated_at: now }).where(eq(productions.id, id));
      return { status: 200, body: await productionView(tx, id) };
    });
  });

  guardedRoute(app, 'POST /api/v2/productions/:id/finish', async (request, reply) => {
    const { id } = parseInput(idParamSchema, request.params, 404);
    const user = currentUser(request);
    return runMutation(db, request, reply, async (tx) => {
      const production = await lockProduction(tx, id);
      if (production.status === 'Planeada') throw new HttpError(422, text.notStarted);
      if (production.status === 'Terminada') throw new HttpError(422, text.alreadyFinished);
      const lines = await productLines(tx, id);
      // An order's production (the warehouse's 'comenzar producción') moved what it makes when
      // it started, by the recipes of that moment, and productions started before this version
      // moved it without naming the production: finishing one only closes it.
      const produced = production.sale_id === null ? lines : [];
      const cost = new Map(lines.map((line) => [line.item_id, line.cost]));
      await recordMovements(
        tx,
        pendingEntries(produced, await movedFor(tx, id, 'Entrada Producción')).map((line) => ({
          item_id: line.item_id,
          type: 'Entrada Producción',
          quantity: line.quantity,
          source: 'produccion',
          production_id: id,
          unit_cost: cost.get(line.item_id) ?? null,
        })),
        user.id,
      );
      const now = new Date().toISOString();
      await tx.update(productions).set({ status: 'Terminada', finished_at: now, updated_at: now }).where(eq(productions.id, id));
      return { status: 200, body: await productionView(tx, id) };
    });
  });

  /**
   * The manufacturing log (/mfproductions): over a period (this month in Monterrey unless
   * given), what productions consumed and produced by their movements, in total and per
   * production. A movement counts on the day it was recorded.
   */
  guardedRoute(
    app,
    'GET /api/v2/mfproductions',
    async (request) => {
      const query = parseListQuery(request.query, { filters: ['date_between'], sorts: [] });
      const [from, to] = [...(dateRange(query.filters.date_between) ?? currentMonth(new Date()))].sort() as [string, string];
      const moved = await rows<{ production_id: number; item_id: number; name: string; unit: string; type: string; quantity: number }>(
        db,
        sql`SELECT m.production_id, m.item_id, i.name, u.name AS unit, m.type, sum(m.quantity)::float8 AS quantity
            FROM inventory_movements m JOIN items i ON i.id = m.item_id JOIN units u ON u.id = i.unit_id
            WHERE m.production_id IS NOT NULL AND m.type IN ('Entrada Producción', 'Salida Producción')
              AND (m.created_at AT TIME ZONE 'America/Monterrey')::date BETWEEN ${from}::date AND ${to}::date
            GROUP BY m.production_id, m.item_id, i.name, u.name, m.type ORDER BY i.name`,
      );
      const productionIds = [...new Set(moved.map((row) => row.production_id))];
      const heads = productionIds.length
        ? await rows<{
            id: number;
            sale_id: number | null;
            company_name: string | null;
            status: string;
            started_at: string | null;
            finished_at: string | null;
          }>(
            db,
            sql`SELECT p.id, p.sale_id, c.name AS company_name, p.status,
                  CASE WHEN p.started_at IS NULL THEN NULL ELSE ${iso(sql`p.started_at`)} END AS started_at,
                  CASE WHEN p.finished_at IS NULL THEN NULL ELSE ${iso(sql`p.finished_at`)} END AS finished_at
                FROM ${PRODUCTION_FROM} WHERE p.id IN ${productionIds} ORDER BY p.id DESC`,
          )
        : [];
      const pick = (type: string, productionId?: number) => {
        const totals = new Map<number, { item_id: number; name: string; unit: string; cents: number }>();
        for (const row of moved) {
          if (row.type !== type || (productionId !== undefined && row.production_id !== productionId)) continue;
          const entry = totals.get(row.item_id) ?? { item_id: row.item_id, name: row.name, unit: row.unit, cents: 0 };
          entry.cents += Math.round(row.quantity * 100);
          totals.set(row.item_id, entry);
        }
        return [...totals.values()].map(({ cents, ...rest }) => ({ ...rest, quantity: cents / 100 }));
      };
      return {
        from,
        to,
        produced: pick('Entrada Producción'),
        consumed: pick('Salida Producción'),
        productions: heads.map((head) => ({
          ...head,
          produced: pick('Entrada Producción', head.id),
          consumed: pick('Salida Producción', head.id),
        })),
      };
    },
    { acceptsQuery: true },
  );

  guardedRoute(
    app,
    'GET /api/v1/production/all',
    listAll(
      db,
      sql`SELECT p.id, p.sale_id, p.status, p.created_by_user_id, p.created_at, p.finished_at FROM productions p ORDER BY p.id DESC`,
    ),
  );
  guardedRoute(
    app,
    'GET /api/v1/production_detail/all',
    listAll(
      db,
      sql`SELECT d.id, d.production_id, d.item_id, i.name AS item_name, d.quantity::float8 AS quantity FROM production_details d JOIN items i ON i.id = d.item_id ORDER BY d.production_id DESC, d.id`,
    ),
  );
  guardedRoute(
    app,
    'GET /api/v2/productioms',
    async (request) => {
      const query = parseListQuery(request.query, { filters: ['status', 'sale_id'], sorts: ['id', 'created_at'] });
      const conditions: SQL[] = [];
      if (query.filters.status) conditions.push(sql`p.status = ${query.filters.status}`);
      const sales = idList(query.filters.sale_id, 'sale_id');
      if (sales) conditions.push(sql`p.sale_id IN ${sales}`);
      return page(
        db,
        sql`p.id, p.sale_id, p.status, p.created_by_user_id, p.created_at, p.finished_at, c.name AS company_name,
        (SELECT coalesce(json_agg(json_build_object('item_id', d.item_id, 'name', i.name, 'quantity', d.quantity::float8) ORDER BY d.id), '[]') FROM production_details d JOIN items i ON i.id = d.item_id WHERE d.production_id = p.id) AS items`,
        sql`productions p LEFT JOIN sales s ON s.id = p.sale_id LEFT JOIN companies c ON c.id = s.company_id`,
        and(conditions),
        orderBy(query, { id: 'p.id', created_at: 'p.created_at' }, 'p.id DESC'),
        query,
      );
    },
    { acceptsQuery: true },
  );
}
