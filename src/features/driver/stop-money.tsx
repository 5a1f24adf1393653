import { lazy, Suspense, useState } from 'react';
import { formatMoney } from '../../../domain/format';
import { driverMoneyMessages } from '../../../domain/messages/driver-money';
import type { LocalDetail, LocalShipping } from '../../../sync/db';
import { collectBalance, collectedAtStop, mayCollect, stopBalance, type RouteMoney } from '../../sync/driver-money-reads';
import { paymentFolio, PaymentState } from './payment-state';

const text = driverMoneyMessages;
// The sheet and the receipt load when first opened: most stops are only delivered.
const StopCollect = lazy(() => import('./stop-collect'));
const CollectReceipt = lazy(() => import('./collect-receipt'));

/**
 * The money of one stop: 'Cobrado aquí' with each payment taken here on this phone (its number,
 * amount and method, and where it stands: a refused one stays, marked), and 'Cobrar' when the
 * server would take a payment here. The sheet, then the payment's receipt, open over the route.
 */
export function StopMoney({
  shipping,
  detail,
  money,
  user,
}: {
  shipping: LocalShipping;
  detail: LocalDetail;
  money: RouteMoney | undefined;
  user: { id: number; job_position: string | null };
}) {
  const [open, setOpen] = useState<{ kind: 'collect' } | { kind: 'receipt'; id: string } | null>(null);
  const all = money?.payments ?? [];
  const here = all.filter((entry) => entry.payment.detailId === detail.id);
  const balance = stopBalance(detail, all);
  const offered = mayCollect({ shipping, detail, user, balance, money });
  const receipt = open?.kind === 'receipt' ? here.find((entry) => entry.payment.id === open.id) : undefined;

  if (here.length === 0 && !offered) return null;
  return (
    <div className="stop-money">
      {here.length > 0 && (
        <>
          <p className="stop-money__collected">{text.collected(collectedAtStop(here, detail.id))}</p>
          <ul className="stop-money__payments" aria-label={text.stopPayments}>
            {here.map((entry) => (
              <li key={entry.payment.id} className={`stop-money__payment stop-money__payment--${entry.state}`}>
                <button
                  type="button"
                  className="stop-money__open"
                  aria-label={text.openReceipt(paymentFolio(entry))}
                  onClick={() => setOpen({ kind: 'receipt', id: entry.payment.id })}
                >
                  <span className="stop-money__folio">{paymentFolio(entry)}</span>
                  <span>{`${formatMoney(entry.payment.amount)} · ${entry.payment.paymentMethod.name}`}</span>
                </button>
                <PaymentState entry={entry} />
              </li>
            ))}
          </ul>
        </>
      )}
      {offered && (
        <div className="progress-buttons">
          <button type="button" className="touch-button" onClick={() => setOpen({ kind: 'collect' })}>
            {text.collect}
          </button>
        </div>
      )}
      {open?.kind === 'collect' && (
        <Suspense fallback={null}>
          <StopCollect
            detail={detail}
            balance={collectBalance(detail, all)}
            methods={money?.methods ?? []}
            onClose={(id) => setOpen(id ? { kind: 'receipt', id } : null)}
          />
        </Suspense>
      )}
      {receipt && (
        <Suspense fallback={null}>
          <CollectReceipt entry={receipt} onClose={() => setOpen(null)} />
        </Suspense>
      )}
    </div>
  );
}
