import { IonButton, IonContent, IonPage } from '@ionic/react';
import { messages } from '../../../domain/messages';
import { AppHeader } from '../../app/app-header';

export default function NotFoundPage() {
  return (
    <IonPage>
      <AppHeader title={messages.notFound.title} />
      <IonContent className="ion-padding">
        <div className="centered">
          <h1>{messages.notFound.title}</h1>
          <p>{messages.notFound.body}</p>
          <IonButton routerLink="/" routerDirection="root">
            {messages.notFound.back}
          </IonButton>
        </div>
      </IonContent>
    </IonPage>
  );
}
