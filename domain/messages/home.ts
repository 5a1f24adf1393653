/**
 * The texts of home. Every user-visible Spanish text lives in domain/messages/, one file per
 * area, loaded with the screens that show it. Texts quoted by the product spec are used
 * verbatim, including its spelling ('E-mail inavlido.').
 */
export const homeMessages = {
  greeting: (name: string) => `Hola, ${name}`,
  jobPosition: 'Puesto',
  branch: 'Sucursal',
  email: 'Correo',
  today: 'Hoy',
  salesTitle: 'Ventas de hoy',
  salesCount: (count: number) => (count === 1 ? '1 venta' : `${count} ventas`),
  againstLastWeek: (total: string, weekday: string) => `${total} el ${weekday} pasado a esta hora`,
  change: (percent: number) => `${percent > 0 ? '+' : ''}${percent}%`,
  ordersTitle: 'Pedidos de hoy',
  orderStates: { nuevo: 'Nuevos', en_produccion: 'En producción', surtido: 'Surtidos' },
  routesTitle: 'Rutas de hoy',
  noRoutes: 'No hay rutas para hoy.',
  routeProgress: (delivered: number, rejected: number, pending: number) =>
    `${delivered} ${delivered === 1 ? 'entregada' : 'entregadas'} · ${rejected} ${rejected === 1 ? 'rechazada' : 'rechazadas'} · ${pending} ${pending === 1 ? 'pendiente' : 'pendientes'}`,
  routeKm: (km: number) => `${km} km`,
  routeOnTheWay: 'En ruta',
  routeNotStarted: 'Sin iniciar',
  noDriver: 'Sin chofer',
  overdueTitle: 'Saldos vencidos',
  overdueCustomers: (count: number) => (count === 1 ? '1 cliente' : `${count} clientes`),
  notesTitle: 'Notas sin ver',
  cachedAge: (age: string) => `Sin conexión con el servidor: datos de ${age}.`,
  loadFailed: 'No se pudieron cargar las cifras del día.',
  retry: 'Reintentar',
} as const;
