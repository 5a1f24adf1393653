import { IonBadge, IonButton, IonButtons, IonHeader, IonIcon, IonMenuButton, IonTitle, IonToolbar, useIonRouter } from '@ionic/react';
import { notificationsOutline, personCircleOutline } from 'ionicons/icons';
import { useCallback, useState } from 'react';

import { shortcutsFor } from '../../domain/app-routes';
import { messages } from '../../domain/messages';
import { useUnseenNoteCount } from '../features/notes/queries';
import { SyncIndicator } from '../sync/sync-indicator';
import { SHORTCUT_ICONS } from './icon';
import { useShell } from './shell-context';
import UserMenu from './user-menu';

/** The top bar of every screen (spec §2 App shell). */
export function AppHeader({ title }: { title: string }) {
  const { user, deployment, hasMenu } = useShell();
  const router = useIonRouter();
  const unseen = useUnseenNoteCount();
  const [userMenuOpen, setUserMenuOpen] = useState(false);
  const closeUserMenu = useCallback(() => setUserMenuOpen(false), []);
  const navigate = useCallback((path: string) => router.push(path), [router]);
  const shortcuts = shortcutsFor(user, deployment);

  return (
    <IonHeader>
      <IonToolbar color="primary">
        {hasMenu && (
          <IonButtons slot="start">
            <IonMenuButton aria-label={messages.shell.toggleMenu} autoHide={false} />
          </IonButtons>
        )}
        <IonTitle>{title}</IonTitle>
        <IonButtons slot="end">
          <SyncIndicator />
          {shortcuts.map((shortcut) => (
            <IonButton key={shortcut.path} routerLink={shortcut.path} aria-label={shortcut.title} title={shortcut.title}>
              <IonIcon slot="icon-only" icon={SHORTCUT_ICONS[shortcut.path]} aria-hidden="true" />
            </IonButton>
          ))}
          <IonButton routerLink="/notes" aria-label={`${messages.shell.notes}: ${messages.shell.unseenNotes(unseen)}`}>
            <IonIcon slot="icon-only" icon={notificationsOutline} aria-hidden="true" />
            {unseen > 0 && (
              <IonBadge color="danger" className="app-header__badge" aria-hidden="true">
                {unseen}
              </IonBadge>
            )}
          </IonButton>
          <IonButton aria-label={messages.shell.userMenu} onClick={() => setUserMenuOpen(true)}>
            <IonIcon slot="icon-only" icon={personCircleOutline} aria-hidden="true" />
          </IonButton>
        </IonButtons>
      </IonToolbar>
      {userMenuOpen && <UserMenu onClose={closeUserMenu} navigate={navigate} />}
    </IonHeader>
  );
}
