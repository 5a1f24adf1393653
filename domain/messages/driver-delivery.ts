import { formatQuantity } from '../format';

/**
 * The texts of the driver's delivery on the phone (issue 47): the position note of a started
 * route, the receiver's name and signature, and 'Entrega parcial'. Spanish (es-MX); loaded with
 * the route's screen, not with the driver's start.
 */
export const driverDeliveryMessages = {
  /** The started route's note: its positions are being recorded, the person does not allow it, or the phone cannot. */
  trackingActive: 'Ubicación activa',
  trackingDenied: 'Sin permiso de ubicación',
  trackingUnavailable: 'Ubicación no disponible en este teléfono.',
  receivedBy: 'Nombre de quien recibe',
  receivedByTooLong: 'El nombre de quien recibe admite hasta 120 caracteres.',
  receivedByRequired: 'Escribe el nombre de quien firmó.',
  signature: 'Firma',
  signatureHint: 'Opcional: firma con el dedo o el lápiz dentro del recuadro.',
  signatureLoading: 'Preparando la firma…',
  clearSignature: 'Borrar firma',
  partial: 'Entrega parcial',
  /** The partial delivery's sheet. */
  partialTitle: (folio: string) => `Entrega parcial · ${folio}`,
  partialIntro: 'Indica cuánto aceptó el cliente de cada producto y por qué regresó el resto.',
  accepted: 'Aceptado',
  acceptedOf: (product: string) => `Aceptado de ${product}`,
  ordered: (quantity: number, unit: string) => `Pedido: ${formatQuantity(quantity)} ${unit}`.trim(),
  reason: 'Motivo',
  reasonOf: (product: string) => `Motivo de ${product}`,
  chooseReason: 'Elige el motivo',
  nothingReturned: 'Para una entrega parcial, indica qué regresó.',
  allReturned: 'Si no aceptó nada, usa Rechazar.',
  acceptedInvalid: (product: string, quantity: number) =>
    `Lo aceptado de ${product} debe ser un número entre 0 y ${formatQuantity(quantity)}.`,
  reasonRequired: (product: string) => `Elige por qué regresó ${product}.`,
  /** A finished partial stop: what came back. */
  returnedTitle: 'Regresó',
  returnedLine: (product: string, quantity: number, unit: string, reason: string) =>
    `${product}: ${formatQuantity(quantity)} ${unit} · ${reason}`.replace(/ {2,}/g, ' '),
  receivedByShown: (name: string) => `Recibió: ${name}`,
  signed: 'Con firma',
  partialDone: 'Entrega parcial registrada',
} as const;
