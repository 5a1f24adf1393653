import { useCallback, useId, useState, type FormEvent, type ReactNode } from 'react';
import { MOTIVOS_CANCELACION, entryLabel } from '../../../domain/cfdi/catalogs';
import { invoicingMessages } from '../../../domain/messages/invoicing';
import { invoicingScreenMessages } from '../../../domain/messages/invoicing-screens';
import type { CfdiDocument } from '../../../domain/schemas/invoicing';
import { getErrorMessage } from '../../lib/api';
import { Dialog } from '../dialog';
import type { Notify } from '../toast';
import { cancelMotivesFor, cfdiFolio, cfdiName, downloadCfdi, useCfdiRequests, type CancelMotive, type CfdiAction } from './cfdi-documents';
import { isRecipientsRefusal, RecipientsField, recipientsOf } from './recipients';
import './cfdi.css';

const text = invoicingScreenMessages;

/** The status chip of a document, in the server's words ('Timbrado', 'Cancelación en proceso'). */
const STATUS_TONE = {
  pendiente: 'warning',
  timbrado: 'success',
  error: 'danger',
  cancelando: 'warning',
  cancelado: 'neutral',
} as const satisfies Record<CfdiDocument['status'], string>;

export function CfdiStatus({ status }: { status: CfdiDocument['status'] }) {
  return <span className={`status-chip status-chip--${STATUS_TONE[status]} cfdi-status`}>{invoicingMessages.statuses[status]}</span>;
}

/** An action's button label. */
export const actionLabel = (action: CfdiAction) =>
  ({
    pdf: text.document.downloadPdf,
    xml: text.document.downloadXml,
    email: text.document.email,
    retry: text.document.retry,
    cancel: text.document.cancel,
  })[action];

/** The actions that open a dialog before anything is sent. */
export const actionOpensDialog = (action: CfdiAction) => action === 'email' || action === 'cancel';

/**
 * Runs a document's actions for a screen: downloads and 'Reintentar' at once (their outcome or
 * the server's refusal told through `notify`), 'Enviar por correo' through the recipients
 * dialog and 'Cancelar' through the motive dialog, which `dialog` draws among the screen's overlays.
 */
export function useCfdiActions(notify: Notify): { run: (document: CfdiDocument, action: CfdiAction) => void; dialog: ReactNode } {
  const requests = useCfdiRequests();
  const [canceling, setCanceling] = useState<CfdiDocument | null>(null);
  const [emailing, setEmailing] = useState<CfdiDocument | null>(null);
  const run = useCallback(
    (document: CfdiDocument, action: CfdiAction) => {
      const folio = cfdiName(document);
      const tell = (work: Promise<unknown>, done?: string) =>
        void work.then(
          () => done && notify(done, 'success'),
          (error: unknown) => notify(getErrorMessage(error), 'danger'),
        );
      switch (action) {
        case 'pdf':
        case 'xml':
          return tell(downloadCfdi(document, action));
        case 'email':
          return setEmailing(document);
        case 'retry':
          return tell(requests.retry(document), text.document.retried(folio));
        case 'cancel':
          return setCanceling(document);
      }
    },
    [requests, notify],
  );
  const emailDialog = emailing && (
    <EmailCfdiDialog
      document={emailing}
      onSubmit={async (to) => {
        await requests.email(emailing, to);
        const folio = cfdiName(emailing);
        notify(to.length > 0 ? text.email.queuedTo(folio, to.join(', ')) : text.document.emailQueued(folio), 'success');
      }}
      onClose={() => setEmailing(null)}
    />
  );
  const cancelDialog = canceling && (
    <CancelCfdiDialog
      document={canceling}
      onSubmit={async (motivo) => {
        const answer = await requests.cancel(canceling, motivo);
        notify(
          answer.substitute
            ? `${text.document.cancelRequested(cfdiName(canceling))} ${text.document.substituteRequested(cfdiFolio(answer.substitute))}`
            : text.document.cancelRequested(cfdiName(canceling)),
          'success',
        );
      }}
      onClose={() => setCanceling(null)}
    />
  );
  return {
    run,
    dialog: (
      <>
        {emailDialog}
        {cancelDialog}
      </>
    ),
  };
}

