import { IonRouterOutlet, IonSplitPane } from '@ionic/react';
import { Suspense, useMemo } from 'react';
import { Route } from 'react-router-dom';
import { APP_ROUTES, canOpen, menuFor } from '../../domain/app-routes';
import type { Deployment } from '../../domain/deployment';
import type { CurrentUser } from '../../domain/schemas/auth';
import NotFoundPage from '../features/not-found/not-found-page';
import { SyncProvider } from '../sync/sync-provider';
import { LoadingPage } from './loading-page';
import { ConnectivityToast } from './connectivity-toast';
import { SCREENS } from './screens';
import { ShellContext } from './shell-context';
import { SideMenu } from './side-menu';

/** IonSplitPane > IonMenu + IonRouterOutlet, with only the routes this person may open, inside their sync. */
export function Shell({ user, deployment }: { user: CurrentUser; deployment: Deployment }) {
  const menu = menuFor(user, deployment);
  const hasMenu = menu.length > 0;
  const routes = APP_ROUTES.filter((route) => canOpen(user, route, deployment) && SCREENS[route.path]);
  const shell = useMemo(() => ({ user, deployment, hasMenu }), [user, deployment, hasMenu]);

  return (
    <ShellContext.Provider value={shell}>
      <SyncProvider userId={user.id}>
        <IonSplitPane contentId="main" when="lg" disabled={!hasMenu}>
          {hasMenu && <SideMenu routes={menu} brand={deployment.identity.brand} />}
          <IonRouterOutlet id="main">
            {routes.map((route) => {
              const Screen = SCREENS[route.path]!;
              return (
                <Route
                  key={route.path}
                  path={route.path}
                  element={
                    <Suspense fallback={<LoadingPage />}>
                      <Screen />
                    </Suspense>
                  }
                />
              );
            })}
            <Route path="*" element={<NotFoundPage />} />
          </IonRouterOutlet>
        </IonSplitPane>
        <ConnectivityToast />
      </SyncProvider>
    </ShellContext.Provider>
  );
}
