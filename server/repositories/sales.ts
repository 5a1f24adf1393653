import { sql, type SQL } from 'drizzle-orm';
import { DateTime } from 'luxon';
import type { CartTotals } from '../../domain/cart';
import type { SaleDetail } from '../../domain/schemas/quotations';
import type { SaleSeries } from '../../domain/sales';
import type { Db } from '../db/client';
import { saleItems, sales } from '../db/schema';
import { publishEvent } from '../events/bus';
import { rows } from '../db/sql-rows';

/** ISO 8601 for instants, 'YYYY-MM-DD HH:mm' for Monterrey wall-clock columns, as the API sends them. */
export const iso = (column: SQL) => sql`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
const minute = (column: SQL) => sql`to_char(${column}, 'YYYY-MM-DD HH24:MI')`;

/**
 * Where an order to fill stands (spec §2 /pedidos): filled once dispatched, in production
 * once started, new otherwise. Over the alias `s` of a sales row; lists use it too.
 */
/**
 * A sale that still owes something, over rows aliased `s`: a sale (not a quotation), not
 * cancelled or deleted, with a balance. The rows of the partial index sales_open_balance; the
 * payment form, /balances, a customer's page and the reports all read what is owed through it.
 */
/** A sale that counts (over the alias `s`): not a quotation, not cancelled, not deleted. */
export const LIVE_SALE_SQL = sql`s.kind = 'sale' AND s.canceled_at IS NULL AND s.deleted_at IS NULL`;

export const OPEN_SALE_SQL = sql`${LIVE_SALE_SQL} AND s.due_balance > 0`;

/*
 * What a sale `s` is worth once its credit notes are taken off: every total of sales (reports,
 * Inicio, the sales list) counts this, and counts cancelled sales as nothing.
 */
export const NET_TOTAL_SQL = sql`(s.total - s.returned)`;
export const NET_SUBTOTAL_SQL = sql`(s.subtotal - coalesce((SELECT sum(r.subtotal) FROM sale_returns r WHERE r.sale_id = s.id), 0))`;
/** The quantities returned of each line (`rl`, beside sale lines `si`): a sale has each item once. */
export const RETURNED_LINES_JOIN = sql`LEFT JOIN (SELECT r.sale_id, ri.item_id, sum(ri.quantity) AS quantity
  FROM sale_return_items ri JOIN sale_returns r ON r.id = ri.return_id GROUP BY 1, 2) rl ON rl.sale_id = si.sale_id AND rl.item_id = si.item_id`;
/** How much of the line `si` stands after its returns (with RETURNED_LINES_JOIN). */
export const NET_LINE_QUANTITY_SQL = sql`(si.quantity - coalesce(rl.quantity, 0))`;

export const ORDER_STATUS_SQL = sql`CASE WHEN s.kind <> 'sale' THEN NULL WHEN s.dispatched_at IS NOT NULL THEN 'surtido' WHEN s.is_in_production THEN 'en_produccion' ELSE 'nuevo' END`;

/**
 * One quotation or sale (not deleted) as GET /api/v2/sales/{id}, the print views, the PDF
 * and the e-mail show it: built by the database as one JSON value in one round trip.
 */
export async function loadSaleDetail(db: Db, id: number): Promise<SaleDetail | null> {
  const [row] = await rows<{ detail: SaleDetail }>(
    db,
    sql`SELECT json_build_object(
      'id', s.id, 'kind', s.kind, 'type', s.type, 'date', s.date, 'due_date', s.due_date,
      'created_at', ${iso(sql`s.created_at`)}, 'updated_at', ${iso(sql`s.updated_at`)},
      'subtotal', s.subtotal::float8, 'iva', s.iva::float8, 'total', s.total::float8, 'returned', s.returned::float8, 'due_balance', s.due_balance::float8,
      'payment_status', s.payment_status, 'sale_weight', s.sale_weight::float8,
      'note', s.note, 'internal_note', s.internal_note, 'purchase_order', s.purchase_order, 'bar', s.bar,
      'canceled_at', ${iso(sql`s.canceled_at`)}, 'cancel_reason', s.cancel_reason,
      'quotation_id', s.quotation_id,
      'sale_id', (SELECT made.id FROM sales made WHERE made.quotation_id = s.id AND made.deleted_at IS NULL),
      'company', json_build_object('id', c.id, 'name', c.name, 'razon_social', c.razon_social, 'rfc', c.rfc,
        'credit_days', c.credit_days, 'delivery_address', c.delivery_address),
      'company_branch', CASE WHEN b.id IS NULL THEN NULL ELSE json_build_object('id', b.id, 'name', b.name, 'address', b.address) END,
      'contact', CASE WHEN ct.id IS NULL THEN NULL ELSE json_build_object('id', ct.id, 'name', ct.name, 'last', ct.last, 'email', ct.email, 'phone', ct.phone) END,
      'user', json_build_object('id', u.id, 'name', u.name, 'last', u.last, 'email', u.email),
      'items', coalesce((SELECT json_agg(json_build_object('id', si.id, 'item_id', si.item_id, 'name', i.name, 'macro', i.macro, 'unit', un.name,
          'quantity', si.quantity::float8, 'price', si.price::float8, 'amount', round(si.price * si.quantity, 2)::float8) ORDER BY si.id)
        FROM sale_items si JOIN items i ON i.id = si.item_id JOIN units un ON un.id = i.unit_id WHERE si.sale_id = s.id), '[]'),
      'order', CASE WHEN s.kind = 'sale' THEN json_build_object('status', ${ORDER_STATUS_SQL}, 'dispatched_at', ${iso(sql`s.dispatched_at`)}) ELSE NULL END,
      'shipping_details', coalesce((SELECT json_agg(json_build_object('id', d.id, 'shipping_id', d.shipping_id, 'shipping_date', sh.date,
          'completed', d.completed, 'is_delivered', d.is_delivered, 'delivered_at', ${minute(sql`d.delivered_at`)},
          'delivery_rejection_comment', d.delivery_rejection_comment, 'pdf', d.pdf) ORDER BY sh.date, d.id)
        FROM shipping_details d JOIN shippings sh ON sh.id = d.shipping_id
        WHERE d.sale_id = s.id AND d.deleted_at IS NULL AND sh.deleted_at IS NULL), '[]'),
      'collections', coalesce((SELECT json_agg(json_build_object('id', cd.id, 'collection_id', k.id, 'date', k.date, 'amount', cd.amount::float8,
          'payment_method', m.name, 'reference', k.reference) ORDER BY k.date, cd.id)
        FROM collection_details cd JOIN collections k ON k.id = cd.collection_id LEFT JOIN payment_methods m ON m.id = k.payment_method_id
        WHERE cd.sale_id = s.id AND k.canceled_at IS NULL), '[]'),
      'offline', CASE WHEN s.offline_made_at IS NULL THEN NULL ELSE json_build_object('made_at', ${iso(sql`s.offline_made_at`)},
        'provisional', s.offline_provisional, 'device_total', s.offline_device_total::float8, 'warnings', coalesce(s.offline_warnings, '[]'::jsonb)) END
    ) AS detail
    FROM sales s JOIN companies c ON c.id = s.company_id LEFT JOIN company_branches b ON b.id = s.company_branch_id
    LEFT JOIN contacts ct ON ct.id = s.contact_id JOIN users u ON u.id = s.user_id
    WHERE s.id = ${id} AND s.deleted_at IS NULL`,
  );
  return row?.detail ?? null;
}

export interface SaleToInsert {
  company: { id: number; credit_days: number };
  company_branch_id: number | null;
  contact_id: number | null;
  /** The seller the sale counts for. */
  user_id: number;
  created_by_user_id: number;
  /** Scheduled day, 'YYYY-MM-DD'. */
  date: string;
  type: SaleSeries;
  note: string | null;
  internal_note: string | null;
  purchase_order: string | null;
  bar: boolean;
  /** The quotation it is made from (unique: a quotation becomes one sale). */
  quotation_id: number | null;
  lines: readonly SoldLine[];
  totals: CartTotals;
  weight: number;
  /** A sale made without a connection (issue 46): as the device sent it, with what the server found on arrival. */
  offline?: OfflineArrivalRecord;
}

/** How a sale made offline arrived: stored on the sale (sales.offline_*) and shown on its page. */
export interface OfflineArrivalRecord {
  /** ISO 8601 instant the device made it. */
  made_at: string;
  provisional: string;
  device_total: number;
  /** Spanish, empty when all was as the device believed. */
  warnings: string[];
}

/**
 * A line of a sale or quotation as sold: its price and its product's taxes at that moment
 * (a PricedLine's rates, or a quoted line's). The line keeps them, so a product changed later
 * changes neither the sale nor its invoice.
 */
export interface SoldLine {
  item_id: number;
  quantity: number;
  price: number;
  iva_rate: number | null;
  ieps_rate: number | null;
  /** c_ObjetoImp; a line priced now (PricedLine) has none of its own and takes its product's. */
  objeto_imp?: string;
}

/** Writes the lines of sale `saleId` (a sale or a quotation), each with the taxes it was sold with. */
export async function insertSaleLines(tx: Db, saleId: number, lines: readonly SoldLine[]): Promise<void> {
  await tx.insert(saleItems).values(
    lines.map((line) => ({
      sale_id: saleId,
      item_id: line.item_id,
      quantity: line.quantity,
      price: line.price,
      // Read in the transaction that priced the line from the same product row.
      objeto_imp: line.objeto_imp ?? sql<string>`(SELECT objeto_imp FROM items WHERE id = ${line.item_id})`,
      iva_rate: line.iva_rate,
      ieps_rate: line.ieps_rate,
    })),
  );
}

/**
 * The one way a sale is born (POST /api/v2/sales and a quotation turned into a sale): an
 * unpaid sale due after the customer's credit days, which is an order to fill, announced to
 * the warehouse when `tx` commits.
 */
export async function insertSale(tx: Db, sale: SaleToInsert): Promise<number> {
  const [created] = await tx
    .insert(sales)
    .values({
      kind: 'sale',
      company_id: sale.company.id,
      company_branch_id: sale.company_branch_id,
      contact_id: sale.contact_id,
      user_id: sale.user_id,
      created_by_user_id: sale.created_by_user_id,
      date: sale.date,
      // Due after the customer's credit days, as the balances reports read it.
      due_date: DateTime.fromISO(sale.date).plus({ days: sale.company.credit_days }).toFormat('yyyy-MM-dd'),
      type: sale.type,
      subtotal: sale.totals.subtotal,
      iva: sale.totals.iva,
      total: sale.totals.total,
      due_balance: sale.totals.total,
      payment_status: 'Pendiente',
      sale_total_weight: sale.weight,
      sale_weight: sale.weight,
      note: sale.note,
      internal_note: sale.internal_note,
      purchase_order: sale.purchase_order,
      bar: sale.bar,
      quotation_id: sale.quotation_id,
      ...(sale.offline && {
        offline_made_at: sale.offline.made_at,
        offline_provisional: sale.offline.provisional,
        offline_device_total: sale.offline.device_total,
        offline_warnings: sale.offline.warnings,
      }),
    })
    .returning({ id: sales.id });
  const id = created!.id;
  await insertSaleLines(tx, id, sale.lines);
  // The warehouse tablets hear of it when this commits (spec §4 Order: live event).
  await publishEvent(tx, { type: 'order.created', order_id: id, date: sale.date });
  return id;
}
