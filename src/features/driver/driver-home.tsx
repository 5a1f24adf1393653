import { messages } from '../../../domain/messages';
import { DriverRoutes } from './driver-routes';
import { ScreenPage } from '../../ui/screen-chrome';

/** A delivery driver's home: their routes, in the light frame at the start or in the Ionic app once they have gone elsewhere. */
export default function DriverHome() {
  return (
    <ScreenPage title={messages.shell.home}>
      <DriverRoutes />
    </ScreenPage>
  );
}
