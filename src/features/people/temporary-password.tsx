import { useState } from 'react';
import { peopleMessages } from '../../../domain/messages/people';
import { Dialog } from '../../ui/dialog';

const text = peopleMessages;

/** The temporary password of a new person or a reset, shown once to whoever asked for it. */
export function TemporaryPasswordDialog({ name, password, onClose }: { name: string; password: string; onClose: () => void }) {
  const [copied, setCopied] = useState(false);
  const copy = () =>
    navigator.clipboard
      ?.writeText(password)
      .then(() => setCopied(true))
      .catch(() => undefined);
  return (
    <Dialog label={text.temporaryPasswordTitle} onClose={onClose}>
      {(close) => (
        <div className="temporary-password">
          <p>{text.temporaryPassword(name)}</p>
          <p className="temporary-password__value" aria-label={text.temporaryPasswordTitle}>
            <code>{password}</code>
          </p>
          <p role="status">{copied ? text.copied : ''}</p>
          <div className="form-actions">
            <button type="button" className="outline-button" onClick={copy}>
              {text.copy}
            </button>
            <button type="button" className="button-primary" onClick={close}>
              {text.close}
            </button>
          </div>
        </div>
      )}
    </Dialog>
  );
}
