import { useCallback, useEffect, useState } from 'react';
import { emailMessageListSchema, emailMessageSchema, type EmailMessage } from '../../../domain/schemas/quotations';
import { apiRequest, getErrorMessage } from '../../lib/api';
import { useRequestKeys } from '../../lib/request-key';

/** How often the list is read again while a message is still 'pendiente'. */
export const EMAIL_POLL_MS = 4_000;

const isAbort = (error: unknown) => error instanceof DOMException && error.name === 'AbortError';

/**
 * The e-mails of one quotation: what was queued and where each stands (pendiente, enviado,
 * fallido), read again every few seconds while any is pending, and `send` to queue one
 * more. A retried send carries the same Idempotency-Key, so it queues one message only.
 */
export function useQuotationEmails(quotationId: number) {
  const [emails, setEmails] = useState<EmailMessage[] | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const { keyFor, done } = useRequestKeys();

  const load = useCallback(
    async (signal: AbortSignal) => {
      try {
        const answer = await apiRequest(`/api/v2/quotations/${quotationId}/emails`, { schema: emailMessageListSchema, signal });
        setEmails(answer.data);
        setLoadError(null);
      } catch (error) {
        if (!isAbort(error)) setLoadError(getErrorMessage(error));
      }
    },
    [quotationId],
  );

  useEffect(() => {
    const controller = new AbortController();
    void load(controller.signal);
    return () => controller.abort();
  }, [load]);

  const pending = emails?.some((email) => email.status === 'pendiente') ?? false;
  useEffect(() => {
    if (!pending) return;
    const controller = new AbortController();
    const timer = window.setInterval(() => void load(controller.signal), EMAIL_POLL_MS);
    return () => {
      window.clearInterval(timer);
      controller.abort();
    };
  }, [pending, load]);

  /** Queues the quotation to `to`; throws the server's Spanish refusal (e.g. no SMTP configured). */
  const send = useCallback(
    async (to: string[]) => {
      const body = { to };
      const message = await apiRequest(`/api/v2/quotations/${quotationId}/email`, {
        method: 'POST',
        body,
        schema: emailMessageSchema,
        idempotencyKey: keyFor('email', body),
      });
      done('email');
      setEmails((current) => [message, ...(current ?? []).filter((email) => email.id !== message.id)]);
    },
    [quotationId, keyFor, done],
  );

  return { emails, loadError, send };
}
