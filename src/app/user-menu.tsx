import { IonActionSheet, IonAlert } from '@ionic/react';
import { useEffect, useState } from 'react';
import '../ui/ionic-setup';
import { APP_ROUTES, canOpen, canSeeSettings, canSeeSupport } from '../../domain/app-routes';
import { messages } from '../../domain/messages';
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
            ...(canSeeSettings(user) ? [{ text: messages.shell.settings, handler: () => navigate('/settings') }] : []),
            ...(showSupport ? [{ text: messages.shell.support, handler: () => navigate('/support') }] : []),
            { text: messages.shell.logout, role: 'destructive', handler: () => setConfirmLogout(true) },
            { text: messages.shell.cancel, role: 'cancel' },
          ]}
        />
      )}
      {/* Changes not yet sent stay on the device for this person; sign-out says how many (sync-engine.md rule 12). */}
      {confirmLogout && (
        <IonAlert
          isOpen
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
    </>
  );
}
