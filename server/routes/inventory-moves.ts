import type { FastifyInstance } from 'fastify';
import { sql, type SQL } from 'drizzle-orm';
import { formatQuantity } from '../../domain/format';
import { INVENTORY_MOVEMENT_TYPES, MOVEMENT_SOURCES, type MovementSource } from '../../domain/inventory';
import { LOW_STOCK_LIMIT, mermaReasonText } from '../../domain/inventory-moves';
import { queryMessages } from '../../domain/messages/api';
import { inventoryMovesMessages } from '../../domain/messages/inventory-moves';
import { reportsMessages } from '../../domain/messages/reports';
import { currentMonth } from '../../domain/office-list';
import { reportRangeError } from '../../domain/reports';
import {
  manualAdjustmentInputSchema,
  mermaInputSchema,
  transferInputSchema,
  branchListSchema,
  inventoryCostPageSchema,
  inventoryReportCardPageSchema,
  itemCardSchema,
  movementPageSchema,
  posStockPageSchema,
  recordedMovementSchema,
  transferPageSchema,
  transferRowSchema,
} from '../../domain/schemas/inventory-moves';
import type { Db } from '../db/client';
import { inventoryTransfers } from '../db/schema';
import { HttpError, notFound, parseInput } from '../http-errors';
import { currentUser, permission } from '../plugins/auth';
import { runMutation } from '../plugins/idempotency';
import { defaultBranchId, recordMovements, signedQuantity, stockOf } from '../repositories/inventory';
import { iso } from '../repositories/sales';
import { containsPattern, dateRange, idList, parseListQuery, type ListQuery } from '../http/list-query';
import { idParamSchema } from '../http/params';
import { and, orderBy, page, rows } from '../db/sql-rows';
import { guardedRoutes, LIST_QUERY, type RouteTable } from '../http/route-table';
import { takeWritersLock } from '../db/writers-lock';

/**
 * The inventory screens on the server: manual adjustments with their reason,
 * waste ('mermas'), transfers between branches (a pair of movements per item, all in one
 * transaction), stock valued at cost, the counter's stock, and the inventory report by
 * card and by detail with one item's card. Every movement goes through recordMovements;
 * stock is always read as the signed sum of movements, never stored.
 */
const text = inventoryMovesMessages;

const MOVEMENT_SELECT = sql`m.id, ${iso(sql`m.created_at`)} AS created_at, m.item_id, i.name AS item_name, un.name AS unit, m.branch_id, b.name AS branch_name,
  m.type, m.source, m.quantity::float8 AS quantity, (${signedQuantity})::float8 AS signed_quantity, m.reason, u.name || ' ' || u.last AS user_name, m.transfer_id`;
const MOVEMENT_FROM = sql`inventory_movements m JOIN items i ON i.id = m.item_id JOIN units un ON un.id = i.unit_id JOIN branches b ON b.id = m.branch_id
  LEFT JOIN users u ON u.id = m.created_by_user_id`;
const MOVEMENT_SORTS = { created_at: 'm.created_at', item_name: 'i.name', quantity: 'm.quantity' };

// The day is written into the statement, not bound: a prepared statement's generic plan does not
// know a bound period, and the card over a month then read as if over every year (63 → 161 ms on
// the bench seed from the sixth request). Only a checked 'YYYY-MM-DD' is ever written.
const dayLiteral = (day: string) => {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) throw new HttpError(400, reportsMessages.invalidRange);
  return sql.raw(`'${day}'::date`);
};
/** The first instant of `from` and the first instant after `to`, on Monterrey's calendar (index-friendly bounds). */
const startOf = (day: string) => sql`(${dayLiteral(day)}::timestamp AT TIME ZONE 'America/Monterrey')`;
const endOf = (day: string) => sql`((${dayLiteral(day)} + 1)::timestamp AT TIME ZONE 'America/Monterrey')`;

function checkedRange(value: string | undefined): [string, string] | null {
  const range = dateRange(value);
  if (!range) return null;
  const problem = reportRangeError(range[0], range[1]);
  if (problem) throw new HttpError(400, problem);
  return range;
}

