import { lazy, Suspense } from 'react';
import { homeScreenFor } from '../../domain/app-routes';
import { ScreenLoading } from '../ui/screen-loading';
import { useShell } from '../ui/shell-context';

// Each person's first screen is its own chunk: nobody's start carries another's.
const DriverHome = lazy(() => import('../features/driver/driver-home'));
const OrdersPage = lazy(() => import('../features/orders/orders-page'));
const PosPage = lazy(() => import('../features/sales/pos-page'));
const OfficeHome = lazy(() => import('../features/home/home-page'));

/**
 * Inicio: a delivery driver's routes, the warehouse's orders to fill, the counter cart where
 * the deployment opens on the point of sale (spec §2) for whoever sells, or the office's day.
 */
export default function HomeScreen() {
  const { user, deployment } = useShell();
  const home = homeScreenFor(user, deployment);
  const Screen =
    home === 'driverRoutes' ? DriverHome : home === 'ordersToFill' ? OrdersPage : home === 'pointOfSale' ? PosPage : OfficeHome;
  return (
    <Suspense fallback={<ScreenLoading />}>
      <Screen />
    </Suspense>
  );
}
