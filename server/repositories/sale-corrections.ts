import { eq, sql } from 'drizzle-orm';
import { decimalToCents, paymentStatusFor } from '../../domain/collections';
import { formatMoney } from '../../domain/format';
import { salesMessages } from '../../domain/messages/sales';
import { driverMessages } from '../../domain/messages/driver';
import type { NewSale } from '../../domain/schemas/new-sale';
import { addDays } from '../../domain/time';
import type { Db } from '../db/client';
import { saleItems, sales } from '../db/schema';
import { rows } from '../db/sql-rows';
import { publishEvent } from '../events/bus';
import { HttpError } from '../http-errors';
import type { PricedCart } from './pricing';
import { recordMovements } from './inventory';

const text = salesMessages.corrections;

interface LockedSale {
  id: number;
  kind: string;
  company_id: number;
  date: string;
  total: string;
  due_balance: string;
  canceled: boolean;
  filled: boolean;
  folio: string | null;
  created_on: string;
  credit_days: number;
}

/**
 * The sale, locked for the rest of `tx`: an edit, a cancellation and a payment of it take their
 * turns. Its open sales are locked by id by payments (repositories/collections.ts); this lock
 * is on one of them, in the same mode, so the two never deadlock.
 */
export async function lockSale(tx: Db, id: number): Promise<LockedSale> {
  const [sale] = await rows<LockedSale>(
    tx,
    sql`SELECT s.id, s.kind, s.company_id, s.date, s.total::text AS total, s.due_balance::text AS due_balance,
      s.canceled_at IS NOT NULL AS canceled, s.dispatched_at IS NOT NULL AS filled, s.folio,
      to_char(s.created_at AT TIME ZONE 'America/Monterrey', 'YYYY-MM-DD') AS created_on, c.credit_days
    FROM sales s JOIN companies c ON c.id = s.company_id
    WHERE s.id = ${id} AND s.deleted_at IS NULL FOR NO KEY UPDATE OF s`,
  );
  if (!sale) throw new HttpError(404, text.notFound);
  if (sale.kind !== 'sale') throw new HttpError(409, text.notASale);
  return sale;
}

/**
 * Edits a sale whose order is not filled yet: its lines, date, branch and notes, priced again
 * by the server. What has been paid of it stays paid: the new balance is the new total less
 * that, and a total below it is refused. The warehouse's tablets hear of it (order.changed).
 */
export async function editSale(tx: Db, sale: LockedSale, body: NewSale, priced: PricedCart): Promise<void> {
  if (sale.canceled) throw new HttpError(409, text.isCanceled);
  if (sale.folio !== null) throw new HttpError(409, text.openingBalance);
  if (sale.filled) throw new HttpError(409, text.filled);
  if (body.company_id !== sale.company_id) throw new HttpError(422, text.otherCustomer);
  const paidCents = decimalToCents(sale.total) - decimalToCents(sale.due_balance);
  const totalCents = Math.round(priced.totals.total * 100);
  if (totalCents < paidCents) throw new HttpError(409, text.paidMoreThan(formatMoney(paidCents / 100)));
  const balanceCents = totalCents - paidCents;
  await tx
    .update(sales)
    .set({
      company_branch_id: body.company_branch_id,
      date: body.date,
      due_date: addDays(body.date, sale.credit_days),
      type: body.type,
      subtotal: priced.totals.subtotal,
      iva: priced.totals.iva,
      total: priced.totals.total,
      due_balance: balanceCents / 100,
      payment_status: paymentStatusFor(totalCents, balanceCents),
      sale_total_weight: priced.weight,
      sale_weight: priced.weight,
      note: body.note,
      internal_note: body.internal_note,
      purchase_order: body.purchase_order,
      bar: body.bar,
      updated_at: new Date().toISOString(),
    })
    .where(eq(sales.id, sale.id));
  await tx.delete(saleItems).where(eq(saleItems.sale_id, sale.id));
  await tx
    .insert(saleItems)
    .values(priced.lines.map((line) => ({ sale_id: sale.id, item_id: line.item_id, quantity: line.quantity, price: line.price })));
  await publishEvent(tx, { type: 'order.changed', order_id: sale.id, date: body.date });
}

/**
 * Cancels a sale with its reason, reversing what it did: before its order is filled the order
 * leaves the warehouse's list; once filled, what went out comes back into stock as 'Devolución'
 * (a subtracting type of spec §4, recorded negative so the signed sum brings the goods back,
 * beside the 'Salida Venta' it reverses); it leaves every route where it is not yet delivered;
 * and what was paid of it becomes the customer's credit (its payments' applications to it are
 * released, each payment keeping the amount as unapplied). A cancelled sale cannot be paid,
 * routed, edited or cancelled again.
 */
export async function cancelSale(tx: Db, sale: LockedSale, reason: string, userId: number): Promise<void> {
  if (sale.canceled) throw new HttpError(409, text.alreadyCanceled);
  const now = new Date().toISOString();
  if (sale.filled) {
    const out = await rows<{ item_id: number; branch_id: number; quantity: number; unit_cost: number | null }>(
      tx,
      sql`SELECT item_id, branch_id, sum(CASE WHEN type = 'Salida Venta' THEN quantity ELSE -quantity END)::float8 AS quantity, max(unit_cost)::float8 AS unit_cost
        FROM inventory_movements WHERE sale_id = ${sale.id} AND type IN ('Salida Venta', 'Devolución')
        GROUP BY item_id, branch_id HAVING round(sum(CASE WHEN type = 'Salida Venta' THEN quantity ELSE -quantity END), 2) <> 0`,
    );
    await recordMovements(
      tx,
      out.map((line) => ({
        item_id: line.item_id,
        branch_id: line.branch_id,
        type: 'Devolución',
        quantity: -line.quantity,
        source: 'cancelacion',
        reason: text.returnReason(driverMessages.saleFolio(sale.id)),
        sale_id: sale.id,
        unit_cost: line.unit_cost,
      })),
      userId,
    );
  }
  await tx.execute(
    sql`UPDATE shipping_details SET deleted_at = ${now}, updated_at = ${now}, last_updated_by_user_id = ${userId}
      WHERE sale_id = ${sale.id} AND NOT completed AND deleted_at IS NULL`,
  );
  // Each payment's application to this sale goes back to that payment as unapplied: the customer's credit.
  const released = await rows<{ collection_id: number; amount: string }>(
    tx,
    sql`DELETE FROM collection_details d USING collections k
      WHERE d.sale_id = ${sale.id} AND k.id = d.collection_id AND k.canceled_at IS NULL
      RETURNING d.collection_id, d.amount::text AS amount`,
  );
  for (const line of released)
    await tx.execute(sql`UPDATE collections SET unapplied = unapplied + ${line.amount}::numeric WHERE id = ${line.collection_id}`);
  await tx
    .update(sales)
    .set({
      canceled_at: now,
      cancel_reason: reason,
      canceled_by_user_id: userId,
      updated_at: now,
    })
    .where(eq(sales.id, sale.id));
  await publishEvent(tx, { type: 'order.changed', order_id: sale.id, date: sale.date });
}
