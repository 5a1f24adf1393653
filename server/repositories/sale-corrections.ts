import { eq, sql, type SQL } from 'drizzle-orm';
import { centsToDecimal, decimalToCents, paidCentsOf, paymentStatusFor, paymentStatusOf } from '../../domain/collections';
import { formatMoney, formatQuantity } from '../../domain/format';
import { salesMessages } from '../../domain/messages/sales';
import { ADMIN_USER_ID } from '../../domain/permissions';
import { driverMessages } from '../../domain/messages/driver';
import type { NewSale } from '../../domain/schemas/new-sale';
import type { SaleReturn, SaleReturnInput } from '../../domain/schemas/sale-returns';
import { addDays } from '../../domain/time';
import type { Db } from '../db/client';
import { saleItems, saleReturnItems, sales } from '../db/schema';
import { rows } from '../db/sql-rows';
import { publishEvent } from '../events/bus';
import { HttpError } from '../http-errors';
import type { PricedCart } from './pricing';
import { recordMovements } from './inventory';
import { insertSaleLines, iso } from './sales';
import { tellDriverStop } from '../push/route-notices';

const text = salesMessages.corrections;

interface LockedSale {
  id: number;
  kind: string;
  company_id: number;
  date: string;
  total: string;
  returned: string;
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
    sql`SELECT s.id, s.kind, s.company_id, s.date, s.total::text AS total, s.returned::text AS returned, s.due_balance::text AS due_balance,
      s.canceled_at IS NOT NULL AS canceled, s.dispatched_at IS NOT NULL AS filled, s.folio,
      to_char(s.created_at AT TIME ZONE 'America/Monterrey', 'YYYY-MM-DD') AS created_on, c.credit_days
    FROM sales s JOIN companies c ON c.id = s.company_id
    WHERE s.id = ${id} AND s.deleted_at IS NULL FOR NO KEY UPDATE OF s`,
  );
  if (!sale) throw new HttpError(404, text.notFound);
  if (sale.kind !== 'sale') throw new HttpError(409, text.notASale);
  return sale;
}

function amountsOf(sale: LockedSale) {
  return {
    totalCents: decimalToCents(sale.total),
    returnedCents: decimalToCents(sale.returned),
    balanceCents: decimalToCents(sale.due_balance),
  };
}

/**
 * A seller corrects (edits, cancels, returns) the sales of their own branch (the branch of the
 * person who made the sale); user 1, and anyone or any sale without a branch, is not limited.
 */
export async function assertOwnBranch(tx: Db, saleId: number, userId: number, refusal: string = text.otherBranch): Promise<void> {
  if (userId === ADMIN_USER_ID) return;
  const [found] = await rows<{ seller_branch: number | null; editor_branch: number | null }>(
    tx,
    sql`SELECT seller.branch_id AS seller_branch, (SELECT branch_id FROM users WHERE id = ${userId}) AS editor_branch
      FROM sales s JOIN users seller ON seller.id = s.user_id WHERE s.id = ${saleId}`,
  );
  if (found && found.seller_branch !== null && found.editor_branch !== null && found.seller_branch !== found.editor_branch)
    throw new HttpError(403, refusal);
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
  const paidCents = paidCentsOf(amountsOf(sale));
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
      payment_status: paymentStatusFor({ paidCents, balanceCents }),
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
  // Each line with the taxes it is priced with now, as a new sale's.
  await insertSaleLines(tx, sale.id, priced.lines);
  await publishEvent(tx, { type: 'order.changed', order_id: sale.id, date: body.date });
}

/**
 * Cancels a sale with its reason, reversing what it did: before its order is filled the order
 * leaves the warehouse's list; once filled, what went out comes back into stock as 'Devolución'
 * (a subtracting type of spec §4, recorded negative so the signed sum brings the goods back,
 * beside the 'Salida Venta' it reverses); it leaves every route where it is not yet delivered,
 * and where it was, it stays marked cancelled and weighs nothing;
 * and what was paid of it becomes the customer's credit (its payments' applications to it are
 * released, each payment keeping the amount as unapplied): a cancelled sale owes nothing and
 * nothing of it stays paid. It cannot be paid, routed, edited or cancelled again.
 */
