import { IonContent, IonPage, useIonRouter } from '@ionic/react';
import { messages } from '../../../domain/messages';
import { AppHeader } from '../../app/app-header';
import { ShippingForm } from './shipping-form';
import './shippings.css';

/** `/solitario`: 'Nuevo Envío'; once saved, the list opens on the new route. */
export default function NewShippingPage() {
  const router = useIonRouter();
  return (
    <IonPage>
      <AppHeader title={messages.shippings.newTitle} />
      <IonContent className="ion-padding">
        <div className="form-page">
          <h1 className="page-heading">{messages.shippings.newTitle}</h1>
          <ShippingForm
            shipping={null}
            onCancel={() => router.push('/shippings', 'back')}
            onSaved={(saved) => router.push(`/shippings/${saved.id}`, 'forward', 'replace')}
          />
        </div>
      </IonContent>
    </IonPage>
  );
}
