import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { entryLabel, metodoPago, motivoCancelacion } from '../../../domain/cfdi/catalogs';
import { formatMoment, formatMoney } from '../../../domain/format';
import { invoicingMessages } from '../../../domain/messages/invoicing';
import { invoicingScreenMessages } from '../../../domain/messages/invoicing-screens';
import type { CfdiDocument } from '../../../domain/schemas/invoicing';
import type { SaleDetail } from '../../../domain/schemas/quotations';
import { getErrorMessage } from '../../lib/api';
import { actionLabel, actionOpensDialog, CfdiStatus, useCfdiActions } from '../../ui/cfdi/cfdi-actions';
import {
  cfdiActions,
  cfdiFolio,
  cfdiName,
  liveInvoice,
  notInvoiceable,
  saleCfdiQueryOptions,
  useCfdiRequests,
  type CfdiAction,
} from '../../ui/cfdi/cfdi-documents';
import { isRecipientsRefusal, RecipientsField, recipientsOf } from '../../ui/cfdi/recipients';
import { QueryStatus } from '../../ui/query-status';
import { Fact } from '../../ui/record-page';
import type { Notify } from '../../ui/toast';

const text = invoicingScreenMessages;

/**
 * 'Facturar' with its 'Enviar al cliente por correo' box, while the sale has no live invoice;
 * with the box ticked, 'Destinatarios' (`to`, as typed) and what is wrong with them (`toError`).
 */
export interface InvoiceOffer {
  email: boolean;
  onEmail: (email: boolean) => void;
  to: string;
  onTo: (to: string) => void;
  toError: string | null;
  sending: boolean;
  onInvoice: () => void;
}

/**
 * The sale's fiscal documents (its invoice, credit notes, payment receipts, the global invoice
 * it went into), each with its state in the server's words, its folio fiscal once stamped, the
 * PAC's message when it refused it, and the actions its state admits. `refusal` is what the
 * server said to the last 'Facturar' (it names what is missing: the customer's fiscal data, a
 * product's SAT key, the setup).
 */
export function SaleInvoicesView({
  documents,
  manage,
  offer,
  note,
  refusal,
  onAction,
}: {
  documents: readonly CfdiDocument[];
  manage: boolean;
  offer: InvoiceOffer | null;
  note: string | null;
  refusal: string | null;
  onAction: (document: CfdiDocument, action: CfdiAction) => void;
}) {
  const emailId = useId();
  const toId = useId();
  return (
    <div className="sale-invoices">
      {documents.length === 0 ? (
        <p className="empty-state">{text.sale.empty}</p>
      ) : (
        // A document's state changes while the page is open (the queue stamps it): said as it changes.
        <ul className="cfdi-documents" aria-live="polite">
          {documents.map((document) => (
            <CfdiDocumentItem key={document.id} document={document} actions={cfdiActions(document, manage)} onAction={onAction} />
          ))}
        </ul>
      )}
      {note && <p className="field-hint">{note}</p>}
      {offer && (
        <>
          <p className="cfdi-invoice">
            <label htmlFor={emailId} className="check-list__option">
              <input id={emailId} type="checkbox" checked={offer.email} onChange={(e) => offer.onEmail(e.target.checked)} />
              {text.sale.emailOnStamp}
            </label>
            <button type="button" className="button-primary button-primary--padded" disabled={offer.sending} onClick={offer.onInvoice}>
              {offer.sending ? text.sale.invoicing : text.sale.invoice}
            </button>
          </p>
          {offer.email && <RecipientsField id={toId} value={offer.to} error={offer.toError} onChange={offer.onTo} />}
        </>
      )}
      {refusal && (
        <p role="alert" className="field-error">
          {refusal}
        </p>
      )}
    </div>
  );
}

