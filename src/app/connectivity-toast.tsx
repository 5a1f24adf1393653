import { useEffect, useState } from 'react';
import { shellMessages } from '../../domain/messages/shell';

const SHOWN_FOR_MS = 4000;

/**
 * Tells the person when the device loses or regains its connection. Plain elements, not an
 * Ionic toast: it is part of every start, the driver's light one included.
 */
export function ConnectivityToast() {
  const [message, setMessage] = useState<string | null>(null);
  useEffect(() => {
    const offline = () => setMessage(shellMessages.offline);
    const online = () => setMessage(shellMessages.backOnline);
    window.addEventListener('offline', offline);
    window.addEventListener('online', online);
    return () => {
      window.removeEventListener('offline', offline);
      window.removeEventListener('online', online);
    };
  }, []);
  useEffect(() => {
    if (message === null) return;
    const timer = setTimeout(() => setMessage(null), SHOWN_FOR_MS);
    return () => clearTimeout(timer);
  }, [message]);
  return (
    <div className="connectivity-toast" role="status" aria-live="polite">
      {message !== null && (
        <p
          className={`connectivity-toast__message connectivity-toast__message--${message === shellMessages.offline ? 'offline' : 'online'}`}
        >
          {message}
        </p>
      )}
    </div>
  );
}
