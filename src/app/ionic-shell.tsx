import { IonApp, useIonRouter } from '@ionic/react';
import { IonReactRouter } from '@ionic/react-router';
import { useEffect, useRef } from 'react';
import { IonicChrome } from './ionic-chrome';
import '../ui/ionic-setup';
import { Shell } from './shell';

/**
 * The Ionic app: router, split pane, menu and every screen the person may open. `openAfterStart`
 * is where the person went from a light start: the app starts at the light start's address and
 * goes there, so Ionic's own history holds both and going back returns to the start; `openMenu`, that they
 * asked for the menu.
 */
export default function IonicShell({ openAfterStart, openMenu = false }: { openAfterStart?: string; openMenu?: boolean }) {
  return (
    <IonApp>
      <IonReactRouter>
        <IonicChrome>
          <Shell />
        </IonicChrome>
        {openAfterStart !== undefined && <OpenOnce path={openAfterStart} />}
        {openMenu && <OpenMenuOnce />}
      </IonReactRouter>
    </IonApp>
  );
}

function OpenMenuOnce() {
  useEffect(() => {
    // The menu opens once Ionic has defined and drawn it; if it cannot, the app stays as it is.
    void customElements
      .whenDefined('ion-menu')
      .then(() => new Promise((resolve) => requestAnimationFrame(resolve)))
      .then(() => document.querySelector('ion-menu')?.open())
      .catch(() => undefined);
  }, []);
  return null;
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
