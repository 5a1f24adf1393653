import { formatKg } from '../../../domain/format';
import { driverMessages } from '../../../domain/messages/driver';
import { manifestMessages } from '../../../domain/messages/manifest';
import { PrintActions } from './print-actions';
import type { PrintViewProps } from './print-view';
import { deliveryStatus, shippingWeight } from '../../../domain/rules/delivery-status';
import { shippingSchema } from '../../../domain/schemas/shipping';
import './shipping-manifest.css';

const text = manifestMessages;
const person = (p: { name: string; last: string } | null) => (p ? `${p.name} ${p.last}` : '—');

/**
 * The route manifest 'Detalle de Envío' (spec §2 print views): every sale of the route with
 * its items and weights, driver, vehicle, odometer and signature lines, laid out for A4 or
 * letter. Printing closes the window (the stored job is cleared first).
 */
export default function ShippingManifest({ data, onDone, onUnreadable }: PrintViewProps) {
  const parsed = shippingSchema.safeParse(data);
  if (!parsed.success) return onUnreadable();
  const shipping = parsed.data;
  const details = shipping.shipping_details;
  const odometer = (km: number | null, at: string | null) => (km === null ? '—' : `${km} kms${at ? ` (${at})` : ''}`);

  return (
    <main className="manifest">
      <PrintActions onDone={onDone} />
      <header className="manifest__header">
        <h1>{text.title}</h1>
        <p className="manifest__folio">{driverMessages.routeFolio(shipping.id)}</p>
      </header>
      <dl className="manifest__facts">
        <dt>{driverMessages.date}</dt>
        <dd>{shipping.date}</dd>
        <dt>{driverMessages.driver}</dt>
        <dd>{person(shipping.driver)}</dd>
        <dt>{driverMessages.vehicle}</dt>
        <dd>{shipping.vehicle?.name ?? driverMessages.noVehicle}</dd>
        <dt>{driverMessages.initialKm}</dt>
        <dd>{odometer(shipping.initial_km, shipping.km_capture_time_start)}</dd>
        <dt>{driverMessages.finalKm}</dt>
        <dd>{odometer(shipping.final_km, shipping.km_capture_time)}</dd>
        {shipping.note && (
          <>
            <dt>{driverMessages.note}</dt>
            <dd>{shipping.note}</dd>
          </>
        )}
      </dl>
      {details.length === 0 ? (
        <p>{text.noSales}</p>
      ) : (
        <div className="manifest__scroll">
          <table className="manifest__table">
            <thead>
              <tr>
                <th scope="col">{text.sale}</th>
                <th scope="col">{text.company}</th>
                <th scope="col">{text.product}</th>
                <th scope="col">{driverMessages.weight}</th>
                <th scope="col">{text.status}</th>
              </tr>
            </thead>
            <tbody>
              {details.map((detail) => (
                <tr key={detail.id}>
                  <td>{driverMessages.saleFolio(detail.sale.id)}</td>
                  <td>
                    {detail.sale.company_name}
                    {detail.sale.company.delivery_address && (
                      <div className="manifest__address">{detail.sale.company.delivery_address}</div>
                    )}
                  </td>
                  <td>
                    <ul>
                      {detail.sale.sale_items.map((line, index) => (
                        <li key={index}>
                          {line.quantity} × {line.item.name}
                        </li>
                      ))}
                    </ul>
                  </td>
                  <td className="manifest__number">{formatKg(detail.sale.sale_weight)}</td>
                  <td>{driverMessages.statuses[deliveryStatus(detail)]}</td>
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr>
                <th scope="row" colSpan={3}>
                  {text.totalWeight}
                </th>
                <td className="manifest__number">{formatKg(details.reduce((sum, d) => sum + d.sale.sale_weight, 0))}</td>
                <td>{formatKg(shippingWeight(details))}</td>
              </tr>
            </tfoot>
          </table>
        </div>
      )}
      <section className="manifest__signatures">
        <div>{text.driverSignature}</div>
        <div>{text.receiverSignature}</div>
      </section>
    </main>
  );
}
