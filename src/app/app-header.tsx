import { IonMenuButton, useIonRouter } from '@ionic/react';
import { useCallback } from 'react';
import { shellMessages } from '../../domain/messages/shell';
import { useShell } from '../ui/shell-context';
import { TopBar } from './top-bar';

/** The top bar of the Ionic app's screens: the shared one, with the menu button where there is a menu. */
export function AppHeader({ title }: { title: string }) {
  const { hasMenu } = useShell();
  const router = useIonRouter();
  const navigate = useCallback((path: string) => router.push(path), [router]);
  return (
    <TopBar
      title={title}
      navigate={navigate}
      start={hasMenu ? <IonMenuButton aria-label={shellMessages.toggleMenu} autoHide={false} /> : undefined}
    />
  );
}
