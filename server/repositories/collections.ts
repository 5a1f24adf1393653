import { sql, type SQL } from 'drizzle-orm';
import {
  applyChosenLines,
  applyOldestFirst,
  centsToDecimal,
  chosenLinesProblem,
  decimalToCents,
  lineProblemMessage,
  paymentStatusOf,
  type Application,
  type LineProblem,
} from '../../domain/collections';
import { collectionsMessages } from '../../domain/messages/collections';
import { formatMoney } from '../../domain/format';
import { toCents } from '../../domain/money';
import type { PermissionHolder } from '../../domain/permissions';
import { mayCancelPayment } from '../../domain/rules/payment-cancel';
import { monterreyDate } from '../../domain/time';
import type { Collection, CollectionInput } from '../../domain/schemas/collections';
import type { Db } from '../db/client';
import { HttpError } from '../http-errors';
import { rows } from '../db/sql-rows';
import { iso, OPEN_SALE_SQL } from './sales';

type Person = PermissionHolder & { id: number };

/**
 * Payments from customers. A payment and its application to sales are one
 * transaction: the customer's open sales are locked first, so two offices paying the same
 * sale at once are applied one after the other, the second seeing what the first left.
 * Amounts travel as numeric text and are counted in integer cents, never as floats.
 */

const text = collectionsMessages;

interface LockedSale {
  id: number;
  due_date: string | null;
  total: string;
  returned: string;
  due_balance: string;
}

/** A sale that stands (locked, as read) with its amounts in cents. */
function inCents(sale: LockedSale) {
  return {
    ...sale,
    totalCents: decimalToCents(sale.total),
    returnedCents: decimalToCents(sale.returned),
    balanceCents: decimalToCents(sale.due_balance),
  };
}

/**
 * Locks the customer's sales that still owe something (kind 'sale', not cancelled or deleted)
 * until `tx` ends, in id order: every writer takes them in the same order, so two payments, or a
 * payment and a cancellation, wait for each other instead of deadlocking. Under READ COMMITTED a
 * row another payment emptied while this one waited drops out of the result once it is locked.
 * They are locked before the first write to `sales`, whose sync trigger takes the writers' lock
 * (migration 0006): as in the other writes, a transaction holding that lock never waits for rows.
 * NO KEY UPDATE, the mode the UPDATE itself takes: it still orders payments one after the other,
 * but does not block an insert that only references the sale (a delivery added to a route under
 * the writers' lock), which would otherwise wait for this one while this one waits for that lock.
 */
async function lockOpenSales(tx: Db, companyId: number): Promise<LockedSale[]> {
  return rows<LockedSale>(
    tx,
    sql`SELECT s.id, s.due_date, s.total::text AS total, s.returned::text AS returned, s.due_balance::text AS due_balance FROM sales s
    WHERE s.company_id = ${companyId} AND ${OPEN_SALE_SQL}
    ORDER BY s.id FOR NO KEY UPDATE`,
  );
}

/**
 * A chosen line whose sale the customer's open sales do not hold: which sale, and why. A sale of
 * the customer with nothing left to pay is a conflict with its current state (409: someone may
 * have just paid it); a sale that is not the customer's, or no sale at all, is a bad request.
 */
async function notOpenRefusal(tx: Db, saleId: number, companyId: number): Promise<HttpError> {
  const [sale] = await rows<{ company_id: number; kind: string }>(
    tx,
    sql`SELECT company_id, kind FROM sales WHERE id = ${saleId} AND deleted_at IS NULL`,
  );
  if (!sale || sale.kind !== 'sale') return new HttpError(422, text.saleNotFound(saleId));
  if (sale.company_id !== companyId) return new HttpError(422, text.saleOfOtherCustomer(saleId));
  return new HttpError(409, text.saleNotOpen(saleId));
}

async function refuse(tx: Db, problem: LineProblem, companyId: number): Promise<never> {
  switch (problem.kind) {
    case 'notOpen':
      throw await notOpenRefusal(tx, problem.saleId, companyId);
    // The balance may have just been paid in part by someone else: a conflict with the current state.
    case 'overBalance':
      throw new HttpError(409, lineProblemMessage(problem));
    default:
      throw new HttpError(422, lineProblemMessage(problem));
  }
}

