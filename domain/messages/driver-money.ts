import { formatMoney } from '../format';
import { offlineMoneyMessages } from './offline-money';

/**
 * The texts of the driver's money screens (issue 46): 'Cobrar' at a stop, its receipt and the
 * driver's cut, on top of the stop's and cut's texts in offline-money.ts. A file of their own:
 * the outbox (sync/commands.ts) reads offline-money.ts at every start of the app, these load
 * only with the route's screen.
 */
export const driverMoneyMessages = {
  ...offlineMoneyMessages,
  /** 'Cobrar' at a stop: the sheet. */
  collectFor: (customer: string) => `Cobrar a ${customer}`,
  stopBalance: (amount: number) => `Saldo de la venta en el teléfono: ${formatMoney(amount)}`,
  stopBalanceUnconfirmed: 'Saldo por confirmar (la entrega parcial aún no llega a la oficina)',
  referenceHint: 'Número de transferencia, cheque o autorización.',
  savingCollection: 'Registrando…',
  /** The stop's payments taken on this phone. */
  stopPayments: 'Cobros en esta parada',
  openReceipt: (folio: string) => `Ver recibo ${folio}`,
  paymentRefused: (reason: string) => `Rechazado por el servidor: ${reason}`,
  paymentDiscarded: 'Descartado: este cobro no se registró.',
  /** The receipt. */
  receiptCustomer: 'Cliente',
  receiptAmount: 'Monto',
  receiptMethod: 'Forma de pago',
  receiptReference: 'Referencia',
  receiptWhen: 'Fecha y hora',
  receiptRoute: 'Ruta',
  receiptSale: 'Venta',
  receiptProvisional: 'Número provisional',
  receiptPendingNote: 'Recibo provisional: el número definitivo se asigna al llegar a la oficina.',
  receiptCopied: 'Recibo copiado: pégalo en un mensaje para el cliente.',
  receiptNotShared: 'No se pudo compartir ni copiar el recibo en este teléfono.',
  /** The driver's cash cut on the route's screen. */
  cutHelp: 'Cuenta lo que traes por forma de pago y cierra el corte al terminar la ruta. Solo se cierra una vez.',
  cutOnDevice: 'Cobrado en este teléfono',
  cutNothingCollected: 'Aún no has cobrado en esta ruta.',
  cutMethod: 'Forma de pago',
  cutAmount: 'Monto',
  cutTotal: 'Total',
  cutOffice: 'Según la oficina',
  cutExpected: 'Esperado',
  cutExpectedHint: 'Saldo de las ventas entregadas en la ruta antes de tus cobros.',
  cutOfficeCollected: 'Cobrado que ya llegó a la oficina',
  cutOffline: 'Lo que espera la oficina se muestra al tener conexión.',
  cutLoading: 'Consultando a la oficina…',
  cutOfficeFailed: (reason: string) => `No se pudo consultar a la oficina: ${reason}`,
  cutCountedIn: (method: string) => `Contado en ${method}`,
  cutClosing: 'Cerrando…',
  cutClosedToast: 'Corte cerrado.',
  cutAlreadyClosed: 'El corte de esta ruta ya se cerró en este teléfono.',
  cutRefused: (reason: string) => `El servidor rechazó el corte: ${reason}`,
  cutDiscarded: 'El corte anterior se descartó sin llegar a la oficina: puedes cerrarlo de nuevo.',
  cutReceived: 'La oficina ya tiene tu corte.',
  cutNoMorePayments: 'Con el corte cerrado ya no se cobra en esta ruta.',
} as const;
