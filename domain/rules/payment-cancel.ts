import { hasPermission, type PermissionHolder } from '../permissions';

/**
 * Who may cancel a payment (money received is undone): whoever recorded it, on the Monterrey day
 * they recorded it (a typing mistake), or a holder of cancelations. Anyone else would erase
 * another person's cash. The server enforces it; the list offers 'Cancelar' only where it holds.
 */
export function mayCancelPayment(
  person: PermissionHolder & { id: number },
  payment: { user_id: number; recordedOn: string },
  today: string,
): boolean {
  return hasPermission(person, 'cancelations') || (payment.user_id === person.id && payment.recordedOn === today);
}
