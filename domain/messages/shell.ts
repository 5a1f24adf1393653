/**
 * The app shell: what every signed-in screen shows around it (menu, top bar, connectivity),
 * the update banner, the not-found page, the shared loading and error texts, and the print
 * root. The login route loads these with its own (login.ts). Every user-visible Spanish text
 * lives in domain/messages/, one file per area, loaded with the screens that show it. Texts
 * quoted by the product spec are used verbatim, including its spelling ('E-mail inavlido.').
 */
export const shellMessages = {
  menu: 'Menú',
  toggleMenu: 'Abrir o cerrar el menú',
  home: 'Inicio',
  pos: 'Punto de venta',
  cashRegister: 'Caja',
  notes: 'Notas',
  unseenNotes: (count: number) => (count === 1 ? '1 nota sin ver' : `${count} notas sin ver`),
  userMenu: 'Menú de usuario',
  settings: 'Ajustes',
  support: 'Soporte',
  logout: 'Cerrar Sesión',
  cancel: 'Cancelar',
  logoutConfirmTitle: 'Cerrar Sesión',
  logoutConfirmMessage: '¿Seguro que deseas cerrar sesión?',
  version: (version: string) => `Versión ${version}`,
  offline: 'Sin conexión: se muestran los últimos datos guardados en este dispositivo.',
  backOnline: 'Conexión restablecida.',
} as const;

export const updateMessages = {
  available: 'Hay una actualización disponible!',
  reload: 'Actualizar',
  waitingToUpdate: 'Se actualizará al terminar de sincronizar…',
} as const;

export const notFoundMessages = {
  title: 'Página no encontrada',
  body: 'La dirección que abriste no existe o ya no está disponible.',
  back: 'Volver al inicio',
  /** A screen that exists but this person may not open: said as such, not as a missing record. */
  notAllowedTitle: 'Sin permiso',
  notAllowedBody: 'No tienes permiso para abrir esta pantalla. Pide a quien administra los usuarios que te lo dé si lo necesitas.',
} as const;

/** A screen whose code could not be fetched (or that failed while drawn), instead of a blank page. */
export const screenFailureMessages = {
  title: 'No se pudo abrir esta pantalla',
  body: 'Puede ser la conexión. Lo que ya se guardó en este dispositivo no se pierde.',
  offline: 'Sin conexión: se abrirá al volver la conexión. Lo que ya se guardó en este dispositivo no se pierde.',
} as const;

export const commonMessages = {
  loading: 'Cargando…',
  retry: 'Reintentar',
  genericError: 'Ocurrió un error inesperado. Intenta de nuevo.',
  networkError: 'Sin conexión con el servidor.',
  close: 'Cerrar',
} as const;

export const printMessages = {
  title: 'Impresión',
  print: 'Imprimir',
  close: 'Cerrar',
  unknown: 'No hay una vista de impresión para estos datos.',
  blocked: 'El navegador bloqueó la ventana de impresión: permite las ventanas emergentes de este sitio e intenta de nuevo.',
} as const;
