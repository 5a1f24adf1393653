import { sql, type SQL } from 'drizzle-orm';
import { AGING_BUCKETS, agingBoundaries, type AgingBucket } from '../../domain/aging';
import type { CompanyBalance, CompanyDetail } from '../../domain/schemas/customers';
import type { Db } from '../db/client';
import { rows } from '../db/sql-rows';
import { iso, OPEN_SALE_SQL } from './sales';

/**
 * Reads of customers: balances are summed by the database in numeric and sent
 * as numbers with their 2 decimals. A sale is open while it is a sale (not a quotation), not
 * cancelled or deleted, and has a balance: the rows of the partial index sales_open_balance.
 */

/** The open sales of the customer `company` (an SQL expression naming its id), aliased `s`. */
export const openSalesOf = (company: SQL) => sql`sales s WHERE s.company_id = ${company} AND ${OPEN_SALE_SQL}`;

/** The bucket conditions over `s.due_date` as seen from `today` (domain/aging.ts; no due date is not yet due). */
function bucketConditions(today: string): Record<AgingBucket, SQL> {
  const { overdue, over30, over60, over90 } = agingBoundaries(today);
  return {
    current: sql`(s.due_date IS NULL OR s.due_date >= ${overdue})`,
    days_0_30: sql`(s.due_date < ${overdue} AND s.due_date >= ${over30})`,
    days_31_60: sql`(s.due_date < ${over30} AND s.due_date >= ${over60})`,
    days_61_90: sql`(s.due_date < ${over60} AND s.due_date >= ${over90})`,
    days_over_90: sql`s.due_date < ${over90}`,
  };
}

/** What the customer owes today, by aging bucket, and its credit (payments not applied to any sale). */
export async function loadCompanyBalance(db: Db, companyId: number, today: string): Promise<CompanyBalance> {
  const conditions = bucketConditions(today);
  const bucketColumns = sql.join(
    AGING_BUCKETS.map(
      (bucket) =>
        sql`coalesce(sum(s.due_balance) FILTER (WHERE ${conditions[bucket]}), 0)::float8 AS ${sql.identifier(`${bucket}_amount`)},
        (count(*) FILTER (WHERE ${conditions[bucket]}))::int AS ${sql.identifier(`${bucket}_sales`)}`,
    ),
    sql`, `,
  );
  const [row] = await rows<Record<string, number>>(
    db,
    sql`SELECT count(*)::int AS open_sales, coalesce(sum(s.due_balance), 0)::float8 AS due,
      coalesce(sum(s.due_balance) FILTER (WHERE s.due_date < ${today}), 0)::float8 AS overdue,
      (SELECT coalesce(sum(k.unapplied), 0)::float8 FROM collections k WHERE k.company_id = ${companyId} AND k.canceled_at IS NULL) AS credit,
      ${bucketColumns}
    FROM ${openSalesOf(sql`${companyId}`)}`,
  );
  const totals = row!;
  return {
    today,
    due: totals.due!,
    overdue: totals.overdue!,
    credit: totals.credit!,
    open_sales: totals.open_sales!,
    buckets: Object.fromEntries(
      AGING_BUCKETS.map((bucket) => [bucket, { amount: totals[`${bucket}_amount`]!, sales: totals[`${bucket}_sales`]! }]),
    ) as CompanyBalance['buckets'],
  };
}

const userName = (column: SQL) => sql`(SELECT u.name || ' ' || u.last FROM users u WHERE u.id = ${column})`;

/**
 * One customer (not deleted) with its branches, contacts and balance, as GET
 * /api/v2/companies/{id} and every write answer it. A branch or contact is `in_use` when a
 * sale or quotation names it (deleted ones too: the row still points at it).
 */
export async function loadCompanyDetail(db: Db, id: number, today: string): Promise<CompanyDetail | null> {
  const [row] = await rows<{ detail: Omit<CompanyDetail, 'balance'> }>(
    db,
    sql`SELECT json_build_object(
      'id', c.id, 'name', c.name, 'macro', c.macro, 'razon_social', c.razon_social, 'rfc', c.rfc, 'credit_days', c.credit_days,
      'delivery_address', c.delivery_address, 'delivery_references', c.delivery_references, 'delivery_time', c.delivery_time,
      'cfdi_id', c.cfdi_id, 'cfdi', (SELECT f.name FROM cfdis f WHERE f.id = c.cfdi_id),
      'uso_cfdi', (SELECT f.clave FROM cfdis f WHERE f.id = c.cfdi_id),
      'regimen_fiscal', c.regimen_fiscal, 'cp_fiscal', c.cp_fiscal,
      'created_at', ${iso(sql`c.created_at`)}, 'updated_at', ${iso(sql`c.updated_at`)},
      'created_by', ${userName(sql`c.created_by_user_id`)},
      'verified_at', ${iso(sql`c.verified_at`)}, 'verified_by', ${userName(sql`c.verified_by_user_id`)},
      'branches', coalesce((SELECT json_agg(json_build_object('id', b.id, 'name', b.name, 'address', b.address,
          'latitude', b.latitude, 'longitude', b.longitude,
          'in_use', EXISTS (SELECT 1 FROM sales s WHERE s.company_branch_id = b.id)) ORDER BY b.id)
        FROM company_branches b WHERE b.company_id = c.id), '[]'),
      'contacts', coalesce((SELECT json_agg(json_build_object('id', ct.id, 'name', ct.name, 'last', ct.last, 'phone', ct.phone, 'email', ct.email,
          'in_use', EXISTS (SELECT 1 FROM sales s WHERE s.contact_id = ct.id)
            OR EXISTS (SELECT 1 FROM calls k WHERE k.contact_id = ct.id)
            OR EXISTS (SELECT 1 FROM conversations v WHERE v.contact_id = ct.id)) ORDER BY ct.id)
        FROM contacts ct WHERE ct.company_id = c.id), '[]')
    ) AS detail
    FROM companies c WHERE c.id = ${id} AND c.deleted_at IS NULL`,
  );
  if (!row) return null;
  return { ...row.detail, balance: await loadCompanyBalance(db, id, today) };
}
