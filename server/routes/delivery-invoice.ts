import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { deliveryInvoiceMessages } from '../../domain/messages/delivery-invoice';
import { shippingMessages } from '../../domain/messages/shipping';
import { readableRoutes } from '../auth/record-rules';
import type { BusinessProfile } from '../business/profile';
import { cfdiFiles } from '../cfdi/attachments';
import type { Db } from '../db/client';
import { rows } from '../db/sql-rows';
import { HttpError, parseInput } from '../http-errors';
import { attachmentDisposition } from '../http/attachment';
import { idParamSchema } from '../http/params';
import { guardedRoutes, type RouteTable } from '../http/route-table';
import { currentUser, permission } from '../plugins/auth';

/**
 * The driver's printed 'factura' is the PDF of the sale's stamped CFDI (issue 45, item 2). The
 * CFDI's own routes need invoices or sales, which a Chofer Repartidor holds neither of: this one
 * reaches the same PDF through the delivery, so a driver gets the invoices of the stops they
 * drive and nothing else.
 */
export const DELIVERY_INVOICE_ROUTES = {
  'GET /api/v2/shipping_details/:id/cfdi/pdf': {
    access: permission('shipping_details', 'invoices'),
    summary: 'La factura (PDF del CFDI timbrado) de la venta de una entrega, la que el chofer imprime',
    file: 'application/pdf',
    recordRule:
      'A Chofer Repartidor: only deliveries of the routes they drive (404 otherwise). 404 when the sale has no live stamped invoice.',
  },
} satisfies RouteTable;

const guardedRoute = guardedRoutes(DELIVERY_INVOICE_ROUTES);

export function deliveryInvoiceRoutes(app: FastifyInstance, db: Db, business: BusinessProfile): void {
  guardedRoute(app, 'GET /api/v2/shipping_details/:id/cfdi/pdf', async (request, reply) => {
    const { id } = parseInput(idParamSchema, request.params, 404);
    // A delivery of someone else's route is as unknown as one that never existed.
    const [delivery] = await rows<{ sale_id: number }>(
      db,
      sql`SELECT d.sale_id FROM shipping_details d JOIN shippings s ON s.id = d.shipping_id
        WHERE d.id = ${id} AND d.deleted_at IS NULL AND s.deleted_at IS NULL
          AND ${readableRoutes(currentUser(request), sql`s.driver_id`)}`,
    );
    if (!delivery) throw new HttpError(404, shippingMessages.detailNotFound);
    // The sale's live invoice, as migration 0045 picks the UUID a new delivery starts with: a
    // cancellation still in process ('cancelando') leaves it valid until the SAT says otherwise.
    const [invoice] = await rows<{ id: number }>(
      db,
      sql`SELECT id FROM cfdi_documents
        WHERE kind = 'factura' AND sale_id = ${delivery.sale_id} AND status IN ('timbrado', 'cancelando') AND uuid IS NOT NULL
        ORDER BY id DESC LIMIT 1`,
    );
    const files = invoice && (await cfdiFiles(db, invoice.id, (await business.current()).identity));
    if (!files) throw new HttpError(404, deliveryInvoiceMessages.noStampedInvoice);
    return reply
      .type('application/pdf')
      .header('content-disposition', attachmentDisposition(files.pdfName))
      .header('cache-control', 'private, no-store')
      .send(Buffer.from(files.pdf));
  });
}
