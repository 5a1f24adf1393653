import { IonContent, IonPage, useIonRouter } from '@ionic/react';
import { lazy, Suspense, useCallback } from 'react';
import { homeScreenFor } from '../../../domain/app-routes';
import { messages } from '../../../domain/messages';
import { AppHeader } from '../../app/app-header';
import { ScreenLoading } from '../../app/screen-loading';
import { useShell } from '../../app/shell-context';
import { DriverHome } from '../driver/driver-home';
import { OfficeDay } from './office-day';

// Loaded only for the warehouse operator: nobody else's first screen carries it.
const OrdersPage = lazy(() => import('../orders/orders-page'));
// The counter cart, where a deployment opens on the point of sale.
const PosPage = lazy(() => import('../sales/pos-page'));

/**
 * The landing screen: a delivery driver's routes, the warehouse's orders, the counter cart
 * where the deployment opens on the point of sale (spec §2) for whoever sells, or the office's day.
 */
export default function HomePage() {
  const { user, deployment } = useShell();
  switch (homeScreenFor(user, deployment)) {
    case 'driverRoutes':
      return <DriverHome />;
    case 'ordersToFill':
      return (
        <Suspense fallback={<ScreenLoading />}>
          <OrdersPage />
        </Suspense>
      );
    case 'pointOfSale':
      return (
        <Suspense fallback={<ScreenLoading />}>
          <PosPage />
        </Suspense>
      );
    case 'officeDay':
      return <OfficeHome />;
  }
}

function OfficeHome() {
  const router = useIonRouter();
  const navigate = useCallback((path: string) => router.push(path), [router]);
  return (
    <IonPage>
      <AppHeader title={messages.shell.home} />
      <IonContent className="ion-padding">
        <OfficeDay navigate={navigate} />
      </IonContent>
    </IonPage>
  );
}
