import { IonButton, IonButtons, IonContent, IonHeader, IonModal, IonTitle, IonToolbar } from '@ionic/react';
import { useCallback, useState, type ReactNode } from 'react';
import { commonMessages } from '../../domain/messages/shell';
import './ionic-setup';

export interface DialogProps {
  label: string;
  title?: ReactNode;
  className?: string;
  onClose: () => void;
  children: ReactNode | ((close: () => void) => ReactNode);
}

/**
 * `Dialog` drawn with Ionic's modal. It always leaves through Ionic's dismiss, and `onClose`
 * runs once it is gone: a modal removed while still presented can leave the page hidden from
 * screen readers, above all when a toast opens at that moment.
 */
export default function IonicDialog({ label, title = label, className = 'dialog-modal', onClose, children }: DialogProps) {
  const [open, setOpen] = useState(true);
  const close = useCallback(() => setOpen(false), []);
  return (
    <IonModal isOpen={open} onDidDismiss={onClose} className={className} aria-label={label}>
      <IonHeader>
        <IonToolbar>
          <IonTitle>{title}</IonTitle>
          <IonButtons slot="end">
            <IonButton onClick={close}>{commonMessages.close}</IonButton>
          </IonButtons>
        </IonToolbar>
      </IonHeader>
      <IonContent className="ion-padding">{typeof children === 'function' ? children(close) : children}</IonContent>
    </IonModal>
  );
}
