/**
 * The texts of reports. Every user-visible Spanish text lives in domain/messages/, one file
 * per area, loaded with the screens that show it. Texts quoted by the product spec are used
 * verbatim, including its spelling ('E-mail inavlido.').
 */
export const reportsMessages = {
  invalidYear: 'El año debe tener cuatro dígitos.',
  invalidType: 'El tipo de reporte debe ser card o detail.',
  invalidRange: 'Indica las fechas desde y hasta (AAAA-MM-DD).',
  monthNames: ['Enero', 'Febrero', 'Marzo', 'Abril', 'Mayo', 'Junio', 'Julio', 'Agosto', 'Septiembre', 'Octubre', 'Noviembre', 'Diciembre'],
  rangeReversed: 'La fecha inicial no puede ser posterior a la final.',
  rangeTooLongForDays: (days: number) => `Por día se pueden ver hasta ${days} días: agrupa por mes.`,
  rangeTooLong: (years: number) => `El periodo puede abarcar hasta ${years} años.`,
  invalidGroup: 'La agrupación debe ser day o month.',
  invalidDay: 'La fecha no existe en el calendario.',
} as const;
