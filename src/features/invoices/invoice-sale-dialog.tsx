import { useId, useState, type FormEvent } from 'react';
import { formatCalendarDate, formatMoney } from '../../../domain/format';
import { driverMessages } from '../../../domain/messages/driver';
import { invoicingScreenMessages } from '../../../domain/messages/invoicing-screens';
import type { CfdiDocument } from '../../../domain/schemas/invoicing';
import type { SaleDetail } from '../../../domain/schemas/quotations';
import { getErrorMessage } from '../../lib/api';
import { notInvoiceable, type CfdiRequests } from '../../ui/cfdi/cfdi-documents';
import { isRecipientsRefusal, RecipientsField, recipientsOf } from '../../ui/cfdi/recipients';
import { Dialog } from '../../ui/dialog';
import { describedBy, Field } from '../../ui/form-fields';
import { Fact } from '../../ui/record-page';
import { lookUpSale, type SaleLookup } from './invoice-sale';

const text = invoicingScreenMessages.invoiceSale;

/** The sale a folio found: whose it is and how much, so the person sees it is the right one. */
export function SaleFacts({ sale }: { sale: SaleDetail }) {
  return (
    <dl className="facts" aria-live="polite">
      <Fact label={invoicingScreenMessages.document.sale}>{driverMessages.saleFolio(sale.id)}</Fact>
      <Fact label={text.customer}>{sale.company.name}</Fact>
      <Fact label={text.legalName}>{sale.company.razon_social}</Fact>
      <Fact label={text.rfc}>{sale.company.rfc ?? text.noRfc}</Fact>
      <Fact label={text.date}>{formatCalendarDate(sale.date)}</Fact>
      <Fact label={text.total}>{formatMoney(sale.total)}</Fact>
    </dl>
  );
}

/**
 * 'Facturar una venta' from /invoices: the sale's folio ('V-41' or 41) finds it, its customer
 * and total say it is the right one, and 'Facturar' asks for its invoice as the sale's page
 * does (same request, same Idempotency-Key rules), e-mailed once stamped when asked: to the
 * addresses named, or the customer's contacts. The server's refusal (what is missing, an
 * invoice it already has) stays in the dialog in its words; one about the addresses stays
 * under them.
 */
export function InvoiceSaleDialog({
  request,
  onRequested,
  onClose,
  lookUp = lookUpSale,
}: {
  request: CfdiRequests['invoice'];
  onRequested: (document: CfdiDocument) => void;
  onClose: () => void;
  lookUp?: (typed: string) => Promise<SaleLookup>;
}) {
  const [typed, setTyped] = useState('');
  const [folioError, setFolioError] = useState<string | null>(null);
  const [finding, setFinding] = useState(false);
  const [sale, setSale] = useState<SaleDetail | null>(null);
  const [email, setEmail] = useState(false);
  const [to, setTo] = useState('');
  const [toError, setToError] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const ids = { folio: useId(), email: useId(), to: useId() };

  const find = async (event: FormEvent) => {
    event.preventDefault();
    if (finding) return;
    setFinding(true);
    setRefusal(null);
    try {
      const found = await lookUp(typed);
      setSale(found.ok ? found.sale : null);
      setFolioError(found.ok ? null : found.error);
    } finally {
      setFinding(false);
    }
  };

  const invoice = async (event: FormEvent, close: () => void) => {
    event.preventDefault();
    if (!sale || sending) return;
    setRefusal(null);
    const recipients = email ? recipientsOf(to) : ({ ok: true, to: [] } as const);
    if (!recipients.ok) {
      setToError(recipients.error);
      return;
    }
    setToError(null);
    setSending(true);
    try {
      const { document } = await request(sale.id, email, recipients.to);
      onRequested(document);
      close();
    } catch (failure) {
      const message = getErrorMessage(failure);
      if (email && isRecipientsRefusal(message)) setToError(message);
      else setRefusal(message);
    } finally {
      setSending(false);
    }
  };

  const note = sale && notInvoiceable(sale);
  return (
    <Dialog label={text.title} onClose={onClose}>
      {(close) => (
        <>
          <form onSubmit={(event) => void find(event)} className="filter-form" noValidate role="search">
            <Field id={ids.folio} label={text.folio} hint={text.folioHint} error={folioError ?? undefined}>
              <input
                id={ids.folio}
                type="text"
                autoComplete="off"
                value={typed}
                onChange={(event) => {
                  setTyped(event.target.value);
                  // Another folio is another sale: what was found no longer applies.
                  setSale(null);
                  setFolioError(null);
                  setRefusal(null);
                }}
                {...describedBy(ids.folio, folioError ?? undefined, true)}
              />
            </Field>
            {!sale && (
              <div className="form-actions">
                <button type="submit" className="outline-button" disabled={finding}>
                  {finding ? text.finding : text.find}
                </button>
              </div>
            )}
          </form>
          {sale && (
            <form onSubmit={(event) => void invoice(event, close)} className="filter-form" noValidate>
              <SaleFacts sale={sale} />
              {note ? (
                <p role="alert" className="field-error">
                  {note}
                </p>
              ) : (
                <>
                  <label htmlFor={ids.email} className="check-list__option">
                    <input
                      id={ids.email}
                      type="checkbox"
                      checked={email}
                      onChange={(event) => {
                        setEmail(event.target.checked);
                        setToError(null);
                      }}
                    />
                    {invoicingScreenMessages.sale.emailOnStamp}
                  </label>
                  {email && <RecipientsField id={ids.to} value={to} error={toError} onChange={setTo} />}
                  {refusal && (
                    <p role="alert" className="field-error">
                      {refusal}
                    </p>
                  )}
                  <div className="form-actions">
                    <button type="submit" className="button-primary button-primary--padded" disabled={sending}>
                      {sending ? text.submitting : text.submit}
                    </button>
                  </div>
                </>
              )}
            </form>
          )}
        </>
      )}
    </Dialog>
  );
}
