/** The texts of the delivery map and of where a route's phone has been (issue 47). */
export const routeMapMessages = {
  /** A position sent for a route someone else drives: only its driver's phone reports where the truck is. */
  onlyDriverSendsPositions: 'Solo el chofer asignado puede enviar la ubicación de este envío.',
  shippingNotFound: 'El envío no existe.',
  invalidDate: 'La fecha no existe o no tiene el formato AAAA-MM-DD.',
};
