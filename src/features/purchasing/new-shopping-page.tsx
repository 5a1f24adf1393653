import { IonButton, useIonRouter } from '@ionic/react';
import { useParams } from 'react-router-dom';
import { messages } from '../../../domain/messages';
import { QueryStatus } from '../../ui/query-status';
import { ApiError } from '../../lib/api';
import { idParam } from './provider-page';
import { useProvider } from './queries';
import { ShoppingForm } from './shopping-form';
import './purchasing.css';
import { ScreenPage } from '../../ui/screen-chrome';

const text = messages.purchasing.orderForm;

/** `/shopping/{provider_id}` (issue 14): a new purchase order for that provider; once saved, its page. */
export default function NewShoppingPage() {
  const router = useIonRouter();
  const id = idParam(useParams<{ provider_id?: string }>().provider_id);
  const provider = useProvider(id);
  const notFound =
    id === null || (provider.isError && provider.error instanceof ApiError && provider.error.status === 404 && !provider.data);
  const title = provider.data ? text.title(provider.data.name) : messages.purchasing.shoppings.add;
  return (
    <ScreenPage title={notFound ? text.providerNotFound : title}>
      <div className="purchasing-page">
        <h1 className="page-heading">{notFound ? text.providerNotFound : title}</h1>
        {notFound ? (
          <IonButton fill="outline" routerLink="/shopping" routerDirection="back">
            {messages.purchasing.order.backToList}
          </IonButton>
        ) : provider.data ? (
          <ShoppingForm
            provider={provider.data}
            onCancel={() => router.push('/shopping', 'back')}
            onSaved={(saved) => router.push(`/shoppings/${saved.id}`, 'forward', 'replace')}
          />
        ) : (
          <QueryStatus query={provider} />
        )}
      </div>
    </ScreenPage>
  );
}
