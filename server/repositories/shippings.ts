import { and, asc, desc, eq, exists, ilike, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Shipping, ShippingDetail } from '../../domain/schemas/shipping';
import type { Db } from '../db/client';
import { companies, companyBranches, contacts, items, saleItems, sales, shippingDetails, shippings, users, vehicles } from '../db/schema';
import { containsPattern, dateRange, idList, type ListQuery } from '../routes/list-query';
import { toIso, toMinute } from './format';

export const SHIPPING_LIST_SPEC = {
  filters: ['id', 'note', 'shippingDetail.sale_id', 'date_between', 'driver_id', 'vehicle_id', 'shippingDetail.company_id'],
  sorts: ['id', 'date', 'driver_id', 'vehicle_id', 'weight', 'initial_km', 'final_km', 'route', 'note', 'created_at', 'updated_at'],
} as const;

export type ShippingListQuery = ListQuery<(typeof SHIPPING_LIST_SPEC.filters)[number], (typeof SHIPPING_LIST_SPEC.sorts)[number]>;

const drivers = alias(users, 'drivers');
const sellers = alias(users, 'sellers');


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

export async function listShippings(db: Db, query: ShippingListQuery, onlyDriver: number | null): Promise<{ data: Shipping[]; meta: { total: number } }> {
  const where = and(...listConditions(query.filters, onlyDriver));
  const sortColumn = shippings[query.sort?.field ?? 'id'];
  const order = query.sort && !query.sort.descending ? asc(sortColumn) : desc(sortColumn);
  const [page, [count]] = await Promise.all([
    db.select({ id: shippings.id }).from(shippings).where(where).orderBy(order, desc(shippings.id)).limit(query.itemsPerPage).offset(query.offset),
    db.select({ total: sql<number>`count(*)::int` }).from(shippings).where(where),
  ]);
  return { data: await loadShippings(db, page.map((row) => row.id)), meta: { total: count?.total ?? 0 } };
}

/** Shippings with driver, vehicle and their live details, in the order of `ids`. */
export async function loadShippings(db: Db, ids: number[]): Promise<Shipping[]> {
  if (ids.length === 0) return [];
  const [rows, details] = await Promise.all([
    db
      .select({ shipping: shippings, driver: { id: drivers.id, name: drivers.name, last: drivers.last }, vehicle: { id: vehicles.id, name: vehicles.name } })
      .from(shippings)
      .leftJoin(drivers, eq(drivers.id, shippings.driver_id))
      .leftJoin(vehicles, eq(vehicles.id, shippings.vehicle_id))
      .where(inArray(shippings.id, ids)),
    loadDetails(db, and(inArray(shippingDetails.shipping_id, ids), isNull(shippingDetails.deleted_at))!),
  ]);
  const byId = new Map(rows.map((row) => [row.shipping.id, row]));
  return ids
    .map((id) => byId.get(id))
    .filter((row) => row !== undefined)
    .map(({ shipping, driver, vehicle }) => ({
      id: shipping.id,
      date: shipping.date,
      driver_id: shipping.driver_id,
      driver: driver?.id == null ? null : { id: driver.id, name: driver.name, last: driver.last },
      vehicle_id: shipping.vehicle_id,
      vehicle: vehicle?.id == null ? null : { id: vehicle.id, name: vehicle.name },
      initial_km: shipping.initial_km,
      final_km: shipping.final_km,
      km_capture_time_start: toMinute(shipping.km_capture_time_start),
      km_capture_time: toMinute(shipping.km_capture_time),
      route: shipping.route,
      weight: shipping.weight,
      note: shipping.note,
      created_at: toIso(shipping.created_at),
      updated_at: toIso(shipping.updated_at),
      created_by_user_id: shipping.created_by_user_id,
      last_updated_by_user_id: shipping.last_updated_by_user_id,
      user_id: shipping.user_id,
      shipping_details: details.filter((d) => d.shipping_id === shipping.id),
    }));
}

/** Shipping details with the sale data the delivery screens show (spec §3). */
export async function loadDetails(db: Db, where: SQL): Promise<ShippingDetail[]> {
  const rows = await db
    .select({
      detail: shippingDetails,
      sale: { id: sales.id, sale_weight: sales.sale_weight, due_balance: sales.due_balance },
      company: { name: companies.name, delivery_address: companies.delivery_address },
      contact: { name: contacts.name, last: contacts.last },
      branch: { name: companyBranches.name },
      seller: { name: sellers.name, last: sellers.last },
    })
    .from(shippingDetails)
    .innerJoin(sales, eq(sales.id, shippingDetails.sale_id))
    .innerJoin(companies, eq(companies.id, sales.company_id))
    .leftJoin(contacts, eq(contacts.id, sales.contact_id))
    .leftJoin(companyBranches, eq(companyBranches.id, sales.company_branch_id))
    .innerJoin(sellers, eq(sellers.id, sales.user_id))
    .where(where)
    .orderBy(asc(shippingDetails.id));
  const saleIds = [...new Set(rows.map((r) => r.sale.id))];
  const lines =
    saleIds.length === 0
      ? []
      : await db
          .select({ sale_id: saleItems.sale_id, quantity: saleItems.quantity, name: items.name })
          .from(saleItems)
          .innerJoin(items, eq(items.id, saleItems.item_id))
          .where(inArray(saleItems.sale_id, saleIds))
          .orderBy(asc(saleItems.id));
  return rows.map(({ detail, sale, company, contact, branch, seller }) => ({
    id: detail.id,
    sale_id: detail.sale_id,
    shipping_id: detail.shipping_id,
    company_id: detail.company_id,
    completed: detail.completed,
    is_delivered: detail.is_delivered,
    delivery_rejection_comment: detail.delivery_rejection_comment,
    delivered_at: toMinute(detail.delivered_at),
    invoice: detail.invoice,
    pdf: detail.pdf,
    sale: {
      id: sale.id,
      company_name: company.name,
      contact: contact?.name == null ? null : { name: contact.name, last: contact.last },
      company_branch: branch?.name == null ? null : { name: branch.name },
      sale_items: lines.filter((l) => l.sale_id === sale.id).map((l) => ({ quantity: l.quantity, item: { name: l.name } })),
      sale_weight: sale.sale_weight,
      sale_due_balance: sale.due_balance,
      company: { delivery_address: company.delivery_address },
      user: { name: seller.name, last: seller.last },
    },
  }));
}

/** Shipping weight (spec §9) = delivered sales' weight, kept on the row so lists and totals read it. */
export async function recomputeShippingWeight(tx: Db, shippingId: number): Promise<void> {
  await tx.execute(sql`
    UPDATE ${shippings} SET weight = COALESCE((
      SELECT round(sum(${sales.sale_weight}), 2) FROM ${shippingDetails}
      JOIN ${sales} ON ${sales.id} = ${shippingDetails.sale_id}
      WHERE ${shippingDetails.shipping_id} = ${shippingId} AND ${shippingDetails.is_delivered} AND ${shippingDetails.deleted_at} IS NULL
    ), 0), updated_at = now()
    WHERE ${shippings.id} = ${shippingId}`);
}
