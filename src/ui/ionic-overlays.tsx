import { IonActionSheet, IonToast, type ActionSheetButton, type ToastButton } from '@ionic/react';
import './ionic-setup';

/** A toast's colour: a thing done, or a thing refused. */
export type Tone = 'success' | 'danger';

/** The screen's toast, shown at once (toast.tsx mounts it only while there is something to say). */
export function Toast({
  message,
  tone,
  button,
  onDismissed,
}: {
  message: string;
  tone: Tone;
  button?: ToastButton;
  onDismissed: () => void;
}) {
  return (
    <IonToast
      isOpen
      message={message}
      color={tone}
      // A toast with something to do stays long enough to do it.
      duration={button ? 10000 : tone === 'danger' ? 6000 : 3000}
      buttons={button ? [button] : undefined}
      onDidDismiss={onDismissed}
    />
  );
}

/** An action sheet (a row's menu, a confirmation), shown at once. */
export function ActionSheet({ header, buttons, onDismissed }: { header: string; buttons: ActionSheetButton[]; onDismissed: () => void }) {
  return <IonActionSheet isOpen header={header} buttons={buttons} onDidDismiss={onDismissed} />;
}