/** The movement filters the lists and the detail report share. */
function movementConditions(filters: Partial<Record<string, string>>): SQL[] {
  const conditions: SQL[] = [];
  const range = checkedRange(filters.date_between);
  if (range) conditions.push(sql`m.created_at >= ${startOf(range[0])} AND m.created_at < ${endOf(range[1])}`);
  const branches = idList(filters.branch_id, 'branch_id');
  if (branches) conditions.push(sql`m.branch_id IN ${branches}`);
  const itemIds = idList(filters.item_id, 'item_id');
  if (itemIds) conditions.push(sql`m.item_id IN ${itemIds}`);
  if (filters.type) {
    if (!(INVENTORY_MOVEMENT_TYPES as readonly string[]).includes(filters.type))
      throw new HttpError(400, queryMessages.unknownFilter(`type=${filters.type.slice(0, 40)}`));
    conditions.push(sql`m.type = ${filters.type}`);
  }
  if (filters.source) {
    if (!(MOVEMENT_SOURCES as readonly string[]).includes(filters.source))
      throw new HttpError(400, queryMessages.unknownFilter(`source=${filters.source.slice(0, 40)}`));
    conditions.push(sql`m.source = ${filters.source}`);
  }
  return conditions;
}

const movementList = (db: Db, source: MovementSource, query: ListQuery<string, string>) =>
  page(
    db,
    MOVEMENT_SELECT,
    MOVEMENT_FROM,
    and([sql`m.source = ${source}`, ...movementConditions(query.filters)]),
    orderBy(query, MOVEMENT_SORTS, 'm.created_at DESC, m.id DESC'),
    query,
  );

async function movementRow(tx: Db, id: number) {
  const [row] = await rows(tx, sql`SELECT ${MOVEMENT_SELECT} FROM ${MOVEMENT_FROM} WHERE m.id = ${id}`);
  return row;
}

interface LockedItem {
  id: number;
  name: string;
  unit: string;
}

/**
 * The items about to move, locked until the transaction ends: two requests that each check
 * the same stock then take it out run one after the other, so neither takes stock the other
 * already took. Locked in id order, so two transfers never wait on each other.
 */
async function lockItems(tx: Db, ids: readonly number[]): Promise<Map<number, LockedItem>> {
  await takeWritersLock(tx);
  const found = await rows<LockedItem>(
    tx,
    sql`SELECT i.id, i.name, un.name AS unit FROM items i JOIN units un ON un.id = i.unit_id
      WHERE i.deleted_at IS NULL AND i.id IN ${[...ids]} ORDER BY i.id FOR UPDATE OF i`,
  );
  const items = new Map(found.map((item) => [item.id, item]));
  if (ids.some((id) => !items.has(id))) throw new HttpError(422, text.itemNotFound);
  return items;
}

async function branchNamed(tx: Db, id: number | null | undefined, userId: number): Promise<{ id: number; name: string }> {
  const branchId = id ?? (await defaultBranchId(tx, userId));
  const [branch] = await rows<{ id: number; name: string }>(tx, sql`SELECT id, name FROM branches WHERE id = ${branchId}`);
  if (!branch) throw new HttpError(422, text.branchNotFound);
  return branch;
}

const amount = (quantity: number, unit: string) => `${formatQuantity(quantity)} ${unit}`;

/** Refuses taking out more than the branch holds, saying how much there is. */
async function ensureStock(tx: Db, item: LockedItem, branch: { id: number; name: string }, wanted: number): Promise<number> {
  const stock = (await stockOf(tx, [item.id], branch.id)).get(item.id) ?? 0;
  if (Math.round(wanted * 100) > Math.round(stock * 100))
    throw new HttpError(422, text.notEnoughStock(item.name, branch.name, amount(stock, item.unit), amount(wanted, item.unit)));
  return stock;
}

/** The card's paging: a page when asked for one, else every item (the card's first callers read it whole). */
function cardPaging(raw: Record<string, unknown>, query: ListQuery<string, string>): ListQuery<string, string> {
  if ('itemsPerPage' in raw || 'per_page' in raw || 'page' in raw) return query;
  return { ...query, page: 1, itemsPerPage: 1_000_000, offset: 0 };
}

