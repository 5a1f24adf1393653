import { IonApp } from '@ionic/react';
import { IonReactRouter } from '@ionic/react-router';
import { useEffect, useRef } from 'react';
import { IonicChrome } from './ionic-chrome';
import { useScreenChrome, type NavigateHow } from '../ui/screen-chrome';
import '../ui/ionic-setup';
import { Shell } from './shell';

/**
 * The Ionic app: router, split pane, menu and every screen the person may open. `openAfterStart`
 * is where the person went from a light start, and `how`: the app starts at the light start's
 * address and goes there, so Ionic's own history holds both and going back returns to the start
 * (unless the start was a form that left by 'back' or 'replace'); `openMenu`, that they asked for the menu.
 */
export default function IonicShell({
  openAfterStart,
  how = 'forward',
  openMenu = false,
}: {
  openAfterStart?: string;
  how?: NavigateHow;
  openMenu?: boolean;
}) {
  return (
    <IonApp>
      <IonReactRouter>
        <IonicChrome>
          <Shell />
          {openAfterStart !== undefined && <OpenOnce path={openAfterStart} how={how} />}
        </IonicChrome>
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

function OpenOnce({ path, how }: { path: string; how: NavigateHow }) {
  const { navigate } = useScreenChrome();
  // Once: the start's step elsewhere is taken once, however often the shell redraws.
  const opened = useRef(false);
  useEffect(() => {
    if (opened.current) return;
    opened.current = true;
    navigate(path, how);
  }, [navigate, path, how]);
  return null;
}
