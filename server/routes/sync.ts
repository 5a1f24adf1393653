import type { FastifyInstance } from 'fastify';
import { sql, type SQL } from 'drizzle-orm';
import * as z from 'zod/mini';
import type { Deployment } from '../../domain/deployment';
import type { BusinessProfile } from '../business/profile';
import { SELECTABLE_DRIVER_POSITIONS } from '../../domain/job-positions';
import { hasPermission } from '../../domain/permissions';
import {
  SYNC_WINDOW_DAYS,
  type SyncCustomer,
  type SyncItem,
  type SyncKind,
  type SyncPull,
  syncPullSchema,
} from '../../domain/schemas/sync';
import { monterreyDate, monterreyDateOffset } from '../../domain/time';
import type { Db } from '../db/client';
import { parseInput } from '../http-errors';
import { currentUser, signedIn } from '../plugins/auth';
import { loadOrders } from '../repositories/orders';
import { openSalesOf } from '../repositories/companies';
import { stockOf } from '../repositories/inventory';
import { loadPhysicalInventories } from '../repositories/physical-inventory';
import { lineRates } from '../repositories/pricing';
import { loadShippings } from '../repositories/shippings';
import { rows } from '../db/sql-rows';
import { guardedRoutes, type RouteTable } from '../http/route-table';

/**
 * The device's place in the change stream. `seq`: every change numbered up to it has been
 * sent. `fullUntil`: changes numbered up to it were sent as the reset's snapshot, so a
 * record out of scope with such a number is one the device never had. The rest says which
 * scope the numbers were counted for; another user, day or set of permissions starts over.
 */
const cursorSchema = z.object({
  v: z.literal(1),
  seq: z.int().check(z.gte(0)),
  fullUntil: z.int().check(z.gte(0)),
  user: z.int(),
  day: z.string(),
  scope: z.string(),
});
type Cursor = z.infer<typeof cursorSchema>;

const pullQuerySchema = z.strictObject({ cursor: z.optional(z.string().check(z.maxLength(400))) });

/** Records per page: whole routes are large, catalogue rows are small. */
const PAGE_SIZE: Record<SyncKind, number> = {
  shippings: 40,
  orders: 200,
  vehicles: 1000,
  drivers: 1000,
  items: 1000,
  physical_inventories: 10,
  customers: 1000,
};

function encodeCursor(cursor: Cursor): string {
  return Buffer.from(JSON.stringify(cursor)).toString('base64url');
}

