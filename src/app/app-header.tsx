import {
  IonActionSheet,
  IonAlert,
  IonBadge,
  IonButton,
  IonButtons,
  IonHeader,
  IonIcon,
  IonMenuButton,
  IonTitle,
  IonToolbar,
  useIonRouter,
} from '@ionic/react';
import { calculatorOutline, cartOutline, homeOutline, notificationsOutline, personCircleOutline } from 'ionicons/icons';
import { useState } from 'react';

import { canOpen, canSeeSupport, APP_ROUTES, canSeeSettings, shortcutsFor } from '../../domain/app-routes';
import { messages } from '../../domain/messages';
import { useSignOut } from '../features/auth/queries';
import { useUnseenNoteCount } from '../features/notes/queries';
import { useSyncEngine, useSyncStatus } from '../sync/sync-context';
import { SyncIndicator } from '../sync/sync-indicator';
import { useShell } from './shell-context';

const SHORTCUT_ICONS: Record<string, string> = { '/': homeOutline, '/pos': cartOutline, '/caja': calculatorOutline };

/** The top bar of every screen (spec §2 App shell). */
export function AppHeader({ title }: { title: string }) {
  const { user, deployment, hasMenu } = useShell();
  const router = useIonRouter();
  const signOut = useSignOut();
  const unseen = useUnseenNoteCount();
  const [userMenuOpen, setUserMenuOpen] = useState(false);
  const [confirmLogout, setConfirmLogout] = useState(false);
  const sync = useSyncStatus();
  const engine = useSyncEngine();
  const shortcuts = shortcutsFor(user, deployment);
  const supportRoute = APP_ROUTES.find((r) => r.path === '/support');
  const showSupport = canSeeSupport(user) && supportRoute !== undefined && canOpen(user, supportRoute, deployment);

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
      {/* Overlays are mounted only while open: each is a web component a phone would otherwise build at every start. */}
      {userMenuOpen && (
        <IonActionSheet
          isOpen={userMenuOpen}
          header={`${user.name} ${user.last}`}
          onDidDismiss={() => setUserMenuOpen(false)}
          buttons={[
            ...(canSeeSettings(user) ? [{ text: messages.shell.settings, handler: () => router.push('/settings') }] : []),
            ...(showSupport ? [{ text: messages.shell.support, handler: () => router.push('/support') }] : []),
            { text: messages.shell.logout, role: 'destructive', handler: () => setConfirmLogout(true) },
            { text: messages.shell.cancel, role: 'cancel' },
          ]}
        />
      )}
      {/* Changes not yet sent stay on the device for this person; sign-out says how many (sync-engine.md rule 12). */}
      {confirmLogout && (
        <IonAlert
          isOpen={confirmLogout}
          header={sync.pending > 0 ? messages.sync.signOutPendingTitle : messages.shell.logoutConfirmTitle}
          message={sync.pending > 0 ? messages.sync.signOutPending(sync.pending) : messages.shell.logoutConfirmMessage}
          onDidDismiss={() => setConfirmLogout(false)}
          buttons={
            sync.pending > 0
              ? [
                  { text: messages.sync.syncFirst, role: 'confirm', handler: () => engine?.wake() },
                  { text: messages.sync.signOutAnyway, role: 'destructive', handler: () => void signOut() },
                  { text: messages.shell.cancel, role: 'cancel' },
                ]
              : [
                  { text: messages.shell.cancel, role: 'cancel' },
                  { text: messages.shell.logout, role: 'confirm', handler: () => void signOut() },
                ]
          }
        />
      )}
    </IonHeader>
  );
}
