import { formatCalendarDate } from '../../../domain/format';
import { useState } from 'react';
import { APP_ROUTES, canOpen } from '../../../domain/app-routes';
import { driverMessages } from '../../../domain/messages/driver';
import { physicalInventoryMessages } from '../../../domain/messages/physical-inventory';
import { warehouseMessages } from '../../../domain/messages/warehouse';
import { hasPermission } from '../../../domain/permissions';
import { canStartProduction, orderDateRange, type OrderQuickFilter } from '../../../domain/rules/orders-to-fill';
import type { LocalOrder } from '../../../sync/db';
import { AppLink } from '../../ui/app-link';
import { Dialog } from '../../ui/dialog';
import { useConfirmSheet } from '../../ui/overlays';
import { useToast, type Notify } from '../../ui/toast';
import { useShell } from '../../ui/shell-context';
import { useLiveEvents } from '../../sync/live-events';
import { RecordNotes } from '../../ui/notes/notes-kit';
import { notesMessages } from '../../../domain/messages/notes';
import { PendingBadge } from '../../ui/sync/pending-badge';
import { useCommand, useSyncEngine, useSyncStatus } from '../../sync/sync-context';
import { useOrdersToFill, useOrderToFill } from '../../sync/warehouse-reads';
import './orders.css';
import { ScreenPage } from '../../ui/screen-chrome';

const text = warehouseMessages;
const QUICK_FILTERS: { value: OrderQuickFilter; label: string }[] = [
  { value: 'today', label: text.today },
  { value: 'tomorrow', label: text.tomorrow },
  { value: 'week', label: text.week },
  { value: 'range', label: text.other },
];

/**
 * `/orders`, the warehouse tablet's screen (spec §2 'Orders to fill'): the orders of the
 * chosen days from the device store, so it works offline; starting production and marking
 * an order filled are sync commands. A new order (live event) brings a sync at once.
 */
export default function OrdersPage() {
  const { user, deployment } = useShell();
  // The warehouse tablet's other task, the shelf count: it has no side menu to reach it from.
  const physicalInventory = APP_ROUTES.find((r) => r.path === '/physical-inventory');
  const canCount = physicalInventory !== undefined && canOpen(user, physicalInventory, deployment);
  const engine = useSyncEngine();
  const sync = useSyncStatus();
  const [filter, setFilter] = useState<OrderQuickFilter>('today');
  const [chosen, setChosen] = useState<[string, string]>(['', '']);
  const [openId, setOpenId] = useState<number | null>(null);
  const [notify, toast] = useToast();
  const range = orderDateRange(filter, new Date(), chosen);
  const orders = useOrdersToFill(range);
  useLiveEvents(hasPermission(user, 'orders'), (event) => {
    if (event.type === 'order.created' || event.type === 'order.changed') engine?.wake();
  });
  const loading = orders === undefined || !sync.loaded || (orders.length === 0 && sync.lastPulledAt === null);

  return (
    <ScreenPage
      title={text.title}
      overlays={
        <>
          {openId !== null && <OrderDetail id={openId} onClose={() => setOpenId(null)} notify={notify} />}
          {toast}
        </>
      }
    >
      {canCount && (
        <AppLink href="/physical-inventory" className="touch-button orders-page__physical">
          {physicalInventoryMessages.title}
        </AppLink>
      )}
      <div className="quick-filters" role="group" aria-label={text.quickFilters}>
        {QUICK_FILTERS.map((option) => (
          <button
            key={option.value}
            type="button"
            className="quick-filter"
            aria-pressed={filter === option.value}
            onClick={() => setFilter(option.value)}
          >
            {option.label}
          </button>
        ))}
      </div>
      {filter === 'range' && (
        <div className="quick-filters__range">
          <div className="field">
            <label htmlFor="orders-from">{text.from}</label>
            <input id="orders-from" type="date" value={chosen[0]} onChange={(e) => setChosen([e.target.value, chosen[1]])} />
          </div>
          <div className="field">
            <label htmlFor="orders-to">{text.to}</label>
            <input id="orders-to" type="date" value={chosen[1]} onChange={(e) => setChosen([chosen[0], e.target.value])} />
          </div>
          {range === null && <p className="field-hint">{text.bothDates}</p>}
        </div>
      )}
      {range !== null &&
        (loading ? (
          <div className="centered" role="status">
            <span className="spinner" aria-hidden="true" />
            <span>{text.loading}</span>
          </div>
        ) : orders.length === 0 ? (
          <p className="empty-state">{text.empty}</p>
        ) : (
          <ul className="order-cards">
            {orders.map((order) => (
              <li key={order.id}>
                <OrderCard order={order} onOpen={() => setOpenId(order.id)} />
              </li>
            ))}
          </ul>
        ))}
    </ScreenPage>
  );
}