export async function cancelSale(tx: Db, sale: LockedSale, reason: string, userId: number): Promise<void> {
  if (sale.canceled) throw new HttpError(409, text.alreadyCanceled);
  const now = new Date().toISOString();
  if (sale.filled) {
    // What is still out: its 'Salida Venta' less what returns already brought back (stored negative).
    const out = await rows<{ item_id: number; branch_id: number; quantity: number; unit_cost: number | null }>(
      tx,
      sql`SELECT item_id, branch_id, sum(quantity)::float8 AS quantity, max(unit_cost)::float8 AS unit_cost
        FROM inventory_movements WHERE sale_id = ${sale.id} AND type IN ('Salida Venta', 'Devolución')
        GROUP BY item_id, branch_id HAVING round(sum(quantity), 2) > 0`,
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
  const leftRoutes = await rows<{ id: number }>(
    tx,
    sql`UPDATE shipping_details SET deleted_at = ${now}, updated_at = ${now}, last_updated_by_user_id = ${userId}
      WHERE sale_id = ${sale.id} AND NOT completed AND deleted_at IS NULL RETURNING id`,
  );
  // The drivers whose routes it left are told on their phones.
  for (const stop of leftRoutes) await tellDriverStop(tx, stop.id, 'removed');
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
      due_balance: 0,
      payment_status: paymentStatusFor({ paidCents: 0, balanceCents: 0 }),
      updated_at: now,
    })
    .where(eq(sales.id, sale.id));
  // Where it was already delivered or refused, the stop stays as a record, marked cancelled on the
  // office's route and the driver's phone (the sale's update renumbers its routes for the pull),
  // and the route is weighed again without it (migration 0040).
  const kept = await rows<{ id: number; shipping_id: number }>(
    tx,
    sql`SELECT id, shipping_id FROM shipping_details WHERE sale_id = ${sale.id} AND deleted_at IS NULL`,
  );
  if (kept.length > 0) {
    await tx.execute(
      sql`SELECT shipping_deliveries_changed(${`{${[...new Set(kept.map((stop) => stop.shipping_id))].join(',')}}`}::int[])`,
    );
    for (const stop of kept) await tellDriverStop(tx, stop.id, 'changed');
  }
  await publishEvent(tx, { type: 'order.changed', order_id: sale.id, date: sale.date });
}

/** A return as its credit note shows it, built by the database in one round trip. */
export async function loadSaleReturns(db: Db, where: SQL): Promise<SaleReturn[]> {
  return rows<SaleReturn>(
    db,
    sql`SELECT r.id, r.sale_id, ${iso(sql`r.created_at`)} AS created_at, r.reason, r.subtotal::float8 AS subtotal, r.total::float8 AS total,
      r.credit::float8 AS credit, json_build_object('name', u.name, 'last', u.last) AS created_by,
      json_build_object('name', c.name, 'razon_social', c.razon_social, 'rfc', c.rfc) AS company,
      (SELECT json_agg(json_build_object('item_id', ri.item_id, 'name', i.name, 'unit', un.name, 'quantity', ri.quantity::float8,
          'price', ri.price::float8, 'amount', round(ri.quantity * ri.price, 2)::float8, 'reason', ri.reason) ORDER BY ri.id)
        FROM sale_return_items ri JOIN items i ON i.id = ri.item_id JOIN units un ON un.id = i.unit_id WHERE ri.return_id = r.id) AS lines
    FROM sale_returns r JOIN sales s ON s.id = r.sale_id JOIN companies c ON c.id = s.company_id JOIN users u ON u.id = r.created_by_user_id
    WHERE ${where} ORDER BY r.id`,
  );
}

/**
 * Records the return of some lines of a filled sale (a credit note): each quantity up to what
 * the sale holds less what earlier returns took back; the goods come back into stock as
 * 'Devolución' (negative, as a cancellation records them) in the branch they left from; the
 * sale's balance goes down by the returned lines at its prices with its tax; what of that the
 * customer had already paid becomes its credit (the latest applications to the sale are
 * released to their payments first). A line may carry its own reason (a partial delivery's:
 * Dañado, Equivocado, No lo pidió), kept on its return line. Answers the return's id.
 */
