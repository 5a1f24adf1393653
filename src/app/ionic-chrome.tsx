import { IonContent, IonPage, useIonRouter } from '@ionic/react';
import { useCallback, useMemo, useRef, type ReactNode } from 'react';
import { AppHeader } from './app-header';
import { ScreenChromeContext, type NavigateHow, type ScreenChrome, type ScreenPageProps } from '../ui/screen-chrome';

function IonicScreenPage({ title, layout = 'padded', overlays, children }: ScreenPageProps) {
  return (
    <IonPage>
      <AppHeader title={title} />
      {layout === 'fixed' ? (
        <IonContent scrollY={false}>{children}</IonContent>
      ) : (
        <IonContent className="ion-padding">{children}</IonContent>
      )}
      {overlays}
    </IonPage>
  );
}

/** Screens inside the Ionic app: Ionic's page, and its router's navigation. */
export function IonicChrome({ children }: { children: ReactNode }) {
  const router = useIonRouter();
  // The router object changes with every navigation; the chrome stays one object, so that
  // screens do not redraw for it.
  const routerRef = useRef(router);
  routerRef.current = router;
  const navigate = useCallback((path: string, how: NavigateHow = 'forward') => {
    // A screen left by 'back' or 'replace' leaves the history too: when the screen before it is
    // where it goes, the router steps back to it instead of stacking a second copy.
    if (how === 'forward') routerRef.current.push(path, 'forward');
    else routerRef.current.push(path, how === 'back' ? 'back' : 'forward', 'replace');
  }, []);
  const chrome = useMemo<ScreenChrome>(() => ({ Page: IonicScreenPage, navigate }), [navigate]);
  return <ScreenChromeContext.Provider value={chrome}>{children}</ScreenChromeContext.Provider>;
}