/**
 * 'Enviar por correo': the stamped document's XML and PDF to the addresses named, or to the
 * customer's contacts when none is. A refusal about the addresses stays under them; any other
 * stays in the dialog, in the server's words.
 */
export function EmailCfdiDialog({
  document,
  onSubmit,
  onClose,
}: {
  document: Pick<CfdiDocument, 'kind' | 'serie' | 'folio'>;
  onSubmit: (to: string[]) => Promise<unknown>;
  onClose: () => void;
}) {
  const [typed, setTyped] = useState('');
  const [toError, setToError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const ids = { to: useId(), hint: useId() };

  const submit = async (event: FormEvent, close: () => void) => {
    event.preventDefault();
    if (sending) return;
    const recipients = recipientsOf(typed);
    setError(null);
    if (!recipients.ok) {
      setToError(recipients.error);
      return;
    }
    setToError(null);
    setSending(true);
    try {
      await onSubmit(recipients.to);
      close();
    } catch (failure) {
      const message = getErrorMessage(failure);
      if (isRecipientsRefusal(message)) setToError(message);
      else setError(message);
    } finally {
      setSending(false);
    }
  };

  return (
    <Dialog label={text.email.title(cfdiName(document))} onClose={onClose}>
      {(close) => (
        <form onSubmit={(event) => void submit(event, close)} className="filter-form" noValidate aria-describedby={ids.hint}>
          <p id={ids.hint} className="field-hint">
            {text.email.attachments}
          </p>
          <RecipientsField id={ids.to} value={typed} error={toError} onChange={setTyped} />
          {error && (
            <p role="alert" className="field-error">
              {error}
            </p>
          )}
          <div className="form-actions">
            <button type="submit" className="button-primary button-primary--padded" disabled={sending}>
              {sending ? text.email.submitting : text.email.submit}
            </button>
          </div>
        </form>
      )}
    </Dialog>
  );
}

/**
 * 'Cancelar ante el SAT': the SAT's motive (01 to 04), 01 only for an invoice, saying that 01
 * issues the invoice that replaces it. A refusal stays in the dialog, in the server's words.
 */
export function CancelCfdiDialog({
  document,
  onSubmit,
  onClose,
}: {
  document: Pick<CfdiDocument, 'kind' | 'serie' | 'folio'>;
  onSubmit: (motivo: CancelMotive) => Promise<unknown>;
  onClose: () => void;
}) {
  const [motivo, setMotivo] = useState<CancelMotive | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const ids = { hint: useId(), name: useId() };
  const offered = cancelMotivesFor(document);

  const submit = async (event: FormEvent, close: () => void) => {
    event.preventDefault();
    if (motivo === null) {
      setError(invoicingMessages.cancelMotiveRequired);
      return;
    }
    setError(null);
    setSending(true);
    try {
      await onSubmit(motivo);
      close();
    } catch (failure) {
      setError(getErrorMessage(failure));
    } finally {
      setSending(false);
    }
  };

  return (
    <Dialog label={text.cancel.title(cfdiName(document))} onClose={onClose}>
      {(close) => (
        <form onSubmit={(event) => void submit(event, close)} className="filter-form" noValidate>
          <fieldset className="filter-form__group" aria-describedby={ids.hint}>
            <legend>{text.cancel.motive}</legend>
            {MOTIVOS_CANCELACION.filter((entry) => offered.includes(entry.clave)).map((entry) => (
              <label key={entry.clave} className="cfdi-motive">
                <input
                  type="radio"
                  name={ids.name}
                  value={entry.clave}
                  checked={motivo === entry.clave}
                  onChange={() => {
                    setMotivo(entry.clave);
                    setError(null);
                  }}
                />
                {entryLabel(entry)}
              </label>
            ))}
          </fieldset>
          <p id={ids.hint} className="field-hint">
            {offered.includes('01') && `${text.cancel.motive01Hint} `}
            {text.cancel.receiverHint}
          </p>
          {error && (
            <p role="alert" className="field-error">
              {error}
            </p>
          )}
          <div className="form-actions">
            <button type="submit" className="button-primary button-primary--padded button-primary--danger" disabled={sending}>
              {sending ? text.cancel.submitting : text.cancel.submit}
            </button>
          </div>
        </form>
      )}
    </Dialog>
  );
}
