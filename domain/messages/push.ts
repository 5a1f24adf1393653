import { formatCalendarDate } from '../format';

/** Notifications on the phone (Web Push) and their setting in Ajustes. */
export const pushMessages = {
  title: 'Avisos en este dispositivo',
  explain: 'Te avisamos aunque la app esté cerrada: rutas asignadas o cambiadas, menciones en notas y correos que no salieron.',
  enable: 'Activar avisos',
  disable: 'Desactivar avisos',
  enabled: 'Avisos activados en este dispositivo.',
  disabled: 'Avisos desactivados en este dispositivo.',
  statusOn: 'Activados',
  statusOff: 'Desactivados',
  unsupported: 'Este navegador no puede recibir avisos. Instala la app en la pantalla de inicio o usa Chrome.',
  denied: 'Los avisos están bloqueados para esta app: permítelos en los ajustes del navegador.',
  badSubscription: 'La suscripción de avisos no es válida.',
  unknownPushService: 'Ese servicio de avisos no es uno de los conocidos.',
  endpointOfAnother:
    'Este dispositivo ya recibe los avisos de otra persona que no ha cerrado su sesión. Cuando la cierre, podrás activarlos para ti.',
  // What the notices say.
  routeAssigned: (id: number) => `Nueva ruta E-${id}`,
  routeAssignedBody: (date: string, stops: number) =>
    stops === 0
      ? `Para el ${formatCalendarDate(date)}.`
      : `Para el ${formatCalendarDate(date)}: ${stops === 1 ? '1 parada' : `${stops} paradas`}.`,
  routeChanged: (id: number) => `Cambió tu ruta E-${id}`,
  stopAdded: (folio: string, company: string) => `Se agregó ${folio} · ${company}.`,
  stopRemoved: (folio: string, company: string) => `Se quitó ${folio} · ${company}.`,
  stopChanged: (folio: string, company: string) => `Se cambió ${folio} · ${company}.`,
  routeRemoved: (id: number) => `Se canceló tu ruta E-${id}`,
  mentioned: (author: string) => `${author} te mencionó`,
  emailFailed: (folio: string) => `No salió el correo de la cotización ${folio}`,
  emailFailedBody: (reason: string) => `Revísalo en Correos: ${reason}`,
} as const;
