import { messages } from '../../../domain/messages';
import { ShippingForm } from './shipping-form';
import './shippings.css';
import { ScreenPage, useScreenChrome } from '../../ui/screen-chrome';

/** `/solitario`: 'Nuevo Envío'; once saved, the list opens on the new route. */
export default function NewShippingPage() {
  const { navigate } = useScreenChrome();
  return (
    <ScreenPage title={messages.shippings.newTitle}>
      <div className="form-page">
        <h1 className="page-heading">{messages.shippings.newTitle}</h1>
        <ShippingForm
          shipping={null}
          onCancel={() => navigate('/shippings', 'back')}
          onSaved={(saved) => navigate(`/shippings/${saved.id}`, 'replace')}
        />
      </div>
    </ScreenPage>
  );
}
