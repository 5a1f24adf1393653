import { IonCard, IonCardContent, IonCardHeader, IonCardTitle, IonContent, IonItem, IonLabel, IonList, IonPage } from '@ionic/react';
import { lazy, Suspense } from 'react';
import { isDeliveryDriver, isWarehouseOperator } from '../../../domain/app-routes';
import { hasPermission } from '../../../domain/permissions';
import { longMonterreyDate } from '../../../domain/time';
import { messages } from '../../../domain/messages';
import { AppHeader } from '../../app/app-header';
import { ScreenLoading } from '../../app/screen-loading';
import { useShell } from '../../app/shell-context';
import { DriverHome } from '../driver/driver-home';
import { useUnseenNoteCount } from '../notes/queries';

// Loaded only for the warehouse operator: nobody else's first screen carries it.
const OrdersPage = lazy(() => import('../orders/orders-page'));
// The counter cart, where a deployment opens on the point of sale.
const PosPage = lazy(() => import('../sales/pos-page'));

/**
 * The landing screen: a delivery driver's routes, the warehouse's orders, the counter cart
 * where the deployment opens on the point of sale (spec §2) for whoever sells, or who is
 * signed in, where, and what is waiting for them.
 */
export default function HomePage() {
  const { user, deployment } = useShell();
  if (isDeliveryDriver(user)) return <DriverHome />;
  // The warehouse operator's one screen is the orders to fill (spec §6).
  if (isWarehouseOperator(user))
    return (
      <Suspense fallback={<ScreenLoading />}>
        <OrdersPage />
      </Suspense>
    );
  if (deployment.flags.homeIsPointOfSale && hasPermission(user, 'sales'))
    return (
      <Suspense fallback={<ScreenLoading />}>
        <PosPage />
      </Suspense>
    );
  return <OfficeHome />;
}

function OfficeHome() {
  const { user, deployment } = useShell();
  const unseen = useUnseenNoteCount();
  const today = longMonterreyDate(new Date());
  const title = deployment.flags.homeIsPointOfSale ? messages.newSale.posTitle : messages.shell.home;
  return (
    <IonPage>
      <AppHeader title={title} />
      <IonContent className="ion-padding">
        <h1 className="page-heading">{messages.home.greeting(user.name)}</h1>
        <p className="page-subheading">
          {messages.home.today}: {today}
        </p>
        <IonCard>
          <IonCardContent>
            <IonList lines="full">
              <IonItem>
                <IonLabel>
                  <p>{messages.home.jobPosition}</p>
                  <h2>{user.job_position ?? '—'}</h2>
                </IonLabel>
              </IonItem>
              <IonItem>
                <IonLabel>
                  <p>{messages.home.branch}</p>
                  <h2>{user.branch?.name ?? '—'}</h2>
                </IonLabel>
              </IonItem>
              <IonItem lines="none">
                <IonLabel>
                  <p>{messages.home.email}</p>
                  <h2>{user.email}</h2>
                </IonLabel>
              </IonItem>
            </IonList>
          </IonCardContent>
        </IonCard>
        <IonCard button routerLink="/notes">
          <IonCardHeader>
            <IonCardTitle>{messages.notes.title}</IonCardTitle>
          </IonCardHeader>
          <IonCardContent>{messages.shell.unseenNotes(unseen)}</IonCardContent>
        </IonCard>
      </IonContent>
    </IonPage>
  );
}
