import '../../app/ionic-styles';
import { messages } from '../../../domain/messages';
import { TopBar } from '../../app/top-bar';
import { DriverRoutes } from './driver-routes';

/**
 * What a driver's phone opens every morning: the top bar and their routes, with no Ionic at
 * all (its chunk is most of a start's script). Going anywhere else hands over to the Ionic
 * app at that address (`onLeave`); overlays load Ionic when opened.
 */
export default function DriverStart({ onLeave }: { onLeave: (path: string) => void }) {
  return (
    // Ionic hides this container from screen readers while one of its overlays is open.
    <div className="light-page" id="ion-view-container-root">
      <TopBar title={messages.shell.home} navigate={onLeave} />
      <main className="light-page__content">
        <DriverRoutes />
      </main>
    </div>
  );
}
