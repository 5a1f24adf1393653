/**
 * The API's errors that are not one feature's: authorization, query-string parameters,
 * idempotency keys, the events stream. Every user-visible Spanish text lives in
 * domain/messages/, one file per area, loaded with the screens that show it. Texts quoted by
 * the product spec are used verbatim, including its spelling ('E-mail inavlido.').
 */
export const eventsMessages = {
  invalidTicket: 'El permiso para recibir avisos no es válido o ya venció.',
} as const;

export const idempotencyMessages = {
  invalidKey: 'La clave Idempotency-Key no es válida.',
  keyRequired: 'Falta la clave Idempotency-Key: sin ella, un reintento podría registrar el cobro dos veces.',
  keyReused: 'La clave Idempotency-Key ya se usó con otra solicitud.',
  inProgress: 'La misma solicitud está en proceso; intenta de nuevo en un momento.',
} as const;

export const queryMessages = {
  unknownParameter: (name: string) => `Parámetro desconocido: ${name}.`,
  unknownFilter: (name: string) => `Filtro desconocido: ${name}.`,
  unknownSort: (name: string) => `No se puede ordenar por ${name}.`,
  unknownInclude: (name: string) => `No se puede incluir ${name}.`,
  invalidPage: 'La página debe ser un número entero desde 1.',
  invalidItemsPerPage: 'La cantidad por página debe ser un número entero entre 1 y 100000.',
  repeatedParameter: (name: string) => `El parámetro ${name} está repetido.`,
} as const;

export const apiMessages = {
  unauthorized: 'Sesión no válida o expirada. Inicia sesión de nuevo.',
  forbidden: 'No tienes permiso para realizar esta acción.',
  notFound: 'Recurso no encontrado.',
  invalidRequest: 'La solicitud no es válida.',
  invalidText: 'El texto tiene caracteres no válidos.',
  tooDeep: 'La solicitud tiene demasiados niveles anidados.',
  serverError: 'Error interno del servidor. Intenta de nuevo más tarde.',
  tooManyRequests: 'Demasiadas solicitudes. Intenta de nuevo en un momento.',
} as const;
