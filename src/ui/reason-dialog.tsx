import { useId, useRef, useState, type FormEvent } from 'react';
import { getErrorMessage } from '../lib/api';
import { Dialog } from './dialog';

/** The words of one cancellation: its title, the reason's label, an optional hint, the button while idle and while sending. */
export interface ReasonDialogText {
  title: string;
  reasonLabel: string;
  hint?: string;
  submit: string;
  submitting: string;
}

/** What checks the reason: the same zod schema the server applies to the body. */
interface ReasonSchema<Body> {
  safeParse(input: {
    reason: string;
  }): { success: true; data: Body } | { success: false; error: { issues: readonly { message: string }[] } };
}

/**
 * A cancellation that needs a reason (a quotation, a payment): the reason is checked with the
 * server's schema, a refused request keeps the text and says why, and the button waits while
 * the request is out.
 */
export function ReasonDialog<Body>({
  text,
  schema,
  onSubmit,
  onClose,
}: {
  text: ReasonDialogText;
  schema: ReasonSchema<Body>;
  /** Sends the request; resolves once the server accepted it. */
  onSubmit: (body: Body) => Promise<unknown>;
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
    const parsed = schema.safeParse({ reason });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? null);
      field.current?.focus();
      return;
    }
    setServerError(null);
    setSending(true);
    try {
      await onSubmit(parsed.data);
      close();
    } catch (failure) {
      setServerError(getErrorMessage(failure));
    } finally {
      setSending(false);
    }
  };

  const described = [text.hint ? ids.hint : null, error ? ids.error : null].filter(Boolean).join(' ') || undefined;
  return (
    <Dialog label={text.title} onClose={onClose}>
      {(close) => (
        <form onSubmit={(event) => void submit(event, close)} className="filter-form" noValidate>
          {text.hint && (
            <p id={ids.hint} className="field-hint">
              {text.hint}
            </p>
          )}
          <div className="field">
            <label htmlFor={ids.reason}>{text.reasonLabel}</label>
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
              aria-describedby={described}
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
            <button type="submit" className="button-primary button-primary--padded button-primary--danger" disabled={sending}>
              {sending ? text.submitting : text.submit}
            </button>
          </div>
        </form>
      )}
    </Dialog>
  );
}
