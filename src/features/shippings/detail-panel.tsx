import { useCallback, useId, useState, type FormEvent } from 'react';
import { formatKg, formatMoment, mapsSearchUrl, formatCalendarDate } from '../../../domain/format';
import { Dialog } from '../../ui/dialog';
import { driverMessages } from '../../../domain/messages/driver';
import { commonMessages } from '../../../domain/messages/shell';
import { shippingDetailsMessages, shippingsMessages } from '../../../domain/messages/shippings';
import { rentalMessages } from '../../../domain/messages/rentals';
import { hasPermission } from '../../../domain/permissions';
import { deliveryStatus, timelineColour } from '../../../domain/rules/delivery-status';
import type { ShippingSummary, ShippingDetailSummary } from '../../../domain/schemas/shipping';
import { getErrorMessage } from '../../lib/api';
import { useShell } from '../../ui/shell-context';
import { FormActions } from '../../ui/form-actions';
import { useConfirmSheet, useRowMenu } from '../../ui/overlays';
import { DeliveryOutcome, DeliveryTimeline, RouteFacts, SaleFacts } from '../../ui/route/route-view';
import { useDispatchedOrders, useFullShipping, useNearbyRoutes, useShippingMutations } from './queries';
import { EvidenceLink } from '../../ui/evidence-link';
import { DeliveryReceipt } from './delivery-receipt';
import { Field } from '../../ui/form-fields';

const text = shippingDetailsMessages;
const saleFolio = driverMessages.saleFolio;
export type Notify = (message: string, tone: 'success' | 'danger') => void;

/** A completed stop with something of issue 47's receipt to show: a partial delivery, a receiver, a signature. */
const hasReceipt = (detail: ShippingDetailSummary) =>
  detail.completed && (detail.partial === true || Boolean(detail.received_by) || Boolean(detail.signature));

const detailHeader = (detail: ShippingDetailSummary) => `${saleFolio(detail.sale_id)} · ${detail.sale.company_name}`;

/**
 * One route's sales (spec §2 'Shipping detail panel'): the table 'Envios' on wide screens,
 * the route card with its timeline on small ones. Agregar, edit and delete follow the
 * permissions of §6; completed sales have no edit or delete.
 */
