import { and, eq, exists, ilike, inArray, isNull, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { SHIPPING_FULL_DETAILS, type Shipping, type ShippingDetail } from '../../domain/schemas/shipping';
import type { Db } from '../db/client';
import { sales, shippingDetails, shippings } from '../db/schema';
import { containsPattern, dateRange, idList, type ListQuery } from '../routes/list-query';
import { shippingChangedNotice } from '../routes/events';
import { rows } from '../routes/sql-rows';

export const SHIPPING_LIST_SPEC = {
  filters: ['id', 'note', 'shippingDetail.sale_id', 'date_between', 'driver_id', 'vehicle_id', 'shippingDetail.company_id'],
  sorts: ['id', 'date', 'driver_id', 'vehicle_id', 'weight', 'initial_km', 'final_km', 'route', 'note', 'created_at', 'updated_at'],
  includes: [SHIPPING_FULL_DETAILS],
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
  'sale', json_build_object(
    'id', sa.id, 'company_name', c.name,
    'contact', CASE WHEN ct.id IS NULL THEN NULL ELSE json_build_object('name', ct.name, 'last', ct.last, 'phone', ct.phone) END,
    'company_branch', CASE WHEN b.id IS NULL THEN NULL ELSE json_build_object('name', b.name) END,
    'sale_items', coalesce((SELECT json_agg(json_build_object('quantity', si.quantity::float8, 'item', json_build_object('name', i.name)) ORDER BY si.id)
                            FROM sale_items si JOIN items i ON i.id = si.item_id WHERE si.sale_id = sa.id), '[]'),
    'sale_weight', sa.sale_weight::float8, 'sale_due_balance', sa.due_balance::float8, 'note', sa.note, 'internal_note', sa.internal_note,
    'company', json_build_object('delivery_address', c.delivery_address),
    'user', json_build_object('name', u.name, 'last', u.last)))`;
const DETAIL_JOINS = sql`JOIN sales sa ON sa.id = d.sale_id JOIN companies c ON c.id = sa.company_id
  LEFT JOIN contacts ct ON ct.id = sa.contact_id LEFT JOIN company_branches b ON b.id = sa.company_branch_id JOIN users u ON u.id = sa.user_id`;
const DETAIL_FROM = sql`shipping_details d ${DETAIL_JOINS}`;

/** A Postgres int[] literal of validated ids, passed as one parameter. */
const intArray = (ids: number[]) => sql`${`{${ids.map((id) => Math.trunc(id)).join(',')}}`}::int[]`;

/**
 * What a routes list shows of each delivery: the sale's folio, customer, weight, balance and
 * notes. A fifth of the full detail's size, and no per-delivery read of the sale's lines.
 */
const DETAIL_SUMMARY_JSON = sql`json_build_object(
  'id', d.id, 'sale_id', d.sale_id, 'shipping_id', d.shipping_id, 'company_id', d.company_id,
  'completed', d.completed, 'is_delivered', d.is_delivered, 'delivery_rejection_comment', d.delivery_rejection_comment,
  'delivered_at', ${minute(sql`d.delivered_at`)}, 'invoice', d.invoice, 'pdf', d.pdf, 'latitude', d.latitude, 'longitude', d.longitude,
  'sale', json_build_object('id', sa.id, 'company_name', c.name, 'sale_weight', sa.sale_weight::float8,
    'sale_due_balance', sa.due_balance::float8, 'note', sa.note, 'internal_note', sa.internal_note))`;
const DETAIL_SUMMARY_FROM = sql`shipping_details d JOIN sales sa ON sa.id = d.sale_id JOIN companies c ON c.id = sa.company_id`;

/** A shipping as JSON over `s` (shippings), `dr` (its driver) and `v` (its vehicle). */
function shippingJson(full: boolean): SQL {
  const detail = full ? DETAIL_JSON : DETAIL_SUMMARY_JSON;
  const from = full ? DETAIL_FROM : DETAIL_SUMMARY_FROM;
  return sql`json_build_object(
    'id', s.id, 'date', s.date, 'driver_id', s.driver_id,
    'driver', CASE WHEN dr.id IS NULL THEN NULL ELSE json_build_object('id', dr.id, 'name', dr.name, 'last', dr.last) END,
    'vehicle_id', s.vehicle_id,
    'vehicle', CASE WHEN v.id IS NULL THEN NULL ELSE json_build_object('id', v.id, 'name', v.name) END,
    'initial_km', s.initial_km, 'final_km', s.final_km,
    'km_capture_time_start', ${minute(sql`s.km_capture_time_start`)}, 'km_capture_time', ${minute(sql`s.km_capture_time`)},
    'route', s.route, 'weight', s.weight::float8, 'note', s.note,
    'created_at', ${iso(sql`s.created_at`)}, 'updated_at', ${iso(sql`s.updated_at`)},
    'created_by_user_id', s.created_by_user_id, 'last_updated_by_user_id', s.last_updated_by_user_id, 'user_id', s.user_id,
    'shipping_details', coalesce((SELECT json_agg(${detail} ORDER BY d.id) FROM ${from} WHERE d.shipping_id = s.id AND d.deleted_at IS NULL), '[]')
  )`;
}

const SHIPPING_JOINS = sql`LEFT JOIN users dr ON dr.id = s.driver_id LEFT JOIN vehicles v ON v.id = s.vehicle_id`;

/** Shippings with driver, vehicle and their live details, in the order of `ids`. */
export async function loadShippings(db: Db, ids: number[]): Promise<Shipping[]> {
  if (ids.length === 0) return [];
  const [row] = await rows<{ data: Shipping[] }>(
    db,
    sql`SELECT coalesce(json_agg(${shippingJson(true)} ORDER BY array_position(${intArray(ids)}, s.id)), '[]') AS data
      FROM shippings s ${SHIPPING_JOINS} WHERE s.id = ANY(${intArray(ids)})`,
  );
  return row?.data ?? [];
}

/**
 * A page of the routes list and the total, read in one statement and answered as the JSON
 * text the database wrote: one round trip, and the rows are never parsed or serialized in
 * Node (this is the office's most frequent read). Deliveries carry their sale's summary
 * unless `include=shipping_details.sale` asks for the whole sale.
 */
export async function listShippingsJson(db: Db, query: ShippingListQuery, onlyDriver: number | null): Promise<string> {
  const where = and(...listConditions(query.filters, onlyDriver));
  const sortColumn = shippings[query.sort?.field ?? 'id'];
  const direction = query.sort && !query.sort.descending ? sql`ASC` : sql`DESC`;
  const order = sql`${sortColumn} ${direction}, ${shippings.id} DESC`;
  const [row] = await rows<{ body: string }>(
    db,
    sql`SELECT '{"data":' || coalesce((
        SELECT json_agg(${shippingJson(query.include.has(SHIPPING_FULL_DETAILS))} ORDER BY p.position)
        FROM (SELECT ${shippings.id} AS id, row_number() OVER (ORDER BY ${order}) AS position FROM ${shippings} WHERE ${where}
              ORDER BY ${order} LIMIT ${query.itemsPerPage} OFFSET ${query.offset}) p
        JOIN shippings s ON s.id = p.id ${SHIPPING_JOINS}
      ), '[]')::text || ',"meta":{"total":' || (SELECT count(*) FROM ${shippings} WHERE ${where}) || '}}' AS body`,
  );
  return row!.body;
}

/**
 * Runs an UPDATE of one shipping (with `RETURNING *`), tells the office, and answers the
 * shipping as the API sends it, in one statement: the answer is built from the updated row.
 */
export async function updatedShipping(tx: Db, update: SQLWrapper): Promise<Shipping | null> {
  // getSQL(): a query builder set in a template would be wrapped in parentheses, which WITH refuses.
  const [row] = await rows<{ shipping: Shipping }>(
    tx,
    sql`WITH s AS (${update.getSQL()}) SELECT ${shippingChangedNotice(sql`s`)}, ${shippingJson(true)} AS shipping FROM s ${SHIPPING_JOINS}`,
  );
  return row?.shipping ?? null;
}

/** Runs an UPDATE of one shipping detail (with `RETURNING *`) and answers the detail as the API sends it, in one statement. */
export async function updatedDetail(tx: Db, update: SQLWrapper): Promise<ShippingDetail | null> {
  const [row] = await rows<{ detail: ShippingDetail }>(tx, sql`WITH d AS (${update.getSQL()}) SELECT ${DETAIL_JSON} AS detail FROM d ${DETAIL_JOINS}`);
  return row?.detail ?? null;
}

/** One shipping detail (live or not) as the API answers it. */
export async function loadDetail(db: Db, id: number): Promise<ShippingDetail | null> {
  const [row] = await rows<{ detail: ShippingDetail }>(db, sql`SELECT ${DETAIL_JSON} AS detail FROM ${DETAIL_FROM} WHERE d.id = ${id}`);
  return row?.detail ?? null;
}

/**
 * After a delivery was added, changed or removed: the route's weight (spec §9: delivered
 * sales' weight, kept on the row so lists and totals read it) and the office told live,
 * in one statement.
 */
export async function deliveriesChanged(tx: Db, shippingId: number): Promise<void> {
  await tx.execute(sql`
    WITH weighed AS (
      UPDATE ${shippings} SET weight = COALESCE((
        SELECT round(sum(${sales.sale_weight}), 2) FROM ${shippingDetails}
        JOIN ${sales} ON ${sales.id} = ${shippingDetails.sale_id}
        WHERE ${shippingDetails.shipping_id} = ${shippingId} AND ${shippingDetails.is_delivered} AND ${shippingDetails.deleted_at} IS NULL
      ), 0), updated_at = now()
      WHERE ${shippings.id} = ${shippingId}
      RETURNING ${shippings.id}, ${shippings.date})
    SELECT ${shippingChangedNotice(sql`weighed`)} FROM weighed`);
}
