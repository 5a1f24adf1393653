import type { FastifyInstance } from 'fastify';
import type { BusinessProfile } from '../business/profile';
import type { Db } from '../db/client';
import { quotationPdf } from '../documents/quotation-pdf';
import { notFound, parseInput } from '../http-errors';
import { idParamSchema } from '../http/params';
import { permission } from '../plugins/auth';
import { guardedRoutes, type RouteTable } from '../http/route-table';
import { attachmentDisposition } from '../http/attachment';

/** What each route of this file needs (its access rule) and takes and answers (its OpenAPI entry). */
export const QUOTATION_DOCUMENTS_ROUTES = {
  /** A sale prints as its quotation too. */
  'GET /api/v2/quotations/:id/pdf': {
    access: permission('quotations', 'sales'),
    summary: "PDF de la cotización (o de la venta como su cotización), adjunto como 'Cotización {folio}.pdf'",
    file: 'application/pdf',
  },
} satisfies RouteTable;

const guardedRoute = guardedRoutes(QUOTATION_DOCUMENTS_ROUTES);

/** The quotation's PDF: drawn on request, never stored, so it always shows the record as it is. */
export function quotationDocumentRoutes(app: FastifyInstance, db: Db, business: BusinessProfile): void {
  guardedRoute(app, 'GET /api/v2/quotations/:id/pdf', async (request, reply) => {
    const { id } = parseInput(idParamSchema, request.params, 404);
    const pdf = await quotationPdf(db, await business.current(), id);
    if (!pdf) throw notFound();
    return (
      reply
        .type('application/pdf')
        .header('content-disposition', attachmentDisposition(pdf.filename))
        // It holds prices and the customer's data: kept by no shared cache, and re-read each time.
        .header('cache-control', 'private, no-store')
        .send(Buffer.from(pdf.bytes.buffer, pdf.bytes.byteOffset, pdf.bytes.byteLength))
    );
  });
}
