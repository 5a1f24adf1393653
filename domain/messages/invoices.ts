/**
 * The texts of invoices. Every user-visible Spanish text lives in domain/messages/, one file
 * per area, loaded with the screens that show it. Texts quoted by the product spec are used
 * verbatim, including its spelling ('E-mail inavlido.').
 */
/** Facturas: the /invoices screen. */
export const invoicesMessages = {
  title: 'Facturas',
  loading: 'Cargando facturas…',
  empty: 'No hay ventas facturadas con estos filtros.',
  filterTitle: 'Filtrar facturas',
  columns: {
    invoice: 'Factura',
    sale: 'Venta',
    date: 'Fecha',
    company: 'Cliente',
    legalName: 'Razón social',
    rfc: 'RFC',
    cfdi: 'Uso CFDI',
    total: 'Total',
    balance: 'Saldo',
    payment: 'Pago',
    delivery: 'Entrega',
  },
  invoice: 'Número de factura',
  company: 'Cliente o razón social',
  cfdi: 'Uso CFDI',
  anyCfdi: 'Todos los usos',
  payment: 'Estado de pago',
  anyPayment: 'Todos',
  noCfdi: 'Sin uso CFDI vigente',
  delivery: { entregada: 'Entregada', rechazada: 'Rechazada', pendiente: 'Pendiente' },
  openSale: (folio: string) => `Abrir la venta ${folio}`,
  exportFile: 'Facturas.xlsx',
  exportSheet: 'Facturas',
} as const;
