import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { OrderToDispatch } from '../../domain/schemas/orders';
import type { Db } from '../db/client';
import { companies, companyBranches, items, saleItems, sales, units, users } from '../db/schema';
import { rows } from '../db/sql-rows';
import { recordMovements } from './inventory';

const sellers = alias(users, 'sellers');

/** A sale waiting to be filled: a sale (not a quotation), not canceled, deleted or dispatched. */
export const toFill = and(eq(sales.kind, 'sale'), isNull(sales.deleted_at), isNull(sales.canceled_at), isNull(sales.dispatched_at));

/** Orders as the warehouse sees them (spec §2 'Orders to fill'), in the order of `ids`. */
export async function loadOrders(db: Db, ids: number[]): Promise<OrderToDispatch[]> {
  if (ids.length === 0) return [];
  // One after the other: `db` may be a transaction, one connection that takes one query at a time.
  const rows = await db
    .select({
      sale: sales,
      company: { name: companies.name, razon_social: companies.razon_social },
      branch: { name: companyBranches.name },
      seller: { name: sellers.name, last: sellers.last },
    })
    .from(sales)
    .innerJoin(companies, eq(companies.id, sales.company_id))
    .leftJoin(companyBranches, eq(companyBranches.id, sales.company_branch_id))
    .innerJoin(sellers, eq(sellers.id, sales.user_id))
    .where(inArray(sales.id, ids));
  const lines = await db
    .select({ sale_id: saleItems.sale_id, quantity: saleItems.quantity, item_id: items.id, name: items.name, unit: units.name })
    .from(saleItems)
    .innerJoin(items, eq(items.id, saleItems.item_id))
    .innerJoin(units, eq(units.id, items.unit_id))
    .where(inArray(saleItems.sale_id, ids))
    .orderBy(asc(saleItems.id));
  const byId = new Map(
    rows.map(({ sale, company, branch, seller }): [number, OrderToDispatch] => [
      sale.id,
      {
        id: sale.id,
        date: sale.date,
        bar: sale.bar,
        is_in_production: sale.is_in_production,
        production_id: sale.production_id,
        company,
        company_branch: branch?.name == null ? null : { name: branch.name },
        user: seller,
        items: lines
          .filter((l) => l.sale_id === sale.id)
          .map((l) => ({ quantity: l.quantity, item: { id: l.item_id, name: l.name, unit: { name: l.unit } } })),
        note: sale.note,
        internal_note: sale.internal_note,
        created_by_user_id: sale.created_by_user_id,
      },
    ]),
  );
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** The order's own lines, one per item. */
export async function orderLines(tx: Db, saleId: number): Promise<{ item_id: number; quantity: number }[]> {
  return rows<{ item_id: number; quantity: number }>(
    tx,
    sql`SELECT item_id, sum(quantity)::float8 AS quantity FROM sale_items WHERE sale_id = ${saleId} GROUP BY item_id ORDER BY item_id`,
  );
}

/**
 * Marks the order filled and takes its goods out of stock (spec §4 'Salida Venta'), as the
 * order holds them: the warehouse's 'surtido', and a rental loaded onto its delivery route.
 * The caller holds the sale's row lock and has checked it is not filled. Answers when.
 */
export async function fillOrder(tx: Db, saleId: number, userId: number): Promise<string> {
  const now = new Date().toISOString();
  await tx.update(sales).set({ dispatched_at: now, dispatched_by_user_id: userId, updated_at: now }).where(eq(sales.id, saleId));
  const lines = (await orderLines(tx, saleId)).filter((line) => line.quantity > 0);
  await recordMovements(
    tx,
    lines.map((line) => ({ item_id: line.item_id, type: 'Salida Venta', quantity: line.quantity, source: 'venta', sale_id: saleId })),
    userId,
  );
  return now;
}
