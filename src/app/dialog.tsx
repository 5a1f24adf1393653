import { IonButton, IonButtons, IonContent, IonHeader, IonModal, IonTitle, IonToolbar } from '@ionic/react';
import { useCallback, useState, type ReactNode } from 'react';
import { messages } from '../../domain/messages';

/**
 * A dialog of the app's screens: a modal named for screen readers, its title
 * and a 'Cerrar' button in the top bar, and its content. It always leaves through Ionic's
 * dismiss, and `onClose` runs once it is gone: a modal removed while still presented can
 * leave the page hidden from screen readers, above all when a toast opens at that moment.
 * Content that closes it (after saving) gets `close` by being a function.
 */
export function Dialog({
  label,
  title = label,
  className = 'dialog-modal',
  onClose,
  children,
}: {
  label: string;
  title?: ReactNode;
  className?: string;
  onClose: () => void;
  children: ReactNode | ((close: () => void) => ReactNode);
}) {
  const [open, setOpen] = useState(true);
  const close = useCallback(() => setOpen(false), []);
  return (
    <IonModal isOpen={open} onDidDismiss={onClose} className={className} aria-label={label}>
      <IonHeader>
        <IonToolbar>
          <IonTitle>{title}</IonTitle>
          <IonButtons slot="end">
            <IonButton onClick={close}>{messages.common.close}</IonButton>
          </IonButtons>
        </IonToolbar>
      </IonHeader>
      <IonContent className="ion-padding">{typeof children === 'function' ? children(close) : children}</IonContent>
    </IonModal>
  );
}
