import type { FastifyInstance } from 'fastify';
import { sql, type SQL } from 'drizzle-orm';
import { LEGACY_CFDI_MAX_ID } from '../../domain/invoices';
import { queryMessages } from '../../domain/messages/api';
import { PAYMENT_STATUSES } from '../../domain/sale-list';
import type { Db } from '../db/client';
import { HttpError } from '../http-errors';
import { containsPattern, dateRange, idList, parseListQuery } from '../http/list-query';
import { and, orderBy, page } from '../db/sql-rows';
import { invoicePageSchema } from '../../domain/schemas/invoices';
import { permission } from '../plugins/auth';
import { guardedRoutes, LIST_QUERY, type RouteTable } from '../http/route-table';

const INVOICE_SELECT = sql`d.id AS shipping_detail_id, d.invoice, s.id AS sale_id, s.date, c.id AS company_id, c.name AS company_name,
  c.razon_social, c.rfc, f.id AS cfdi_id, f.name AS cfdi, s.total::float8 AS total, s.due_balance::float8 AS due_balance, s.payment_status,
  CASE WHEN d.completed AND d.is_delivered THEN 'entregada' WHEN d.completed THEN 'rechazada' ELSE 'pendiente' END AS delivery`;
// The CFDI use is joined only when it is of the current catalogue (spec §5).
const INVOICE_FROM = sql`shipping_details d JOIN sales s ON s.id = d.sale_id JOIN companies c ON c.id = s.company_id
  LEFT JOIN cfdis f ON f.id = c.cfdi_id AND f.id > ${LEGACY_CFDI_MAX_ID}`;
const INVOICE_SORTS = { invoice: 'd.invoice', date: 's.date', total: 's.total' };

/** What each route of this file needs (its access rule) and takes and answers (its OpenAPI entry). */
export const INVOICES_ROUTES = {
  /** Sales whose delivery carries an invoice number. */
  'GET /api/v2/invoices': {
    access: permission('invoices'),
    summary: 'Ventas facturadas: número de factura de la entrega, uso CFDI vigente (id > 100), pago y entrega; sort invoice|date|total',
    response: invoicePageSchema,
    query: [...LIST_QUERY, 'filter[date_between]', 'filter[invoice]', 'filter[company]', 'filter[cfdi_id]', 'filter[payment_status]'],
  },
} satisfies RouteTable;

const guardedRoute = guardedRoutes(INVOICES_ROUTES);

/**
 * Invoices (spec §2 /invoices, §6 'invoices'): the sales whose delivery carries an
 * invoice number (the 'Editar Orden de Envío' dialog writes it), paged, by sale date, invoice
 * number or customer (text), CFDI use and payment status.
 */
export function invoiceRoutes(app: FastifyInstance, db: Db): void {
  guardedRoute(
    app,
    'GET /api/v2/invoices',
    async (request) => {
      const query = parseListQuery(request.query, {
        filters: ['date_between', 'invoice', 'company', 'cfdi_id', 'payment_status'],
        sorts: Object.keys(INVOICE_SORTS),
      });
      const conditions: SQL[] = [sql`d.deleted_at IS NULL`, sql`d.invoice IS NOT NULL`, sql`d.invoice <> ''`, sql`s.deleted_at IS NULL`];
      const range = dateRange(query.filters.date_between);
      if (range) conditions.push(sql`s.date BETWEEN ${range[0]} AND ${range[1]}`);
      if (query.filters.invoice) conditions.push(sql`d.invoice ILIKE ${containsPattern(query.filters.invoice)}`);
      if (query.filters.company)
        conditions.push(
          sql`(c.name ILIKE ${containsPattern(query.filters.company)} OR c.razon_social ILIKE ${containsPattern(query.filters.company)})`,
        );
      const cfdis = idList(query.filters.cfdi_id, 'cfdi_id');
      if (cfdis) conditions.push(sql`f.id IN ${cfdis}`);
      const status = query.filters.payment_status;
      if (status) {
        if (!(PAYMENT_STATUSES as readonly string[]).includes(status))
          throw new HttpError(400, queryMessages.unknownFilter(`payment_status=${status.slice(0, 40)}`));
        conditions.push(sql`s.payment_status = ${status}`);
      }
      return page(
        db,
        INVOICE_SELECT,
        INVOICE_FROM,
        and(conditions),
        orderBy(query, INVOICE_SORTS, 's.date DESC, d.invoice DESC, d.id DESC'),
        query,
      );
    },
    { acceptsQuery: true },
  );
}
