import { shippingsMessages } from '../../../domain/messages/shippings';
import { ShippingForm } from './shipping-form';
import './shippings.css';
import { ScreenPage, useScreenChrome } from '../../ui/screen-chrome';

/** `/solitario`: 'Nuevo Envío'; once saved, the list opens on the new route. */
export default function NewShippingPage() {
  const { navigate } = useScreenChrome();
  return (
    <ScreenPage title={shippingsMessages.newTitle}>
      <div className="form-page">
        <h1 className="page-heading">{shippingsMessages.newTitle}</h1>
        <ShippingForm
          shipping={null}
          onCancel={() => navigate('/shippings', 'back')}
          onSaved={(saved) => navigate(`/shippings/${saved.id}`, 'replace')}
        />
      </div>
    </ScreenPage>
  );
}
