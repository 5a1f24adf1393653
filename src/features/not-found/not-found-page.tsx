import { IonButton } from '@ionic/react';
import { messages } from '../../../domain/messages';
import { ScreenPage } from '../../ui/screen-chrome';

export default function NotFoundPage() {
  return (
    <ScreenPage title={messages.notFound.title}>
      <div className="centered">
        <h1>{messages.notFound.title}</h1>
        <p>{messages.notFound.body}</p>
        <IonButton routerLink="/" routerDirection="root">
          {messages.notFound.back}
        </IonButton>
      </div>
    </ScreenPage>
  );
}
