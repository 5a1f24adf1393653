import { Fragment } from 'react';
import * as z from 'zod/mini';
import { PrintActions } from './print-actions';
import type { PrintViewProps } from './print-view';
import './sale-ticket.css';

/** What the driver's receipt stores to print (src/features/driver/collect-receipt.tsx builds it). */
const stopReceiptSchema = z.object({
  business: z.array(z.string()),
  title: z.string(),
  facts: z.array(z.object({ label: z.string(), value: z.string() })),
  note: z.nullable(z.string()),
});

/**
 * The receipt of a payment the driver took at a stop (print job kind 'stopReceipt'), as a
 * narrow ticket for a phone's receipt printer: the business, the receipt's number, its facts.
 */
export default function StopReceiptPrint({ data, onDone, onUnreadable }: PrintViewProps) {
  const parsed = stopReceiptSchema.safeParse(data);
  if (!parsed.success) return onUnreadable();
  const receipt = parsed.data;
  return (
    <main className="ticket">
      <PrintActions onDone={onDone} />
      {receipt.business.map((line, index) =>
        index === 0 ? (
          <h1 key={index}>{line}</h1>
        ) : (
          <p key={index} className="ticket__folio">
            {line}
          </p>
        ),
      )}
      <p className="ticket__folio">{receipt.title}</p>
      {receipt.note && <p className="ticket__provisional">{receipt.note}</p>}
      <dl className="ticket__facts">
        {receipt.facts.map((fact) => (
          <Fragment key={fact.label}>
            <dt>{fact.label}</dt>
            <dd>{fact.value}</dd>
          </Fragment>
        ))}
      </dl>
    </main>
  );
}
