import { IonToast } from '@ionic/react';
import { useEffect, useState } from 'react';
import { messages } from '../../domain/messages';

/** Tells the person when the device loses or regains its connection. */
export function ConnectivityToast() {
  const [message, setMessage] = useState<string | null>(null);
  useEffect(() => {
    const offline = () => setMessage(messages.shell.offline);
    const online = () => setMessage(messages.shell.backOnline);
    window.addEventListener('offline', offline);
    window.addEventListener('online', online);
    return () => {
      window.removeEventListener('offline', offline);
      window.removeEventListener('online', online);
    };
  }, []);
  if (message === null) return null;
  return (
    <IonToast
      isOpen
      message={message}
      duration={4000}
      position="bottom"
      color={message === messages.shell.offline ? 'warning' : 'success'}
      onDidDismiss={() => setMessage(null)}
    />
  );
}
