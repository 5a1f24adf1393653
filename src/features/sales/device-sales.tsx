import { formatMoney } from '../../../domain/format';
import { offlineMoneyMessages } from '../../../domain/messages/offline-money';
import { syncMessages } from '../../../domain/messages/sync';
import { monterreyMinute } from '../../../domain/time';
import type { LocalSale } from '../../../sync/db';
import { openPrintWindow } from '../../lib/session-store';
import { useDeviceSales, type DeviceSale, type DeviceSaleState } from '../../sync/counter-reads';
import { useSyncEngine } from '../../sync/sync-context';
import { AppLink } from '../../ui/app-link';
import { useShell } from '../../ui/shell-context';
import { deviceSaleTicket } from './offline-sale';
import './device-sales.css';

const text = offlineMoneyMessages;

const CHIP: Record<DeviceSaleState, string> = {
  pending: 'status-chip--warning',
  sent: 'status-chip--success',
  refused: 'status-chip--danger',
  discarded: 'status-chip--neutral',
};

/**
 * 'Ventas de este dispositivo' (issue 46), below the counter's form: the sales the person made
 * on this device, newest first, each with its provisional folio and where it stands — waiting to
 * be sent, on the server as 'Venta #N' (with the server's total beside the device's when they
 * differ, and what the server warned of), refused with the server's reason and Reintentar /
 * Descartar, or discarded — and its ticket to print again. Collapsed to a count while empty.
 */
export function DeviceSales() {
  const { user } = useShell();
  const engine = useSyncEngine();
  const sales = useDeviceSales(user.id);
  if (!sales) return null;
  return (
    <DeviceSalesView
      sales={sales}
      onRetry={(id) => void engine?.retry(id)}
      onDiscard={(id) => void engine?.discard(id)}
      onPrint={(sale) => openPrintWindow({ kind: 'ticket', data: deviceSaleTicket(sale, monterreyMinute(new Date())) })}
    />
  );
}

export function DeviceSalesView({
  sales,
  onRetry,
  onDiscard,
  onPrint,
}: {
  sales: readonly DeviceSale[];
  onRetry: (id: string) => void;
  onDiscard: (id: string) => void;
  onPrint: (sale: LocalSale) => void;
}) {
  return (
    // Open while it holds sales; a closed one still says how many (none).
    <details className="device-sales" open={sales.length > 0}>
      <summary className="device-sales__summary">
        <h2 className="section-heading device-sales__title">{text.deviceSales}</h2>
        <span className="device-sales__count">{text.deviceSalesCount(sales.length)}</span>
      </summary>
      {sales.length === 0 ? (
        <p className="empty-state">{text.deviceSalesEmpty}</p>
      ) : (
        <ul className="device-sales__list">
          {sales.map((entry) => (
            <DeviceSaleRow
              key={entry.sale.id}
              entry={entry}
              onRetry={() => onRetry(entry.sale.id)}
              onDiscard={() => onDiscard(entry.sale.id)}
              onPrint={() => onPrint(entry.sale)}
            />
          ))}
        </ul>
      )}
    </details>
  );
}

function DeviceSaleRow({
  entry: { sale, state, reason },
  onRetry,
  onDiscard,
  onPrint,
}: {
  entry: DeviceSale;
  onRetry: () => void;
  onDiscard: () => void;
  onPrint: () => void;
}) {
  const arrived = sale.arrived;
  const folio = arrived ? text.realFolio(arrived.id) : sale.provisional;
  const changed = arrived !== null && arrived.total !== sale.total;
  return (
    <li className="device-sale">
      <article aria-label={text.saleOf(sale.provisional, sale.company)}>
        <p className="device-sale__head">
          <strong>{sale.provisional}</strong>
          <span className="device-sale__customer">{sale.company}</span>
          <span className="device-sale__total">
            <span className="visually-hidden">{text.deviceTotal}: </span>
            {formatMoney(arrived?.total ?? sale.total)}
          </span>
          {arrived ? (
            <AppLink href={`/sales/${arrived.id}`} className={`status-chip ${CHIP.sent} device-sale__link`}>
              {text.realFolio(arrived.id)}
            </AppLink>
          ) : (
            <span className={`status-chip ${CHIP[state]}`}>{text.state[state]}</span>
          )}
        </p>
        <p className="device-sale__when">{monterreyMinute(new Date(sale.madeAt))}</p>
        {changed && <p className="device-sale__changed">{text.totalChanged(sale.total, arrived.total)}</p>}
        <Warnings title={text.deviceWarnings} warnings={sale.warnings} />
        <Warnings title={text.serverWarnings} warnings={arrived?.offline_warnings ?? []} />
        {state === 'refused' && (
          <div className="device-sale__refused" role="alert">
            <p className="refused-changes__reason">{reason}</p>
            <p className="refused-changes__help">{text.refusedHelp}</p>
          </div>
        )}
        <div className="device-sale__actions">
          {state !== 'discarded' && (
            <button type="button" className="outline-button" aria-label={text.reprintOf(folio)} onClick={onPrint}>
              {text.reprint}
            </button>
          )}
          {state === 'refused' && (
            <>
              <button type="button" className="outline-button" onClick={onRetry}>
                {syncMessages.retry}
              </button>
              <button type="button" className="outline-button outline-button--danger" onClick={onDiscard}>
                {syncMessages.discard}
              </button>
            </>
          )}
        </div>
      </article>
    </li>
  );
}

function Warnings({ title, warnings }: { title: string; warnings: readonly string[] }) {
  if (warnings.length === 0) return null;
  return (
    <div className="device-sale__warnings">
      <p className="device-sale__warnings-title">{title}</p>
      <ul>
        {warnings.map((warning) => (
          <li key={warning}>{warning}</li>
        ))}
      </ul>
    </div>
  );
}
