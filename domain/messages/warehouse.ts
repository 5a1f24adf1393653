/**
 * The texts of warehouse. Every user-visible Spanish text lives in domain/messages/, one file
 * per area, loaded with the screens that show it. Texts quoted by the product spec are used
 * verbatim, including its spelling ('E-mail inavlido.').
 */
/** The warehouse's orders to fill and the filled orders (spec §2 'Orders to fill'). */
export const warehouseMessages = {
  title: 'Pedidos por Surtir',
  readyTitle: 'Pedidos Surtidos',
  today: 'Hoy',
  tomorrow: 'Mañana',
  week: '7 días',
  other: 'otro...',
  quickFilters: 'Fechas',
  from: 'Desde',
  to: 'Hasta',
  bothDates: 'Elige las dos fechas.',
  folio: (id: number) => `Folio ${id}`,
  counter: 'Mostrador',
  inProduction: 'En Producción',
  loading: 'Descargando pedidos…',
  empty: 'No hay pedidos por surtir en estas fechas.',
  detailTitle: 'Detalle de Pedido',
  items: 'Productos',
  note: 'Nota',
  internalNote: 'Nota interna',
  seller: 'Vendedor',
  date: 'Fecha',
  branch: 'Sucursal',
  startProduction: 'comenzar producción',
  dispatch: 'surtido',
  confirmStart: '¿Vamos a comenzar?',
  confirmDispatch: '¿Seguro que ya surtiste este pedido?',
  cancel: 'Cancelar',
  accept: 'Aceptar',
  started: 'Producción iniciada.',
  dispatched: 'Pedido surtido.',
  orderGone: 'Este pedido ya no está por surtir.',
  search: 'Buscar (folio o empresa)',
  readyEmpty: 'No hay pedidos surtidos que coincidan.',
  readyHint: 'Listos para agregarse a una ruta de reparto.',
} as const;
