import { purchasingMessages } from '../../../domain/messages/purchasing';
import { RecordScreen, useRecordId } from '../../ui/record-screen';
import { useScreenChrome } from '../../ui/screen-chrome';
import { useProvider } from './queries';
import { ShoppingForm } from './shopping-form';
import './purchasing.css';

const text = purchasingMessages.orderForm;

/** `/shopping/{provider_id}`: a new purchase order for that provider; once saved, its page. */
export default function NewShoppingPage() {
  const { navigate } = useScreenChrome();
  const id = useRecordId('provider_id');
  const provider = useProvider(id);
  return (
    <RecordScreen
      id={id}
      query={provider}
      title={(record) => (record ? text.title(record.name) : purchasingMessages.shoppings.add)}
      notFound={{ message: text.providerNotFound, back: { href: '/shopping', label: purchasingMessages.order.backToList } }}
    >
      {(record) => (
        <div className="purchasing-page">
          <h1 className="page-heading">{text.title(record.name)}</h1>
          <ShoppingForm
            provider={record}
            onCancel={() => navigate('/shopping', 'back')}
            onSaved={(saved) => navigate(`/shoppings/${saved.id}`, 'replace')}
          />
        </div>
      )}
    </RecordScreen>
  );
}
