import { notificationsOutline, personCircleOutline } from 'ionicons/icons';
import { lazy, Suspense, useCallback, useState, type MouseEvent } from 'react';
import { shortcutsFor } from '../../domain/app-routes';
import { messages } from '../../domain/messages';
import { useUnseenNoteCount } from '../features/notes/queries';
import { SyncIndicator } from '../sync/sync-indicator';
import { Icon, SHORTCUT_ICONS } from './icon';
import { ScreenLoading } from './screen-loading';
import { useShell } from './shell-context';

const UserMenu = lazy(() => import('./user-menu'));

/**
 * The top bar of the driver's light start: the same buttons as the Ionic one (spec §2 App
 * shell), drawn with plain elements. A link leaves the light start for the full app.
 */
export function LightHeader({ title, navigate }: { title: string; navigate: (path: string) => void }) {
  const { user, deployment } = useShell();
  const unseen = useUnseenNoteCount();
  const [userMenuOpen, setUserMenuOpen] = useState(false);
  const closeUserMenu = useCallback(() => setUserMenuOpen(false), []);
  const follow = (path: string) => (event: MouseEvent) => {
    event.preventDefault();
    navigate(path);
  };

  return (
    <header className="light-header">
      <div className="light-header__title">{title}</div>
      <div className="light-header__buttons">
        <SyncIndicator />
        {shortcutsFor(user, deployment).map((shortcut) => (
          <a
            key={shortcut.path}
            href={shortcut.path}
            className="bar-button"
            aria-label={shortcut.title}
            title={shortcut.title}
            onClick={follow(shortcut.path)}
          >
            <Icon icon={SHORTCUT_ICONS[shortcut.path]!} />
          </a>
        ))}
        <a
          href="/notes"
          className="bar-button"
          aria-label={`${messages.shell.notes}: ${messages.shell.unseenNotes(unseen)}`}
          onClick={follow('/notes')}
        >
          <Icon icon={notificationsOutline} />
          {unseen > 0 && (
            <span className="bar-badge bar-badge--danger" aria-hidden="true">
              {unseen}
            </span>
          )}
        </a>
        <button type="button" className="bar-button" aria-label={messages.shell.userMenu} onClick={() => setUserMenuOpen(true)}>
          <Icon icon={personCircleOutline} />
        </button>
      </div>
      {userMenuOpen && (
        <Suspense fallback={<ScreenLoading />}>
          <UserMenu onClose={closeUserMenu} navigate={navigate} />
        </Suspense>
      )}
    </header>
  );
}
