/**
 * The texts of manifest. Every user-visible Spanish text lives in domain/messages/, one file
 * per area, loaded with the screens that show it. Texts quoted by the product spec are used
 * verbatim, including its spelling ('E-mail inavlido.').
 */
export const manifestMessages = {
  title: 'Detalle de Envío',
  route: 'Envío',
  sale: 'Venta',
  company: 'Cliente',
  quantity: 'Cantidad',
  product: 'Producto',
  status: 'Status',
  totalWeight: 'Peso total',
  driverSignature: 'Firma del chofer',
  receiverSignature: 'Firma de quien recibe',
  noSales: 'Esta ruta no tiene ventas.',
} as const;
