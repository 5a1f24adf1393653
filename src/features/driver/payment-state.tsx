import { driverMoneyMessages } from '../../../domain/messages/driver-money';
import { syncMessages } from '../../../domain/messages/sync';
import type { RoutePayment } from '../../sync/driver-money-reads';

const text = driverMoneyMessages;

/** A payment's number as its receipt shows it: the server's once it arrived, the phone's provisional one until then. */
export const paymentFolio = (entry: RoutePayment) =>
  entry.payment.arrived ? text.receiptNumber(entry.payment.arrived.id) : entry.payment.provisional;

/** Where a payment stands, beside it: pending until it arrived; a refusal with the server's reason; discarded. */
export function PaymentState({ entry }: { entry: RoutePayment }) {
  if (entry.state === 'pending') return <span className="pending-badge">{syncMessages.pendingBadge}</span>;
  if (entry.state === 'refused') return <span className="money-refused">{text.paymentRefused(entry.reason ?? '')}</span>;
  if (entry.state === 'discarded') return <span className="money-refused">{text.paymentDiscarded}</span>;
  return null;
}
