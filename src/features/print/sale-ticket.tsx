import { formatMoney, formatCalendarDate } from '../../../domain/format';
import { offlineMoneyMessages } from '../../../domain/messages/offline-money';
import { ticketMessages } from '../../../domain/messages/ticket';
import { PrintActions } from './print-actions';
import type { PrintViewProps } from './print-view';
import { saleTicketSchema } from '../../../domain/schemas/ticket';
import './sale-ticket.css';

const text = ticketMessages;

/**
 * The sale ticket (spec §2 print views): the saved sale, its lines and totals, and a signature
 * area. A sale made without a connection and not yet on the server prints its provisional folio,
 * marked as such; once arrived, its number and the provisional folio it was sold under.
 */
export default function SaleTicket({ data, onDone, onUnreadable }: PrintViewProps) {
  const parsed = saleTicketSchema.safeParse(data);
  if (!parsed.success) return onUnreadable();
  const sale = parsed.data;
  return (
    <main className="ticket">
      <PrintActions onDone={onDone} />
      <h1>{text.title}</h1>
      {sale.id === null ? (
        <>
          <p className="ticket__folio">{offlineMoneyMessages.provisionalFolio(sale.provisional ?? '')}</p>
          <p className="ticket__provisional">{offlineMoneyMessages.ticketProvisionalNote}</p>
        </>
      ) : (
        <>
          <p className="ticket__folio">{text.folio(sale.id)}</p>
          {sale.provisional && <p className="ticket__provisional">{offlineMoneyMessages.ticketMadeOfflineAs(sale.provisional)}</p>}
        </>
      )}
      <dl className="ticket__facts">
        <dt>{text.customer}</dt>
        <dd>{sale.company}</dd>
        {sale.branch && (
          <>
            <dt>{text.branch}</dt>
            <dd>{sale.branch}</dd>
          </>
        )}
        <dt>{text.date}</dt>
        <dd>{formatCalendarDate(sale.date)}</dd>
        <dt>{text.seller}</dt>
        <dd>{sale.seller}</dd>
        <dt>{text.series}</dt>
        <dd>
          {sale.type}
          {sale.bar ? ` · ${text.counter}` : ''}
        </dd>
        <dt>{text.printedAt}</dt>
        <dd>{sale.printedAt}</dd>
      </dl>
      <table className="ticket__lines">
        <thead>
          <tr>
            <th scope="col">{text.product}</th>
            <th scope="col">{text.quantity}</th>
            <th scope="col">{text.amount}</th>
          </tr>
        </thead>
        <tbody>
          {sale.items.map((line, index) => (
            <tr key={index}>
              <th scope="row">
                {line.name}
                <span className="ticket__price">
                  {formatMoney(line.price)} / {line.unit}
                </span>
              </th>
              <td>{line.quantity}</td>
              <td>{formatMoney(line.amount)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <dl className="ticket__totals">
        <dt>{text.subtotal}</dt>
        <dd>{formatMoney(sale.subtotal)}</dd>
        <dt>{text.iva}</dt>
        <dd>{formatMoney(sale.iva)}</dd>
        <dt>{text.total}</dt>
        <dd>{formatMoney(sale.total)}</dd>
      </dl>
      {sale.note && (
        <p>
          {text.note}: {sale.note}
        </p>
      )}
      <div className="ticket__signature">
        <div className="ticket__line" />
        <p>{text.signature}</p>
        <div className="ticket__line" />
        <p>{text.name}</p>
      </div>
    </main>
  );
}
