import { useId, useState, type FormEvent } from 'react';
import { PERIODICIDADES, type Periodicidad } from '../../../domain/cfdi/catalogs';
import { invoicingMessages } from '../../../domain/messages/invoicing';
import { invoicingScreenMessages } from '../../../domain/messages/invoicing-screens';
import { globalInvoiceRequestSchema, type CfdiDocument } from '../../../domain/schemas/invoicing';
import { monterreyDate } from '../../../domain/time';
import { getErrorMessage } from '../../lib/api';
import type { CfdiRequests } from '../../ui/cfdi/cfdi-documents';
import { Dialog } from '../../ui/dialog';

const text = invoicingScreenMessages.global;
/** The periods a produce wholesaler's counter closes by: a day, a week, a month. */
const OFFERED: readonly Periodicidad[] = ['01', '02', '04'];

/**
 * 'Factura global': the counter sales of a period, paid and not invoiced one by one, in one
 * invoice to the public (InformacionGlobal). The server picks the sales and refuses a period
 * with none; its refusal stays in the dialog.
 */
export function GlobalInvoiceDialog({
  request,
  onRequested,
  onClose,
  today = monterreyDate(new Date()),
}: {
  request: CfdiRequests['global'];
  onRequested: (document: CfdiDocument) => void;
  onClose: () => void;
  today?: string;
}) {
  const [periodicidad, setPeriodicidad] = useState<Periodicidad>('01');
  const [from, setFrom] = useState(today);
  const [to, setTo] = useState(today);
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const ids = { periodicidad: useId(), from: useId(), to: useId(), hint: useId() };

  const submit = async (event: FormEvent, close: () => void) => {
    event.preventDefault();
    const parsed = globalInvoiceRequestSchema.safeParse({ periodicidad, from, to });
    if (!parsed.success || from > to) {
      setError(invoicingMessages.globalPeriodInvalid);
      return;
    }
    setError(null);
    setSending(true);
    try {
      const { document } = await request(parsed.data);
      onRequested(document);
      close();
    } catch (failure) {
      setError(getErrorMessage(failure));
    } finally {
      setSending(false);
    }
  };

  return (
    <Dialog label={text.title} onClose={onClose}>
      {(close) => (
        <form onSubmit={(event) => void submit(event, close)} className="filter-form" noValidate aria-describedby={ids.hint}>
          <p id={ids.hint} className="field-hint">
            {text.hint}
          </p>
          <div className="field">
            <label htmlFor={ids.periodicidad}>{text.periodicidad}</label>
            <select id={ids.periodicidad} value={periodicidad} onChange={(e) => setPeriodicidad(e.target.value as Periodicidad)}>
              {PERIODICIDADES.filter((entry) => OFFERED.includes(entry.clave)).map((entry) => (
                <option key={entry.clave} value={entry.clave}>
                  {entry.descripcion}
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <label htmlFor={ids.from}>{text.from}</label>
            <input id={ids.from} type="date" value={from} max={today} onChange={(e) => setFrom(e.target.value)} />
          </div>
          <div className="field">
            <label htmlFor={ids.to}>{text.to}</label>
            <input id={ids.to} type="date" value={to} max={today} onChange={(e) => setTo(e.target.value)} />
          </div>
          {error && (
            <p role="alert" className="field-error">
              {error}
            </p>
          )}
          <div className="form-actions">
            <button type="submit" className="button-primary button-primary--padded" disabled={sending}>
              {sending ? text.submitting : text.submit}
            </button>
          </div>
        </form>
      )}
    </Dialog>
  );
}
