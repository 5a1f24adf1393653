import type { FastifyInstance } from 'fastify';
import { LEGACY_CFDI_MAX_ID } from '../../domain/invoices';
import { asc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { STOCK_SUBTRACTING_TYPES } from '../../domain/inventory';
import type { Db } from '../db/client';
import * as t from '../db/schema';
import { listAll } from '../db/sql-rows';
import { guardedRoute, type RouteKey } from '../route-access';

/**
 * The v1 reference reads (spec §7 `…/all`) the app loads at start: each answers
 * `{ data: [...] }` from its table, ordered by name (or id).
 */
const NAMED_LISTS: [RouteKey, PgTable & { id: PgColumn; name: PgColumn }][] = [
  ['GET /api/v1/rejection/all', t.rejections],
  ['GET /api/v1/phase/all', t.phases],
  ['GET /api/v1/origin/all', t.origins],
  ['GET /api/v1/status/all', t.statuses],
  ['GET /api/v1/category/all', t.categories],
  ['GET /api/v1/type/all', t.types],
  ['GET /api/v1/price_list/all', t.priceLists],
  ['GET /api/v1/zone/all', t.zones],
  ['GET /api/v1/contact_mode/all', t.contactModes],
  ['GET /api/v1/special_condition/all', t.specialConditions],
  ['GET /api/v1/payment_method/all', t.paymentMethods],
  ['GET /api/v1/frequency/all', t.frequencies],
  ['GET /api/v1/adjustment/all', t.adjustments],
  ['GET /api/v1/unit/all', t.units],
  ['GET /api/v1/expense_type/all', t.expenseTypes],
  /** The kinds of CRM activity (visit, meeting, tasting…), for /activities and the calendar (issue 15). */
  ['GET /api/v2/activity_types', t.activityTypes],
];

export function referenceListRoutes(app: FastifyInstance, db: Db): void {
  for (const [key, table] of NAMED_LISTS) {
    guardedRoute(app, key, async () => ({
      data: await db.select({ id: table.id, name: table.name }).from(table).orderBy(asc(table.name)),
    }));
  }

  guardedRoute(app, 'GET /api/v1/cfdi/all', async () => ({
    data: await db
      .select({ id: t.cfdis.id, name: t.cfdis.name })
      .from(t.cfdis)
      .where(gt(t.cfdis.id, LEGACY_CFDI_MAX_ID))
      .orderBy(asc(t.cfdis.id)),
  }));

  guardedRoute(app, 'GET /api/v1/provider/all', async () => ({
    data: await db
      .select({ id: t.providers.id, name: t.providers.name, rfc: t.providers.rfc, phone: t.providers.phone })
      .from(t.providers)
      .where(isNull(t.providers.deleted_at))
      .orderBy(asc(t.providers.name)),
  }));

  guardedRoute(app, 'GET /api/v1/item/all', async () => ({
    data: await db
      .select({
        id: t.items.id,
        name: t.items.name,
        macro: t.items.macro,
        ean13: t.items.ean13,
        price: t.items.price,
        weight: t.items.weight,
        is_published: t.items.is_published,
        pos: t.items.pos,
        unit: { id: t.units.id, name: t.units.name },
      })
      .from(t.items)
      .innerJoin(t.units, eq(t.units.id, t.items.unit_id))
      .where(isNull(t.items.deleted_at))
      .orderBy(asc(t.items.name)),
  }));

  /** Stock per item: the signed sum of its movements by type (spec §4). */
  guardedRoute(app, 'GET /api/v1/inventory/all', async () => {
    const subtracting = sql.join(
      STOCK_SUBTRACTING_TYPES.map((type) => sql`${type}`),
      sql`, `,
    );
    const rows = await db
      .select({
        item_id: t.items.id,
        name: t.items.name,
        unit: t.units.name,
        stock: sql<number>`coalesce(sum(CASE WHEN ${t.inventoryMovements.type} IN (${subtracting}) THEN -${t.inventoryMovements.quantity} ELSE ${t.inventoryMovements.quantity} END), 0)::float8`,
      })
      .from(t.items)
      .innerJoin(t.units, eq(t.units.id, t.items.unit_id))
      .leftJoin(t.inventoryMovements, eq(t.inventoryMovements.item_id, t.items.id))
      .where(isNull(t.items.deleted_at))
      .groupBy(t.items.id, t.units.name)
      .orderBy(asc(t.items.name));
    return { data: rows.map((row) => ({ ...row, stock: Math.round(row.stock * 100) / 100 })) };
  });

  /** People for pickers (drivers, sellers): names and job positions, nothing private. */
  guardedRoute(app, 'GET /api/v1/user/all', async () => ({
    data: await db
      .select({
        id: t.users.id,
        name: t.users.name,
        last: t.users.last,
        job_position: t.jobPositions.name,
        sub_job_position: t.users.sub_job_position,
      })
      .from(t.users)
      .leftJoin(t.jobPositions, eq(t.jobPositions.id, t.users.job_position_id))
      .orderBy(asc(t.users.name), asc(t.users.last)),
  }));

  guardedRoute(app, 'GET /api/v1/company/all', async () => ({
    data: await db
      .select({
        id: t.companies.id,
        name: t.companies.name,
        macro: t.companies.macro,
        razon_social: t.companies.razon_social,
        credit_days: t.companies.credit_days,
        delivery_address: t.companies.delivery_address,
        delivery_references: t.companies.delivery_references,
        delivery_time: t.companies.delivery_time,
      })
      .from(t.companies)
      .where(isNull(t.companies.deleted_at))
      .orderBy(asc(t.companies.name)),
  }));

  guardedRoute(app, 'GET /api/v1/contact/all', async () => ({
    data: await db
      .select({
        id: t.contacts.id,
        company_id: t.contacts.company_id,
        name: t.contacts.name,
        last: t.contacts.last,
        phone: t.contacts.phone,
        email: t.contacts.email,
      })
      .from(t.contacts)
      .orderBy(asc(t.contacts.name), asc(t.contacts.last)),
  }));

  guardedRoute(app, 'GET /api/v1/payroll/all', async () => ({
    data: await db.select().from(t.payrolls).orderBy(asc(t.payrolls.date), asc(t.payrolls.user_id)),
  }));

  guardedRoute(app, 'GET /api/v1/result/all', listAll(db, sql`SELECT id, name FROM results ORDER BY name`));
}