/** Sets each sale's balance and payment status from `table` (sale_id, due_balance, payment_status) in one statement. */
async function setBalances(tx: Db, table: SQL): Promise<void> {
  await tx.execute(
    sql`UPDATE sales s SET due_balance = v.due_balance, payment_status = v.payment_status, updated_at = now() FROM ${table} WHERE s.id = v.sale_id`,
  );
}

/** A payment the driver took at a stop (issue 46): the route, the stop and its receipt's provisional number. */
export interface PaymentOnRoute {
  shipping_id: number;
  shipping_detail_id: number;
  provisional: string;
}

/**
 * Records a payment and applies it (POST /api/v2/collections) inside `tx`; answers its id.
 * The caller has checked the body with collectionInputSchema. `onRoute` remembers where a
 * driver took it (POST /api/v2/shipping_details/{id}/payments).
 */
export async function recordPayment(tx: Db, body: CollectionInput, userId: number, onRoute?: PaymentOnRoute): Promise<number> {
  const [company] = await rows<{ id: number }>(tx, sql`SELECT id FROM companies WHERE id = ${body.company_id} AND deleted_at IS NULL`);
  if (!company) throw new HttpError(422, text.companyNotFound);
  const [method] = await rows<{ id: number }>(tx, sql`SELECT id FROM payment_methods WHERE id = ${body.payment_method_id}`);
  if (!method) throw new HttpError(422, text.paymentMethodNotFound);

  const open = await lockOpenSales(tx, body.company_id);
  const sales = new Map(open.map((sale) => [sale.id, inCents(sale)]));
  const amountCents = toCents(body.amount);
  let application: Application;
  if (body.lines === undefined) {
    application = applyOldestFirst(amountCents, [...sales.values()]);
  } else {
    const lines = body.lines.map((line) => ({ sale_id: line.sale_id, cents: toCents(line.amount) }));
    const balances = new Map([...sales.values()].map((sale) => [sale.id, sale.balanceCents]));
    const problem = chosenLinesProblem(amountCents, lines, balances);
    if (problem) await refuse(tx, problem, body.company_id);
    application = applyChosenLines(amountCents, lines);
  }

  const [created] = await rows<{ id: number }>(
    tx,
    sql`INSERT INTO collections (company_id, user_id, date, amount, payment_method_id, reference, note, unapplied, shipping_id, shipping_detail_id, provisional)
    VALUES (${body.company_id}, ${userId}, ${body.date}, ${centsToDecimal(amountCents)}::numeric, ${body.payment_method_id},
      ${body.reference || null}, ${body.note || null}, ${centsToDecimal(application.unappliedCents)}::numeric,
      ${onRoute?.shipping_id ?? null}, ${onRoute?.shipping_detail_id ?? null}, ${onRoute?.provisional ?? null})
    RETURNING id`,
  );
  const id = created!.id;
  // The rows are locked and their balances read under the lock: the new ones are exact, and the
  // database's CHECK (0 <= due_balance <= total) stands behind them. One statement each, however
  // many sales the payment covers, so the writers' lock is held for as short a time as can be.
  const applied = application.lines.map((line) => {
    const sale = sales.get(line.sale_id)!;
    const balanceCents = sale.balanceCents - line.cents;
    return {
      sale_id: line.sale_id,
      amount: centsToDecimal(line.cents),
      due_balance: centsToDecimal(balanceCents),
      payment_status: paymentStatusOf({ ...sale, balanceCents }),
    };
  });
  if (applied.length > 0) {
    const table = sql`jsonb_to_recordset(${JSON.stringify(applied)}::jsonb) AS v(sale_id int, amount numeric, due_balance numeric, payment_status text)`;
    await tx.execute(
      sql`INSERT INTO collection_details (collection_id, sale_id, amount) SELECT ${id}::int, v.sale_id, v.amount FROM ${table}`,
    );
    await setBalances(tx, table);
  }
  return id;
}

/**
 * Cancels a payment (POST /api/v2/collections/{id}/cancel) inside `tx`: every amount it applied
 * goes back to its sale's balance, and the sale's payment status follows. A payment already
 * cancelled is refused (a repeat with the same Idempotency-Key gets the first answer instead).
 * Only its recorder on the day it was recorded, or a holder of cancelations, cancels it.
 */
