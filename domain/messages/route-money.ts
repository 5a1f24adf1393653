/**
 * The texts of the money a route brings back (issue 46): a payment the driver takes at a stop
 * ('Cobrar'), the driver's cash cut ('Corte del chofer') and the office's receipt of it. Every
 * user-visible Spanish text lives in domain/messages/, one file per area, loaded with the
 * screens that show it.
 */
export const routeMoneyMessages = {
  /** Refusals of POST /api/v2/shipping_details/{id}/payments. */
  notYourStop: 'Solo el chofer de la ruta puede cobrar en sus paradas.',
  routeNotStarted: 'Inicia la ruta para cobrar.',
  saleCanceled: (saleFolio: string) => `La venta ${saleFolio} de esta parada está cancelada: no se cobra.`,
  nothingOwed: (customer: string) => `${customer} no tiene saldo pendiente: como Chofer Repartidor solo cobras lo que el cliente debe.`,
  collectedAtInvalid: 'Indica cuándo cobraste (AAAA-MM-DD HH:mm).',
  collectedInFuture: 'La fecha del cobro no puede ser posterior a hoy: revisa la fecha y hora del teléfono.',
  provisionalRequired: 'Falta el número provisional del recibo.',
  provisionalTooLong: 'El número provisional admite hasta 20 caracteres.',
  cutClosedForPayments: 'El corte de esta ruta ya se entregó: ya no se cobra en ella. La oficina registra el cobro en Nueva Cobranza.',
  /** Refusals of the driver's cut (POST /api/v2/shippings/{id}/driver_cut). */
  notYourCut: 'Solo el chofer de la ruta puede entregar su corte.',
  ownCut: 'Tu propio corte lo recibe otra persona de la oficina.',
  cutRouteNotStarted: 'Inicia la ruta antes de entregar su corte.',
  cutAlreadySubmitted: 'El corte de esta ruta ya se entregó; no se entrega dos veces.',
  submittedAtInvalid: 'Indica cuándo cerraste el corte (AAAA-MM-DD HH:mm).',
  countedRequired: 'Captura lo contado por forma de pago.',
  countedRepeated: 'Cada forma de pago va una sola vez en el corte.',
  countedTooMany: 'El corte admite hasta 20 formas de pago.',
  countedAmountRequired: 'Escribe lo contado.',
  countedNegative: 'Lo contado no puede ser negativo.',
  countedCents: 'Lo contado admite hasta dos decimales.',
  countedTooLarge: 'Lo contado no puede pasar de $99,999,999.99.',
  noteTooLong: 'La nota admite hasta 300 caracteres.',
  /** Refusals of the office's receipt (POST /api/v2/shippings/{id}/driver_cut/receive). */
  cutNotSubmitted: 'El chofer aún no entrega el corte de esta ruta.',
  cutAlreadyReceived: 'El corte de esta ruta ya se recibió.',
  cajaAlreadyCut: 'Tu caja de hoy ya se cortó: el efectivo del chofer no puede entrar en ella hoy.',
  receivedRequired: 'Escribe el efectivo recibido.',
  receivedInvalid: 'Escribe el efectivo con números, por ejemplo 1,250.50.',
  receivedNegative: 'El efectivo recibido no puede ser negativo.',
  receivedCents: 'El efectivo recibido admite hasta dos decimales.',
  receivedTooLarge: 'El efectivo recibido no puede pasar de $99,999,999.99.',
  /** The cash movement the receipt writes in the receiver's Caja. */
  cashMovementReason: (shippingId: number) => `Corte del chofer · ruta #${shippingId}`,
  /** A payment taken on a route, in the collections list and on its receipt. */
  collectedOnRoute: (shippingId: number) => `Cobrado en ruta #${shippingId}`,
  collectedOnRouteBy: (shippingId: number, driver: string) => `Cobrado en ruta #${shippingId} por ${driver}`,
  /** The receipt's facts of a payment taken on a route. */
  receiptRoute: 'Ruta',
  receiptProvisional: 'Recibo provisional',
  /** The office's section on the route's page (/shippings/{id}). */
  section: {
    title: 'Corte del chofer',
    loading: 'Cargando el corte del chofer…',
    states: { open: 'Sin entregar', submitted: 'Entregado por el chofer', received: 'Recibido' },
    stateLabel: 'Estado',
    driver: 'Chofer',
    collected: 'Cobrado en la ruta',
    noCollections: 'El chofer no ha cobrado en esta ruta.',
    method: 'Forma de pago',
    amount: 'Monto',
    collectedTotal: 'Total cobrado',
    collectedCash: 'Cobrado en efectivo',
    expected: 'Esperado',
    expectedHint: 'Saldo de las ventas entregadas en la ruta antes de sus cobros.',
    counted: 'Contado por el chofer',
    countedTotal: 'Total contado',
    notSubmitted: 'El chofer aún no entrega su corte.',
    submittedAt: (when: string) => `Entregado el ${when}`,
    driverNote: 'Nota del chofer',
    received: (when: string, person: string) => `Recibido el ${when} por ${person}`,
    receivedCash: 'Efectivo recibido',
    difference: 'Diferencia',
    receivedNote: 'Nota de la oficina',
    receive: 'Recibir corte',
    receiving: 'Recibiendo…',
    note: 'Nota',
    receivedSaved: 'Corte recibido; el efectivo entró en tu caja.',
  },
  /** Caja (/caja): the drivers' cuts the person received today. */
  caja: {
    title: 'Cortes de chofer recibidos',
    loading: 'Cargando los cortes recibidos…',
    none: 'Hoy no has recibido cortes de chofer.',
    row: (shippingId: number, driver: string) => `Ruta #${shippingId} · ${driver}`,
    inDrawer: 'Su efectivo ya cuenta en la caja (entradas).',
  },
} as const;