/** What each route of this file needs (its access rule) and takes and answers (its OpenAPI entry). */
export const INVENTORY_MOVES_ROUTES = {
  'GET /api/v2/inventory_report': {
    access: permission('report_inventory', 'inventoryReport'),
    summary:
      'Reporte de inventario: type=card (por producto: inicial, entradas, salidas y final del periodo; todos salvo que se pida página; sort name|opening|entries|exits|closing|value) o type=detail (cada movimiento, paginado; sort created_at|item_name|quantity). La respuesta de detail sigue movementPageSchema',
    response: inventoryReportCardPageSchema,
    query: [
      'type',
      ...LIST_QUERY,
      'filter[date_between]',
      'filter[branch_id]',
      'filter[item_id]',
      'filter[name]',
      'filter[type]',
      'filter[source]',
    ],
  },
  /** Where stock is kept: every screen that picks or filters by a branch. */
  'GET /api/v2/branches': {
    access: permission(
      'inventory',
      'adjustments',
      'mermas',
      'inventory_transfer',
      'report_inventory',
      'inventoryReport',
      'physical_inventories',
      // The person form of 'Usuarios' places people in a branch.
      'users',
    ),
    summary: 'Sucursales',
    response: branchListSchema,
  },
  'GET /api/v2/adjustments': {
    access: permission('adjustments'),
    summary: 'Ajustes manuales (origen ajuste); sort created_at|item_name|quantity',
    response: movementPageSchema,
    query: [...LIST_QUERY, 'filter[date_between]', 'filter[branch_id]', 'filter[item_id]'],
  },
  /** An 'Ajuste Manual' (source 'ajuste') with its reason, in a branch. */
  'POST /api/v2/adjustments': {
    access: permission('adjustments'),
    summary: 'Registrar un ajuste manual con su motivo',
    body: manualAdjustmentInputSchema,
    response: recordedMovementSchema,
  },
  'GET /api/v2/mermas': {
    access: permission('mermas'),
    summary: 'Mermas (origen merma); sort created_at|item_name|quantity',
    response: movementPageSchema,
    query: [...LIST_QUERY, 'filter[date_between]', 'filter[branch_id]', 'filter[item_id]'],
  },
  /** An 'Ajuste Manual' down (source 'merma'); never more than the branch holds (422). */
  'POST /api/v2/mermas': {
    access: permission('mermas'),
    summary: 'Registrar una merma (nunca más de la existencia de la sucursal)',
    body: mermaInputSchema,
    response: recordedMovementSchema,
  },
  'GET /api/v2/inventory_transfers': {
    access: permission('inventory_transfer'),
    summary: 'Traspasos entre sucursales con sus productos; sort id|created_at',
    response: transferPageSchema,
    query: [...LIST_QUERY, 'filter[date_between]', 'filter[branch_id]', 'filter[item_id]'],
  },
  /** The transfer and a pair of movements per item, all or none; never more than the origin holds (422). */
  'POST /api/v2/inventory_transfers': {
    access: permission('inventory_transfer'),
    summary: 'Registrar un traspaso: todo o nada',
    body: transferInputSchema,
    response: transferRowSchema,
  },
  'GET /api/v2/inventory/cost': {
    access: permission('inventory'),
    summary: 'Existencia valuada a costo; meta.value es el total; sort name|stock|cost|value',
    response: inventoryCostPageSchema,
    query: [...LIST_QUERY, 'filter[branch_id]', 'filter[name]'],
  },
  'GET /api/v2/inventory/pos': {
    access: permission('inventory'),
    summary: 'Existencia de los productos de mostrador; meta.low cuenta los de existencia baja; sort name|stock',
    response: posStockPageSchema,
    query: [...LIST_QUERY, 'filter[branch_id]', 'filter[name]', 'filter[low]'],
  },
  'GET /api/v2/inventory_report/:id': {
    access: permission('report_inventory', 'inventoryReport'),
    summary:
      'Tarjeta de un producto: sus movimientos del periodo (el mes en curso si no se indica) con el saldo tras cada uno y los totales por tipo',
    response: itemCardSchema,
    query: [...LIST_QUERY, 'filter[date_between]', 'filter[branch_id]'],
  },
} satisfies RouteTable;