export async function recordSaleReturn(
  tx: Db,
  sale: LockedSale,
  input: Pick<SaleReturnInput, 'reason'> & { lines: ReadonlyArray<SaleReturnInput['lines'][number] & { reason?: string | null }> },
  userId: number,
): Promise<number> {
  if (sale.canceled) throw new HttpError(409, text.isCanceled);
  if (sale.folio !== null) throw new HttpError(409, text.openingBalance);
  if (!sale.filled) throw new HttpError(409, text.notFilled);
  const lines = await rows<{
    item_id: number;
    name: string;
    unit: string;
    quantity: number;
    price: number;
    returned: number;
    branch_id: number | null;
  }>(
    tx,
    sql`SELECT si.item_id, i.name, un.name AS unit, sum(si.quantity)::float8 AS quantity, max(si.price)::float8 AS price,
      coalesce((SELECT sum(ri.quantity) FROM sale_return_items ri JOIN sale_returns r ON r.id = ri.return_id WHERE r.sale_id = ${sale.id} AND ri.item_id = si.item_id), 0)::float8 AS returned,
      (SELECT m.branch_id FROM inventory_movements m WHERE m.sale_id = ${sale.id} AND m.item_id = si.item_id AND m.type = 'Salida Venta' ORDER BY m.id LIMIT 1) AS branch_id
    FROM sale_items si JOIN items i ON i.id = si.item_id JOIN units un ON un.id = i.unit_id
    WHERE si.sale_id = ${sale.id} GROUP BY si.item_id, i.name, un.name`,
  );
  const byItem = new Map(lines.map((line) => [line.item_id, line]));
  const seen = new Set<number>();
  let subtotalCents = 0;
  for (const wanted of input.lines) {
    const line = byItem.get(wanted.item_id);
    if (!line || seen.has(wanted.item_id)) throw new HttpError(422, text.returnNotInSale);
    seen.add(wanted.item_id);
    const leftCents = Math.round((line.quantity - line.returned) * 100);
    if (Math.round(wanted.quantity * 100) > leftCents)
      throw new HttpError(422, text.returnTooMuch(line.name, `${formatQuantity(leftCents / 100)} ${line.unit}`));
    subtotalCents += Math.round(wanted.quantity * line.price * 100);
  }
  // The sale's tax, in the proportion its total bears to its subtotal.
  const [amounts] = await rows<{ subtotal: string; total: string }>(
    tx,
    sql`SELECT subtotal::text AS subtotal, total::text AS total FROM sales WHERE id = ${sale.id}`,
  );
  const saleSubtotal = decimalToCents(amounts!.subtotal);
  const totalCents = saleSubtotal > 0 ? Math.round((subtotalCents * decimalToCents(amounts!.total)) / saleSubtotal) : subtotalCents;
  const balanceCents = decimalToCents(sale.due_balance);
  const newBalanceCents = Math.max(0, balanceCents - totalCents);
  const creditCents = totalCents - (balanceCents - newBalanceCents);

  const [created] = await rows<{ id: number }>(
    tx,
    sql`INSERT INTO sale_returns (sale_id, reason, subtotal, total, credit, created_by_user_id)
      VALUES (${sale.id}, ${input.reason}, ${centsToDecimal(subtotalCents)}::numeric, ${centsToDecimal(totalCents)}::numeric, ${centsToDecimal(creditCents)}::numeric, ${userId})
      RETURNING id`,
  );
  const returnId = created!.id;
  await tx.insert(saleReturnItems).values(
    input.lines.map((wanted) => ({
      return_id: returnId,
      item_id: wanted.item_id,
      quantity: wanted.quantity,
      price: byItem.get(wanted.item_id)!.price,
      // Why this line came back, when it has its own (a partial delivery's): the return's reason covers the rest.
      reason: wanted.reason ?? null,
    })),
  );
  await recordMovements(
    tx,
    input.lines.map((wanted) => ({
      item_id: wanted.item_id,
      ...(byItem.get(wanted.item_id)!.branch_id !== null && { branch_id: byItem.get(wanted.item_id)!.branch_id! }),
      type: 'Devolución' as const,
      quantity: -wanted.quantity,
      source: 'devolucion' as const,
      reason: `${text.returnFolio(returnId)}: ${input.reason}`.slice(0, 300),
      sale_id: sale.id,
    })),
    userId,
  );
  // What had been paid of the returned part goes back to the payments, the latest first.
  let release = creditCents;
  if (release > 0) {
    const applied = await rows<{ id: number; collection_id: number; amount: string }>(
      tx,
      sql`SELECT d.id, d.collection_id, d.amount::text AS amount FROM collection_details d JOIN collections k ON k.id = d.collection_id
        WHERE d.sale_id = ${sale.id} AND k.canceled_at IS NULL ORDER BY d.id DESC FOR UPDATE OF d`,
    );
    for (const line of applied) {
      if (release <= 0) break;
      const cents = Math.min(release, decimalToCents(line.amount));
      release -= cents;
      if (cents === decimalToCents(line.amount)) await tx.execute(sql`DELETE FROM collection_details WHERE id = ${line.id}`);
      else await tx.execute(sql`UPDATE collection_details SET amount = amount - ${centsToDecimal(cents)}::numeric WHERE id = ${line.id}`);
      await tx.execute(
        sql`UPDATE collections SET unapplied = unapplied + ${centsToDecimal(cents)}::numeric WHERE id = ${line.collection_id}`,
      );
    }
  }
  await tx
    .update(sales)
    .set({
      due_balance: newBalanceCents / 100,
      returned: (decimalToCents(sale.returned) + totalCents) / 100,
      payment_status: paymentStatusOf({
        totalCents: decimalToCents(sale.total),
        returnedCents: decimalToCents(sale.returned) + totalCents,
        balanceCents: newBalanceCents,
      }),
      updated_at: new Date().toISOString(),
    })
    .where(eq(sales.id, sale.id));
  return returnId;
}