export async function cancelPayment(tx: Db, id: number, canceller: Person, reason: string): Promise<void> {
  const userId = canceller.id;
  const [collection] = await rows<{ canceled: boolean; user_id: number; recorded_on: string }>(
    tx,
    sql`SELECT canceled_at IS NOT NULL AS canceled, user_id,
        (created_at AT TIME ZONE 'America/Monterrey')::date::text AS recorded_on
      FROM collections WHERE id = ${id} FOR UPDATE`,
  );
  if (!collection) throw new HttpError(404, text.notFound);
  if (collection.canceled) throw new HttpError(409, text.alreadyCanceled);
  if (!mayCancelPayment(canceller, { user_id: collection.user_id, recordedOn: collection.recorded_on }, monterreyDate(new Date())))
    throw new HttpError(403, text.cancelOwnSameDay);
  // The same lock order as a payment (sales by id), so the two never deadlock; the balances are
  // those of the locked rows, whatever a payment committed while this waited.
  const lines = await rows<{ sale_id: number; amount: string; total: string; returned: string; due_balance: string }>(
    tx,
    sql`SELECT s.id AS sale_id, s.total::text AS total, s.returned::text AS returned, s.due_balance::text AS due_balance,
      (SELECT sum(d.amount) FROM collection_details d WHERE d.collection_id = ${id} AND d.sale_id = s.id)::text AS amount
    FROM sales s WHERE s.id IN (SELECT sale_id FROM collection_details WHERE collection_id = ${id})
    ORDER BY s.id FOR NO KEY UPDATE OF s`,
  );
  const restored = lines.map((line) => {
    const balanceCents = decimalToCents(line.due_balance) + decimalToCents(line.amount);
    return {
      sale_id: line.sale_id,
      due_balance: centsToDecimal(balanceCents),
      payment_status: paymentStatusOf({
        totalCents: decimalToCents(line.total),
        returnedCents: decimalToCents(line.returned),
        balanceCents,
      }),
    };
  });
  if (restored.length > 0) {
    await setBalances(
      tx,
      sql`jsonb_to_recordset(${JSON.stringify(restored)}::jsonb) AS v(sale_id int, due_balance numeric, payment_status text)`,
    );
  }
  await tx.execute(
    sql`UPDATE collections SET canceled_at = now(), canceled_by_user_id = ${userId}, cancel_reason = ${reason} WHERE id = ${id}`,
  );
}

/** A payment as GET /api/v2/collections/{id} and its receipt show it, built by the database in one round trip. */
export async function loadCollection(db: Db, id: number): Promise<Collection | null> {
  const [row] = await rows<{ detail: Collection }>(
    db,
    sql`SELECT json_build_object(
      'id', k.id, 'date', k.date, 'amount', k.amount::float8, 'applied', (k.amount - k.unapplied)::float8, 'unapplied', k.unapplied::float8,
      'reference', k.reference, 'note', k.note, 'created_at', ${iso(sql`k.created_at`)},
      'company', json_build_object('id', c.id, 'name', c.name, 'razon_social', c.razon_social, 'rfc', c.rfc),
      'payment_method', CASE WHEN m.id IS NULL THEN NULL ELSE json_build_object('id', m.id, 'name', m.name) END,
      'user', json_build_object('id', u.id, 'name', u.name, 'last', u.last),
      'details', coalesce((SELECT json_agg(json_build_object(
          'id', d.id, 'sale_id', s.id, 'sale_date', s.date, 'sale_due_date', s.due_date, 'sale_total', s.total::float8, 'amount', d.amount::float8,
          -- The balance today plus what later payments that still stand took off it.
          'balance_after', (s.due_balance + coalesce((SELECT sum(later.amount) FROM collection_details later JOIN collections lk ON lk.id = later.collection_id
            WHERE later.sale_id = s.id AND lk.id > k.id AND lk.canceled_at IS NULL), 0))::float8,
          'due_balance', s.due_balance::float8, 'payment_status', s.payment_status) ORDER BY s.due_date NULLS LAST, s.id)
        FROM collection_details d JOIN sales s ON s.id = d.sale_id WHERE d.collection_id = k.id), '[]'),
      'canceled_at', ${iso(sql`k.canceled_at`)}, 'cancel_reason', k.cancel_reason,
      'canceled_by', CASE WHEN cu.id IS NULL THEN NULL ELSE json_build_object('id', cu.id, 'name', cu.name, 'last', cu.last) END,
      'shipping_id', k.shipping_id, 'provisional', k.provisional
    ) AS detail
    FROM collections k JOIN companies c ON c.id = k.company_id JOIN users u ON u.id = k.user_id
    LEFT JOIN payment_methods m ON m.id = k.payment_method_id LEFT JOIN users cu ON cu.id = k.canceled_by_user_id
    WHERE k.id = ${id}`,
  );
  return row?.detail ?? null;
}

