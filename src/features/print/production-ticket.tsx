import { formatCalendarDate, formatQuantityOf } from '../../../domain/format';
import { ticketMessages } from '../../../domain/messages/ticket';
import { productionTicketSchema } from '../../../domain/schemas/ticket';
import { PrintActions } from './print-actions';
import type { PrintViewProps } from './print-view';
import './sale-ticket.css';

const text = ticketMessages;
const mf = ticketMessages.production;

/** The production ticket ('ticket MF', spec §2 print views): what to make, the raw material it takes, and who made and checked it. */
export default function ProductionTicket({ data, onDone, onUnreadable }: PrintViewProps) {
  const parsed = productionTicketSchema.safeParse(data);
  if (!parsed.success) return onUnreadable();
  const ticket = parsed.data;
  const lines = (title: string, rows: typeof ticket.products) =>
    rows.length > 0 && (
      <table className="ticket__lines">
        <thead>
          <tr>
            <th scope="col">{title}</th>
            <th scope="col">{text.quantity}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((line, index) => (
            <tr key={index}>
              <th scope="row">{line.name}</th>
              <td>{formatQuantityOf(line.quantity, line.unit)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    );
  return (
    <main className="ticket">
      <PrintActions onDone={onDone} />
      <h1>{mf.title}</h1>
      <p className="ticket__folio">{mf.folio(ticket.id)}</p>
      <dl className="ticket__facts">
        <dt>{mf.origin}</dt>
        <dd>{ticket.origin}</dd>
        <dt>{mf.status}</dt>
        <dd>{ticket.status}</dd>
        {ticket.plannedDate && (
          <>
            <dt>{mf.plannedDate}</dt>
            <dd>{formatCalendarDate(ticket.plannedDate)}</dd>
          </>
        )}
        <dt>{text.printedAt}</dt>
        <dd>{ticket.printedAt}</dd>
      </dl>
      {lines(mf.products, ticket.products)}
      {lines(mf.rawMaterial, ticket.rawMaterial)}
      {ticket.note && (
        <p>
          {text.note}: {ticket.note}
        </p>
      )}
      <div className="ticket__signature">
        <div className="ticket__line" />
        <p>{mf.madeBy}</p>
        <div className="ticket__line" />
        <p>{mf.checkedBy}</p>
      </div>
    </main>
  );
}
