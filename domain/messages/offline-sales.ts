/**
 * The texts of a sale made without a connection (issue 46): why the server refuses what the
 * device sent, what it found when the sale arrived, and how the office sees it. Every
 * user-visible Spanish text lives in domain/messages/, one file per area.
 */
export const offlineSaleMessages = {
  /** Refusals of POST /api/v2/sales' `offline`. */
  madeAtInvalid: 'La hora en que se hizo la venta sin conexión no es válida.',
  provisionalInvalid: 'El folio provisional no es válido (hasta 20 letras mayúsculas, números o guiones).',
  deviceTotalInvalid: 'El total que mostró el dispositivo no es válido.',
  /** What the server found on the sale's arrival (sales.offline_warnings). */
  warnings: {
    priceChanged: (device: string, server: string) => `El total cambió: el dispositivo mostró ${device}, el servidor cobró ${server}.`,
    /** `items`: 'Manzana (−3 kg), Limón (−1 caja)'. */
    negativeStock: (items: string) => `Existencia negativa: ${items}.`,
    negativeItem: (name: string, shortBy: string) => `${name} (−${shortBy})`,
    overdue: (amount: string) => `El cliente tiene saldo vencido de ${amount}.`,
    clockAhead: 'La hora del dispositivo va adelantada: la venta dice haberse hecho en el futuro. Revisa la fecha y hora de la tableta.',
    madeLongAgo: 'La venta se hizo hace más de 30 días según el dispositivo: revisa la fecha y hora de la tableta.',
  },
  /** The office's sale page (/sales/{id}) and the /sales list. */
  page: {
    title: 'Venta registrada sin conexión',
    chip: 'Sin conexión',
    provisional: 'Folio provisional',
    madeAt: 'Hecha en el dispositivo',
    deviceTotal: 'Total en el dispositivo',
    warnings: 'Avisos al llegar',
    noWarnings: 'Llegó sin avisos: precios, existencias y saldo como en el dispositivo.',
  },
  list: {
    /** The marker on a /sales row whose offline arrival left warnings. */
    warned: 'Sin conexión: avisos',
    warnedTitle: 'Venta hecha sin conexión que llegó con avisos (total, existencia o saldo vencido): ábrela para verlos.',
  },
} as const;
