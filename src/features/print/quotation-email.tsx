import { useId, useState, type FormEvent } from 'react';
import { formatMoment } from '../../../domain/format';
import { apiMessages } from '../../../domain/messages/api';
import { emailMessages } from '../../../domain/messages/email';
import { quotationPrintMessages } from '../../../domain/messages/quotation-print';
import { quotationEmailRequestSchema, type EmailMessage } from '../../../domain/schemas/quotations';
import { getErrorMessage } from '../../lib/api';

const text = quotationPrintMessages;

/** Recipients as typed: separated by commas (or semicolons and spaces, as mail programs allow). */
export function parseRecipients(value: string): string[] {
  return value
    .split(/[,;\s]+/)
    .map((address) => address.trim())
    .filter(Boolean);
}

/**
 * The 'Enviar por correo' form: the recipients, prefilled with the contact's e-mail. It
 * checks them with the request's own schema and shows the server's refusal word for word.
 */
export function QuotationEmailForm({
  defaultTo,
  onSend,
  onClose,
}: {
  defaultTo: string;
  onSend: (to: string[]) => Promise<void>;
  onClose: () => void;
}) {
  const ids = { input: useId(), hint: useId(), error: useId() };
  const [to, setTo] = useState(defaultTo);
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (sending) return;
    const parsed = quotationEmailRequestSchema.safeParse({ to: parseRecipients(to) });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? apiMessages.invalidRequest);
      return;
    }
    setError(null);
    setSending(true);
    try {
      await onSend(parsed.data.to ?? []);
      onClose();
    } catch (failure) {
      setError(getErrorMessage(failure));
    } finally {
      setSending(false);
    }
  };

  return (
    <form className="quotation-email" onSubmit={submit} noValidate>
      <div className="field">
        <label htmlFor={ids.input}>{text.emailTo}</label>
        <input
          id={ids.input}
          type="text"
          inputMode="email"
          autoComplete="email"
          value={to}
          onChange={(event) => setTo(event.target.value)}
          aria-invalid={error !== null}
          aria-describedby={error ? `${ids.hint} ${ids.error}` : ids.hint}
        />
        <p id={ids.hint} className="quotation-email__hint">
          {text.emailHint}
        </p>
        {error && (
          <p id={ids.error} className="field__error" role="alert">
            {error}
          </p>
        )}
      </div>
      <div className="quotation-email__buttons">
        <button type="submit" className="button-primary" disabled={sending}>
          {sending ? text.emailSending : text.emailSend}
        </button>
        <button type="button" onClick={onClose}>
          {text.emailCancel}
        </button>
      </div>
    </form>
  );
}

/** Each message queued for this quotation and where it stands; a failure shows its reason. */
export function EmailStatusList({ emails }: { emails: readonly EmailMessage[] }) {
  if (emails.length === 0) return null;
  return (
    <section className="email-status" aria-live="polite">
      <h2>{text.emailsTitle}</h2>
      <ul>
        {emails.map((email) => (
          <li key={email.id} className={`email-status__item email-status__item--${email.status}`}>
            <span>{text.emailLine(email.to.join(', '), emailMessages.status[email.status])}</span>
            <time dateTime={email.sent_at ?? email.created_at}>{formatMoment(email.sent_at ?? email.created_at)}</time>
            {email.status !== 'enviado' && email.last_error && (
              <span className="email-status__reason">{text.emailReason(email.last_error)}</span>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