function OrderCard({ order, onOpen }: { order: LocalOrder; onOpen: () => void }) {
  return (
    <button type="button" className="order-card" onClick={onOpen} aria-haspopup="dialog">
      <span className="order-card__top">
        <span className="order-card__folio">{text.folio(order.id)}</span>
        {order.bar && <span className="status-chip status-chip--today">{text.counter}</span>}
        {order.is_in_production && <span className="status-chip status-chip--warning">{text.inProduction}</span>}
      </span>
      <span className="order-card__company">{order.company.name}</span>
      <span>
        {order.company_branch?.name ?? '—'} · {formatCalendarDate(order.date)}
      </span>
      <PendingBadge records={`order:${order.id}`} />
    </button>
  );
}

/** 'Detalle de Pedido': items and notes, 'comenzar producción' and 'surtido', each confirmed first. */
function OrderDetail({ id, onClose, notify }: { id: number; onClose: () => void; notify: Notify }) {
  const order = useOrderToFill(id);
  return (
    <Dialog
      label={text.detailTitle}
      title={`${text.detailTitle}${order ? ` · ${text.folio(order.id)}` : ''}`}
      className="fullscreen-modal"
      onClose={onClose}
    >
      {(close) => <OrderDetailBody order={order} close={close} notify={notify} />}
    </Dialog>
  );
}

type OrderAction = 'start' | 'dispatch';

function OrderDetailBody({ order, close, notify }: { order: LocalOrder | null | undefined; close: () => void; notify: Notify }) {
  const { deployment } = useShell();
  const command = useCommand();
  const [error, setError] = useState<string | null>(null);
  const confirm = useConfirmSheet<OrderAction>(
    (action) => ({
      header: action === 'start' ? text.confirmStart : text.confirmDispatch,
      confirm: text.accept,
      // Filling closes this dialog too: it runs once the sheet is gone.
      whenGone: true,
      onConfirm: () => void run(action),
    }),
    text.cancel,
  );

  const run = async (action: OrderAction) => {
    if (!order) return;
    const payload = { orderId: order.id, quotation_items: order.items.map((line) => ({ item_id: line.item.id, quantity: line.quantity })) };
    const refusal = await command(action === 'start' ? 'startProduction' : 'dispatchOrder', payload);
    setError(refusal);
    if (refusal) return;
    notify(action === 'start' ? text.started : text.dispatched, 'success');
    // A filled order leaves the list: its dialog closes.
    if (action === 'dispatch') close();
  };

  return (
    <>
      {order === undefined && (
        <div className="centered" role="status">
          <span className="spinner" aria-hidden="true" />
        </div>
      )}
      {(order === null || order?.dispatched) && <p className="empty-state">{text.orderGone}</p>}
      {order && !order.dispatched && (
        <>
          <p className="order-detail__chips">
            {order.bar && <span className="status-chip status-chip--today">{text.counter}</span>}
            {order.is_in_production && <span className="status-chip status-chip--warning">{text.inProduction}</span>}
            <PendingBadge records={`order:${order.id}`} />
          </p>
          <dl className="facts">
            <dt>{driverMessages.branch}</dt>
            <dd>
              {order.company.name} · {order.company_branch?.name ?? '—'}
            </dd>
            <dt>{text.date}</dt>
            <dd>{formatCalendarDate(order.date)}</dd>
            <dt>{text.seller}</dt>
            <dd>
              {order.user.name} {order.user.last}
            </dd>
            {order.note && (
              <>
                <dt>{text.note}</dt>
                <dd>{order.note}</dd>
              </>
            )}
            {order.internal_note && (
              <>
                <dt>{text.internalNote}</dt>
                <dd>{order.internal_note}</dd>
              </>
            )}
          </dl>
          <h2 className="section-heading">{text.items}</h2>
          <table className="order-items">
            <tbody>
              {order.items.map((line, index) => (
                <tr key={index}>
                  <th scope="row">{line.item.name}</th>
                  <td className="numeric">
                    {line.quantity} {line.item.unit.name}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          {error && (
            <p role="alert" className="field-error">
              {error}
            </p>
          )}
          <div className="progress-buttons">
            {canStartProduction(order, deployment.flags.hideStartProductionWhenProductionExists) && (
              <button type="button" className="touch-button touch-button--primary" onClick={() => confirm.ask('start')}>
                {text.startProduction}
              </button>
            )}
            <button type="button" className="touch-button touch-button--success" onClick={() => confirm.ask('dispatch')}>
              {text.dispatch}
            </button>
          </div>
          <h2 className="section-heading">{notesMessages.onRecord}</h2>
          <RecordNotes record={{ type: 'sale', id: order.id }} onTaken={(message) => notify(message, 'success')} />
        </>
      )}
      {confirm.sheet}
    </>
  );
}
