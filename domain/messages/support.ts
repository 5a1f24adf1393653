/**
 * The texts of support. Every user-visible Spanish text lives in domain/messages/, one file
 * per area, loaded with the screens that show it. Texts quoted by the product spec are used
 * verbatim, including its spelling ('E-mail inavlido.').
 */
export const supportMessages = {
  title: 'Soporte',
  newTicket: 'Nuevo ticket',
  description: 'Descripción',
  descriptionHint: 'Describe el problema: qué hacías, qué esperabas y qué pasó.',
  descriptionRequired: 'Describe el problema.',
  descriptionTooLong: 'La descripción admite hasta 2000 caracteres.',
  send: 'Enviar',
  sending: 'Enviando…',
  sent: 'Ticket enviado.',
  search: 'Buscar en descripción',
  empty: 'No hay tickets de soporte.',
  status: 'Estado',
  createdBy: 'Reportó',
  date: 'Fecha',
} as const;
