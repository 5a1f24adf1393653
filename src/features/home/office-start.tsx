import { menuOutline } from 'ionicons/icons';
import '../../app/ionic-styles';
import { menuFor } from '../../../domain/app-routes';
import { messages } from '../../../domain/messages';
import { Icon } from '../../app/icon';
import { MenuLinks } from '../../app/menu-links';
import { useShell } from '../../app/shell-context';
import { TopBar } from '../../app/top-bar';
import { OfficeDay } from './office-day';

/**
 * The office's first screen, its day, drawn without Ionic as the driver's light start is.
 * Going anywhere hands over to the Ionic app at that address (`onLeave`); the menu button
 * hands over with the menu open. On wide screens the menu is a column, as in the app.
 */
export default function OfficeStart({ onLeave }: { onLeave: (path: string, options?: { openMenu?: boolean }) => void }) {
  const { user, deployment, hasMenu } = useShell();
  return (
    // Ionic hides this container from screen readers while one of its overlays is open.
    <div className="light-page light-page--with-menu" id="ion-view-container-root">
      {hasMenu && (
        <nav className="light-menu" aria-label={messages.shell.menu}>
          <div className="side-menu__brand">{deployment.identity.brand}</div>
          <MenuLinks routes={menuFor(user, deployment)} current="/" open={onLeave} />
        </nav>
      )}
      <div className="light-page__main">
        <TopBar
          title={messages.shell.home}
          navigate={onLeave}
          start={
            hasMenu ? (
              <button type="button" className="bar-button light-menu-button" aria-label={messages.shell.toggleMenu} onClick={() => onLeave('/', { openMenu: true })}>
                <Icon icon={menuOutline} />
              </button>
            ) : undefined
          }
        />
        <main className="light-page__content">
          <OfficeDay navigate={onLeave} />
        </main>
      </div>
    </div>
  );
}
