import { calculatorOutline, cartOutline, homeOutline, notificationsOutline, personCircleOutline } from 'ionicons/icons';
import { lazy, Suspense, useCallback, useState, type MouseEvent, type ReactNode } from 'react';
import { shortcutsFor } from '../../domain/app-routes';
import { shellMessages } from '../../domain/messages/shell';
import { useUnseenNoteCount } from '../ui/notes/note-queries';
import { SyncIndicator } from '../ui/sync/sync-indicator';
import { Icon } from '../ui/icon';
import { ScreenLoading } from '../ui/screen-loading';
import { useShell } from '../ui/shell-context';

const SHORTCUT_ICONS: Record<string, string> = { '/': homeOutline, '/pos': cartOutline, '/caja': calculatorOutline };
const UserMenu = lazy(() => import('./user-menu'));

/**
 * The top bar of every screen (spec §2 App shell): title, sync indicator, shortcuts, the bell
 * and the user menu. Plain elements, not Ionic's header, toolbar and buttons: it is drawn with
 * every screen, the driver's light start included, and a dozen web components less is a
 * faster start on a phone. `start` holds the menu button where there is a menu.
 */
export function TopBar({ title, navigate, start }: { title: string; navigate: (path: string) => void; start?: ReactNode }) {
  const { user, deployment } = useShell();
  const unseen = useUnseenNoteCount();
  const [userMenuOpen, setUserMenuOpen] = useState(false);
  const closeUserMenu = useCallback(() => setUserMenuOpen(false), []);
  const follow = (path: string) => (event: MouseEvent) => {
    event.preventDefault();
    navigate(path);
  };

  return (
    <header className="top-bar">
      {start}
      <div className="top-bar__title">{title}</div>
      <div className="top-bar__buttons">
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
          aria-label={`${shellMessages.notes}: ${shellMessages.unseenNotes(unseen)}`}
          onClick={follow('/notes')}
        >
          <Icon icon={notificationsOutline} />
          {unseen > 0 && (
            <span className="bar-badge bar-badge--danger" aria-hidden="true">
              {unseen}
            </span>
          )}
        </a>
        <button type="button" className="bar-button" aria-label={shellMessages.userMenu} onClick={() => setUserMenuOpen(true)}>
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
