/**
 * The texts of inventory. Every user-visible Spanish text lives in domain/messages/, one file
 * per area, loaded with the screens that show it. Texts quoted by the product spec are used
 * verbatim, including its spelling ('E-mail inavlido.').
 */
/** Stock per item and its movements (spec §4 inventory movement types). */
export const inventoryMessages = {
  title: 'Inventario',
  search: 'Buscar producto',
  item: 'Producto',
  stock: 'Existencia',
  value: 'Valor',
  empty: 'Ningún producto coincide.',
  movementsOf: (name: string) => `Movimientos de ${name}`,
  show: (name: string) => `Ver movimientos de ${name}`,
  showShort: 'Ver movimientos',
  type: 'Tipo',
  quantity: 'Cantidad',
  date: 'Fecha',
  noMovements: 'Este producto no tiene movimientos.',
  adjustment: 'Ajuste Manual',
  adjustmentHint: 'Cantidad a sumar; con signo menos, a restar.',
  adjustmentZero: 'El ajuste no puede ser cero.',
  adjustmentInvalid: 'Escribe una cantidad, por ejemplo 5 o -2.5.',
  itemNotFound: 'El producto no existe.',
  save: 'Guardar ajuste',
  saved: (stock: string) => `Ajuste guardado. Existencia: ${stock}.`,
} as const;
