import { formatMoney } from '../format';

/**
 * The texts of selling and collecting without a connection: the counter's offline sales, the
 * driver's payments at the door ('Cobrar') and their cash cut ('Corte del chofer') as the
 * device shows them before and after they reach the server.
 */
export const offlineMoneyMessages = {
  provisionalFolio: (folio: string) => `Folio provisional ${folio}`,
  /** The toast after saving offline: the person knows it is kept and will be sent. */
  savedOffline: (folio: string) => `Venta guardada sin conexión (${folio}). Se enviará al recuperar la conexión.`,
  realFolio: (id: number) => `Venta #${id}`,
  overdue: (amount: number) => `El cliente tiene saldo vencido de ${formatMoney(amount)} (último dato conocido).`,
  noCredit: 'El cliente no tiene crédito: cobra la venta al entregarla.',
  stockShort: (names: string) => `Existencia insuficiente según el último dato: ${names}.`,
  totalChanged: (shown: number, charged: number) =>
    `El servidor cobró ${formatMoney(charged)}; el dispositivo mostró ${formatMoney(shown)}.`,
  deviceSales: 'Ventas de este dispositivo',
  deviceSalesEmpty: 'Aún no hay ventas hechas sin conexión en este dispositivo.',
  state: {
    pending: 'Pendiente de enviar',
    sent: 'Enviada',
    refused: 'Rechazada',
    discarded: 'Descartada',
  },
  deviceSalesCount: (count: number) => (count === 1 ? '1 venta' : `${count} ventas`),
  /** A row of 'Ventas de este dispositivo'. */
  saleOf: (folio: string, customer: string) => `${folio} · ${customer}`,
  deviceTotal: 'Total',
  deviceWarnings: 'Avisos al vender (último dato conocido)',
  serverWarnings: 'Avisos del servidor al llegar',
  refusedHelp: 'Corrígela y reintenta, o descártala si ya no aplica (también desde el panel de sincronización).',
  reprint: 'Reimprimir ticket',
  reprintOf: (folio: string) => `Reimprimir ticket de ${folio}`,
  catalogueMissing: 'Este dispositivo aún no tiene el catálogo: conéctate una vez para descargarlo.',
  catalogueAge: (age: string) => `Catálogo del dispositivo, actualizado ${age}`,
  /** An item found on the device: its stock as last pulled, less what the device's unsent sales hold. */
  deviceStock: (quantity: string) => `Existencia: ${quantity}`,
  /** The ticket of a sale made without a connection. */
  ticketProvisionalNote: 'Venta sin conexión: el folio definitivo se asigna al llegar al servidor.',
  ticketMadeOfflineAs: (folio: string) => `Hecha sin conexión como ${folio}`,
  /** The driver's stop. */
  collect: 'Cobrar',
  collectTitle: 'Cobrar al cliente',
  amount: 'Monto',
  method: 'Forma de pago',
  reference: 'Referencia',
  saveCollection: 'Registrar cobro',
  collected: (amount: number) => `Cobrado aquí: ${formatMoney(amount)}`,
  receiptTitle: 'Recibo de cobro',
  provisionalReceipt: (folio: string) => `Recibo provisional ${folio}`,
  receiptNumber: (id: number) => `Cobro #${id}`,
  share: 'Compartir',
  print: 'Imprimir',
  close: 'Cerrar',
  paymentMethodsMissing: 'Este dispositivo aún no tiene las formas de pago: conéctate una vez para descargarlas.',
  /** The driver's cash cut. */
  cut: 'Corte del chofer',
  cutCollected: 'Cobrado en la ruta',
  cutCounted: 'Contado',
  cutSubmit: 'Cerrar corte',
  cutSubmitted: (at: string) => `Corte cerrado ${at}`,
  cutNote: 'Nota',
} as const;
