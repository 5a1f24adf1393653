/**
 * What every office list shares (src/app/office-list/): toolbar, sort headers, filter drawer,
 * and the pager of server-paged lists. Every user-visible Spanish text lives in
 * domain/messages/, one file per area, loaded with the screens that show it. Texts quoted by
 * the product spec are used verbatim, including its spelling ('E-mail inavlido.').
 */
/** The pager of server-paged lists (spec §9 page sizes). */
export const pagerMessages = {
  perPage: 'Por página',
  all: 'Todos',
  previous: 'Anterior',
  next: 'Siguiente',
  range: (from: number, to: number, total: number) => `${from}–${to} de ${total}`,
} as const;

/** What every office list shares (src/app/office-list/): toolbar, sort headers, filter drawer. */
export const listMessages = {
  filters: 'Filtros',
  filtersActive: (n: number) => `Filtros (${n})`,
  totals: 'Totales',
  export: 'Exportar a Excel',
  exporting: 'Exportando…',
  actions: 'Acciones',
  cancel: 'Cancelar',
  sortBy: (column: string, state: 'none' | 'asc' | 'desc') =>
    `Ordenar por ${column}${state === 'asc' ? ' (ascendente)' : state === 'desc' ? ' (descendente)' : ''}`,
  dateRange: 'Fecha',
  from: 'Desde',
  to: 'Hasta',
  bothDates: 'Elige las dos fechas del rango.',
  clear: 'Limpiar',
  filter: 'Filtrar',
} as const;
