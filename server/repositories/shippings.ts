import { and, eq, exists, ilike, inArray, isNull, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import {
  SHIPPING_FULL_DETAILS,
  SHIPPING_SUMMARY,
  type Shipping,
  type ShippingDetail,
  type ShippingDetailSummary,
  type ShippingSummary,
} from '../../domain/schemas/shipping';
import type { ShippingKind } from '../../domain/schemas/rentals';
import type { Db } from '../db/client';
import { shippingDayCounts, shippingDetails, shippings } from '../db/schema';
import { containsPattern, dateRange, idList, type ListQuery } from '../http/list-query';
import { shippingChangedNotice } from '../events/bus';
import { rows } from '../db/sql-rows';

export const SHIPPING_LIST_SPEC = {
  filters: ['id', 'note', 'shippingDetail.sale_id', 'date_between', 'driver_id', 'vehicle_id', 'shippingDetail.company_id'],
  sorts: ['id', 'date', 'driver_id', 'vehicle_id', 'weight', 'initial_km', 'final_km', 'route', 'note', 'created_at', 'updated_at'],
  includes: [SHIPPING_FULL_DETAILS, SHIPPING_SUMMARY],
} as const;

export type ShippingListQuery = ListQuery<(typeof SHIPPING_LIST_SPEC.filters)[number], (typeof SHIPPING_LIST_SPEC.sorts)[number]>;

function activeDetail(...conditions: SQL[]): SQL {
  return exists(
    sql`(SELECT 1 FROM ${shippingDetails} WHERE ${shippingDetails.shipping_id} = ${shippings.id} AND ${shippingDetails.deleted_at} IS NULL AND ${and(...conditions)})`,
  );
}

/** The WHERE clause of a shippings list; `onlyDriver` scopes a delivery driver to their own routes. */
function listConditions(filters: ShippingListQuery['filters'], onlyDriver: number | null): SQL[] {
  const conditions: SQL[] = [isNull(shippings.deleted_at)];
  if (onlyDriver !== null) conditions.push(eq(shippings.driver_id, onlyDriver));
  const ids = idList(filters.id, 'id');
  if (ids) conditions.push(inArray(shippings.id, ids));
  if (filters.note) conditions.push(ilike(shippings.note, containsPattern(filters.note)));
  const driverIds = idList(filters.driver_id, 'driver_id');
  if (driverIds) conditions.push(inArray(shippings.driver_id, driverIds));
  const vehicleIds = idList(filters.vehicle_id, 'vehicle_id');
  if (vehicleIds) conditions.push(inArray(shippings.vehicle_id, vehicleIds));
  const saleIds = idList(filters['shippingDetail.sale_id'], 'shippingDetail.sale_id');
  if (saleIds) conditions.push(activeDetail(inArray(shippingDetails.sale_id, saleIds)));
  const companyIds = idList(filters['shippingDetail.company_id'], 'shippingDetail.company_id');
  if (companyIds) conditions.push(activeDetail(inArray(shippingDetails.company_id, companyIds)));
  const range = dateRange(filters.date_between);
  if (range) conditions.push(sql`${shippings.date} BETWEEN ${range[0]} AND ${range[1]}`);
  return conditions;
}

/**
 * The number of routes a list matches. Filtered by driver and dates at most (the office's
 * usual list, a driver's own), it is summed from the routes per driver and day that the
 * database keeps with every write (`shipping_day_counts`): a few rows a day instead of
 * every route of the period. Any other filter counts the routes themselves.
 */
function countedTotal(filters: ShippingListQuery['filters'], onlyDriver: number | null, where: SQL | undefined): SQL {
  const byRoutes = Object.entries(filters).some(
    ([key, value]) => value !== undefined && value !== '' && key !== 'driver_id' && key !== 'date_between',
  );
  if (byRoutes) return sql`SELECT count(*)::int AS total FROM ${shippings} WHERE ${where}`;
  const conditions: SQL[] = [];
  if (onlyDriver !== null) conditions.push(eq(shippingDayCounts.driver_id, onlyDriver));
  const driverIds = idList(filters.driver_id, 'driver_id');
  if (driverIds) conditions.push(inArray(shippingDayCounts.driver_id, driverIds));
  const range = dateRange(filters.date_between);
  if (range) conditions.push(sql`${shippingDayCounts.date} BETWEEN ${range[0]} AND ${range[1]}`);
  return sql`SELECT coalesce(sum(${shippingDayCounts.live}), 0)::int AS total FROM ${shippingDayCounts} WHERE ${and(...conditions) ?? sql`TRUE`}`;
}

/** 'YYYY-MM-DD HH:mm' for Monterrey wall-clock columns, ISO 8601 for instants, as the API sends them. */
const minute = (column: SQL) => sql`to_char(${column}, 'YYYY-MM-DD HH24:MI')`;
const iso = (column: SQL) => sql`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * A shipping detail with the sale data the delivery screens show (spec §3), built by the
 * database as JSON over the aliases of DETAIL_FROM: one round trip, and Node only passes
 * the result on (this is the hot path of every routes list).
 */
const DETAIL_JSON = sql`json_build_object(
  'id', d.id, 'sale_id', d.sale_id, 'shipping_id', d.shipping_id, 'company_id', d.company_id,
  'completed', d.completed, 'is_delivered', d.is_delivered, 'delivery_rejection_comment', d.delivery_rejection_comment,
  'delivered_at', ${minute(sql`d.delivered_at`)}, 'invoice', d.invoice, 'pdf', d.pdf, 'latitude', d.latitude, 'longitude', d.longitude,
  'stop_order', d.stop_order, 'received_by', d.received_by, 'signature', d.signature, 'partial', d.partial, 'return_id', d.return_id,
  'sale', json_build_object(
    'id', sa.id, 'company_name', c.name,
    'contact', CASE WHEN ct.id IS NULL THEN NULL ELSE json_build_object('name', ct.name, 'last', ct.last, 'phone', ct.phone) END,
    'company_branch', CASE WHEN b.id IS NULL THEN NULL ELSE json_build_object('name', b.name) END,
    'sale_items', coalesce((SELECT json_agg(json_build_object('quantity', si.quantity::float8, 'item_id', si.item_id, 'unit', un.name,
                                'item', json_build_object('name', i.name)) ORDER BY si.id)
                            FROM sale_items si JOIN items i ON i.id = si.item_id JOIN units un ON un.id = i.unit_id WHERE si.sale_id = sa.id), '[]'),
    'sale_weight', sa.sale_weight::float8, 'sale_due_balance', sa.due_balance::float8, 'canceled', sa.canceled_at IS NOT NULL,
    'note', sa.note, 'internal_note', sa.internal_note,
    'company', json_build_object('delivery_address', c.delivery_address),
    'user', json_build_object('name', u.name, 'last', u.last)))`;
const DETAIL_JOINS = sql`JOIN sales sa ON sa.id = d.sale_id JOIN companies c ON c.id = sa.company_id
  LEFT JOIN contacts ct ON ct.id = sa.contact_id LEFT JOIN company_branches b ON b.id = sa.company_branch_id JOIN users u ON u.id = sa.user_id`;
const DETAIL_FROM = sql`shipping_details d ${DETAIL_JOINS}`;

/**
 * A route's deliveries in the order it is driven (issue 47): the office's order ('Optimizar' or
 * dragged), then deliveries added since (no order yet) by id, as the office added them.
 */
const STOP_ORDER = sql`d.stop_order ASC NULLS LAST, d.id`;

/** A Postgres int[] literal of validated ids, passed as one parameter. */
const intArray = (ids: number[]) => sql`${`{${ids.map((id) => Math.trunc(id)).join(',')}}`}::int[]`;

/** The tables a routes list reads each delivery's sale summary from. */
const DETAIL_SUMMARY_FROM = sql`shipping_details d JOIN sales sa ON sa.id = d.sale_id JOIN companies c ON c.id = sa.company_id`;

/** A shipping as JSON over `s` (shippings), `dr` (its driver) and `v` (its vehicle). */
function shippingJson(): SQL {
  return sql`json_build_object(
    'id', s.id, 'date', s.date, 'driver_id', s.driver_id,
    'driver', CASE WHEN dr.id IS NULL THEN NULL ELSE json_build_object('id', dr.id, 'name', dr.name, 'last', dr.last) END,
    'vehicle_id', s.vehicle_id,
    'vehicle', CASE WHEN v.id IS NULL THEN NULL ELSE json_build_object('id', v.id, 'name', v.name) END,
    'initial_km', s.initial_km, 'final_km', s.final_km,
    'km_capture_time_start', ${minute(sql`s.km_capture_time_start`)}, 'km_capture_time', ${minute(sql`s.km_capture_time`)},
    'route', s.route, 'weight', s.weight::float8, 'note', s.note, 'kind', s.kind,
    'created_at', ${iso(sql`s.created_at`)}, 'updated_at', ${iso(sql`s.updated_at`)},
    'created_by_user_id', s.created_by_user_id, 'last_updated_by_user_id', s.last_updated_by_user_id, 'user_id', s.user_id,
    'shipping_details', coalesce((SELECT json_agg(${DETAIL_JSON} ORDER BY ${STOP_ORDER}) FROM ${DETAIL_FROM} WHERE d.shipping_id = s.id AND d.deleted_at IS NULL), '[]')
  )`;
}

const SHIPPING_JOINS = sql`LEFT JOIN users dr ON dr.id = s.driver_id LEFT JOIN vehicles v ON v.id = s.vehicle_id`;

/** Shippings with driver, vehicle and their live details, in the order of `ids`. */
export async function loadShippings(db: Db, ids: number[]): Promise<Shipping[]> {
  if (ids.length === 0) return [];
  const [row] = await rows<{ data: Shipping[] }>(
    db,
    sql`SELECT coalesce(json_agg(${shippingJson()} ORDER BY array_position(${intArray(ids)}, s.id)), '[]') AS data
      FROM shippings s ${SHIPPING_JOINS} WHERE s.id = ANY(${intArray(ids)})`,
  );
  return row?.data ?? [];
}

interface SummaryRouteRow {
  /** The number of routes matching the filter; on every row, and alone on a page past the end. */
  total: number;
  id: number | null;
  date: string;
  driver_id: number | null;
  driver_name: string | null;
  driver_last: string | null;
  vehicle_id: number | null;
  vehicle_name: string | null;
  initial_km: number | null;
  final_km: number | null;
  km_capture_time_start: string | null;
  km_capture_time: string | null;
  route: number | null;
  weight: number;
  note: string | null;
  kind: ShippingKind;
  created_at: string;
  updated_at: string;
  created_by_user_id: number | null;
  last_updated_by_user_id: number | null;
  user_id: number | null;
  /** The route's live deliveries as a JSON array of DETAIL_TUPLE arrays; null when it has none. */
  details: string | null;
}

/** A delivery and its sale's summary as a JSON array (over DETAIL_SUMMARY_FROM): positions read by `summaryDetail`. */
const DETAIL_TUPLE = sql`json_build_array(d.id, d.sale_id, d.company_id, d.completed, d.is_delivered, d.delivery_rejection_comment,
  ${minute(sql`d.delivered_at`)}, d.invoice, d.pdf, d.latitude, d.longitude,
  c.name, sa.sale_weight::float8, sa.due_balance::float8, sa.note, sa.internal_note, sa.canceled_at IS NOT NULL,
  d.stop_order, d.received_by, d.signature, d.partial, d.return_id)`;

type DetailTuple = [
  id: number,
  sale_id: number,
  company_id: number | null,
  completed: boolean,
  is_delivered: boolean,
  delivery_rejection_comment: string | null,
  delivered_at: string | null,
  invoice: string | null,
  pdf: string | null,
  latitude: number | null,
  longitude: number | null,
  company_name: string,
  sale_weight: number,
  sale_due_balance: number,
  note: string | null,
  internal_note: string | null,
  canceled: boolean,
  stop_order: number | null,
  received_by: string | null,
  signature: string | null,
  partial: boolean,
  return_id: number | null,
];

function summaryDetail(shippingId: number, t: DetailTuple): ShippingDetailSummary {
  return {
    id: t[0],
    sale_id: t[1],
    shipping_id: shippingId,
    company_id: t[2],
    completed: t[3],
    is_delivered: t[4],
    delivery_rejection_comment: t[5],
    delivered_at: t[6],
    invoice: t[7],
    pdf: t[8],
    latitude: t[9],
    longitude: t[10],
    stop_order: t[17],
    received_by: t[18],
    signature: t[19],
    partial: t[20],
    return_id: t[21],
    sale: {
      id: t[1],
      company_name: t[11],
      sale_weight: t[12],
      sale_due_balance: t[13],
      note: t[14],
      internal_note: t[15],
      canceled: t[16],
    },
  };
}

/** How many of a driver's newest routes a page is looked for among first (`amongRecentRoutesFirst`). */
const RECENT_ROUTES = 500;

/**
 * The driver a list is narrowed to, when its only filters are that one driver and perhaps a
 * period, in the default order (newest first): the list a driver and the office ask for most.
 */
function oneDriverNewestFirst(query: ShippingListQuery, onlyDriver: number | null): number | null {
  const { driver_id: driverFilter, date_between: _period, ...others } = query.filters;
  if (query.sort && (query.sort.field !== 'id' || !query.sort.descending)) return null;
  if (Object.values(others).some((value) => value !== undefined && value !== '')) return null;
  const drivers = idList(driverFilter, 'driver_id');
  if (drivers && drivers.length !== 1) return null;
  const driver = drivers?.[0] ?? onlyDriver;
  return driver === null || (onlyDriver !== null && driver !== onlyDriver) ? null : driver;
}

/**
 * The page of one driver's routes newest first, looked for among their newest RECENT_ROUTES
 * routes before every route the filter matches (`everyMatch`). Read newest first from the
 * index (`shippings_live_driver_id_date`: a few hundred entries, no table rows), that window
 * holds the page whenever the period reaches into the driver's last months, as a day, a week,
 * a month or this year do: a page of a driver's year no longer reads all of the year's
 * routes to keep fifteen. It is exact: routes outside the window are older than every route
 * in it, so when the window holds a whole page that page comes first. When it does not (an
 * old period, the last page), the page is taken from every match, as before.
 */
function amongRecentRoutesFirst(query: ShippingListQuery, driver: number, everyMatch: SQL): SQL {
  const period = dateRange(query.filters.date_between);
  const size = query.itemsPerPage;
  return sql`WITH recent AS MATERIALIZED (
      SELECT r.id FROM (SELECT ${shippings.id}, ${shippings.date} FROM ${shippings}
        WHERE ${shippings.driver_id} = ${driver} AND ${shippings.deleted_at} IS NULL ORDER BY ${shippings.id} DESC LIMIT ${RECENT_ROUTES}) r
      ${period ? sql`WHERE r.date BETWEEN ${period[0]} AND ${period[1]}` : sql``}
      ORDER BY r.id DESC LIMIT ${size} OFFSET ${query.offset})
    SELECT id, id AS sort_key FROM recent WHERE (SELECT count(*) FROM recent) = ${size}
    UNION ALL
    SELECT id, sort_key FROM (${everyMatch}) every WHERE (SELECT count(*) FROM recent) < ${size}`;
}

/**
 * A page of the routes list and the total, as the JSON text sent to the client, in one
 * statement: one round trip and one snapshot, so the total and the page agree. The page's
 * ids come from the filter's index alone (`shippings_live_*_id`: no table rows are read to
 * choose them) and only the page is read further; the total is `countedTotal`.
 * By default (spec §7) each delivery carries its whole sale, built by the database. The app's
 * list asks for less (`include=shipping_details.summary`): deliveries read from the database
 * as compact arrays with their sale's summary, the answer written here, once — V8 writes a
 * list of 3,000 routes faster than the database's JSON objects, and the database, which every
 * process shares, is spared that work.
 */
export async function listShippingsJson(db: Db, query: ShippingListQuery, onlyDriver: number | null): Promise<string> {
  const where = and(...listConditions(query.filters, onlyDriver));
  const sortColumn = shippings[query.sort?.field ?? 'id'];
  const direction = query.sort && !query.sort.descending ? sql`ASC` : sql`DESC`;
  const everyMatch = sql`SELECT ${shippings.id} AS id, ${sortColumn} AS sort_key FROM ${shippings} WHERE ${where}
    ORDER BY ${sortColumn} ${direction}, ${shippings.id} DESC LIMIT ${query.itemsPerPage} OFFSET ${query.offset}`;
  // A page that reaches past the window ('Todos', a deep page) could never be found in it.
  const driver = query.offset + query.itemsPerPage <= RECENT_ROUTES ? oneDriverNewestFirst(query, onlyDriver) : null;
  // Numbered after the cut: a window over every matching row would sort them all, not the page.
  const page = sql`page AS MATERIALIZED (SELECT p.id, row_number() OVER (ORDER BY p.sort_key ${direction}, p.id DESC) AS position
    FROM (${driver === null ? everyMatch : amongRecentRoutesFirst(query, driver, everyMatch)}) p)`;
  const total = sql`(${countedTotal(query.filters, onlyDriver, where)}) t`;
  if (query.include.has(SHIPPING_FULL_DETAILS) || !query.include.has(SHIPPING_SUMMARY)) {
    const [row] = await rows<{ total: number; data: string }>(
      db,
      sql`WITH ${page} SELECT t.total, (SELECT coalesce(json_agg(${shippingJson()} ORDER BY page.position), '[]')::text
        FROM page JOIN shippings s ON s.id = page.id ${SHIPPING_JOINS}) AS data FROM ${total}`,
    );
    return `{"data":${row!.data},"meta":{"total":${row!.total}}}`;
  }
  // The total is the row a page past the end still has (its route columns null).
  const list = await rows<SummaryRouteRow>(
    db,
    sql`WITH ${page},
      details AS (SELECT d.shipping_id, json_agg(${DETAIL_TUPLE} ORDER BY ${STOP_ORDER})::text AS details
        FROM page JOIN ${DETAIL_SUMMARY_FROM} ON d.shipping_id = page.id WHERE d.deleted_at IS NULL GROUP BY d.shipping_id)
      SELECT t.total, r.* FROM ${total} LEFT JOIN (
        SELECT page.position, s.id, s.date, s.driver_id, dr.name AS driver_name, dr.last AS driver_last, s.vehicle_id, v.name AS vehicle_name,
          s.initial_km, s.final_km, ${minute(sql`s.km_capture_time_start`)} AS km_capture_time_start, ${minute(sql`s.km_capture_time`)} AS km_capture_time,
          s.route, s.weight::float8 AS weight, s.note, s.kind, ${iso(sql`s.created_at`)} AS created_at, ${iso(sql`s.updated_at`)} AS updated_at,
          s.created_by_user_id, s.last_updated_by_user_id, s.user_id, details.details
        FROM page JOIN shippings s ON s.id = page.id ${SHIPPING_JOINS} LEFT JOIN details ON details.shipping_id = s.id) r ON TRUE
      ORDER BY r.position`,
  );
  const data: ShippingSummary[] = [];
  for (const r of list) {
    if (r.id === null) continue;
    const id = r.id;
    data.push({
      id,
      date: r.date,
      driver_id: r.driver_id,
      driver: r.driver_name === null ? null : { id: r.driver_id!, name: r.driver_name, last: r.driver_last! },
      vehicle_id: r.vehicle_id,
      vehicle: r.vehicle_name === null ? null : { id: r.vehicle_id!, name: r.vehicle_name },
      initial_km: r.initial_km,
      final_km: r.final_km,
      km_capture_time_start: r.km_capture_time_start,
      km_capture_time: r.km_capture_time,
      route: r.route,
      weight: r.weight,
      note: r.note,
      kind: r.kind,
      created_at: r.created_at,
      updated_at: r.updated_at,
      created_by_user_id: r.created_by_user_id,
      last_updated_by_user_id: r.last_updated_by_user_id,
      user_id: r.user_id,
      shipping_details: r.details === null ? [] : (JSON.parse(r.details) as DetailTuple[]).map((tuple) => summaryDetail(id, tuple)),
    });
  }
  return JSON.stringify({ data, meta: { total: list[0]?.total ?? 0 } });
}

/**
 * Runs an UPDATE of one shipping (with `RETURNING *`), tells the office, and answers the
 * shipping as the API sends it, in one statement: the answer is built from the updated row.
 */
export async function updatedShipping(tx: Db, update: SQLWrapper): Promise<Shipping | null> {
  // getSQL(): a query builder set in a template would be wrapped in parentheses, which WITH refuses.
  const [row] = await rows<{ shipping: Shipping }>(
    tx,
    sql`WITH s AS (${update.getSQL()}) SELECT ${shippingChangedNotice(sql`s`)}, ${shippingJson()} AS shipping FROM s ${SHIPPING_JOINS}`,
  );
  return row?.shipping ?? null;
}

/** Runs an UPDATE of one shipping detail (with `RETURNING *`) and answers the detail as the API sends it, in one statement. */
export async function updatedDetail(tx: Db, update: SQLWrapper): Promise<ShippingDetail | null> {
  const [row] = await rows<{ detail: ShippingDetail }>(
    tx,
    sql`WITH d AS (${update.getSQL()}) SELECT ${DETAIL_JSON} AS detail FROM d ${DETAIL_JOINS}`,
  );
  return row?.detail ?? null;
}

/** One shipping detail (live or not) as the API answers it. */
export async function loadDetail(db: Db, id: number): Promise<ShippingDetail | null> {
  const [row] = await rows<{ detail: ShippingDetail }>(db, sql`SELECT ${DETAIL_JSON} AS detail FROM ${DETAIL_FROM} WHERE d.id = ${id}`);
  return row?.detail ?? null;
}
