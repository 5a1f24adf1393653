/**
 * The texts of ticket. Every user-visible Spanish text lives in domain/messages/, one file per
 * area, loaded with the screens that show it. Texts quoted by the product spec are used
 * verbatim, including its spelling ('E-mail inavlido.').
 */
/** The sale ticket print view (spec §2 print views). */
export const ticketMessages = {
  title: 'Ticket de venta',
  folio: (id: number) => `Venta ${id}`,
  date: 'Fecha programada',
  printedAt: 'Impreso',
  customer: 'Cliente',
  branch: 'Sucursal',
  seller: 'Vendedor',
  series: 'Serie',
  counter: 'Mostrador',
  product: 'Producto',
  quantity: 'Cant.',
  price: 'Precio',
  amount: 'Importe',
  subtotal: 'Subtotal',
  iva: 'IVA',
  total: 'Total',
  note: 'Nota',
  signature: 'Firma de recibido',
  name: 'Nombre',
  /** The production ticket ('ticket MF'). */
  production: {
    title: 'Ticket MF',
    folio: (id: number) => `Producción P-${id}`,
    origin: 'Para',
    status: 'Estado',
    plannedDate: 'Fecha planeada',
    products: 'Productos a fabricar',
    rawMaterial: 'Materia prima',
    madeBy: 'Fabricó',
    checkedBy: 'Revisó',
    print: 'Imprimir ticket MF',
  },
} as const;