const guardedRoute = guardedRoutes(INVENTORY_MOVES_ROUTES);

export function inventoryMoveRoutes(app: FastifyInstance, db: Db): void {
  guardedRoute(app, 'GET /api/v2/branches', async () => ({
    data: await rows(db, sql`SELECT id, name, address FROM branches WHERE active ORDER BY id`),
  }));

  // Manual adjustments and waste: movements of their own source, listed and recorded.
  for (const [key, source] of [
    ['GET /api/v2/adjustments', 'ajuste'],
    ['GET /api/v2/mermas', 'merma'],
  ] as const) {
    guardedRoute(
      app,
      key,
      async (request) =>
        movementList(
          db,
          source,
          parseListQuery(request.query, { filters: ['date_between', 'branch_id', 'item_id'], sorts: Object.keys(MOVEMENT_SORTS) }),
        ),
      { acceptsQuery: true },
    );
  }

  guardedRoute(app, 'POST /api/v2/adjustments', async (request, reply) => {
    const user = currentUser(request);
    const input = parseInput(manualAdjustmentInputSchema, request.body);
    return runMutation(db, request, reply, async (tx) => {
      const item = (await lockItems(tx, [input.item_id])).get(input.item_id)!;
      const branch = await branchNamed(tx, input.branch_id, user.id);
      const [id] = await recordMovements(
        tx,
        [
          {
            item_id: item.id,
            type: 'Ajuste Manual',
            quantity: input.quantity,
            source: 'ajuste',
            branch_id: branch.id,
            reason: input.reason,
          },
        ],
        user.id,
      );
      const stock = (await stockOf(tx, [item.id], branch.id)).get(item.id) ?? 0;
      return { status: 201, body: { movement: await movementRow(tx, id!), stock } };
    });
  });

  guardedRoute(app, 'POST /api/v2/mermas', async (request, reply) => {
    const user = currentUser(request);
    const input = parseInput(mermaInputSchema, request.body);
    return runMutation(db, request, reply, async (tx) => {
      const item = (await lockItems(tx, [input.item_id])).get(input.item_id)!;
      const branch = await branchNamed(tx, input.branch_id, user.id);
      const before = await ensureStock(tx, item, branch, input.quantity);
      // Waste is an 'Ajuste Manual' down (spec §4 has no waste type), told apart by its source.
      const [id] = await recordMovements(
        tx,
        [
          {
            item_id: item.id,
            type: 'Ajuste Manual',
            quantity: -input.quantity,
            source: 'merma',
            branch_id: branch.id,
            reason: mermaReasonText(input.reason, input.other_reason),
          },
        ],
        user.id,
      );
      return { status: 201, body: { movement: await movementRow(tx, id!), stock: Math.round((before - input.quantity) * 100) / 100 } };
    });
  });

  const TRANSFER_SELECT = sql`t.id, ${iso(sql`t.created_at`)} AS created_at, t.from_branch_id, fb.name AS from_branch_name, t.to_branch_id, tb.name AS to_branch_name, t.note,
    u.name || ' ' || u.last AS user_name,
    (SELECT coalesce(json_agg(json_build_object('item_id', m.item_id, 'name', i.name, 'unit', un.name, 'quantity', m.quantity::float8) ORDER BY i.name), '[]')
      FROM inventory_movements m JOIN items i ON i.id = m.item_id JOIN units un ON un.id = i.unit_id
      WHERE m.transfer_id = t.id AND m.branch_id = t.to_branch_id) AS items`;
  const TRANSFER_FROM = sql`inventory_transfers t JOIN branches fb ON fb.id = t.from_branch_id JOIN branches tb ON tb.id = t.to_branch_id LEFT JOIN users u ON u.id = t.created_by_user_id`;
  const TRANSFER_SORTS = { id: 't.id', created_at: 't.created_at' };

  guardedRoute(
    app,
    'GET /api/v2/inventory_transfers',
    async (request) => {
      const query = parseListQuery(request.query, {
        filters: ['date_between', 'branch_id', 'item_id'],
        sorts: Object.keys(TRANSFER_SORTS),
      });
      const conditions: SQL[] = [];
      const range = checkedRange(query.filters.date_between);
      if (range) conditions.push(sql`t.created_at >= ${startOf(range[0])} AND t.created_at < ${endOf(range[1])}`);
      const branches = idList(query.filters.branch_id, 'branch_id');
      if (branches) conditions.push(sql`(t.from_branch_id IN ${branches} OR t.to_branch_id IN ${branches})`);
      const itemIds = idList(query.filters.item_id, 'item_id');
      if (itemIds)
        conditions.push(sql`EXISTS (SELECT 1 FROM inventory_movements m WHERE m.transfer_id = t.id AND m.item_id IN ${itemIds})`);
      return page(
        db,
        TRANSFER_SELECT,
        TRANSFER_FROM,
        and(conditions),
        orderBy(query, TRANSFER_SORTS, 't.created_at DESC, t.id DESC'),
        query,
      );
    },
    { acceptsQuery: true },
  );

  guardedRoute(app, 'POST /api/v2/inventory_transfers', async (request, reply) => {
    const user = currentUser(request);
    const input = parseInput(transferInputSchema, request.body);
    // One transaction: the transfer row and every pair of movements are recorded, or none is.
    return runMutation(db, request, reply, async (tx) => {
      const items = await lockItems(
        tx,
        input.items.map((line) => line.item_id),
      );
      const from = await branchNamed(tx, input.from_branch_id, user.id);
      const to = await branchNamed(tx, input.to_branch_id, user.id);
      const [transfer] = await tx
        .insert(inventoryTransfers)
        .values({ from_branch_id: from.id, to_branch_id: to.id, note: input.note || null, created_by_user_id: user.id })
        .returning({ id: inventoryTransfers.id });
      for (const line of input.items) {
        const item = items.get(line.item_id)!;
        await ensureStock(tx, item, from, line.quantity);
        const reason = input.note || null;
        await recordMovements(
          tx,
          [
            {
              item_id: item.id,
              type: 'Ajuste Manual',
              quantity: -line.quantity,
              source: 'traspaso',
              branch_id: from.id,
              transfer_id: transfer!.id,
              reason,
            },
            {
              item_id: item.id,
              type: 'Ajuste Manual',
              quantity: line.quantity,
              source: 'traspaso',
              branch_id: to.id,
              transfer_id: transfer!.id,
              reason,
            },
          ],
          user.id,
        );
      }
      const [row] = await rows(tx, sql`SELECT ${TRANSFER_SELECT} FROM ${TRANSFER_FROM} WHERE t.id = ${transfer!.id}`);
      return { status: 201, body: row };
    });
  });

  /** Each item's stock (in one branch, or all), as an aggregate to join items to. */
  const stockBy = (branches: number[] | undefined) =>
    sql`(SELECT m.item_id, sum(${signedQuantity}) AS qty FROM inventory_movements m ${branches ? sql`WHERE m.branch_id IN ${branches}` : sql``} GROUP BY m.item_id)`;

  guardedRoute(
    app,
    'GET /api/v2/inventory/cost',
    async (request) => {
      const sorts = { name: 'i.name', stock: 'stock', cost: 'i.cost', value: 'value' };
      const query = parseListQuery(request.query, { filters: ['branch_id', 'name'], sorts: Object.keys(sorts) });
      const from = sql`items i JOIN units un ON un.id = i.unit_id LEFT JOIN ${stockBy(idList(query.filters.branch_id, 'branch_id'))} st ON st.item_id = i.id`;
      const conditions: SQL[] = [sql`i.deleted_at IS NULL`];
      if (query.filters.name) conditions.push(sql`i.name ILIKE ${containsPattern(query.filters.name)}`);
      const [list, [total]] = await Promise.all([
        page(
          db,
          sql`i.id AS item_id, i.name, un.name AS unit, coalesce(st.qty, 0)::float8 AS stock, i.cost::float8 AS cost, round(coalesce(st.qty, 0) * i.cost, 2)::float8 AS value`,
          from,
          and(conditions),
          orderBy(query, sorts, 'value DESC, i.name ASC'),
          query,
        ),
        rows<{ value: number }>(
          db,
          sql`SELECT coalesce(sum(round(coalesce(st.qty, 0) * i.cost, 2)), 0)::float8 AS value FROM ${from} WHERE ${and(conditions)}`,
        ),
      ]);
      return { data: list.data, meta: { total: list.meta.total, value: total?.value ?? 0 } };
    },
    { acceptsQuery: true },
  );

  guardedRoute(
    app,
    'GET /api/v2/inventory/pos',
    async (request) => {
      const sorts = { name: 'i.name', stock: 'stock' };
      const query = parseListQuery(request.query, { filters: ['branch_id', 'name', 'low'], sorts: Object.keys(sorts) });
      const from = sql`items i JOIN units un ON un.id = i.unit_id LEFT JOIN ${stockBy(idList(query.filters.branch_id, 'branch_id'))} st ON st.item_id = i.id`;
      const conditions: SQL[] = [sql`i.deleted_at IS NULL AND i.pos AND i.is_published`];
      if (query.filters.name) conditions.push(sql`i.name ILIKE ${containsPattern(query.filters.name)}`);
      const low = sql`coalesce(st.qty, 0) <= ${LOW_STOCK_LIMIT}`;
      const [list, [count]] = await Promise.all([
        page(
          db,
          sql`i.id AS item_id, i.name, un.name AS unit, i.ean13, coalesce(st.qty, 0)::float8 AS stock, ${low} AS low`,
          from,
          and(query.filters.low === '1' ? [...conditions, low] : conditions),
          orderBy(query, sorts, 'i.name ASC'),
          query,
        ),
        rows<{ low: number }>(db, sql`SELECT count(*) FILTER (WHERE ${low})::int AS low FROM ${from} WHERE ${and(conditions)}`),
      ]);
      return { data: list.data, meta: { total: list.meta.total, low: count?.low ?? 0 } };
    },
    { acceptsQuery: true },
  );

  guardedRoute(
    app,
    'GET /api/v2/inventory_report',
    async (request) => {
      const raw = { ...(request.query as Record<string, unknown>) };
      const type = raw.type;
      delete raw.type;
      if (type !== 'card' && type !== 'detail') throw new HttpError(400, reportsMessages.invalidType);
      if (type === 'detail') {
        const query = parseListQuery(raw, {
          filters: ['date_between', 'branch_id', 'item_id', 'type', 'source'],
          sorts: Object.keys(MOVEMENT_SORTS),
        });
        return page(
          db,
          MOVEMENT_SELECT,
          MOVEMENT_FROM,
          and(movementConditions(query.filters)),
          orderBy(query, MOVEMENT_SORTS, 'm.created_at DESC, m.id DESC'),
          query,
        );
      }
      const sorts = { name: 'i.name', opening: 'opening', entries: 'entries', exits: 'exits', closing: 'closing', value: 'value' };
      const query = cardPaging(
        raw,
        parseListQuery(raw, { filters: ['date_between', 'branch_id', 'item_id', 'name'], sorts: Object.keys(sorts) }),
      );
      const range = checkedRange(query.filters.date_between);
      const branches = idList(query.filters.branch_id, 'branch_id');
      const itemIds = idList(query.filters.item_id, 'item_id');
      // Per item: before the period, its entries and exits in it, and where it ended. Without a
      // period every movement is in it: the opening is 0 and the closing is today's stock.
      const signed = sql`(${signedQuantity})`;
      const before = range ? sql`m.created_at < ${startOf(range[0])}` : sql`FALSE`;
      const inside = range ? sql`m.created_at >= ${startOf(range[0])}` : sql`TRUE`;
      const moves = sql`(SELECT m.item_id,
          sum(${signed}) FILTER (WHERE ${before}) AS opening,
          sum(${signed}) FILTER (WHERE ${inside} AND ${signed} > 0) AS entries,
          -sum(${signed}) FILTER (WHERE ${inside} AND ${signed} < 0) AS exits,
          sum(${signed}) AS closing
        FROM inventory_movements m
        WHERE ${and([...(range ? [sql`m.created_at < ${endOf(range[1])}`] : []), ...(branches ? [sql`m.branch_id IN ${branches}`] : []), ...(itemIds ? [sql`m.item_id IN ${itemIds}`] : [])])}
        GROUP BY m.item_id)`;
      const conditions: SQL[] = [sql`i.deleted_at IS NULL`];
      if (itemIds) conditions.push(sql`i.id IN ${itemIds}`);
      if (query.filters.name) conditions.push(sql`i.name ILIKE ${containsPattern(query.filters.name)}`);
      return page(
        db,
        sql`i.id AS item_id, i.name, un.name AS unit, coalesce(c.opening, 0)::float8 AS opening, coalesce(c.entries, 0)::float8 AS entries,
          coalesce(c.exits, 0)::float8 AS exits, coalesce(c.closing, 0)::float8 AS closing, coalesce(c.closing, 0)::float8 AS stock,
          i.cost::float8 AS cost, round(coalesce(c.closing, 0) * i.cost, 2)::float8 AS value`,
        sql`items i JOIN units un ON un.id = i.unit_id LEFT JOIN ${moves} c ON c.item_id = i.id`,
        and(conditions),
        orderBy(query, sorts, 'i.name ASC'),
        query,
      );
    },
    { acceptsQuery: true },
  );

  guardedRoute(
    app,
    'GET /api/v2/inventory_report/:id',
    async (request) => {
      const { id } = parseInput(idParamSchema, request.params, 404);
      const query = parseListQuery(request.query, { filters: ['date_between', 'branch_id'], sorts: [] });
      const range = checkedRange(query.filters.date_between) ?? currentMonth(new Date());
      const [item] = await rows<{ id: number; name: string; unit: string; cost: number }>(
        db,
        sql`SELECT i.id, i.name, un.name AS unit, i.cost::float8 AS cost FROM items i JOIN units un ON un.id = i.unit_id WHERE i.id = ${id}`,
      );
      if (!item) throw notFound();
      const branches = idList(query.filters.branch_id, 'branch_id');
      const scope = and([sql`m.item_id = ${id}`, ...(branches ? [sql`m.branch_id IN ${branches}`] : [])]);
      const start = startOf(range[0]);
      const end = endOf(range[1]);
      const signed = sql`(${signedQuantity})`;
      const [[totals], byType, movements, [count]] = await Promise.all([
        rows<{ opening: number; entries: number; exits: number; closing: number }>(
          db,
          sql`SELECT coalesce(sum(${signed}) FILTER (WHERE m.created_at < ${start}), 0)::float8 AS opening,
              coalesce(sum(${signed}) FILTER (WHERE m.created_at >= ${start} AND ${signed} > 0), 0)::float8 AS entries,
              coalesce(-sum(${signed}) FILTER (WHERE m.created_at >= ${start} AND ${signed} < 0), 0)::float8 AS exits,
              coalesce(sum(${signed}), 0)::float8 AS closing
            FROM inventory_movements m WHERE ${scope} AND m.created_at < ${end}`,
        ),
        rows<{ type: string; quantity: number; count: number }>(
          db,
          sql`SELECT m.type, sum(${signed})::float8 AS quantity, count(*)::int AS count FROM inventory_movements m
            WHERE ${scope} AND m.created_at >= ${start} AND m.created_at < ${end} GROUP BY m.type ORDER BY m.type`,
        ),
        // The balance after each movement counts every earlier one, also those before the period.
        rows(
          db,
          sql`SELECT ${MOVEMENT_SELECT}, w.balance::float8 AS balance
            FROM ${MOVEMENT_FROM}
            JOIN (SELECT m.id, m.created_at, sum(${signed}) OVER (ORDER BY m.created_at, m.id) AS balance FROM inventory_movements m WHERE ${scope} AND m.created_at < ${end}) w ON w.id = m.id
            WHERE w.created_at >= ${start} ORDER BY m.created_at, m.id LIMIT ${query.itemsPerPage} OFFSET ${query.offset}`,
        ),
        rows<{ total: number }>(
          db,
          sql`SELECT count(*)::int AS total FROM inventory_movements m WHERE ${scope} AND m.created_at >= ${start} AND m.created_at < ${end}`,
        ),
      ]);
      return { item, range, ...totals!, by_type: byType, data: movements, meta: { total: count?.total ?? 0 } };
    },
    { acceptsQuery: true },
  );
}
