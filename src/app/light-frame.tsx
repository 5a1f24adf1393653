import { menuOutline } from 'ionicons/icons';
import type { ReactNode } from 'react';
import { menuFor } from '../../domain/app-routes';
import { shellMessages } from '../../domain/messages/shell';
import { Icon } from '../ui/icon';
import '../ui/ionic-styles';
import { MenuLinks } from './menu-links';
import { useShell } from '../ui/shell-context';
import type { NavigateHow } from '../ui/screen-chrome';
import { TopBar } from './top-bar';

export type LeaveLightStart = (path: string, options?: { openMenu?: boolean; how?: NavigateHow }) => void;

/**
 * An office screen's frame drawn without Ionic, as the app draws it: the menu as a column on
 * wide screens, the top bar, the content. Going anywhere hands over to the Ionic app at that
 * address (`onLeave`); the menu button hands over with the menu open.
 */
export function LightFrame({
  title,
  current,
  onLeave,
  layout = 'padded',
  overlays,
  children,
}: {
  title: string;
  /** The address on screen, marked in the menu. */
  current: string;
  onLeave: LeaveLightStart;
  layout?: 'padded' | 'fixed';
  overlays?: ReactNode;
  children: ReactNode;
}) {
  const { user, deployment, hasMenu } = useShell();
  return (
    // Ionic hides this container from screen readers while one of its overlays is open.
    <div className="light-page light-page--with-menu" id="ion-view-container-root">
      {hasMenu && (
        <nav className="light-menu" aria-label={shellMessages.menu}>
          <div className="side-menu__brand">{deployment.identity.brand}</div>
          <MenuLinks routes={menuFor(user, deployment)} current={current} open={onLeave} />
        </nav>
      )}
      <div className="light-page__main">
        <TopBar
          title={title}
          navigate={onLeave}
          start={
            hasMenu ? (
              <button
                type="button"
                className="bar-button light-menu-button"
                aria-label={shellMessages.toggleMenu}
                onClick={() => onLeave(current, { openMenu: true })}
              >
                <Icon icon={menuOutline} />
              </button>
            ) : undefined
          }
        />
        <main className={layout === 'fixed' ? 'light-page__content light-page__content--fixed' : 'light-page__content'}>{children}</main>
      </div>
      {overlays}
    </div>
  );
}
