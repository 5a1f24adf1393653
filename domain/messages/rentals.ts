import { formatCalendarDate, formatQuantity } from '../format';
import type { ShippingKind } from '../schemas/rentals';

/** The rental's cycle (event-rental deployment): delivery, pick-up, what came back, and the pieces per day. */
export const rentalMessages = {
  routeKinds: { entrega: 'Entrega', recoleccion: 'Recolección' },
  routeKind: 'Tipo de ruta',
  /** A route's folio, with 'Recolección' when it picks up. */
  routeWithKind: (folio: string, kind: ShippingKind | undefined) => (kind === 'recoleccion' ? `${folio} · Recolección` : folio),
  pickupOnlyForRentals: 'Las rutas de recolección son del negocio de renta.',
  // Adding a rental to a route.
  alreadyPickedUp: 'Lo rentado de esta venta ya regresó: no se vuelve a enviar.',
  notDeliveredYet: 'Esta renta no ha salido en una ruta de entrega: no hay nada que recoger.',
  onAnotherPickup: 'Esta renta ya está en otra ruta de recolección.',
  otherKindOfRoute: 'Una venta no se mueve entre una ruta de entrega y una de recolección.',
  searchForPickup: 'Buscar renta entregada (folio o empresa)',
  searchForDelivery: 'Buscar renta (folio o empresa)',
  noRentalsToPickUp: 'No hay rentas entregadas por recoger que coincidan.',
  noRentalsToDeliver: 'No hay rentas por entregar que coincidan.',
  // The pick-up, counted when the goods are back.
  pickupTitle: 'Recolección',
  /** A driver's stop on a pick-up route. */
  pickUp: 'Recoger',
  recordPickup: 'Registrar recolección',
  pickupNotOnRoute: 'Para registrar la recolección, primero ponga la renta en una ruta de recolección.',
  pickupAlreadyRecorded: 'La recolección de esta renta ya se registró.',
  notARentalSale: 'Solo una venta entregada se recoge.',
  pickedUpIsClosed: 'Lo rentado de esta venta ya se recogió: la renta ya no se cancela ni se devuelve.',
  pickupLineUnknown: 'Un producto no es de esta renta.',
  pickupTooMany: (name: string, rented: string) => `De ${name} se rentaron ${rented}: faltantes y dañadas no pueden ser más.`,
  pickupQuantityInvalid: 'Escriba cuántas piezas, de 0 en adelante.',
  chargeInvalid: 'Escriba un cargo por pieza de 0 en adelante, con hasta 2 decimales.',
  noteTooLong: 'La nota admite hasta 500 caracteres.',
  columns: {
    item: 'Producto',
    rented: 'Rentadas',
    returned: 'Regresaron',
    missing: 'Faltantes',
    damaged: 'Dañadas',
    charge: 'Cargo por pieza',
    amount: 'Cargo',
  },
  note: 'Nota de la recolección',
  deposit: 'Depósito en garantía',
  charges: 'Cargos por faltantes y daños',
  refund: 'A devolver del depósito',
  owedBeyondDeposit: 'Cargo que excede el depósito',
  pickedUpBy: (name: string, when: string) => `Registrada por ${name}, ${when}.`,
  pickupSaved: 'Recolección registrada: lo que regresó volvió al inventario.',
  pickupPending: 'Lo rentado aún no regresa.',
  pickupStockReason: (folio: string) => `Recolección de la renta ${folio}`,
  // The calendar and the warning before renting more than there is.
  calendarTitle: 'Calendario de rentas',
  calendarDayLabel: (day: string, count: number) => `${day}: ${count === 1 ? '1 producto rentado' : `${count} productos rentados`}`,
  piecesCount: (n: number) => (n === 1 ? '1 producto' : `${n} productos`),
  noRentals: 'Nada rentado este día.',
  rentedOfOwned: (rented: number, owned: number) => `${formatQuantity(rented)} de ${formatQuantity(owned)}`,
  overbooked: 'Se rentan más de las que hay',
  loadingRange: 'Cargando lo rentado…',
  rangeTooLong: 'Se pueden ver hasta 62 días a la vez.',
  shortTitle: (date: string) => `Más piezas de las que hay el ${formatCalendarDate(date)}`,
  shortLine: (name: string, wanted: number, available: number) =>
    `${name}: se piden ${formatQuantity(wanted)}, hay ${formatQuantity(Math.max(available, 0))} disponibles.`,
  confirmShort: 'Guardar de todos modos',
  reviewShort: 'Revisar cantidades',
  confirmShortHeader: '¿Guardar la renta con más piezas de las que hay?',
} as const;
