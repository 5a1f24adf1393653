import { shellMessages } from '../../../domain/messages/shell';
import { DriverRoutes } from './driver-routes';
import { ScreenPage } from '../../ui/screen-chrome';

/** A delivery driver's home: their routes, in the light frame at the start or in the Ionic app once they have gone elsewhere. */
export default function DriverHome() {
  return (
    <ScreenPage title={shellMessages.home}>
      <DriverRoutes />
    </ScreenPage>
  );
}
