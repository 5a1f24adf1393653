import type { FastifyInstance } from 'fastify';
import { and as andWhere, eq, isNull, sql, type SQL } from 'drizzle-orm';
import { queryMessages } from '../../domain/messages/api';
import { catalogueMessages } from '../../domain/messages/catalogue';
import {
  itemCounterSchema,
  itemCreateSchema,
  itemInputSchema,
  recipeInputSchema,
  type ItemInput,
  itemPageSchema,
  itemRowSchema,
  recipePageSchema,
  recipeRowSchema,
} from '../../domain/schemas/catalogue';
import type { Db } from '../db/client';
import { categories, itemComponents, items, units } from '../db/schema';
import { HttpError, parseInput } from '../http-errors';
import { currentUser, permission, signedIn } from '../plugins/auth';
import { runMutation } from '../plugins/idempotency';
import { recordMovements, signedQuantity } from '../repositories/inventory';
import { iso } from '../repositories/sales';
import { containsPattern, idList, parseListQuery } from '../http/list-query';
import { idParamSchema } from '../http/params';
import { and, orderBy, page, rows } from '../db/sql-rows';
import { rawMaterialListSchema, posItemPageSchema } from '../../domain/schemas/reads';
import { guardedRoutes, LIST_QUERY, type RouteTable } from '../http/route-table';

const text = catalogueMessages;
const recipeText = text.recipes;

/** Stock is the signed sum of the item's movements (spec §4), never a stored total. */
const ITEM_SELECT = sql`i.id, i.name, i.macro, i.unit_id, un.name AS unit, i.category_id, ca.name AS category, i.ean13,
  i.price::float8 AS price, i.cost::float8 AS cost, i.weight::float8 AS weight, i.is_published, i.pos, i.is_raw_material,
  EXISTS (SELECT 1 FROM item_components ic WHERE ic.item_id = i.id) AS has_recipe,
  coalesce((SELECT sum(${signedQuantity}) FROM inventory_movements m WHERE m.item_id = i.id), 0)::float8 AS stock,
  i.clave_prod_serv, i.clave_unidad, i.objeto_imp, i.iva_rate::float8 AS iva_rate, i.ieps_rate::float8 AS ieps_rate,
  ${iso(sql`i.updated_at`)} AS updated_at`;
/** The rates a sale of the item charges (what the cart previews): none outside ObjetoImp 02 and 03. */
const SALE_RATES = sql`CASE WHEN i.objeto_imp IN ('02', '03') THEN i.iva_rate::float8 END AS iva_rate,
  CASE WHEN i.objeto_imp IN ('02', '03') THEN i.ieps_rate::float8 END AS ieps_rate`;
const ITEM_FROM = sql`items i JOIN units un ON un.id = i.unit_id LEFT JOIN categories ca ON ca.id = i.category_id`;
const ITEM_SORTS = { name: 'i.name', id: 'i.id', price: 'i.price', cost: 'i.cost', stock: 'stock' };

const RECIPE_SELECT = sql`i.id, i.name, un.name AS unit,
  (SELECT coalesce(json_agg(json_build_object('component_id', c.component_id, 'name', ci.name, 'unit', cu.name, 'quantity', c.quantity::float8) ORDER BY ci.name), '[]')
     FROM item_components c JOIN items ci ON ci.id = c.component_id JOIN units cu ON cu.id = ci.unit_id WHERE c.item_id = i.id) AS components`;

/** One flag filter ('1'/'true' or '0'/'false') over a boolean column. */
function flag(value: string | undefined, column: SQL): SQL | null {
  if (value === undefined || value === '') return null;
  if (value === '1' || value === 'true') return sql`${column}`;
  if (value === '0' || value === 'false') return sql`NOT ${column}`;
  throw new HttpError(400, queryMessages.unknownFilter(`${value.slice(0, 20)}`));
}

async function itemRow(db: Db, id: number) {
  const [row] = await rows(db, sql`SELECT ${ITEM_SELECT} FROM ${ITEM_FROM} WHERE i.id = ${id} AND i.deleted_at IS NULL`);
  if (!row) throw new HttpError(404, text.notFound);
  return row;
}

/**
 * The unit and category come from the reference lists; the EAN-13 is unique among live
 * items. Two saves of one code at once would both find it free: the check and the write
 * are serialized on one advisory lock for the rest of the transaction.
 */
