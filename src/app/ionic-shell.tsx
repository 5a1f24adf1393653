import { IonApp, useIonRouter } from '@ionic/react';
import { IonReactRouter } from '@ionic/react-router';
import { useEffect, useRef } from 'react';
import './ionic-setup';
import { Shell } from './shell';

/**
 * The Ionic app: router, split pane, menu and every screen the person may open. `openAfterStart`
 * is where a driver went from their light start: the app starts at its root and goes there,
 * so Ionic's own history holds both and going back returns to the routes.
 */
export default function IonicShell({ openAfterStart }: { openAfterStart?: string }) {
  return (
    <IonApp>
      <IonReactRouter>
        <Shell />
        {openAfterStart !== undefined && <OpenOnce path={openAfterStart} />}
      </IonReactRouter>
    </IonApp>
  );
}

function OpenOnce({ path }: { path: string }) {
  const router = useIonRouter();
  // The router object changes with every navigation: go there once, not after each.
  const opened = useRef(false);
  useEffect(() => {
    if (opened.current) return;
    opened.current = true;
    router.push(path, 'forward');
  }, [router, path]);
  return null;
}
