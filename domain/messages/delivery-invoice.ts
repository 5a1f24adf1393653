/**
 * The texts of a delivery's invoice (issue 45): the driver's printed 'factura' is the PDF of the
 * sale's stamped CFDI. Every user-visible Spanish text lives in domain/messages/, one file per
 * area, loaded with the screens that show it.
 */
export const deliveryInvoiceMessages = {
  /** The server's 404 when the delivery's sale has no live stamped invoice (none, still pending, or cancelled). */
  noStampedInvoice: 'La venta de esta entrega no tiene factura timbrada.',
  /** The stop's button. */
  open: 'Factura (PDF)',
  /** While the PDF downloads. */
  opening: 'Abriendo factura…',
  /** Its accessible name on a stop: which sale's invoice. */
  openFor: (saleFolio: string) => `Factura (PDF) de la venta ${saleFolio}`,
  /** The PDF is drawn by the server: without signal it cannot be had. */
  offline: 'Sin conexión: la factura se abre cuando haya señal.',
  /** The file's name when the server gives none. */
  fileName: (uuid: string) => `Factura ${uuid}.pdf`,
};
