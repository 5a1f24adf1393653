/**
 * The texts of quotations. Every user-visible Spanish text lives in domain/messages/, one file
 * per area, loaded with the screens that show it. Texts quoted by the product spec are used
 * verbatim, including its spelling ('E-mail inavlido.').
 */
/** Quotations: list, form, cancel and turning into a sale (spec §2 /quotations, /canceled). */
export const quotationsMessages = {
  reasonRequired: 'Escribe el motivo de la cancelación.',
  reasonTooLong: 'El motivo no puede pasar de 500 caracteres.',
  emailRecipientRequired: 'Escribe al menos un correo.',
  emailTooManyRecipients: 'Hasta 10 destinatarios por envío.',
  /** The quotation form (/quotations/new and /quotations/{id}). */
  form: {
    newTitle: 'Nueva cotización',
    editTitle: (folio: string) => `Editar cotización ${folio}`,
    contact: 'Contacto',
    noContact: 'Sin contacto',
    validity: 'Vigencia',
    save: 'Guardar',
    saving: 'Guardando…',
    saved: (folio: string) => `Cotización ${folio} guardada.`,
    print: 'Imprimir',
    canceled: (folio: string) => `La cotización ${folio} está cancelada: ya no se puede editar.`,
    sold: (folio: string, saleId: number) => `La cotización ${folio} ya se convirtió en la venta ${saleId}: ya no se puede editar.`,
    notQuotation: (id: number) => `El folio ${id} es una venta, no una cotización.`,
    notFound: 'Esta cotización no existe.',
    openSale: (saleId: number) => `Ver venta ${saleId}`,
    backToList: 'Volver a Cotizaciones',
  },
  // Server refusals of the quotation writes.
  notFound: 'La cotización no existe.',
  contactNotFound: 'El contacto no es de esta empresa.',
  validityBeforeToday: 'La vigencia no puede ser anterior a hoy.',
  isCanceled: 'La cotización está cancelada: ya no se puede editar ni vender.',
  alreadyCanceled: 'La cotización ya estaba cancelada.',
  alreadySold: (saleId: number) => `La cotización ya se convirtió en la venta ${saleId}.`,
  /** The quotations list (/quotations). */
  list: {
    title: 'Cotizaciones',
    loading: 'Cargando cotizaciones…',
    empty: 'No existen cotizaciones aún',
    filterTitle: 'Filtrar cotizaciones',
    add: 'Nueva cotización',
    /** Columns beyond those of the sales list (sales.list.columns). */
    dueDate: 'Vigencia',
    state: 'Estado',
    status: { current: 'Vigente', expired: 'Vencida', sold: 'Vendida', canceled: 'Cancelada' },
    soldAs: (saleId: number) => `Vendida · venta ${saleId}`,
    dueOn: (date: string) => `Vigencia: ${date}`,
    actionsFor: (folio: string) => `Acciones de la cotización ${folio}`,
    edit: 'Editar',
    print: 'Imprimir',
    printShort: 'Imprimir (corta)',
    preparingPrint: 'Preparando la impresión…',
    toSale: 'Convertir en venta',
    toSaleConfirm: (folio: string) => `¿Convertir la cotización ${folio} en venta? Se creará su pedido por surtir.`,
    converting: (folio: string) => `Convirtiendo la cotización ${folio} en venta…`,
    converted: (folio: string, saleId: number) => `Cotización ${folio} convertida en la venta ${saleId}.`,
    openSale: 'Ver venta',
    cancel: 'Cancelar cotización',
    cancelTitle: (folio: string) => `Cancelar cotización ${folio}`,
    cancelReason: 'Motivo de la cancelación',
    canceling: 'Cancelando…',
    canceledOk: (folio: string) => `Cotización ${folio} cancelada.`,
    exportFile: 'Lista de Cotizaciones.xlsx',
    exportSheet: 'Cotizaciones',
  },
  /** The cancelled quotations and sales (/canceled). */
  canceledList: {
    title: 'Cancelaciones',
    kind: 'Mostrar',
    quotations: 'Cotizaciones',
    sales: 'Ventas',
    loading: 'Cargando cancelaciones…',
    emptyQuotations: 'No hay cotizaciones canceladas.',
    emptySales: 'No hay ventas canceladas.',
    filterTitle: 'Filtrar cancelaciones',
    canceledAt: 'Cancelada el',
    canceledBy: 'Canceló',
    reason: 'Motivo',
    noReason: 'Sin motivo registrado',
  },
} as const;
