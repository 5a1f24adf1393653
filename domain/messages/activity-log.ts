/**
 * The texts of activityLog. Every user-visible Spanish text lives in domain/messages/, one
 * file per area, loaded with the screens that show it. Texts quoted by the product spec are
 * used verbatim, including its spelling ('E-mail inavlido.').
 */
/** Bitácora: the /activity-log screen. */
export const activityLogMessages = {
  title: 'Bitácora',
  loading: 'Cargando bitácora…',
  empty: 'No hay cambios registrados con estos filtros.',
  filterTitle: 'Filtrar bitácora',
  columns: {
    when: 'Fecha',
    user: 'Usuario',
    action: 'Acción',
    entity: 'Registro',
    entityId: 'Folio',
    device: 'Dispositivo',
    changes: 'Cambios',
  },
  user: 'Usuario',
  anyUser: 'Todos los usuarios',
  entity: 'Registro',
  anyEntity: 'Todos los registros',
  action: 'Acción',
  anyAction: 'Todas las acciones',
  system: 'Sistema',
  detailsHeader: 'Cambios',
  showChanges: (id: number, open: boolean) => `${open ? 'Ocultar' : 'Ver'} cambios del registro ${id} de la bitácora`,
  changesSummary: (count: number) => (count === 1 ? '1 campo' : `${count} campos`),
  field: 'Campo',
  before: 'Antes',
  after: 'Después',
  value: 'Valor',
  origin: (route: string, ip: string, requestId: string) => `${route} · ${ip} · solicitud ${requestId}`,
  noDetail: 'Este registro no guarda el detalle del cambio.',
  exportFile: 'Bitácora.xlsx',
  exportSheet: 'Bitácora',
} as const;