export function DetailPanel({ shipping, wide, notify }: { shipping: ShippingSummary; wide: boolean; notify: Notify }) {
  const { user } = useShell();
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<ShippingDetailSummary | null>(null);
  const { removeDetail } = useShippingMutations();
  const canAdd = hasPermission(user, 'editShippingDetails');
  const confirmDelete = useConfirmSheet<ShippingDetailSummary>(
    (deleting) => ({
      header: text.deleteConfirm(saleFolio(deleting.sale_id), shipping.id),
      confirm: shippingsMessages.delete,
      destructive: true,
      onConfirm: () =>
        removeDetail.mutate(deleting.id, {
          onSuccess: () => notify(text.removed, 'success'),
          onError: (error) => notify(getErrorMessage(error), 'danger'),
        }),
    }),
    shippingsMessages.cancel,
  );
  const askDelete = confirmDelete.ask;
  const canEditDetail = hasPermission(user, 'editShippingDetails');
  // A partial delivery's lines are its sale's return, read where the person may read returns.
  const canReadReturns = hasPermission(user, 'sales') || hasPermission(user, 'cancelations');
  const canDeleteDetail = hasPermission(user, 'deleteShippingDetails');
  const menuItems = useCallback(
    (detail: ShippingDetailSummary) =>
      detail.completed
        ? []
        : [
            ...(canEditDetail ? [{ text: shippingsMessages.edit, handler: () => setEditing(detail) }] : []),
            ...(canDeleteDetail ? [{ text: shippingsMessages.delete, role: 'destructive', handler: () => askDelete(detail) }] : []),
          ],
    [canEditDetail, canDeleteDetail, askDelete],
  );
  const menu = useRowMenu(detailHeader, menuItems);
  const actions = (detail: ShippingDetailSummary) =>
    menuItems(detail).length > 0 ? (
      <button
        type="button"
        className="icon-button detail-panel__menu"
        aria-label={text.actionsFor(saleFolio(detail.sale_id))}
        onClick={() => menu.open(detail)}
      >
        <span aria-hidden="true">⋮</span>
      </button>
    ) : null;
  const details = shipping.shipping_details;
  // The card shows each sale's lines, contact and address, which the list does not send.
  const full = useFullShipping(shipping, !wide);
  const fullDetails = new Map(full.data?.shipping_details.map((detail) => [detail.id, detail]));

  return (
    <section className="detail-panel" aria-label={`${text.title} · ${driverMessages.routeFolio(shipping.id)}`}>
      <div className="detail-panel__header">
        <h3>{text.title}</h3>
        {canAdd && (
          <button type="button" className="button-primary detail-panel__add" onClick={() => setAdding(true)}>
            {text.add}
          </button>
        )}
      </div>
      {wide ? (
        details.length === 0 ? (
          <p className="empty-state">{text.empty}</p>
        ) : (
          <table className="data-table data-table--inner">
            <thead>
              <tr>
                <th scope="col">{text.columns.sale}</th>
                <th scope="col">{text.columns.status}</th>
                <th scope="col">{text.columns.evidenceTime}</th>
                <th scope="col">{text.columns.pdf}</th>
                <th scope="col">{text.columns.weight}</th>
                <th scope="col">{text.columns.note}</th>
                <th scope="col">
                  <span className="visually-hidden">{text.columns.actions}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {details.map((detail) => (
                <tr key={detail.id}>
                  <th scope="row">
                    {saleFolio(detail.sale_id)} · {detail.sale.company_name}
                  </th>
                  <td>
                    <StatusChip detail={detail} />
                  </td>
                  <td>{detail.delivered_at ?? '—'}</td>
                  <td>
                    {detail.pdf ? <EvidenceLink name={detail.pdf}>{text.evidence}</EvidenceLink> : '—'}
                    {typeof detail.latitude === 'number' && typeof detail.longitude === 'number' && (
                      <>
                        {' · '}
                        <a href={mapsSearchUrl(`${detail.latitude},${detail.longitude}`)} target="_blank" rel="noopener noreferrer">
                          {text.position}
                        </a>
                      </>
                    )}
                    {hasReceipt(detail) && <DeliveryReceipt detail={detail} canReadReturns={canReadReturns} />}
                  </td>
                  <td className="numeric">{formatKg(detail.sale.sale_weight)}</td>
                  <td>{detail.sale.internal_note || detail.sale.note || '—'}</td>
                  <td>{actions(detail)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )
      ) : (
        <div className="route-card">
          <RouteFacts shipping={shipping} details={details} />
          <DeliveryTimeline
            details={details}
            renderDelivery={(detail, status) => (
              <article className="delivery-card">
                <header className="delivery-card__header">
                  <h4>
                    {saleFolio(detail.sale_id)} · {detail.sale.company_name}
                  </h4>
                  {status}
                  {actions(detail)}
                </header>
                {fullDetails.has(detail.id) ? (
                  <SaleFacts detail={fullDetails.get(detail.id)!} />
                ) : (
                  <p className="detail-panel__loading">{full.isError ? getErrorMessage(full.error) : commonMessages.loading}</p>
                )}
                <DeliveryOutcome detail={detail} />
                {detail.pdf && <EvidenceLink name={detail.pdf}>{text.evidence}</EvidenceLink>}
                {hasReceipt(detail) && <DeliveryReceipt detail={detail} canReadReturns={canReadReturns} />}
              </article>
            )}
          />
          <p className="route-card__dates">
            {shippingsMessages.columns.createdAt}: {formatMoment(shipping.created_at)} · {shippingsMessages.columns.updatedAt}:{' '}
            {formatMoment(shipping.updated_at)}
          </p>
        </div>
      )}
      {menu.sheet}
      {confirmDelete.sheet}
      {adding && <AddDetailDialog shipping={shipping} notify={notify} onClose={() => setAdding(false)} />}
      {editing && <EditDetailDialog detail={editing} route={shipping} notify={notify} onClose={() => setEditing(null)} />}
    </section>
  );
}

function StatusChip({ detail }: { detail: ShippingDetailSummary }) {
  const status = deliveryStatus(detail);
  const reason =
    status === 'No Entregado' && detail.delivery_rejection_comment ? text.rejection(detail.delivery_rejection_comment) : undefined;
  return (
    <span className={`status-chip status-chip--${timelineColour(detail)}`} title={reason}>
      {driverMessages.statuses[status]}
      {/* The reason shows on hover (spec §4) and is read out for those who cannot hover. */}
      {reason && <span className="visually-hidden"> · {reason}</span>}
    </span>
  );
}

/**
 * 'Agregar Orden de Envío': search the filled (dispatched) sales and put one on this route. A
 * rental business fills nothing: a delivery route searches the rentals not yet out, a pick-up
 * route those delivered and not yet back.
 */
function AddDetailDialog({ shipping, notify, onClose }: { shipping: ShippingSummary; notify: Notify; onClose: () => void }) {
  const shippingId = shipping.id;
  const kind = shipping.kind ?? 'entrega';
  const rentsGoods = useShell().deployment.flags.rentsGoods;
  const texts = rentsGoods
    ? kind === 'recoleccion'
      ? { search: rentalMessages.searchForPickup, none: rentalMessages.noRentalsToPickUp }
      : { search: rentalMessages.searchForDelivery, none: rentalMessages.noRentalsToDeliver }
    : { search: text.saleSearch, none: text.noSales };
  const [search, setSearch] = useState('');
  const [saleId, setSaleId] = useState<number | null>(null);
  const orders = useDispatchedOrders(search, kind);
  const { addDetail } = useShippingMutations();
  const searchId = useId();
  const submit = (event: FormEvent, close: () => void) => {
    event.preventDefault();
    if (saleId === null) return;
    addDetail.mutate(
      { sale_id: saleId, shipping_id: shippingId },
      {
        onSuccess: () => {
          notify(text.added, 'success');
          close();
        },
        onError: (error) => notify(getErrorMessage(error), 'danger'),
      },
    );
  };
  return (
    <Dialog label={text.addTitle} onClose={onClose}>
      {(close) => (
        <form onSubmit={(event) => submit(event, close)} className="shipping-form">
          <Field id={searchId} label={texts.search}>
            <input id={searchId} type="search" autoComplete="off" value={search} onChange={(e) => setSearch(e.target.value)} />
          </Field>
          <fieldset className="filter-form__group" aria-busy={orders.isFetching}>
            <legend>{text.pickSale}</legend>
            {orders.data?.length === 0 && <p>{texts.none}</p>}
            <div className="check-list">
              {orders.data?.map((order) => (
                <label key={order.id} className="check-list__option">
                  <input type="radio" name="sale" checked={saleId === order.id} onChange={() => setSaleId(order.id)} />
                  {saleFolio(order.id)} · {formatCalendarDate(order.date)} · {order.company.razon_social}
                </label>
              ))}
            </div>
          </fieldset>
          <FormActions
            serverError={null}
            pending={addDetail.isPending}
            disabled={saleId === null}
            onCancel={close}
            labels={shippingsMessages}
          />
        </form>
      )}
    </Dialog>
  );
}

/** 'Editar Orden de Envío': the Entregado switch, the route it belongs to, the invoice number. */
function EditDetailDialog({
  detail,
  route,
  notify,
  onClose,
}: {
  detail: ShippingDetailSummary;
  route: ShippingSummary;
  notify: Notify;
  onClose: () => void;
}) {
  const [completed, setCompleted] = useState(detail.completed);
  const [shippingId, setShippingId] = useState(detail.shipping_id);
  const [invoice, setInvoice] = useState(detail.invoice ?? '');
  const { updateDetail } = useShippingMutations();
  const ids = { delivered: useId(), shipping: useId(), invoice: useId() };
  // The routes a sale can move to: those of the days around its own route's.
  const nearby = useNearbyRoutes(route.date);
  const options = [route, ...(nearby.data ?? []).filter((s) => s.id !== route.id)];
  const submit = (event: FormEvent, close: () => void) => {
    event.preventDefault();
    updateDetail.mutate(
      { id: detail.id, sale_id: detail.sale_id, shipping_id: shippingId, completed, invoice: invoice.trim() || null },
      {
        onSuccess: () => {
          notify(text.updated, 'success');
          close();
        },
        onError: (error) => notify(getErrorMessage(error), 'danger'),
      },
    );
  };
  return (
    <Dialog label={text.editTitle} onClose={onClose}>
      {(close) => (
        <form onSubmit={(event) => submit(event, close)} className="shipping-form">
          <label className="switch-field" htmlFor={ids.delivered}>
            <input id={ids.delivered} type="checkbox" role="switch" checked={completed} onChange={(e) => setCompleted(e.target.checked)} />
            {text.delivered}
          </label>
          <Field id={ids.shipping} label={text.shipping}>
            <select id={ids.shipping} value={shippingId} onChange={(e) => setShippingId(Number(e.target.value))}>
              {options.map((s) => (
                <option key={s.id} value={s.id}>
                  {driverMessages.routeFolio(s.id)}
                  {s.date ? ` · ${formatCalendarDate(s.date)}` : ''}
                </option>
              ))}
            </select>
          </Field>
          <Field id={ids.invoice} label={text.invoice}>
            <input id={ids.invoice} maxLength={60} value={invoice} onChange={(e) => setInvoice(e.target.value)} />
          </Field>
          <FormActions serverError={null} pending={updateDetail.isPending} onCancel={close} labels={shippingsMessages} />
        </form>
      )}
    </Dialog>
  );
}
