import type { StopState } from '../schemas/tracking';

/**
 * The office's map of routes (issue 47): the 'Mapa' screen, a route's map in its dialog, the
 * stops' order and 'Optimizar'.
 */
export const deliveryMapMessages = {
  title: 'Mapa',
  loading: 'Cargando rutas…',
  empty: 'No hay rutas para este día.',
  date: 'Fecha',
  mapLabel: 'Mapa de las rutas',
  routeMapLabel: (id: number) => `Mapa de la ruta E-${id}`,
  /** The list beside the map: what the map shows, readable without it. */
  listLabel: 'Rutas y paradas',
  legend: 'Simbología',
  truck: 'Camión (última posición)',
  trail: 'Recorrido',
  states: {
    pendiente: 'Pendiente',
    entregado: 'Entregado',
    parcial: 'Entrega parcial',
    rechazado: 'Rechazado',
  } satisfies Record<StopState, string>,
  route: (id: number) => `Ruta E-${id}`,
  noDriver: 'Sin chofer',
  notStarted: 'Sin iniciar',
  onTheRoad: 'En camino',
  finished: 'Terminada',
  lastPosition: (time: string) => `Última posición: ${time}`,
  noPosition: 'Sin posición aún',
  noPlace: 'Sin ubicación',
  stop: (order: number, company: string) => `${order}. ${company}`,
  eta: (time: string, approximate: boolean) => `Llega ~${time}${approximate ? ' (aprox.)' : ''}`,
  /** When a stop was delivered, in part or rejected: after its state ('Rechazado · a las 09:41'). */
  doneAt: (time: string) => `a las ${time}`,
  noTiles: 'Mapa sin fondo: se dibujan las paradas y el recorrido.',
  // The route's 'Mapa' section in its dialog.
  section: 'Mapa',
  // On the route's page the map opens when asked.
  showRouteMap: 'Ver mapa y orden de paradas',
  hideRouteMap: 'Ocultar mapa',
  stopsInOrder: 'Paradas en orden',
  moveUp: 'Subir',
  moveDown: 'Bajar',
  moveUpStop: (company: string) => `Subir ${company}`,
  moveDownStop: (company: string) => `Bajar ${company}`,
  dragHint: 'Arrastra una parada para cambiar el orden, o usa Subir y Bajar.',
  moved: (company: string, position: number) => `${company} ahora es la parada ${position}.`,
  orderFailed: (reason: string) => `No se pudo guardar el orden de paradas: ${reason}`,
  optimize: 'Optimizar',
  optimizing: 'Optimizando…',
  optimized: 'Ruta optimizada.',
  noEngine: 'No hay un motor de rutas configurado (ROUTING_URL).',
  unplaced: (companies: string) => `Sin ubicación: ${companies}`,
} as const;
