import { IonActionSheet, IonAlert } from '@ionic/react';
import { useEffect, useState } from 'react';
import '../ui/ionic-setup';
import { APP_ROUTES, canOpen, canSeeSettings, canSeeSupport } from '../../domain/app-routes';
import { shellMessages } from '../../domain/messages/shell';
import { syncMessages } from '../../domain/messages/sync';
import { useSignOut } from '../features/auth/queries';
import { useSyncEngine, useSyncStatus } from '../sync/sync-context';
import { useShell } from '../ui/shell-context';

/**
 * The user menu (spec §2 App shell: Ajustes, Soporte, Cerrar sesión) and the sign-out
 * confirmation. Mounted only while open, and loaded only then by the driver's light start.
 */
export default function UserMenu({ onClose, navigate }: { onClose: () => void; navigate: (path: string) => void }) {
  const { user, deployment } = useShell();
  const signOut = useSignOut();
  const sync = useSyncStatus();
  const engine = useSyncEngine();
  const [menuOpen, setMenuOpen] = useState(true);
  const [confirmLogout, setConfirmLogout] = useState(false);
  const supportRoute = APP_ROUTES.find((r) => r.path === '/support');
  const showSupport = canSeeSupport(user) && supportRoute !== undefined && canOpen(user, supportRoute, deployment);
  // Closed once neither the menu nor the confirmation it led to is on screen.
  useEffect(() => {
    if (!menuOpen && !confirmLogout) onClose();
  }, [menuOpen, confirmLogout, onClose]);

  return (
    <>
      {menuOpen && (
        <IonActionSheet
          isOpen
          header={`${user.name} ${user.last}`}
          onDidDismiss={() => setMenuOpen(false)}
          buttons={[
            ...(canSeeSettings(user) ? [{ text: shellMessages.settings, handler: () => navigate('/settings') }] : []),
            ...(showSupport ? [{ text: shellMessages.support, handler: () => navigate('/support') }] : []),
            { text: shellMessages.logout, role: 'destructive', handler: () => setConfirmLogout(true) },
            { text: shellMessages.cancel, role: 'cancel' },
          ]}
        />
      )}
      {/* Changes not yet sent stay on the device for this person; sign-out says how many (docs/sync-engine.md rule 12). */}
      {confirmLogout && (
        <IonAlert
          isOpen
          header={sync.pending > 0 ? syncMessages.signOutPendingTitle : shellMessages.logoutConfirmTitle}
          message={sync.pending > 0 ? syncMessages.signOutPending(sync.pending) : shellMessages.logoutConfirmMessage}
          onDidDismiss={() => setConfirmLogout(false)}
          buttons={
            sync.pending > 0
              ? [
                  { text: syncMessages.syncFirst, role: 'confirm', handler: () => engine?.wake() },
                  { text: syncMessages.signOutAnyway, role: 'destructive', handler: () => void signOut() },
                  { text: shellMessages.cancel, role: 'cancel' },
                ]
              : [
                  { text: shellMessages.cancel, role: 'cancel' },
                  { text: shellMessages.logout, role: 'confirm', handler: () => void signOut() },
                ]
          }
        />
      )}
    </>
  );
}