/**
 * Applies the customer's credit (POST /api/v2/balances/{id}/credit) inside `tx`: what its
 * payments left unapplied goes to its open sales, oldest first or by the chosen amounts,
 * taken from the oldest payment first. Each amount becomes an application of the payment it
 * came from (a collection_details row), so a payment's receipt and its cancellation see it as
 * any other. Answers the cents applied. The open sales are locked before the payments, as a
 * payment does, so the two never wait on each other in opposite orders.
 */
export async function applyCredit(
  tx: Db,
  companyId: number,
  chosen: readonly { sale_id: number; amount: number }[] | undefined,
): Promise<number> {
  const [company] = await rows<{ id: number }>(tx, sql`SELECT id FROM companies WHERE id = ${companyId} AND deleted_at IS NULL`);
  if (!company) throw new HttpError(404, text.companyNotFound);
  const open = await lockOpenSales(tx, companyId);
  const credits = await rows<{ id: number; unapplied: string }>(
    tx,
    sql`SELECT id, unapplied::text AS unapplied FROM collections
      WHERE company_id = ${companyId} AND canceled_at IS NULL AND unapplied > 0 ORDER BY date, id FOR UPDATE`,
  );
  const creditCents = credits.reduce((sum, credit) => sum + decimalToCents(credit.unapplied), 0);
  if (creditCents <= 0) throw new HttpError(409, text.noCredit);
  const sales = new Map(open.map((sale) => [sale.id, inCents(sale)]));
  let application: Application;
  if (chosen === undefined) application = applyOldestFirst(creditCents, [...sales.values()]);
  else {
    const lines = chosen.map((line) => ({ sale_id: line.sale_id, cents: toCents(line.amount) }));
    const problem = chosenLinesProblem(creditCents, lines, new Map([...sales.values()].map((sale) => [sale.id, sale.balanceCents])));
    if (problem?.kind === 'overAmount') throw new HttpError(409, text.creditOverAvailable(formatMoney(creditCents / 100)));
    if (problem) await refuse(tx, problem, companyId);
    application = applyChosenLines(creditCents, lines);
  }
  // Each sale's amount taken from the payments in order, a payment's credit used up before the next.
  const left = credits.map((credit) => ({ id: credit.id, cents: decimalToCents(credit.unapplied) }));
  const details: { collection_id: number; sale_id: number; amount: string }[] = [];
  let from = 0;
  for (const line of application.lines) {
    let needed = line.cents;
    while (needed > 0) {
      const credit = left[from]!;
      const cents = Math.min(needed, credit.cents);
      details.push({ collection_id: credit.id, sale_id: line.sale_id, amount: centsToDecimal(cents) });
      credit.cents -= cents;
      needed -= cents;
      if (credit.cents === 0) from += 1;
    }
  }
  if (details.length === 0) return 0;
  await tx.execute(
    sql`INSERT INTO collection_details (collection_id, sale_id, amount)
      SELECT v.collection_id, v.sale_id, v.amount FROM jsonb_to_recordset(${JSON.stringify(details)}::jsonb) AS v(collection_id int, sale_id int, amount numeric)`,
  );
  const used = left.filter((credit, index) => credit.cents !== decimalToCents(credits[index]!.unapplied));
  await tx.execute(
    sql`UPDATE collections k SET unapplied = v.unapplied FROM jsonb_to_recordset(${JSON.stringify(used.map((credit) => ({ id: credit.id, unapplied: centsToDecimal(credit.cents) })))}::jsonb) AS v(id int, unapplied numeric) WHERE k.id = v.id`,
  );
  const applied = application.lines.map((line) => {
    const sale = sales.get(line.sale_id)!;
    const balanceCents = sale.balanceCents - line.cents;
    return {
      sale_id: line.sale_id,
      due_balance: centsToDecimal(balanceCents),
      payment_status: paymentStatusOf({ ...sale, balanceCents }),
    };
  });
  await setBalances(
    tx,
    sql`jsonb_to_recordset(${JSON.stringify(applied)}::jsonb) AS v(sale_id int, due_balance numeric, payment_status text)`,
  );
  return application.lines.reduce((sum, line) => sum + line.cents, 0);
}
