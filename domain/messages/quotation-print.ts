/**
 * The texts of quotationPrint. Every user-visible Spanish text lives in domain/messages/, one
 * file per area, loaded with the screens that show it. Texts quoted by the product spec are
 * used verbatim, including its spelling ('E-mail inavlido.').
 */
/**
 * The quotation's conditions (spec §9) until the business writes its own in 'Datos del negocio'.
 * Apart from the texts below: the deployment profile carries them, and the login loads it.
 */
export const DEFAULT_QUOTATION_TERMS: readonly string[] = [
  'Las maniobras adicionales y las rutas fuera del área metropolitana tienen un costo extra.',
  'Los precios pueden cambiar sin previo aviso.',
  'Toda devolución o cambio sin justificación tiene un cargo del 10 % y los gastos de envío corren por cuenta del cliente.',
];

/** The quotation print views and their PDF (spec §2 print views, §9 conditions). */
export const quotationPrintMessages = {
  title: 'Cotización',
  /** A sale's own print view (spec §2 print data 'sales'). */
  saleTitle: 'Nota de venta',
  saleFileName: (folio: string) => `Venta ${folio}.pdf`,
  scheduled: 'Entrega programada',
  dueDate: 'Vence',
  paymentStatus: 'Pago',
  dueBalance: 'Saldo',
  canceledTitle: 'Venta cancelada',
  canceled: (date: string, reason: string) => `Cancelada el ${date}: ${reason}`,
  rentalTitle: 'Cotización de renta',
  fileName: (folio: string) => `Cotización ${folio}.pdf`,
  date: 'Fecha',
  validUntil: 'Vigencia',
  eventDate: 'Fecha del evento',
  status: 'Estado',
  confirmed: 'Confirmada',
  issuerTaxId: (taxId: string) => `RFC ${taxId}`,
  customer: 'Cliente',
  company: 'Empresa',
  legalName: 'Razón social',
  taxId: 'RFC',
  branch: 'Sucursal',
  contact: 'Contacto',
  sellerTitle: 'Atendido por',
  seller: 'Vendedor',
  sellerEmail: 'Correo',
  quantity: 'Cantidad',
  product: 'Producto',
  unitPrice: 'Precio unitario',
  amount: 'Importe',
  lineTotal: 'Total',
  subtotal: 'Subtotal',
  iva: 'IVA',
  total: 'Total',
  paymentTitle: 'Condiciones de pago',
  credit: 'Crédito',
  creditDays: (days: number) => (days === 1 ? '1 día' : `${days} días`),
  bankAccount: 'Cuenta bancaria',
  clabe: 'CLABE',
  notes: 'Notas',
  conditionsTitle: 'Condiciones',
  /**
   * The conditions a quotation words itself: its free delivery (above the business's minimum) and
   * its validity. The rest are the business's own (DEFAULT_QUOTATION_TERMS until it writes them).
   */
  conditions: {
    freeDelivery: (minimum: string) => `Entrega sin costo en el área metropolitana en compras mayores a ${minimum} más IVA.`,
    validity: (date: string) => `Esta cotización es válida hasta el ${date}.`,
  },
  rentalTermsTitle: 'Términos de la renta',
  /** The party-rental terms (spec §9), with the amounts of domain/rules/party-rental.ts. */
  rental: {
    advance: (amount: string) => `Anticipo del 50 % para confirmar el evento: ${amount}.`,
    balance: (amount: string, date: string) => `Saldo de ${amount}, a pagar a más tardar el ${date} (7 días antes del evento).`,
    balanceOnConfirming: (amount: string) => `Saldo de ${amount}, a pagar al confirmar el evento (faltan menos de 7 días para él).`,
    deposit: (amount: string, flat: string, threshold: string) =>
      `Depósito en garantía: ${amount} (10 % del total; ${flat} cuando el total es menor a ${threshold}).`,
    outsideCity: (amount: string) => `Para eventos fuera de la ciudad el depósito es del 30 % del total: ${amount}.`,
    refund: (date: string) => `El depósito se reembolsa 5 días hábiles después del evento, el ${date}.`,
    collection: (date: string) => `El reembolso puede cobrarse dentro de los 3 meses siguientes al evento, hasta el ${date}.`,
  },
  footerContact: (website: string, phone: string, whatsapp: string) => `${website} · Tel. ${phone} · WhatsApp ${whatsapp}`,
  fiscalAddress: (address: string) => `Domicilio fiscal: ${address}`,
  page: (page: number, pages: number) => `Página ${page} de ${pages}`,
  // The print view's floating buttons and its e-mail form.
  actions: 'Acciones de la cotización',
  saleActions: 'Acciones de la nota de venta',
  layout: 'Formato',
  layouts: { full: 'Completo', short: 'Resumido', rental: 'Renta de evento' },
  downloadPdf: 'Descargar PDF',
  drawingPdf: 'Generando PDF…',
  pdfFailed: 'No se pudo generar el PDF. Intenta de nuevo.',
  sendEmail: 'Enviar por correo',
  emailTo: 'Destinatarios',
  emailHint: 'Separa los correos con comas.',
  emailSend: 'Enviar',
  emailSending: 'Enviando…',
  emailCancel: 'Cancelar',
  emailQueued: 'El correo quedó en cola de envío.',
  emailsTitle: 'Envíos por correo',
  emailLine: (to: string, status: string) => `${to}: ${status}`,
  emailReason: (reason: string) => `Motivo: ${reason}`,
} as const;