function decodeCursor(text: string | undefined): Cursor | null {
  if (!text) return null;
  try {
    const parsed = cursorSchema.safeParse(JSON.parse(Buffer.from(text, 'base64url').toString('utf8')));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

interface Candidate {
  id: number;
  change_seq: number;
  live: boolean;
}

interface Scope {
  userId: number;
  from: string;
  to: string;
  orders: boolean;
  /** Open physical counts (physical_inventories): of this branch, or of every branch for a person without one. */
  physical: boolean;
  /** Customers (to sell to at the counter): only with permission sales. */
  customers: boolean;
  /** The person's branch: open physical counts and the items' stock are of it. */
  branchId: number | null;
}

const driverPositions = sql.raw(SELECTABLE_DRIVER_POSITIONS.map((name) => `'${name.replaceAll("'", "''")}'`).join(', '));

/** For each kind: which rows are in the device's scope (SQL over the kind's table). */
function liveCondition(kind: SyncKind, scope: Scope): SQL {
  switch (kind) {
    case 'shippings':
      return sql`(t.driver_id = ${scope.userId} AND t.date BETWEEN ${scope.from} AND ${scope.to} AND t.deleted_at IS NULL)`;
    case 'orders':
      return scope.orders
        ? sql`(t.kind = 'sale' AND t.deleted_at IS NULL AND t.canceled_at IS NULL AND t.dispatched_at IS NULL AND t.date BETWEEN ${scope.from} AND ${scope.to})`
        : sql`false`;
    case 'vehicles':
    case 'items':
      return sql`(t.deleted_at IS NULL)`;
    case 'drivers':
      // A deactivated driver leaves the devices' pickers with their next pull ('Usuarios').
      return sql`(t.active AND t.job_position_id IN (SELECT id FROM job_positions WHERE name IN (${driverPositions})))`;
    case 'physical_inventories':
      if (!scope.physical) return sql`false`;
      return scope.branchId === null
        ? sql`(t.status = 'Abierto' AND t.deleted_at IS NULL)`
        : sql`(t.status = 'Abierto' AND t.deleted_at IS NULL AND t.branch_id = ${scope.branchId})`;
    case 'customers':
      return scope.customers ? sql`(t.deleted_at IS NULL)` : sql`false`;
  }
}

const TABLE: Record<SyncKind, SQL> = {
  shippings: sql.raw('shippings'),
  orders: sql.raw('sales'),
  vehicles: sql.raw('vehicles'),
  drivers: sql.raw('users'),
  items: sql.raw('items'),
  physical_inventories: sql.raw('physical_inventories'),
  customers: sql.raw('companies'),
};

/**
 * Rows of a kind changed after `cursor.seq`: those in scope, and — once past the reset's
 * snapshot — those out of scope, which the device must drop if it has them.
 */
async function changedRows(tx: Db, kind: SyncKind, scope: Scope, cursor: Cursor): Promise<Candidate[]> {
  if (kind === 'orders' && !scope.orders) return [];
  if (kind === 'physical_inventories' && !scope.physical) return [];
  if (kind === 'customers' && !scope.customers) return [];
  const live = liveCondition(kind, scope);
  return rows<Candidate>(
    tx,
    sql`SELECT t.id, t.change_seq::float8 AS change_seq, ${live} AS live FROM ${TABLE[kind]} t
        WHERE t.change_seq > ${cursor.seq} AND (${live} OR t.change_seq > ${cursor.fullUntil})
        ORDER BY t.change_seq LIMIT ${PAGE_SIZE[kind] + 1}`,
  );
}

async function highestChange(tx: Db): Promise<number> {
  const [row] = await rows<{ seq: number }>(
    tx,
    sql`SELECT GREATEST(
      (SELECT max(change_seq) FROM shippings), (SELECT max(change_seq) FROM sales), (SELECT max(change_seq) FROM vehicles),
      (SELECT max(change_seq) FROM users), (SELECT max(change_seq) FROM items),
      (SELECT max(change_seq) FROM physical_inventories), (SELECT max(change_seq) FROM companies), 0)::float8 AS seq`,
  );
  return row?.seq ?? 0;
}

const idArray = (ids: number[]) => sql`${`{${ids.join(',')}}`}::int[]`;

async function loadCatalogue(tx: Db, kind: 'vehicles' | 'drivers', ids: number[]): Promise<unknown[]> {
  if (ids.length === 0) return [];
  switch (kind) {
    case 'vehicles':
      return rows(tx, sql`SELECT id, name FROM vehicles WHERE id = ANY(${idArray(ids)}) ORDER BY id`);
    case 'drivers':
      return rows(tx, sql`SELECT id, name, last FROM users WHERE id = ANY(${idArray(ids)}) ORDER BY id`);
  }
}

/**
 * Items as the counter sells them offline: the taxes a line of it is priced with (priceCart's
 * rule), whether it is published, and its stock at the person's branch (none without one).
 */
async function loadItems(tx: Db, ids: number[], branchId: number | null): Promise<SyncItem[]> {
  if (ids.length === 0) return [];
  const found = await rows<{
    id: number;
    name: string;
    ean13: string | null;
    unit: string;
    price: number;
    weight: number;
    objeto_imp: string;
    iva_rate: string | null;
    ieps_rate: string | null;
    is_published: boolean;
  }>(
    tx,
    sql`SELECT i.id, i.name, i.ean13, u.name AS unit, i.price::float8 AS price, i.weight::float8 AS weight,
          i.objeto_imp, i.iva_rate, i.ieps_rate, i.is_published
        FROM items i JOIN units u ON u.id = i.unit_id WHERE i.id = ANY(${idArray(ids)}) ORDER BY i.id`,
  );
  const stock = branchId === null ? null : await stockOf(tx, ids, branchId);
  return found.map(({ objeto_imp, iva_rate, ieps_rate, ...item }) => ({
    ...item,
    ...lineRates({ objeto_imp, iva_rate, ieps_rate }),
    stock: stock === null ? null : (stock.get(item.id) ?? 0),
  }));
}

/** Customers with their branches (by name) and what they owe today: all of it, and what is overdue. */
async function loadCustomers(tx: Db, ids: number[], today: string): Promise<SyncCustomer[]> {
  if (ids.length === 0) return [];
  return rows<SyncCustomer>(
    tx,
    sql`SELECT c.id, c.name, c.razon_social, c.rfc, c.credit_days,
          coalesce((SELECT json_agg(json_build_object('id', b.id, 'name', b.name) ORDER BY b.name, b.id)
            FROM company_branches b WHERE b.company_id = c.id), '[]'::json) AS branches,
          coalesce(o.balance, 0)::float8 AS balance, coalesce(o.overdue, 0)::float8 AS overdue
        FROM companies c LEFT JOIN LATERAL (SELECT sum(s.due_balance) AS balance,
          sum(s.due_balance) FILTER (WHERE s.due_date < ${today}) AS overdue FROM ${openSalesOf(sql`c.id`)}) o ON TRUE
        WHERE c.id = ANY(${idArray(ids)}) ORDER BY c.id`,
  );
}

/** The payment methods a device may record ('Cobrar'): the active rows of the reference list. */
async function loadPaymentMethods(tx: Db): Promise<{ id: number; name: string }[]> {
  return rows(tx, sql`SELECT id, name FROM payment_methods WHERE active ORDER BY name, id`);
}

export async function pullChanges(db: Db, scope: Scope, given: Cursor | null, deployment: Deployment, today: string): Promise<SyncPull> {
  // The items' stock is of the person's branch: a person who changes branch starts over.
  const scopeKey = [
    scope.orders ? 'routes+orders' : 'routes',
    scope.physical ? `+physical:${scope.branchId ?? 'all'}` : '',
    scope.customers ? '+customers' : '',
    `+stock:${scope.branchId ?? 'none'}`,
  ].join('');
  // One snapshot for every kind: numbers are handed out in commit order, so what this
  // snapshot sees is every change up to its highest number, with no gaps.
  return db.transaction(
    async (txRaw) => {
      const tx = txRaw as unknown as Db;
      const reset = given === null || given.user !== scope.userId || given.day !== today || given.scope !== scopeKey;
      const cursor: Cursor = reset
        ? { v: 1, seq: 0, fullUntil: await highestChange(tx), user: scope.userId, day: today, scope: scopeKey }
        : given;
      const kinds: SyncKind[] = ['shippings', 'orders', 'vehicles', 'drivers', 'items', 'physical_inventories', 'customers'];
      // One after another: a transaction is one connection, and pg will refuse queries sent to it at once.
      const changed: Awaited<ReturnType<typeof changedRows>>[] = [];
      for (const kind of kinds) changed.push(await changedRows(tx, kind, scope, cursor));
      // A page ends where the first kind that has more ends; later changes of other kinds wait for the next page.
      let cut = Infinity;
      changed.forEach((list, index) => {
        const size = PAGE_SIZE[kinds[index]!];
        if (list.length > size) cut = Math.min(cut, list[size - 1]!.change_seq);
      });
      const hasMore = cut !== Infinity;
      const page = changed.map((list) => list.filter((row) => row.change_seq <= cut));
      const nextSeq = hasMore ? cut : Math.max(cursor.seq, await highestChange(tx));
      const liveIds = (index: number) => page[index]!.filter((r) => r.live).map((r) => r.id);
      const goneIds = (index: number) => page[index]!.filter((r) => !r.live).map((r) => r.id);
      const shippings = await loadShippings(tx, liveIds(0));
      const orders = await loadOrders(tx, liveIds(1));
      const vehicles = await loadCatalogue(tx, 'vehicles', liveIds(2));
      const drivers = await loadCatalogue(tx, 'drivers', liveIds(3));
      const items = await loadItems(tx, liveIds(4), scope.branchId);
      const physicalInventories = await loadPhysicalInventories(tx, liveIds(5));
      const customers = await loadCustomers(tx, liveIds(6), today);
      // A page of the reset's snapshot (the first, or one continuing it) carries the reference lists.
      const ofReset = reset || cursor.seq < cursor.fullUntil;
      return {
        cursor: encodeCursor({ ...cursor, seq: nextSeq }),
        has_more: hasMore,
        reset,
        ...(reset && { deployment }),
        ...(ofReset && { payment_methods: await loadPaymentMethods(tx) }),
        shippings,
        orders,
        vehicles,
        drivers,
        items,
        physical_inventories: physicalInventories,
        ...(scope.customers && { customers }),
        removed: {
          shippings: goneIds(0),
          orders: goneIds(1),
          vehicles: goneIds(2),
          drivers: goneIds(3),
          items: goneIds(4),
          physical_inventories: goneIds(5),
          ...(scope.customers && { customers: goneIds(6) }),
        },
      } as SyncPull;
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}

/** What each route of this file needs (its access rule) and takes and answers (its OpenAPI entry). */
export const SYNC_ROUTES = {
  'GET /api/v2/sync/pull': {
    access: signedIn,
    summary: 'Cambios para el dispositivo desde el cursor',
    response: syncPullSchema,
    query: ['cursor'],
    recordRule:
      'Only the routes the person drives (7 days back to 7 ahead); orders to fill only with orders; open physical counts (of the person’s branch) only with physical_inventories; customers (with what they owe) only with sales.',
  },
} satisfies RouteTable;

const guardedRoute = guardedRoutes(SYNC_ROUTES);

export function syncRoutes(app: FastifyInstance, db: Db, business: BusinessProfile): void {
  guardedRoute(
    app,
    'GET /api/v2/sync/pull',
    async (request, reply) => {
      const user = currentUser(request);
      const query = parseInput(pullQuerySchema, request.query, 400);
      const now = new Date();
      const scope: Scope = {
        userId: user.id,
        from: monterreyDateOffset(now, -SYNC_WINDOW_DAYS),
        to: monterreyDateOffset(now, SYNC_WINDOW_DAYS),
        orders: hasPermission(user, 'orders'),
        physical: hasPermission(user, 'physical_inventories'),
        customers: hasPermission(user, 'sales'),
        branchId: user.branch?.id ?? null,
      };
      const body = await pullChanges(db, scope, decodeCursor(query.cursor), await business.current(), monterreyDate(now));
      return reply.header('cache-control', 'no-store').send(body);
    },
    { acceptsQuery: true },
  );
}
