/**
 * The texts of invoicing (CFDI 4.0): the fiscal setup, the documents and their states, and the
 * refusals that say what is missing before a sale can be invoiced.
 */
export const invoicingMessages = {
  // What is missing before invoicing.
  pacMissing: 'La facturación está apagada: falta configurar el PAC en el servidor (PAC_PROVIDER y PAC_URL).',
  pacAccountMissing: 'Falta la cuenta del PAC (usuario y contraseña) en Datos del negocio → Facturación.',
  regimenMissing: 'Falta el régimen fiscal del negocio (Datos del negocio → Facturación).',
  lugarMissing: 'Falta el lugar de expedición (código postal) del negocio (Datos del negocio → Facturación).',
  csdUnreadable: 'No se pudo leer el certificado o la llave: cargue el .cer y el .key del CSD que le dio el SAT.',
  csdMissing: 'Falta el certificado de sello digital (CSD) del negocio (Datos del negocio → Facturación).',
  csdExpired: (date: string) => `El certificado de sello digital venció el ${date}: cargue el nuevo en Datos del negocio → Facturación.`,
  csdOtherRfc: (csdRfc: string, rfc: string) => `El CSD es del RFC ${csdRfc} y el negocio tiene el RFC ${rfc}.`,
  csdExpiresSoon: (days: number) =>
    `El certificado de sello digital vence en ${days} ${days === 1 ? 'día' : 'días'}: tramite el nuevo en el SAT.`,
  // The sale.
  saleNotFound: 'La venta no existe.',
  saleCanceled: 'La venta está cancelada: no se factura.',
  serieB: 'Las ventas Serie B no se facturan.',
  alreadyInvoiced: (folio: string) => `La venta ya tiene la factura ${folio}.`,
  invoicedSaleEdit: (folio: string) =>
    `La venta tiene la factura ${folio}: corríjala con una devolución (nota de crédito) o cancele la factura antes de editarla.`,
  inGlobal: (folio: string) => `La venta está en la factura global ${folio}: cancele la global para facturarla aparte.`,
  nothingToInvoice: 'La venta no tiene nada que facturar: se devolvió completa.',
  productKeyMissing: (name: string) => `El producto «${name}» no tiene clave SAT (Clave de producto o servicio).`,
  unitKeyMissing: (name: string) => `El producto «${name}» no tiene clave de unidad del SAT.`,
  totalMismatch: (cfdi: string, sale: string) =>
    `El total de la factura (${cfdi}) no coincide con el de la venta (${sale}): revise el IVA de los productos.`,
  customerIncomplete: (problems: string) => `Faltan datos fiscales del cliente: ${problems}`,
  customerFields: {
    rfc: 'el RFC',
    razon_social: 'la razón social',
    regimen_fiscal: 'el régimen fiscal',
    cp_fiscal: 'el código postal fiscal',
    uso_cfdi: 'el uso CFDI',
  },
  // Documents.
  documentNotFound: 'El comprobante no existe.',
  notStampedYet: 'El comprobante aún no está timbrado.',
  retryOnlyFailed: 'Solo se reintenta un comprobante con error.',
  cancelOnlyStamped: 'Solo se cancela un comprobante timbrado.',
  cancelMotiveRequired: 'Elija el motivo de cancelación (01 a 04).',
  cancelMotive01Invoice: 'El motivo 01 (con relación) es para facturas: se emite la factura que la sustituye.',
  alreadyCanceling: 'La cancelación ya está en proceso.',
  emailNoAddress: 'El cliente no tiene correo: escriba a quién enviarlo.',
  emailInvalid: 'E-mail inavlido.',
  tooManyRecipients: 'Escriba hasta 10 correos.',
  globalNothing: 'No hay ventas de mostrador pagadas sin facturar en ese periodo.',
  globalPeriodInvalid: 'El periodo de la factura global no es válido.',
  paymentFormUnknown: (name: string) =>
    `La forma de pago «${name}» no corresponde a una clave del SAT (efectivo, cheque, transferencia, tarjeta).`,
  // Queue outcomes.
  pacDown: 'El PAC no responde: se reintentará.',
  relatedCanceled: 'El comprobante al que se relaciona se canceló antes de timbrarse: este tampoco se emite.',
  canceledByReceiverRefusal: 'El receptor rechazó la cancelación: el comprobante sigue vigente.',
  // Names.
  pacNames: { sw: 'SW sapien' } as Record<string, string>,
  kinds: { factura: 'Factura', nota_credito: 'Nota de crédito', pago: 'Recibo de pago', global: 'Factura global' },
  statuses: {
    pendiente: 'Pendiente',
    timbrado: 'Timbrado',
    error: 'Error',
    cancelando: 'Cancelación en proceso',
    cancelado: 'Cancelado',
  },
  emailSubject: (kind: string, folio: string, business: string) => `${kind} ${folio} de ${business}`,
  emailBody: (kind: string, folio: string, uuid: string) =>
    `Adjuntamos ${kind.toLowerCase()} ${folio} (folio fiscal ${uuid}) en XML y PDF.`,
} as const;