function CfdiDocumentItem({
  document,
  actions,
  onAction,
}: {
  document: CfdiDocument;
  actions: CfdiAction[];
  onAction: (document: CfdiDocument, action: CfdiAction) => void;
}) {
  const labels = text.document;
  const method = metodoPago(document.metodo_pago);
  const motive = motivoCancelacion(document.cancel_motive);
  return (
    <li className="cfdi-document">
      <p className="cfdi-document__title">
        <span>{labels.title(invoicingMessages.kinds[document.kind], cfdiFolio(document))}</span>
        <CfdiStatus status={document.status} />
      </p>
      <dl className="facts">
        {document.uuid && (
          <Fact label={labels.uuid}>
            <span className="cfdi-document__uuid">{document.uuid}</span>
          </Fact>
        )}
        <Fact label={labels.total}>{formatMoney(document.total)}</Fact>
        <Fact label={labels.date}>{formatMoment(document.stamped_at ?? document.created_at)}</Fact>
        {method && <Fact label={labels.paymentMethod}>{entryLabel(method)}</Fact>}
        {motive && <Fact label={text.cancel.motive}>{entryLabel(motive)}</Fact>}
        {document.status === 'error' && document.last_error && (
          <Fact label={labels.error}>
            <span className="rejection-reason">{document.last_error}</span>
          </Fact>
        )}
      </dl>
      {document.status === 'pendiente' && (
        <p className="field-hint" role="status">
          {labels.working}
          {document.next_attempt_at && document.attempts > 0 && ` ${labels.nextAttempt(formatMoment(document.next_attempt_at))}`}
        </p>
      )}
      {actions.length > 0 && (
        <p className="cfdi-document__actions">
          {actions.map((action) => (
            <button
              key={action}
              type="button"
              className={`outline-button${action === 'cancel' ? ' outline-button--danger' : ''}`}
              aria-haspopup={actionOpensDialog(action) ? 'dialog' : undefined}
              aria-label={`${actionLabel(action)}: ${cfdiName(document)}`}
              onClick={() => onAction(document, action)}
            >
              {actionLabel(action)}
            </button>
          ))}
        </p>
      )}
    </li>
  );
}

/**
 * The sale page's 'Facturación' panel (GET /api/v2/sales/{id}/cfdi), read again every 2 s while
 * a document is being stamped or cancelled. `manage`: the person holds 'invoices' (invoices,
 * sends, retries and cancels); refusals and outcomes go through the page's toast (`notify`),
 * except the refusal of 'Facturar', which stays under the button until the next try.
 */
export function SaleInvoices({ sale, manage, notify }: { sale: SaleDetail; manage: boolean; notify: Notify }) {
  const documents = useQuery(saleCfdiQueryOptions(sale.id));
  const requests = useCfdiRequests();
  const actions = useCfdiActions(notify);
  const [email, setEmail] = useState(false);
  const [to, setTo] = useState('');
  const [toError, setToError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);

  if (!documents.data) return <QueryStatus query={documents} loading={text.sale.loading} />;
  const note = liveInvoice(documents.data) ? null : notInvoiceable(sale);
  const offered = manage && sale.kind === 'sale' && note === null && liveInvoice(documents.data) === undefined;
  // Unticked, the addresses are not sent: what was wrong with them no longer applies.
  const tick = (value: boolean) => {
    setEmail(value);
    setToError(null);
  };
  const invoice = async () => {
    setRefusal(null);
    const recipients = email ? recipientsOf(to) : ({ ok: true, to: [] } as const);
    if (!recipients.ok) {
      setToError(recipients.error);
      return;
    }
    setToError(null);
    setSending(true);
    try {
      const { document } = await requests.invoice(sale.id, email, recipients.to);
      notify(text.sale.invoiceRequested(cfdiFolio(document)), 'success');
    } catch (error) {
      const message = getErrorMessage(error);
      if (email && isRecipientsRefusal(message)) setToError(message);
      else setRefusal(message);
    } finally {
      setSending(false);
    }
  };
  return (
    <>
      <SaleInvoicesView
        documents={documents.data}
        manage={manage}
        note={note}
        refusal={refusal}
        offer={offered ? { email, onEmail: tick, to, onTo: setTo, toError, sending, onInvoice: () => void invoice() } : null}
        onAction={actions.run}
      />
      {actions.dialog}
    </>
  );
}
