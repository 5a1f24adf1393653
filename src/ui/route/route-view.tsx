import type { ReactNode } from 'react';
import { formatKg, formatMoney, mapsSearchUrl, formatCalendarDate } from '../../../domain/format';
import { driverMessages } from '../../../domain/messages/driver';
import { deliveryStatus, shippingWeight, timelineColour } from '../../../domain/rules/delivery-status';
import { routeKilometres, shippingProgress } from '../../../domain/rules/shipping-progress';
import type { Shipping, ShippingDetail, ShippingDetailSummary } from '../../../domain/schemas/shipping';

/**
 * What the 'Entregas' dialog shows (spec §2 shipping detail panel, mobile card), as plain
 * components of data and callbacks: the screen wires them to the device store and commands.
 */
const text = driverMessages;
/** A route's own fields, from the device store (driver) or the server (office). */
type RouteFields = Omit<Shipping, 'shipping_details'>;

export const personName = (person: { name: string; last: string } | null | undefined) =>
  person ? `${person.name} ${person.last}`.trim() : '—';

/** 'Iniciar' until the start is captured, then 'Terminar', then neither (spec §4); 'Imprimir' always. */
export function ProgressButtons({
  shipping,
  onStart,
  onFinish,
  onPrint,
}: {
  shipping: Pick<RouteFields, 'initial_km' | 'final_km'>;
  onStart: () => void;
  onFinish: () => void;
  onPrint: () => void;
}) {
  const progress = shippingProgress(shipping);
  return (
    <div className="progress-buttons">
      {progress === 'not-started' && (
        <button type="button" className="touch-button touch-button--primary" onClick={onStart}>
          {text.start}
        </button>
      )}
      {progress === 'on-route' && (
        <button type="button" className="touch-button touch-button--primary" onClick={onFinish}>
          {text.finish}
        </button>
      )}
      <button type="button" className="touch-button" onClick={onPrint}>
        {text.print}
      </button>
    </div>
  );
}

/** The route's facts: vehicle, driver, date, odometer with capture times, weight, notes, kilometres. */
export function RouteFacts({ shipping, details }: { shipping: RouteFields; details: readonly ShippingDetailSummary[] }) {
  const travelled = routeKilometres(shipping);
  const odometer = (km: number | null, at: string | null) => (km === null ? text.notCaptured : text.km(km, at));
  return (
    <dl className="facts">
      <dt>{text.vehicle}</dt>
      <dd>{shipping.vehicle?.name ?? text.noVehicle}</dd>
      <dt>{text.driver}</dt>
      <dd>{personName(shipping.driver)}</dd>
      <dt>{text.date}</dt>
      <dd>{formatCalendarDate(shipping.date)}</dd>
      <dt>{text.initialKm}</dt>
      <dd>{odometer(shipping.initial_km, shipping.km_capture_time_start)}</dd>
      <dt>{text.finalKm}</dt>
      <dd>{odometer(shipping.final_km, shipping.km_capture_time)}</dd>
      <dt>{text.weight}</dt>
      <dd>{formatKg(shippingWeight(details))}</dd>
      <dt>{text.travelled}</dt>
      <dd>{travelled === null ? '—' : text.kms(travelled)}</dd>
      {shipping.note && (
        <>
          <dt>{text.note}</dt>
          <dd>{shipping.note}</dd>
        </>
      )}
    </dl>
  );
}

/** One sale of the route: who, what, how much, where, and who sold it. */
export function SaleFacts({ detail }: { detail: ShippingDetail }) {
  const { sale } = detail;
  const address = sale.company.delivery_address;
  return (
    <dl className="facts">
      <dt>{text.contact}</dt>
      <dd>{personName(sale.contact)}</dd>
      <dt>{text.branch}</dt>
      <dd>{sale.company_branch?.name ?? '—'}</dd>
      <dt>{text.items}</dt>
      <dd>
        <ul className="sale-items">
          {sale.sale_items.map((line, index) => (
            <li key={index}>
              {line.quantity} × {line.item.name}
            </li>
          ))}
        </ul>
      </dd>
      <dt>{text.saleWeight}</dt>
      <dd>{formatKg(sale.sale_weight)}</dd>
      <dt>{text.dueBalance}</dt>
      <dd>{formatMoney(sale.sale_due_balance)}</dd>
      <dt>{text.address}</dt>
      <dd>
        {address ? (
          <a href={mapsSearchUrl(address)} target="_blank" rel="noopener noreferrer">
            {address}
          </a>
        ) : (
          text.noAddress
        )}
      </dd>
      <dt>{text.seller}</dt>
      <dd>{personName(sale.user)}</dd>
    </dl>
  );
}

/** A delivery's status word in its colour: green delivered, red not delivered, amber pending. */
export function DeliveryStatusChip({ detail }: { detail: ShippingDetailSummary }) {
  return <span className={`status-chip status-chip--${timelineColour(detail)}`}>{text.statuses[deliveryStatus(detail)]}</span>;
}

/**
 * The sales of the route in a timeline coloured by status (spec §2): green delivered,
 * red not delivered, amber pending. `renderDelivery` draws each sale with its actions.
 */
export function DeliveryTimeline<Detail extends ShippingDetailSummary>({
  details,
  renderDelivery,
}: {
  details: readonly Detail[];
  /** Renders a sale with its status word (`status`) where the sale wants it. */
  renderDelivery: (detail: Detail, status: ReactNode) => ReactNode;
}) {
  if (details.length === 0) return <p className="empty-state">{text.noDeliveries}</p>;
  return (
    <ol className="timeline" aria-label={text.timeline}>
      {details.map((detail) => {
        const colour = timelineColour(detail);
        return (
          <li key={detail.id} className={`timeline__item timeline__item--${colour}`}>
            {renderDelivery(detail, <DeliveryStatusChip detail={detail} />)}
          </li>
        );
      })}
    </ol>
  );
}

/** The reason a delivery was not made, and where the driver was, when known. */
export function DeliveryOutcome({ detail }: { detail: ShippingDetailSummary }) {
  const rejected = detail.completed && !detail.is_delivered && detail.delivery_rejection_comment;
  const hasPosition = typeof detail.latitude === 'number' && typeof detail.longitude === 'number';
  return (
    <>
      {rejected && <p className="rejection-reason">{text.rejectionShown(detail.delivery_rejection_comment!)}</p>}
      {hasPosition && (
        <p>
          <a href={mapsSearchUrl(`${detail.latitude},${detail.longitude}`)} target="_blank" rel="noopener noreferrer">
            {text.position}
          </a>
        </p>
      )}
    </>
  );
}
