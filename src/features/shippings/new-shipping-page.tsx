import { useIonRouter } from '@ionic/react';
import { messages } from '../../../domain/messages';
import { ShippingForm } from './shipping-form';
import './shippings.css';
import { ScreenPage } from '../../ui/screen-chrome';

/** `/solitario`: 'Nuevo Envío'; once saved, the list opens on the new route. */
export default function NewShippingPage() {
  const router = useIonRouter();
  return (
    <ScreenPage title={messages.shippings.newTitle}>
      <div className="form-page">
        <h1 className="page-heading">{messages.shippings.newTitle}</h1>
        <ShippingForm
          shipping={null}
          onCancel={() => router.push('/shippings', 'back')}
          onSaved={(saved) => router.push(`/shippings/${saved.id}`, 'forward', 'replace')}
        />
      </div>
    </ScreenPage>
  );
}