async function checkItem(tx: Db, input: ItemInput, itemId: number | null): Promise<void> {
  const [unit] = await tx.select({ id: units.id }).from(units).where(eq(units.id, input.unit_id));
  if (!unit) throw new HttpError(422, text.unitNotFound);
  if (input.category_id !== null) {
    const [category] = await tx.select({ id: categories.id }).from(categories).where(eq(categories.id, input.category_id));
    if (!category) throw new HttpError(422, text.categoryNotFound);
  }
  if (input.ean13 === null) return;
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('items.ean13'))`);
  const [taken] = await rows<{ name: string }>(
    tx,
    sql`SELECT name FROM items WHERE ean13 = ${input.ean13} AND deleted_at IS NULL ${itemId === null ? sql`` : sql`AND id <> ${itemId}`} LIMIT 1`,
  );
  if (taken) throw new HttpError(422, text.eanTaken(taken.name));
}

const itemValues = (input: ItemInput) => ({
  name: input.name,
  unit_id: input.unit_id,
  category_id: input.category_id,
  macro: input.macro,
  ean13: input.ean13,
  price: input.price,
  cost: input.cost,
  weight: input.weight,
  is_published: input.is_published,
  pos: input.pos,
  is_raw_material: input.is_raw_material,
  clave_prod_serv: input.clave_prod_serv,
  clave_unidad: input.clave_unidad,
  objeto_imp: input.objeto_imp,
  iva_rate: input.iva_rate,
  ieps_rate: input.ieps_rate,
});

/** The live item, locked for this transaction so two edits of it do not interleave. */
async function lockItem(tx: Db, id: number) {
  const [item] = await tx
    .select({ id: items.id, name: items.name })
    .from(items)
    .where(andWhere(eq(items.id, id), isNull(items.deleted_at)))
    .for('update');
  if (!item) throw new HttpError(404, text.notFound);
  return item;
}

/** What each route of this file needs (its access rule) and takes and answers (its OpenAPI entry). */
export const CATALOGUE_ROUTES = {
  'GET /api/v2/items': {
    access: permission('inventory'),
    summary:
      'Productos con su existencia (suma con signo de sus movimientos); filter[is_published|pos|is_raw_material]=1|0; sort name|id|price|cost|stock',
    response: itemPageSchema,
    query: [
      ...LIST_QUERY,
      'filter[name]',
      'filter[category_id]',
      'filter[is_published]',
      'filter[pos]',
      'filter[is_raw_material]',
      'filter[ean13]',
    ],
  },
  'GET /api/v2/items/:id': {
    access: permission('inventory'),
    summary: 'Un producto',
    response: itemRowSchema,
  },
  /** An opening stock is recorded as 'Creación de Producto' in the same transaction; the EAN-13 is unique among live items. */
  'POST /api/v2/items': {
    access: permission('inventory'),
    summary: "Crear producto; opening_stock se registra como 'Creación de Producto'",
    body: itemCreateSchema,
    response: itemRowSchema,
  },
  'PUT /api/v2/items/:id': {
    access: permission('inventory'),
    summary: 'Editar producto',
    body: itemInputSchema,
    response: itemRowSchema,
  },
  /** /products-pos: published and at the counter, what GET /api/v2/item/pos answers the point of sale. */
  'PATCH /api/v2/items/:id': {
    access: permission('inventory'),
    summary: 'Publicar un producto o ponerlo en mostrador',
    body: itemCounterSchema,
    response: itemRowSchema,
  },
  /** Read by /raw-material, and by the production form (the products that have a recipe). */
  'GET /api/v2/recipes': {
    access: permission('raw_material', 'productions'),
    summary: 'Productos con receta y su materia prima por unidad; sort name|id',
    response: recipePageSchema,
    query: [...LIST_QUERY, 'filter[name]', 'filter[item_id]'],
  },
  /** Replaces the product's whole recipe; an empty list removes it. */
  'PUT /api/v2/recipes/:id': {
    access: permission('raw_material'),
    summary: 'Reemplazar la receta de un producto (lista vacía: sin receta)',
    body: recipeInputSchema,
    response: recipeRowSchema,
    status: 200,
  },
  'GET /api/v2/item/pos': {
    access: signedIn,
    summary: 'Productos del punto de venta',
    response: posItemPageSchema,
  },
  'GET /api/v2/raw_materials': {
    access: permission('raw_material', 'productions'),
    summary: 'Materias primas',
    response: rawMaterialListSchema,
  },
} satisfies RouteTable;

const guardedRoute = guardedRoutes(CATALOGUE_ROUTES);

/**
 * The catalogue: /products lists, creates and edits items; /products-pos publishes
 * them to the counter (what GET /api/v2/item/pos answers the point of sale); /raw-material
 * keeps each product's recipe. Items are synced to devices: every write goes through the
 * items table, whose triggers renumber the row for the sync pull.
 */
export function catalogueRoutes(app: FastifyInstance, db: Db): void {
  guardedRoute(
    app,
    'GET /api/v2/items',
    async (request) => {
      const query = parseListQuery(request.query, {
        filters: ['name', 'category_id', 'is_published', 'pos', 'is_raw_material', 'ean13'],
        sorts: Object.keys(ITEM_SORTS),
      });
      const conditions: SQL[] = [sql`i.deleted_at IS NULL`];
      const name = query.filters.name?.trim();
      if (name) conditions.push(sql`(i.name ILIKE ${containsPattern(name)} OR i.macro ILIKE ${containsPattern(name)})`);
      const categoryIds = idList(query.filters.category_id, 'category_id');
      if (categoryIds) conditions.push(sql`i.category_id IN ${categoryIds}`);
      if (query.filters.ean13) conditions.push(sql`i.ean13 = ${query.filters.ean13}`);
      for (const [field, column] of [
        ['is_published', sql`i.is_published`],
        ['pos', sql`i.pos`],
        ['is_raw_material', sql`i.is_raw_material`],
      ] as const) {
        const condition = flag(query.filters[field], column);
        if (condition) conditions.push(condition);
      }
      return page(db, ITEM_SELECT, ITEM_FROM, and(conditions), orderBy(query, ITEM_SORTS, 'i.name ASC, i.id ASC'), query);
    },
    { acceptsQuery: true },
  );

  guardedRoute(app, 'GET /api/v2/items/:id', async (request) => {
    const { id } = parseInput(idParamSchema, request.params, 404);
    return itemRow(db, id);
  });

  guardedRoute(app, 'POST /api/v2/items', async (request, reply) => {
    const user = currentUser(request);
    const input = parseInput(itemCreateSchema, request.body);
    return runMutation(db, request, reply, async (tx) => {
      await checkItem(tx, input, null);
      const [created] = await tx.insert(items).values(itemValues(input)).returning({ id: items.id });
      // The opening stock is the item's first movement, in the same transaction: no item
      // is ever seen with stock that no movement explains.
      await recordMovements(
        tx,
        [{ item_id: created!.id, type: 'Creación de Producto', quantity: input.opening_stock, source: 'alta', unit_cost: input.cost }],
        user.id,
      );
      return { status: 201, body: await itemRow(tx, created!.id) };
    });
  });

  guardedRoute(app, 'PUT /api/v2/items/:id', async (request, reply) => {
    const { id } = parseInput(idParamSchema, request.params, 404);
    const input = parseInput(itemInputSchema, request.body);
    return runMutation(db, request, reply, async (tx) => {
      await lockItem(tx, id);
      await checkItem(tx, input, id);
      await tx
        .update(items)
        .set({ ...itemValues(input), updated_at: new Date().toISOString() })
        .where(eq(items.id, id));
      return { status: 200, body: await itemRow(tx, id) };
    });
  });

  guardedRoute(app, 'PATCH /api/v2/items/:id', async (request, reply) => {
    const { id } = parseInput(idParamSchema, request.params, 404);
    const input = parseInput(itemCounterSchema, request.body);
    return runMutation(db, request, reply, async (tx) => {
      await lockItem(tx, id);
      await tx
        .update(items)
        .set({
          ...(input.is_published === undefined ? {} : { is_published: input.is_published }),
          ...(input.pos === undefined ? {} : { pos: input.pos }),
          updated_at: new Date().toISOString(),
        })
        .where(eq(items.id, id));
      return { status: 200, body: await itemRow(tx, id) };
    });
  });

  guardedRoute(
    app,
    'GET /api/v2/recipes',
    async (request) => {
      const query = parseListQuery(request.query, { filters: ['name', 'item_id'], sorts: ['name', 'id'] });
      const conditions: SQL[] = [sql`i.deleted_at IS NULL`, sql`EXISTS (SELECT 1 FROM item_components ic WHERE ic.item_id = i.id)`];
      const name = query.filters.name?.trim();
      if (name) conditions.push(sql`i.name ILIKE ${containsPattern(name)}`);
      const itemIds = idList(query.filters.item_id, 'item_id');
      if (itemIds) conditions.push(sql`i.id IN ${itemIds}`);
      return page(
        db,
        RECIPE_SELECT,
        sql`items i JOIN units un ON un.id = i.unit_id`,
        and(conditions),
        orderBy(query, { name: 'i.name', id: 'i.id' }, 'i.name ASC, i.id ASC'),
        query,
      );
    },
    { acceptsQuery: true },
  );

  guardedRoute(app, 'PUT /api/v2/recipes/:id', async (request, reply) => {
    const { id } = parseInput(idParamSchema, request.params, 404);
    const input = parseInput(recipeInputSchema, request.body);
    return runMutation(db, request, reply, async (tx) => {
      // Locking the product makes two saves of its recipe replace it one after the other.
      await lockItem(tx, id);
      if (input.components.some((component) => component.component_id === id)) throw new HttpError(422, recipeText.componentItself);
      const ids = input.components.map((component) => component.component_id);
      if (ids.length > 0) {
        const found = await rows<{ id: number }>(tx, sql`SELECT id FROM items WHERE id IN ${ids} AND deleted_at IS NULL`);
        if (found.length !== ids.length) throw new HttpError(422, recipeText.componentNotFound);
      }
      await tx.delete(itemComponents).where(eq(itemComponents.item_id, id));
      if (input.components.length > 0) {
        try {
          await tx.insert(itemComponents).values(input.components.map((component) => ({ item_id: id, ...component })));
        } catch (error) {
          // The checks above mirror the table's constraints; should one still refuse, say why.
          throw constraintError(error) ?? error;
        }
      }
      const [row] = await rows(tx, sql`SELECT ${RECIPE_SELECT} FROM items i JOIN units un ON un.id = i.unit_id WHERE i.id = ${id}`);
      return { status: 200, body: row };
    });
  });

  guardedRoute(
    app,
    'GET /api/v2/item/pos',
    async (request) => {
      const query = parseListQuery(request.query, { filters: ['is_published', 'pos', 'name', 'ean13'], sorts: ['name', 'id', 'price'] });
      const conditions: SQL[] = [sql`i.deleted_at IS NULL`];
      if (query.filters.is_published !== undefined)
        conditions.push(sql`i.is_published = ${query.filters.is_published === '1' || query.filters.is_published === 'true'}`);
      if (query.filters.pos !== undefined) conditions.push(sql`i.pos = ${query.filters.pos === '1' || query.filters.pos === 'true'}`);
      if (query.filters.name) conditions.push(sql`i.name ILIKE ${containsPattern(query.filters.name)}`);
      if (query.filters.ean13) conditions.push(sql`i.ean13 = ${query.filters.ean13}`);
      return page(
        db,
        sql`i.id, i.name, i.macro, i.ean13, i.price::float8 AS price, i.weight::float8 AS weight, i.is_published, i.pos, json_build_object('id', un.id, 'name', un.name) AS unit, ${SALE_RATES}`,
        sql`items i JOIN units un ON un.id = i.unit_id`,
        and(conditions),
        orderBy(query, { name: 'i.name', id: 'i.id', price: 'i.price' }, 'i.name ASC'),
        query,
      );
    },
    { acceptsQuery: true },
  );
  guardedRoute(app, 'GET /api/v2/raw_materials', async () => ({
    data: await rows(
      db,
      sql`SELECT i.id, i.name, un.name AS unit, i.cost::float8 AS cost FROM items i JOIN units un ON un.id = i.unit_id WHERE i.is_raw_material AND i.deleted_at IS NULL ORDER BY i.name`,
    ),
  }));
}

/** A recipe constraint of item_components as the Spanish 422 the form shows. */
function constraintError(error: unknown): HttpError | null {
  const cause = (error as { cause?: { constraint?: string } })?.cause ?? (error as { constraint?: string });
  switch (cause?.constraint) {
    case 'item_components_item_component':
      return new HttpError(422, recipeText.componentRepeated);
    case 'item_components_not_itself':
      return new HttpError(422, recipeText.componentItself);
    case 'item_components_quantity_positive':
      return new HttpError(422, recipeText.quantityPositive);
    default:
      return null;
  }
}
