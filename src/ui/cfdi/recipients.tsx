import { invoicingMessages } from '../../../domain/messages/invoicing';
import { invoicingScreenMessages } from '../../../domain/messages/invoicing-screens';
import { emailRequestSchema } from '../../../domain/schemas/invoicing';
import { describedBy, Field } from '../form-fields';

const text = invoicingScreenMessages.recipients;

/** The addresses the server takes at most in one request (its schema's limit). */
export const MAX_RECIPIENTS = 10;

export type RecipientsCheck = { ok: true; to: string[] } | { ok: false; error: string };

/**
 * The addresses typed in 'Destinatarios' (separated by commas, semicolons or spaces, as mail
 * programs allow), checked with the request's own schema so the person reads here what the
 * server would answer. None typed is fine: the server sends to the customer's contacts.
 */
export function recipientsOf(typed: string): RecipientsCheck {
  const to = typed
    .split(/[,;\s]+/)
    .map((address) => address.trim())
    .filter(Boolean);
  if (to.length > MAX_RECIPIENTS) return { ok: false, error: text.tooMany };
  const parsed = emailRequestSchema.safeParse({ to });
  if (parsed.success) return { ok: true, to: parsed.data.to ?? [] };
  const issue = parsed.error.issues[0]!;
  const address = typeof issue.path[1] === 'number' ? to[issue.path[1]] : undefined;
  return { ok: false, error: address === undefined ? issue.message : text.invalid(issue.message, address) };
}

/**
 * The server's refusals that are about whom to send to (the customer has no e-mail, an address
 * is malformed): shown under 'Destinatarios' rather than as the form's refusal.
 */
export const isRecipientsRefusal = (message: string) =>
  message === invoicingMessages.emailNoAddress || message.startsWith(invoicingMessages.emailInvalid);

/** 'Destinatarios', saying that left empty it goes to the customer's contacts; its error under it. */
export function RecipientsField({
  id,
  value,
  error,
  onChange,
}: {
  id: string;
  value: string;
  error: string | null;
  onChange: (value: string) => void;
}) {
  return (
    <Field id={id} label={text.label} hint={text.hint} error={error ?? undefined}>
      <input
        id={id}
        type="text"
        inputMode="email"
        autoComplete="off"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        {...describedBy(id, error ?? undefined, true)}
      />
    </Field>
  );
}
