import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { rows } from '../db/sql-rows';
import { iso } from './sales';

/**
 * The reads of purchasing shared by the purchase order, provider and payment
 * routes: one SELECT for a purchase order row, one for a payment, one for a provider with
 * what it is owed. A provider's balance is never stored: it is its live purchase orders'
 * total less its live payments, computed here every time.
 */

/** A purchase order row over alias `o` (joined to its provider `p`), with what has been paid against it. */
export const SHOPPING_SELECT = sql`o.id, o.provider_id, p.name AS provider_name, o.total::float8 AS total, o.due_date,
  ${iso(sql`o.created_at`)} AS created_at, o.status,
  coalesce((SELECT sum(pp.amount) FROM provider_payments pp WHERE pp.purchase_order_id = o.id AND pp.deleted_at IS NULL), 0)::float8 AS paid`;
export const SHOPPING_FROM = sql`purchase_orders o JOIN providers p ON p.id = o.provider_id`;

export const PAYMENT_SELECT = sql`pp.id, pp.provider_id, p.name AS provider_name, pp.purchase_order_id, pp.date, pp.amount::float8 AS amount,
  pp.payment_method_id, m.name AS payment_method, pp.reference, ${iso(sql`pp.created_at`)} AS created_at`;
export const PAYMENT_FROM = sql`provider_payments pp JOIN providers p ON p.id = pp.provider_id LEFT JOIN payment_methods m ON m.id = pp.payment_method_id`;

/** A provider row over alias `p` with its purchases, payments and the balance owed. */
export const PROVIDER_SELECT = sql`p.id, p.name, p.rfc, p.phone, p.email, p.address, p.contact_name, p.credit_days,
  coalesce(po.total, 0)::float8 AS orders_total, coalesce(pay.total, 0)::float8 AS payments_total,
  (coalesce(po.total, 0) - coalesce(pay.total, 0))::float8 AS balance`;
export const PROVIDER_FROM = sql`providers p
  LEFT JOIN (SELECT provider_id, sum(total) AS total FROM purchase_orders WHERE deleted_at IS NULL GROUP BY provider_id) po ON po.provider_id = p.id
  LEFT JOIN (SELECT provider_id, sum(amount) AS total FROM provider_payments WHERE deleted_at IS NULL GROUP BY provider_id) pay ON pay.provider_id = p.id`;

export interface ShoppingLineRow {
  id: number;
  item_id: number;
  item_name: string;
  unit: string;
  quantity: number;
  unit_cost: number;
  total: number;
  received_quantity: number;
}

export async function shoppingLines(tx: Db, orderId: number): Promise<ShoppingLineRow[]> {
  return rows<ShoppingLineRow>(
    tx,
    sql`SELECT d.id, d.item_id, i.name AS item_name, u.name AS unit, d.quantity::float8 AS quantity, d.unit_cost::float8 AS unit_cost,
      d.total::float8 AS total, d.received_quantity::float8 AS received_quantity
    FROM purchase_order_items d JOIN items i ON i.id = d.item_id JOIN units u ON u.id = i.unit_id
    WHERE d.purchase_order_id = ${orderId} ORDER BY d.id`,
  );
}

/** One live purchase order as GET /api/v2/shoppings/{id} answers it, or null. */
export async function loadShopping(tx: Db, id: number): Promise<Record<string, unknown> | null> {
  const [order] = await rows<Record<string, unknown>>(
    tx,
    sql`SELECT ${SHOPPING_SELECT}, o.note, ${iso(sql`o.updated_at`)} AS updated_at,
      json_build_object('id', p.id, 'name', p.name, 'rfc', p.rfc, 'phone', p.phone, 'email', p.email,
        'contact_name', p.contact_name, 'credit_days', p.credit_days) AS provider
    FROM ${SHOPPING_FROM} WHERE o.id = ${id} AND o.deleted_at IS NULL`,
  );
  if (!order) return null;
  return { ...order, items: await shoppingLines(tx, id) };
}

export async function loadPayment(tx: Db, id: number): Promise<Record<string, unknown> | null> {
  const [payment] = await rows<Record<string, unknown>>(
    tx,
    sql`SELECT ${PAYMENT_SELECT} FROM ${PAYMENT_FROM} WHERE pp.id = ${id} AND pp.deleted_at IS NULL`,
  );
  return payment ?? null;
}

export async function loadProvider(tx: Db, id: number): Promise<Record<string, unknown> | null> {
  const [provider] = await rows<Record<string, unknown>>(
    tx,
    sql`SELECT ${PROVIDER_SELECT} FROM ${PROVIDER_FROM} WHERE p.id = ${id} AND p.deleted_at IS NULL`,
  );
  return provider ?? null;
}

/**
 * What a provider is owed now, and what an order of it is owed, in centavos, leaving out
 * one payment (the one being edited). The caller holds the provider's row lock, so two
 * payments at once cannot both fit under the same balance.
 */
export async function owedCents(
  tx: Db,
  providerId: number,
  orderId: number | null,
  exceptPaymentId: number | null,
): Promise<{ provider: number; order: number | null }> {
  const except = exceptPaymentId === null ? sql`` : sql`AND id <> ${exceptPaymentId}`;
  const [row] = await rows<{ provider: number; order_owed: number | null }>(
    tx,
    sql`SELECT
      round(((SELECT coalesce(sum(total), 0) FROM purchase_orders WHERE provider_id = ${providerId} AND deleted_at IS NULL)
        - (SELECT coalesce(sum(amount), 0) FROM provider_payments WHERE provider_id = ${providerId} AND deleted_at IS NULL ${except})) * 100)::float8 AS provider,
      CASE WHEN ${orderId}::int IS NULL THEN NULL ELSE
        round(((SELECT coalesce(sum(total), 0) FROM purchase_orders WHERE id = ${orderId}::int AND deleted_at IS NULL)
          - (SELECT coalesce(sum(amount), 0) FROM provider_payments WHERE purchase_order_id = ${orderId}::int AND deleted_at IS NULL ${except})) * 100)::float8
      END AS order_owed`,
  );
  return { provider: row?.provider ?? 0, order: row?.order_owed ?? null };
}
