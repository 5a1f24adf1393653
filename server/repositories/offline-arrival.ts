import { sql } from 'drizzle-orm';
import { formatMoney, formatQuantityOf } from '../../domain/format';
import { offlineSaleMessages } from '../../domain/messages/offline-sales';
import { OFFLINE_CLOCK_SKEW_MINUTES, OFFLINE_MAX_AGE_DAYS } from '../../domain/schemas/new-sale';
import type { Db } from '../db/client';
import { rows } from '../db/sql-rows';
import { signedQuantity } from './inventory';
import { OPEN_SALE_SQL } from './sales';

const text = offlineSaleMessages.warnings;
const cents = (amount: number) => Math.round(amount * 100);

/** What the server knows of a sale made offline just before it writes it (priced, not inserted yet). */
export interface OfflineArrival {
  /** The seller (the person whose device sent it): their branch's stock is the one sold from. */
  user_id: number;
  company_id: number;
  /** The sale's day ('YYYY-MM-DD'): a balance due before it is overdue. */
  date: string;
  /** The lines as the server priced them. */
  lines: readonly { item_id: number; name: string; unit: string; quantity: number }[];
  /** The total the device showed, and the one the server charged. */
  device_total: number;
  server_total: number;
  /** When the device says it was made (ISO 8601). */
  made_at: string;
}

/**
 * What the server finds when a sale made without a connection arrives (issue 46), in Spanish,
 * for the office: the total changed (both amounts), stock gone negative at the seller's branch
 * once the open orders of that branch are counted (the items), the customer's overdue balance
 * (the amount). Nothing is refused: the sale was already made at the counter. Reads with `tx`,
 * in the transaction that then writes the sale; empty when all is as the device believed.
 */
export async function offlineArrivalWarnings(tx: Db, arrival: OfflineArrival): Promise<string[]> {
  const warnings: string[] = [];
  const madeAt = new Date(arrival.made_at).getTime();
  if (madeAt > Date.now() + OFFLINE_CLOCK_SKEW_MINUTES * 60_000) warnings.push(text.clockAhead);
  else if (madeAt < Date.now() - OFFLINE_MAX_AGE_DAYS * 86_400_000) warnings.push(text.madeLongAgo);
  if (cents(arrival.device_total) !== cents(arrival.server_total))
    warnings.push(text.priceChanged(formatMoney(arrival.device_total), formatMoney(arrival.server_total)));

  const short = await shortItems(tx, arrival);
  if (short.length > 0) warnings.push(text.negativeStock(short.join(', ')));

  const [overdue] = await rows<{ amount: number }>(
    tx,
    sql`SELECT coalesce(sum(s.due_balance), 0)::float8 AS amount FROM sales s
      WHERE ${OPEN_SALE_SQL} AND s.company_id = ${arrival.company_id} AND s.due_date < ${arrival.date}`,
  );
  if (overdue && cents(overdue.amount) > 0) warnings.push(text.overdue(formatMoney(overdue.amount)));
  return warnings;
}

/**
 * The sale's items whose stock at the seller's branch, less what the open orders of that
 * branch's sellers hold (sales not dispatched, not cancelled, not deleted: their stock has not
 * gone out yet) and less this sale, is below zero: 'Manzana (−3 kg)'. A seller without a branch
 * sells from every branch's stock against every open order.
 */
async function shortItems(tx: Db, arrival: OfflineArrival): Promise<string[]> {
  const ids = sql.join(
    arrival.lines.map((line) => sql`${line.item_id}`),
    sql`, `,
  );
  const available = await rows<{ item_id: number; available: number }>(
    tx,
    sql`WITH seller AS (SELECT branch_id FROM users WHERE id = ${arrival.user_id})
      SELECT i.id AS item_id,
        (coalesce((SELECT sum(${signedQuantity}) FROM inventory_movements m
            WHERE m.item_id = i.id AND ((SELECT branch_id FROM seller) IS NULL OR m.branch_id = (SELECT branch_id FROM seller))), 0)
          - coalesce((SELECT sum(oi.quantity) FROM sale_items oi JOIN sales s ON s.id = oi.sale_id JOIN users su ON su.id = s.user_id
            WHERE oi.item_id = i.id AND s.kind = 'sale' AND s.dispatched_at IS NULL AND s.canceled_at IS NULL AND s.deleted_at IS NULL
              AND ((SELECT branch_id FROM seller) IS NULL OR su.branch_id = (SELECT branch_id FROM seller))), 0))::float8 AS available
      FROM items i WHERE i.id IN (${ids})`,
  );
  const byItem = new Map(available.map((row) => [row.item_id, row.available]));
  const short: string[] = [];
  for (const line of arrival.lines) {
    // This sale is an open order of the branch too (it is written right after).
    const leftCents = cents(byItem.get(line.item_id) ?? 0) - cents(line.quantity);
    if (leftCents < 0) short.push(text.negativeItem(line.name, formatQuantityOf(-leftCents / 100, line.unit)));
  }
  return short;
}
