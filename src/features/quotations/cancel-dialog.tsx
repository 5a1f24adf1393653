import { IonButton } from '@ionic/react';
import { useId, useRef, useState, type FormEvent } from 'react';
import { messages } from '../../../domain/messages';
import { quotationCancelSchema, type QuotationCancel } from '../../../domain/schemas/quotations';
import { Dialog } from '../../app/dialog';
import { getErrorMessage } from '../../lib/api';

const text = messages.quotations.list;

/**
 * 'Cancelar cotización': the reason is required (it shows on /canceled). A refused request
 * keeps the text and says why; the button waits while the request is out.
 */
export function CancelDialog({
  folio,
  onCancel,
  onClose,
}: {
  folio: string;
  /** Sends the cancellation; resolves once the server accepted it. */
  onCancel: (body: QuotationCancel) => Promise<unknown>;
  onClose: () => void;
}) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [serverError, setServerError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const field = useRef<HTMLTextAreaElement>(null);
  const ids = { reason: useId(), error: useId() };

  const submit = async (event: FormEvent, close: () => void) => {
    event.preventDefault();
    const parsed = quotationCancelSchema.safeParse({ reason });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? null);
      field.current?.focus();
      return;
    }
    setServerError(null);
    setSending(true);
    try {
      await onCancel(parsed.data);
      close();
    } catch (failure) {
      setServerError(getErrorMessage(failure));
    } finally {
      setSending(false);
    }
  };

  return (
    <Dialog label={text.cancelTitle(folio)} onClose={onClose}>
      {(close) => (
        <form onSubmit={(event) => void submit(event, close)} className="filter-form" noValidate>
          <div className="field">
            <label htmlFor={ids.reason}>{text.cancelReason}</label>
            <textarea
              ref={field}
              id={ids.reason}
              rows={3}
              maxLength={500}
              value={reason}
              onChange={(e) => {
                setReason(e.target.value);
                setError(null);
              }}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? ids.error : undefined}
            />
            {error && (
              <p id={ids.error} className="field-error">
                {error}
              </p>
            )}
          </div>
          {serverError && (
            <p role="alert" className="field-error">
              {serverError}
            </p>
          )}
          <div className="form-actions">
            <IonButton type="submit" color="danger" disabled={sending}>
              {sending ? text.canceling : text.cancel}
            </IonButton>
          </div>
        </form>
      )}
    </Dialog>
  );
}
