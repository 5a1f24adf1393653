import { useState } from 'react';
import type { BusinessIdentity } from '../../../domain/deployment';
import { formatCalendarDate, formatMoney } from '../../../domain/format';
import { driverMessages } from '../../../domain/messages/driver';
import { driverMoneyMessages } from '../../../domain/messages/driver-money';
import { printMessages } from '../../../domain/messages/shell';
import { openPrintWindow } from '../../lib/session-store';
import type { RoutePayment } from '../../sync/driver-money-reads';
import { Dialog } from '../../ui/dialog';
import { useDeployment } from '../../ui/deployment';
import { PaymentState } from './payment-state';
import './route-money.css';

const text = driverMoneyMessages;

/** The receipt of a payment at a stop as shown, shared and printed: the same lines everywhere. */
export interface StopReceipt {
  business: string[];
  title: string;
  facts: { label: string; value: string }[];
  /** Said while the number is the phone's own. */
  note: string | null;
}

/** 'YYYY-MM-DD HH:mm' as the receipt prints it: '22/11/2026 14:05'. */
const readableWhen = (minute: string) => `${formatCalendarDate(minute.slice(0, 10))} ${minute.slice(11, 16)}`.trim();

/**
 * The receipt of a payment taken at a stop: the business, 'Recibo provisional C-XXXX-0001' until
 * the payment arrived ('Cobro #N' after, with the provisional number kept as a fact), the
 * customer, amount, method, reference, when, the route and the stop's sale.
 */
export function stopReceipt({ payment }: RoutePayment, identity: BusinessIdentity): StopReceipt {
  const facts = [
    { label: text.receiptCustomer, value: payment.company },
    { label: text.receiptAmount, value: formatMoney(payment.amount) },
    { label: text.receiptMethod, value: payment.paymentMethod.name },
    ...(payment.reference ? [{ label: text.receiptReference, value: payment.reference }] : []),
    { label: text.receiptWhen, value: readableWhen(payment.collected_at) },
    { label: text.receiptRoute, value: driverMessages.routeFolio(payment.shippingId) },
    { label: text.receiptSale, value: driverMessages.saleFolio(payment.saleId) },
    ...(payment.arrived ? [{ label: text.receiptProvisional, value: payment.provisional }] : []),
  ];
  return {
    business: [identity.brand, ...(identity.legalName && identity.legalName !== identity.brand ? [identity.legalName] : [])],
    title: payment.arrived ? text.receiptNumber(payment.arrived.id) : text.provisionalReceipt(payment.provisional),
    facts,
    note: payment.arrived ? null : text.receiptPendingNote,
  };
}

/** The receipt as plain text, for a message to the customer. */
export function receiptText(receipt: StopReceipt): string {
  return [
    ...receipt.business,
    receipt.title,
    ...receipt.facts.map((fact) => `${fact.label}: ${fact.value}`),
    ...(receipt.note ? [receipt.note] : []),
  ].join('\n');
}

type ShareOutcome = 'shared' | 'copied' | 'cancelled' | 'failed';

/** Shares the receipt with the phone's share sheet; where there is none, copies it. */
export async function shareReceipt(
  receipt: StopReceipt,
  nav: Partial<Pick<Navigator, 'share' | 'clipboard'>> = navigator,
): Promise<ShareOutcome> {
  const body = receiptText(receipt);
  if (typeof nav.share === 'function') {
    try {
      await nav.share({ title: receipt.title, text: body });
      return 'shared';
    } catch (error) {
      // The person closed the share sheet: nothing to say.
      if (error instanceof DOMException && error.name === 'AbortError') return 'cancelled';
    }
  }
  try {
    if (!nav.clipboard) return 'failed';
    await nav.clipboard.writeText(body);
    return 'copied';
  } catch {
    return 'failed';
  }
}

/** The receipt over the route, with Compartir, Imprimir and Cerrar; it follows the payment until it arrives. */
export default function CollectReceipt({ entry, onClose }: { entry: RoutePayment; onClose: () => void }) {
  const { identity } = useDeployment();
  return (
    <Dialog label={text.receiptTitle} onClose={onClose}>
      {(close) => <CollectReceiptView entry={entry} identity={identity} onClose={close} />}
    </Dialog>
  );
}

export function CollectReceiptView({ entry, identity, onClose }: { entry: RoutePayment; identity: BusinessIdentity; onClose: () => void }) {
  const receipt = stopReceipt(entry, identity);
  const [notice, setNotice] = useState<string | null>(null);

  const share = async () => {
    const outcome = await shareReceipt(receipt);
    setNotice(outcome === 'copied' ? text.receiptCopied : outcome === 'failed' ? text.receiptNotShared : null);
  };
  const print = () => setNotice(openPrintWindow({ kind: 'stopReceipt', data: receipt }) ? null : printMessages.blocked);

  return (
    <article className="collect-receipt" aria-label={receipt.title}>
      {receipt.business.map((line, index) => (
        <p key={index} className={index === 0 ? 'collect-receipt__brand' : 'collect-receipt__business'}>
          {line}
        </p>
      ))}
      <h2 className="collect-receipt__title">{receipt.title}</h2>
      <PaymentState entry={entry} />
      <dl className="collect-receipt__facts">
        {receipt.facts.map((fact) => (
          <div key={fact.label}>
            <dt>{fact.label}</dt>
            <dd>{fact.value}</dd>
          </div>
        ))}
      </dl>
      {receipt.note && <p className="collect-receipt__note">{receipt.note}</p>}
      <div className="progress-buttons">
        <button type="button" className="touch-button touch-button--primary" onClick={() => void share()}>
          {text.share}
        </button>
        <button type="button" className="touch-button" onClick={print}>
          {text.print}
        </button>
        <button type="button" className="touch-button" onClick={onClose}>
          {text.close}
        </button>
      </div>
      {notice && (
        <p className="collect-receipt__notice" role="status">
          {notice}
        </p>
      )}
    </article>
  );
}
