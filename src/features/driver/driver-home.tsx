import { IonContent, IonPage } from '@ionic/react';
import { messages } from '../../../domain/messages';
import { AppHeader } from '../../app/app-header';
import { DriverRoutes } from './driver-routes';

/** A delivery driver's home inside the Ionic app, once they have gone elsewhere and come back. */
export function DriverHome() {
  return (
    <IonPage>
      <AppHeader title={messages.shell.home} />
      <IonContent className="ion-padding">
        <DriverRoutes />
      </IonContent>
    </IonPage>
  );
}
