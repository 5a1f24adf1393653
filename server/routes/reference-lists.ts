import type { FastifyInstance } from 'fastify';
import { LEGACY_CFDI_MAX_ID } from '../../domain/invoices';
import { and, asc, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { STOCK_SUBTRACTING_TYPES } from '../../domain/inventory';
import type { Db } from '../db/client';
import * as t from '../db/schema';
import { listAll } from '../db/sql-rows';
import { itemListSchema, namedListSchema, stockListSchema, userListSchema } from '../../domain/schemas/reference';
import { companyListSchema, contactListSchema, payrollListSchema, providerListSchema } from '../../domain/schemas/reads';
import { currentUser, permission, signedIn } from '../plugins/auth';
import { onlyRoutesOf } from '../auth/record-rules';
import { guardedRoutes, type RouteTable } from '../http/route-table';

/**
 * The v1 reference reads (spec §7 `…/all`) the app loads at start: each answers
 * `{ data: [...] }` from its table, ordered by name (or id).
 */
const NAMED_LISTS: [keyof typeof REFERENCE_LISTS_ROUTES, PgTable & { id: PgColumn; name: PgColumn; active: PgColumn }][] = [
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
  /** The kinds of CRM activity (visit, meeting, tasting…), for /activities and the calendar. */
  ['GET /api/v2/activity_types', t.activityTypes],
  /** The business's job positions, for the person form of 'Usuarios'. */
  ['GET /api/v2/job_positions', t.jobPositions],
];

/** What each route of this file needs (its access rule) and takes and answers (its OpenAPI entry). */
export const REFERENCE_LISTS_ROUTES = {
  'GET /api/v1/rejection/all': {
    access: signedIn,
    summary: 'Motivos de rechazo',
    response: namedListSchema,
  },
  'GET /api/v1/phase/all': {
    access: signedIn,
    summary: 'Fases',
    response: namedListSchema,
  },
  'GET /api/v1/origin/all': {
    access: signedIn,
    summary: 'Orígenes',
    response: namedListSchema,
  },
  'GET /api/v1/status/all': {
    access: signedIn,
    summary: 'Estatus',
    response: namedListSchema,
  },
  'GET /api/v1/category/all': {
    access: signedIn,
    summary: 'Categorías',
    response: namedListSchema,
  },
  'GET /api/v1/type/all': {
    access: signedIn,
    summary: 'Tipos',
    response: namedListSchema,
  },
  'GET /api/v1/price_list/all': {
    access: signedIn,
    summary: 'Listas de precios',
    response: namedListSchema,
  },
  'GET /api/v1/zone/all': {
    access: signedIn,
    summary: 'Zonas',
    response: namedListSchema,
  },
  'GET /api/v1/contact_mode/all': {
    access: signedIn,
    summary: 'Medios de contacto',
    response: namedListSchema,
  },
  'GET /api/v1/special_condition/all': {
    access: signedIn,
    summary: 'Condiciones especiales',
    response: namedListSchema,
  },
  'GET /api/v1/payment_method/all': {
    access: signedIn,
    summary: 'Formas de pago',
    response: namedListSchema,
  },
  'GET /api/v1/frequency/all': {
    access: signedIn,
    summary: 'Frecuencias',
    response: namedListSchema,
  },
  'GET /api/v1/adjustment/all': {
    access: signedIn,
    summary: 'Tipos de ajuste',
    response: namedListSchema,
  },
  'GET /api/v1/unit/all': {
    access: signedIn,
    summary: 'Unidades de medida',
    response: namedListSchema,
  },
  'GET /api/v1/expense_type/all': {
    access: signedIn,
    summary: 'Tipos de gasto',
    response: namedListSchema,
  },
  'GET /api/v2/job_positions': {
    access: signedIn,
    summary: 'Puestos',
    response: namedListSchema,
  },
  'GET /api/v2/activity_types': {
    access: signedIn,
    summary: 'Tipos de actividad',
    response: namedListSchema,
  },
  'GET /api/v1/cfdi/all': {
    access: signedIn,
    summary: 'Usos de CFDI (solo id > 100)',
    response: namedListSchema,
  },
  'GET /api/v1/item/all': {
    access: signedIn,
    summary: 'Productos',
    response: itemListSchema,
  },
  'GET /api/v1/user/all': {
    access: signedIn,
    summary: 'Usuarios (nombre y puesto)',
    response: userListSchema,
  },
  'GET /api/v1/provider/all': {
    access: permission('providers', 'shoppings', 'provider_payments'),
    summary: 'Proveedores',
    response: providerListSchema,
  },
  'GET /api/v1/inventory/all': {
    access: permission('inventory', 'inventoryReport', 'report_inventory'),
    summary: 'Existencias por producto',
    response: stockListSchema,
  },
  'GET /api/v1/company/all': {
    access: permission('companies', 'sales', 'quotations', 'shippings'),
    summary: 'Empresas',
    response: companyListSchema,
    recordRule: 'A Chofer Repartidor gets only the customers of the routes they drive.',
  },
  'GET /api/v1/contact/all': {
    access: permission('companies', 'sales', 'quotations'),
    summary: 'Contactos',
    response: contactListSchema,
  },
  'GET /api/v1/payroll/all': {
    access: permission('pay_rolls'),
    summary: 'Nómina',
    response: payrollListSchema,
  },
  'GET /api/v1/result/all': {
    access: signedIn,
    summary: 'Resultados',
    response: namedListSchema,
  },
} satisfies RouteTable;

const guardedRoute = guardedRoutes(REFERENCE_LISTS_ROUTES);

export function referenceListRoutes(app: FastifyInstance, db: Db): void {
  for (const [key, table] of NAMED_LISTS) {
    guardedRoute(app, key, async () => ({
      // What 'Catálogos' deactivated is no longer offered; the records that name it keep it.
      data: await db.select({ id: table.id, name: table.name }).from(table).where(eq(table.active, true)).orderBy(asc(table.name)),
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
        // The rates a sale charges (the cart previews with them): none outside ObjetoImp 02/03.
        iva_rate: sql<number | null>`CASE WHEN ${t.items.objeto_imp} IN ('02', '03') THEN ${t.items.iva_rate}::float8 END`,
        ieps_rate: sql<number | null>`CASE WHEN ${t.items.objeto_imp} IN ('02', '03') THEN ${t.items.ieps_rate}::float8 END`,
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
        active: t.users.active,
      })
      .from(t.users)
      .leftJoin(t.jobPositions, eq(t.jobPositions.id, t.users.job_position_id))
      .orderBy(asc(t.users.name), asc(t.users.last)),
  }));

  guardedRoute(app, 'GET /api/v1/company/all', async (request) => {
    const driver = onlyRoutesOf(currentUser(request));
    const onTheirRoutes = db
      .select({ id: t.shippingDetails.company_id })
      .from(t.shippingDetails)
      .innerJoin(t.shippings, eq(t.shippings.id, t.shippingDetails.shipping_id))
      .where(and(eq(t.shippings.driver_id, driver ?? 0), isNull(t.shippingDetails.deleted_at), isNull(t.shippings.deleted_at)));
    return {
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
        .where(and(isNull(t.companies.deleted_at), driver === null ? undefined : inArray(t.companies.id, onTheirRoutes)))
        .orderBy(asc(t.companies.name)),
    };
  });

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
