/**
 * The texts of shipping. Every user-visible Spanish text lives in domain/messages/, one file
 * per area, loaded with the screens that show it. Texts quoted by the product spec are used
 * verbatim, including its spelling ('E-mail inavlido.').
 */
export const shippingMessages = {
  required: 'Campo requerido',
  invalidKm: 'El kilometraje debe ser un número entero entre 0 y 9,999,999.',
  invalidDate: 'La fecha no existe o no tiene el formato AAAA-MM-DD.',
  invalidTime: 'La fecha y hora no existen o no tienen el formato AAAA-MM-DD HH:mm.',
  finalBelowInitial: 'El kilometraje final no puede ser menor que el inicial.',
  finalWithoutInitial: 'Captura primero el kilometraje inicial.',
  /** A second start from a device, with another reading: the recorded one stands (the office corrects it). */
  alreadyStartedWith: (km: string, at: string | null) =>
    `Este envío ya fue iniciado con ${km} km${at ? ` (${at})` : ''}. Si hay un error, la oficina lo corrige.`,
  alreadyFinishedWith: (km: string, at: string | null) =>
    `Este envío ya fue terminado con ${km} km${at ? ` (${at})` : ''}. Si hay un error, la oficina lo corrige.`,
  driverNotFound: 'El chofer no existe o no es chofer.',
  vehicleNotFound: 'La unidad no existe.',
  saleNotFound: 'La venta no existe.',
  shippingNotFound: 'El envío no existe.',
  detailNotFound: 'La entrega no existe.',
  saleAlreadyOnShipping: 'La venta ya está en este envío.',
  detailCompleted: 'La entrega ya fue completada; no se puede modificar.',
  detailCompletedDelete: 'No se puede borrar una entrega completada.',
  evidenceRequired: 'Adjunta factura para continuar',
  evidenceNotFound: 'El archivo de evidencia no existe; súbelo de nuevo.',
  rejectionRequired: 'Escribe el motivo del rechazo.',
  driverOnlyOwn: 'Solo el chofer asignado puede iniciar, terminar o entregar este envío.',
  driverOnlyKm: 'Como chofer solo puedes capturar el kilometraje de tu envío.',
  /** A driver sent a start or finish time without its reading, or another one than recorded. */
  timeRecordedOnce: 'La hora de inicio y la de término quedan registradas al capturar su kilometraje; solo la oficina las corrige.',
} as const;
