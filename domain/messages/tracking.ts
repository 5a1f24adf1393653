import type { PublicTracking } from '../schemas/tracking';

/**
 * What the customer is told about their delivery (issue 47): the message when the route starts
 * and when theirs is the next stop (WhatsApp template or e-mail, through Mensajes), and the
 * public tracking page the message links to. Spanish (es-MX).
 */
export const trackingMessages = {
  /** The body of the route's start, as the conversation shows it (the template says the same). */
  routeStarted: (business: string, customer: string, eta: string, link: string) =>
    `${business}: Hola, ${customer}. Su pedido va en camino. Llegada aproximada: ${eta}. Siga su entrega aquí: ${link}`,
  /** The body of 'next stop'. */
  stopNext: (business: string, customer: string, eta: string, link: string) =>
    `${business}: Hola, ${customer}. Su pedido es el siguiente. Llegada aproximada: ${eta}. Siga su entrega aquí: ${link}`,
  /** The ETA's text while the truck has sent no position yet. */
  etaUnknown: 'en el transcurso del día',
  /** An ETA as a Monterrey time window. */
  etaWindow: (from: string, to: string) => `${from}–${to}`,

  /** The public page. */
  pageTitle: (business: string) => `${business} · Seguimiento de su pedido`,
  heading: 'Seguimiento de su pedido',
  states: {
    programado: 'Programado',
    en_camino: 'En camino',
    siguiente: 'Su pedido es el siguiente',
    entregado: 'Entregado',
    parcial: 'Entregado en parte',
    rechazado: 'No entregado',
    no_entregado: 'No entregado',
  } satisfies Record<PublicTracking['state'], string>,
  eta: (window: string) => `Llegada aproximada: ${window}`,
  near: 'El repartidor está a menos de 1 km',
  deliveredAt: (moment: string) => `Entregado el ${moment}`,
  refreshes: 'Esta página se actualiza cada minuto.',
  gone: 'Este enlace ya no está disponible.',
  goneTitle: 'Seguimiento de pedido',
};
