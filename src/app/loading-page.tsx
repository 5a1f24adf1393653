import { IonContent, IonPage, IonSpinner } from '@ionic/react';
import { messages } from '../../domain/messages';

export function LoadingPage() {
  return (
    <IonPage>
      <IonContent className="ion-padding">
        <div className="centered" role="status">
          <IonSpinner aria-hidden="true" />
          <span>{messages.common.loading}</span>
        </div>
      </IonContent>
    </IonPage>
  );
}
