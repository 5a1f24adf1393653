/**
 * The texts of a partial delivery and of the receiver's signature (issue 47): what the server
 * answers and what the office's route panel and the sale's returns show. Spanish (es-MX).
 */
export const partialDeliveryMessages = {
  /** The reason of the sale return a partial delivery records (its credit note says it). */
  returnReason: 'Entrega parcial',
  /** Why a line came back, as the driver picks it. */
  reasons: { Dañado: 'Dañado', Equivocado: 'Equivocado', 'No lo pidió': 'No lo pidió' },
  reasonInvalid: 'Elige por qué regresó: Dañado, Equivocado o No lo pidió.',
  quantityInvalid: 'La cantidad devuelta debe ser mayor que cero, con hasta dos decimales.',
  tooManyLines: 'Una entrega devuelve a lo más 200 productos.',
  receivedByTooLong: 'El nombre de quien recibe admite hasta 120 caracteres.',
  /** Name, signature and returned goods belong to a delivery, not to a rejection. */
  onlyWhenDelivered: 'Quien recibe, la firma y lo devuelto solo se registran al entregar.',
  signatureInvalid: 'La firma debe ser una imagen PNG.',
  signatureTooLarge: 'La firma supera el límite de 300 KB.',
  /** Goods come back from a filled, live sale only: the driver delivers it whole or rejects it. */
  saleNotReturnable: 'No se puede registrar una entrega parcial de una venta sin surtir o cancelada: entrégala completa o recházala.',
  /** The office's route panel. */
  partial: 'Entrega parcial',
  receivedBy: (name: string) => `Recibió: ${name}`,
  signature: 'Firma',
  signatureAlt: (name: string | null) => (name ? `Firma de ${name}` : 'Firma de quien recibió'),
  returnedLine: (product: string, quantity: string, unit: string, reason: string | null) =>
    `${product}: ${quantity} ${unit}${reason ? ` · ${reason}` : ''}`,
  creditNote: (folio: string) => `Nota de crédito ${folio}`,
  returnedLoading: 'Cargando lo devuelto…',
  /** The sale page's returns: a line's reason. */
  lineReason: (reason: string) => `(${reason})`,
} as const;
