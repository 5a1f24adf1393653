import { lazy, Suspense } from 'react';
import { isDeliveryDriver } from '../../domain/app-routes';
import { ScreenLoading } from '../ui/screen-loading';
import { useShell } from '../ui/shell-context';

const DriverHome = lazy(() => import('../features/driver/driver-home'));
const OfficeShippings = lazy(() => import('../features/shippings/shippings-page'));

/** `/shippings` and `/shippings/{id}`: a delivery driver gets their simplified list (spec §6), the office the full one. */
export default function ShippingsScreen() {
  const { user } = useShell();
  const Screen = isDeliveryDriver(user) ? DriverHome : OfficeShippings;
  return (
    <Suspense fallback={<ScreenLoading />}>
      <Screen />
    </Suspense>
  );
}
