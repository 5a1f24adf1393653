import { IonButton } from '@ionic/react';
import { useId, useRef, useState, type FormEvent } from 'react';
import { messages } from '../../../domain/messages';
import { collectionCancelSchema, type CollectionCancel } from '../../../domain/schemas/collections';
import { Dialog } from '../../app/dialog';
import { getErrorMessage } from '../../lib/api';

const text = messages.collections.list;

/**
 * 'Cancelar cobro': the reason is required and kept with the payment. A refused request keeps
 * the text and says why; the button waits while the request is out.
 */
export function CancelCollectionDialog({
  folio,
  onCancel,
  onClose,
}: {
  folio: string;
  /** Sends the cancellation; resolves once the server accepted it. */
  onCancel: (body: CollectionCancel) => Promise<unknown>;
  onClose: () => void;
}) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [serverError, setServerError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const field = useRef<HTMLTextAreaElement>(null);
  const ids = { reason: useId(), hint: useId(), error: useId() };

  const submit = async (event: FormEvent, close: () => void) => {
    event.preventDefault();
    const parsed = collectionCancelSchema.safeParse({ reason });
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
          <p id={ids.hint} className="field-hint">
            {text.cancelHint}
          </p>
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
              aria-describedby={error ? `${ids.hint} ${ids.error}` : ids.hint}
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
